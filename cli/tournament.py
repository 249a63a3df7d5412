"""``kibitz tournament``: a round robin for a class — every player against every other, the
same paired games as ``match``, and a crosstable (text, CSV, JSON) with an Elo estimate — or,
with ``--place PROGRAM``, a placement: the program against every level and each level against
the one above, read as where the program stands among the levels (cli.placement).

Players are anything ``match`` seats: the game's levels, search levels such as ``MCTS-1s``,
and programs (``file:agent.py``, ``cmd:...``: a class's agents), each program with
``--move-time`` a move; a program that breaks a rule forfeits that game and the tournament
goes on. A round robin and a placement differ only in their pairings (a ``Plan``); every
pairing is a ``match`` of its own,
seeded from the tournament's seed and the pairing's place, so a tournament replays exactly.
With ``--dir`` each pairing keeps its games in a record file there (``match --record``'s
format) and the crosstable is written beside them; run the same command again and it plays
only the games the records lack, then reports the whole tournament as one uninterrupted run
would. The folder's header names its kind, so a round robin's folder is refused to a placement
and the other way round.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from dataclasses import dataclass, replace
from pathlib import Path

from ai.kit import levels_of
from ai.spread import MAX_JOBS, ClusterError, Spread, add_cluster_argument, spread_for
from cli.common import (
    RequestError,
    add_game_arguments,
    argparse_type,
    parse_options,
    parse_seed,
    whole_number,
)
from cli.crosstable import Crosstable, Pairing
from cli.match_games import game_specs, match_workers, move_time, play_match
from cli.match_players import check_player, logs_folder
from cli.match_record import MatchRecord, RecordError
from cli.match_tally import GameOutcome, Tally
from cli.placement import place, placement_heading, placement_note, placement_pairings
from game.jsontypes import JSONObject
from game.kit import GameKit
from game.progress import ProgressBar
from game.registry import get_kit
from play.outside.protocol import DEFAULT_MOVE_TIME
from play.outside.spec import is_outside

#: The most players in one round robin (their pairings grow as the square).
MAX_PLAYERS = 16
MAX_GAMES = 10_000
#: The file in ``--dir`` that names the tournament (its kind, seed, players, games).
HEADER = "tournament.json"
#: The header's kinds (a header without one is an older round robin's).
ROUND_ROBIN, PLACE = "round-robin", "place"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser, position=False)
    parser.add_argument("--players", default=None, metavar="A,B,...",
                        help="the players, comma-separated: levels (Beginner, Master), search "
                             "levels (MCTS-1s, AB-1s), programs (file:AGENT.py), at least two; "
                             "with --place, the levels to place it among, weakest first")
    parser.add_argument("--place", default=None, metavar="PROGRAM",
                        help="place PROGRAM among the levels (default: all the game's): it "
                             "plays each level and each level the one above; prints where it "
                             "stands, its Elo and a 95%% interval")
    parser.add_argument("--move-time", type=argparse_type(move_time), default=DEFAULT_MOVE_TIME,
                        metavar="SECONDS",
                        help=f"a program's time for each move (default {DEFAULT_MOVE_TIME:g})")
    parser.add_argument("--games", type=whole_number(1, MAX_GAMES), default=10, metavar="N",
                        help="games each pairing plays (pairs from one opening, colours "
                             "swapped: an even number is fairest)")
    parser.add_argument("--seed", type=argparse_type(parse_seed), default=None,
                        help="seed (default: random, printed; with --dir, the one it recorded)")
    parser.add_argument("--jobs", type=whole_number(1, MAX_JOBS), default=2,
                        help="worker processes")
    add_cluster_argument(parser, "games")
    parser.add_argument("--dir", type=Path, default=None, metavar="FOLDER",
                        help="keep every pairing's games and the crosstable (CSV, JSON) "
                             "here; run again to go on where it stopped")
    parser.add_argument("--json", action="store_true",
                        help="print the crosstable as one JSON line instead of text")


@dataclass(frozen=True)
class Plan:
    """What a tournament plays: its players, the pairings (indices, the first is seat A), and
    the placed player (the last one) when it is a placement."""

    players: list[str]
    pairings: list[tuple[int, int]]
    placed: str | None = None

    @property
    def kind(self) -> str:
        """The folder header's word for it."""
        return ROUND_ROBIN if self.placed is None else PLACE


def run(args: argparse.Namespace) -> int:
    kit = get_kit(args.game)
    options = parse_options(args.options)
    kit.rules().initial_state(**options)  # bad options: one error now, not in every game
    plan = (placement_plan(kit, args.place, args.players) if args.place is not None
            else _round_robin(kit, args.players))
    return play_plan(kit, plan, options, games=args.games, seed=args.seed, jobs=args.jobs,
                     seconds=args.move_time, folder=args.dir, as_json=args.json,
                     cluster=args.cluster)


def placement_plan(kit: GameKit, placed: str, levels_text: str | None) -> Plan:
    """``placed`` against the levels named (default: all the game's but itself, in their
    order) and each level against the one above."""
    check_player(kit, placed)
    if levels_text is not None:
        levels = _names(kit, levels_text, 1)
        if placed.lower() in (name.lower() for name in levels):
            raise RequestError(f"--place {placed} is one of --players: place it among the others")
    else:
        levels = [level.name for level in levels_of(kit) if level.name.lower() != placed.lower()]
        if not levels:
            raise RequestError(f"{kit.id} has no level to place {placed} among")
    return Plan([*levels, placed], placement_pairings(len(levels)), placed)


def play_plan(kit: GameKit, plan: Plan, options: JSONObject, *, games: int, seed: int | None,
              jobs: int, seconds: float, folder: Path | None, as_json: bool,
              cluster: str | None = None) -> int:
    """Play the plan's pairings (only what ``folder``'s records lack), on the cluster at
    ``cluster`` when given, and print the crosstable, and for a placement where the placed
    player stands."""
    players = plan.players
    if folder is not None:
        seed = _open_folder(folder, kit, plan, games, options, seed)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    pairing_seeds = _pairing_seeds(seed, len(plan.pairings))
    results: list[Pairing] = []
    #: Each forfeiting player's reasons, in the order of the pairings and games.
    forfeits: dict[str, list[str]] = {}
    try:
        with spread_for(jobs, cluster, match_workers) as spread:  # one for every pairing
            bar = ProgressBar(len(plan.pairings) * games, "games")
            try:
                for number, ((i, j), pairing_seed) in enumerate(zip(plan.pairings,
                                                                    pairing_seeds, strict=True)):
                    pairing = _Pairing(kit, options, players[i], players[j], games,
                                       pairing_seed, seconds, folder, number)
                    offset = _Offset(bar, number * games, players[i], players[j])
                    tally = pairing.play(spread, offset)
                    results.append(Pairing(i, j, tally.games, tally.wins + tally.draws / 2))
                    for index in sorted(tally.forfeits):
                        side, reason = tally.forfeits[index]
                        forfeits.setdefault(players[i] if side == "A" else players[j],
                                            []).append(reason)
            finally:
                bar.close()
    except (RuntimeError, RecordError, ClusterError) as exc:
        raise RequestError(str(exc)) from None
    levels = len(players) - 1
    table = Crosstable(players, results, anchor=None if plan.placed is None else 0)
    placement = None if plan.placed is None else place(table, levels, list(range(levels)))
    report: JSONObject = {"game": kit.id, "seed": seed, "games_a_pairing": games,
                          "options": options, **table.to_json(),
                          "forfeits": {name: {"games": len(reasons), "first": reasons[0]}
                                       for name, reasons in forfeits.items()}}
    if placement is not None:
        report["placement"] = placement.to_json()
    if folder is not None:
        (folder / "crosstable.csv").write_text(table.csv_text(), encoding="utf-8")
        (folder / "crosstable.json").write_text(json.dumps(report, indent=1) + "\n",
                                                encoding="utf-8")
    if as_json:
        print(json.dumps(report))
        return 0
    if placement is None:
        print(f"{kit.rules().name}: {len(players)} players, {games} games a pairing, "
              f"seed {seed}")
        print(table.text())
        print("(score: wins + half the draws; Elo: Bradley-Terry over every game, one "
              "virtual draw a pairing, mean 0)")
    else:
        print(placement_heading(kit.rules().name, placement.player, levels, games, seed))
        print(table.text())
        print(placement_note(players[0]))
        print(placement.text())
    for name, reasons in forfeits.items():
        print(f"{name} forfeited {len(reasons)} game{'s' if len(reasons) != 1 else ''}"
              f" (the first: {reasons[0]})")
    return 0


def _round_robin(kit: GameKit, text: str | None) -> Plan:
    if text is None:
        raise RequestError("give --players (a round robin) or --place PROGRAM (a placement)")
    players = _names(kit, text, 2)
    return Plan(players, [(i, j) for i in range(len(players))
                          for j in range(i + 1, len(players))])


def _names(kit: GameKit, text: str, least: int) -> list[str]:
    """The players ``--players`` names, each checked now (a typo is one line before any
    game)."""
    players = [name.strip() for name in text.split(",") if name.strip()]
    if len(players) < least:
        raise RequestError(f"--players needs at least {'two players' if least > 1 else 'one'}"
                           ", comma-separated")
    if len(players) > MAX_PLAYERS - (least == 1):
        raise RequestError(f"--players: at most {MAX_PLAYERS - (least == 1)} players")
    folded = [p.lower() for p in players]
    twice = sorted({p for p in players if folded.count(p.lower()) > 1})
    if twice:
        raise RequestError(f"--players names {', '.join(twice)} twice")
    for name in players:
        check_player(kit, name)
    return players


def _open_folder(folder: Path, kit: GameKit, plan: Plan, games: int, options: JSONObject,
                 seed: int | None) -> int | None:
    """Create the folder's header, or check that it names this tournament (an older round
    robin's header names no kind); the seed is the recorded one when none is given."""
    header_path = folder / HEADER
    wanted: JSONObject = {"format": "kibitz-tournament", "kind": plan.kind, "game": kit.id,
                          "players": [*plan.players], "games": games, "options": options}
    if plan.placed is not None:
        wanted["placed"] = plan.placed
    try:
        if header_path.exists():
            found = json.loads(header_path.read_text(encoding="utf-8"))
            if not isinstance(found, dict) or found.get("format") != "kibitz-tournament":
                raise RequestError(f"{header_path}: not a tournament's header")
            kind = (found.get("kind", ROUND_ROBIN), found.get("placed"))
            if kind != (plan.kind, plan.placed):
                raise RequestError(f"{folder} holds {_kind_words(*kind)}, not "
                                   f"{_kind_words(plan.kind, plan.placed)}: give a new --dir")
            recorded = found.get("seed")
            differ = sorted(k for k in wanted if k != "kind" and found.get(k) != wanted[k])
            if seed is not None and recorded != seed:
                differ.append("seed")
            if differ:
                raise RequestError(f"{folder} holds another tournament (its "
                                   f"{', '.join(differ)} differ): give a new --dir")
            return recorded if isinstance(recorded, int) else seed
        folder.mkdir(parents=True, exist_ok=True)
        chosen = seed if seed is not None else random.SystemRandom().randrange(2**31)
        header_path.write_text(json.dumps({**wanted, "seed": chosen}, indent=1) + "\n",
                               encoding="utf-8")
        return chosen
    except json.JSONDecodeError:
        raise RequestError(f"{header_path}: not a tournament's header (not JSON)") from None
    except OSError as exc:
        raise RequestError(f"{folder}: {exc.strerror or exc}") from None


def _kind_words(kind: object, placed: object) -> str:
    return "a round robin" if kind == ROUND_ROBIN else f"the placement of {placed}"


def _pairing_seeds(seed: int, count: int) -> list[int]:
    master = random.Random(seed)
    return [master.getrandbits(31) for _ in range(count)]


class _Pairing:
    """One pairing as ``match`` plays it, its games kept in a record file when there is a
    folder (and its programs' logs beside it)."""

    def __init__(self, kit: GameKit, options: JSONObject, a: str, b: str, games: int,
                 seed: int, seconds: float, folder: Path | None, number: int) -> None:
        self.kit, self.options, self.a, self.b = kit, options, a, b
        self.games, self.seed, self.seconds, self.folder = games, seed, seconds, folder
        self.name = f"{number + 1:02d}-{_slug(a)}-vs-{_slug(b)}"

    def play(self, spread: Spread, bar: _Offset) -> Tally:
        specs = game_specs(self.kit, self.options, self.a, self.b, self.games, self.seed)
        if is_outside(self.a) or is_outside(self.b):
            logs = (self.folder / "logs" / self.name if self.folder is not None
                    else logs_folder(self.seed))
            specs = [replace(spec, move_time=self.seconds, log_dir=str(logs)) for spec in specs]
        tally, kept = Tally(), None
        if self.folder is not None:
            path = self.folder / f"{self.name}.jsonl"
            match: JSONObject = {"game": self.kit.id, "a": self.a, "b": self.b,
                                 "seed": self.seed, "games": self.games,
                                 "options": self.options}
            kept = MatchRecord(path, match)
            for played in kept.played:
                tally.add(GameOutcome(**played))
            done = kept.played_indices()
            specs = [spec for spec in specs if spec.index not in done]
        bar.update(tally.games)
        try:
            return play_match(specs, spread, bar, tally, kept)
        finally:
            if kept is not None:
                kept.close()


class _Offset:
    """The tournament's one progress bar, seen by a pairing as its own."""

    def __init__(self, bar: ProgressBar, before: int, a: str, b: str) -> None:
        self.bar, self.before, self.who = bar, before, f"{a} v {b}"

    def update(self, done: int, note: str = "") -> None:
        self.bar.update(self.before + done, f"{self.who} {note}".rstrip())


def _slug(name: str) -> str:
    """A player's name as a file name part ("MCTS-1s" stays, "file:my agent.py" becomes
    "file-my-agent-py")."""
    return re.sub(r"[^A-Za-z0-9.]+", "-", name).strip("-").replace(".", "-")[:40] or "player"
