"""``kibitz tournament``: a round robin for a class — every player against every other, the
same paired games as ``match``, and a crosstable (text, CSV, JSON) with an Elo estimate.

Players are anything ``match`` seats: the game's levels, search levels such as ``MCTS-1s``,
and programs (``file:agent.py``, ``cmd:...``: a class's agents), each program with
``--move-time`` a move; a program that breaks a rule forfeits that game and the tournament
goes on. Every pairing is a ``match`` of its own,
seeded from the tournament's seed and the pairing's place, so a tournament replays exactly.
With ``--dir`` each pairing keeps its games in a record file there (``match --record``'s
format) and the crosstable is written beside them; run the same command again and it plays
only the games the records lack, then reports the whole tournament as one uninterrupted run
would.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from dataclasses import replace
from pathlib import Path

from cli.common import (
    RequestError,
    add_game_arguments,
    argparse_type,
    parse_options,
    parse_seed,
    whole_number,
)
from cli.crosstable import Crosstable, Pairing
from cli.match_games import MAX_JOBS, game_specs, move_time, play_match
from cli.match_players import check_player, logs_folder
from cli.match_record import MatchRecord, RecordError
from cli.match_tally import GameOutcome, Tally
from game.jsontypes import JSONObject
from game.kit import GameKit
from game.progress import ProgressBar
from game.registry import get_kit
from play.outside.protocol import DEFAULT_MOVE_TIME
from play.outside.spec import is_outside

#: The most players in one round robin (their pairings grow as the square).
MAX_PLAYERS = 16
MAX_GAMES = 10_000
#: The file in ``--dir`` that names the tournament (its seed, players, games).
HEADER = "tournament.json"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser, position=False)
    parser.add_argument("--players", required=True, metavar="A,B,...",
                        help="the players, comma-separated: levels (Beginner, Master), search "
                             "levels (MCTS-1s, AB-1s), programs (file:AGENT.py), at least two")
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
    parser.add_argument("--dir", type=Path, default=None, metavar="FOLDER",
                        help="keep every pairing's games and the crosstable (CSV, JSON) "
                             "here; run again to go on where it stopped")
    parser.add_argument("--json", action="store_true",
                        help="print the crosstable as one JSON line instead of text")


def run(args: argparse.Namespace) -> int:
    kit = get_kit(args.game)
    options = parse_options(args.options)
    kit.rules().initial_state(**options)  # bad options: one error now, not in every game
    players = _players(kit, args.players)
    folder: Path | None = args.dir
    seed = args.seed
    if folder is not None:
        seed = _open_folder(folder, kit, players, args.games, options, seed)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    pairings = [(i, j) for i in range(len(players)) for j in range(i + 1, len(players))]
    pairing_seeds = _pairing_seeds(seed, len(pairings))
    bar = ProgressBar(len(pairings) * args.games, "games")
    results: list[Pairing] = []
    #: Each forfeiting player's reasons, in the order of the pairings and games.
    forfeits: dict[str, list[str]] = {}
    try:
        for number, ((i, j), pairing_seed) in enumerate(zip(pairings, pairing_seeds,
                                                            strict=True)):
            pairing = _Pairing(kit, options, players[i], players[j], args.games, pairing_seed,
                               args.move_time, folder, number)
            tally = pairing.play(args.jobs, _Offset(bar, number * args.games, players[i],
                                                   players[j]))
            results.append(Pairing(i, j, tally.games, tally.wins + tally.draws / 2))
            for index in sorted(tally.forfeits):
                side, reason = tally.forfeits[index]
                forfeits.setdefault(players[i] if side == "A" else players[j], []).append(reason)
    except (RuntimeError, RecordError) as exc:
        raise RequestError(str(exc)) from None
    finally:
        bar.close()
    table = Crosstable(players, results)
    report: JSONObject = {"game": kit.id, "seed": seed, "games_a_pairing": args.games,
                          "options": options, **table.to_json(),
                          "forfeits": {name: {"games": len(reasons), "first": reasons[0]}
                                       for name, reasons in forfeits.items()}}
    if folder is not None:
        (folder / "crosstable.csv").write_text(table.csv_text(), encoding="utf-8")
        (folder / "crosstable.json").write_text(json.dumps(report, indent=1) + "\n",
                                                encoding="utf-8")
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{kit.rules().name}: {len(players)} players, {args.games} games a pairing, "
              f"seed {seed}")
        print(table.text())
        print("(score: wins + half the draws; Elo: Bradley-Terry over every game, one "
              "virtual draw a pairing, mean 0)")
        for name, reasons in forfeits.items():
            print(f"{name} forfeited {len(reasons)} game{'s' if len(reasons) != 1 else ''}"
                  f" (the first: {reasons[0]})")
    return 0


def _players(kit: GameKit, text: str) -> list[str]:
    """The named players, each checked now (a typo is one line before any game)."""
    players = [name.strip() for name in text.split(",") if name.strip()]
    if len(players) < 2:
        raise RequestError("--players needs at least two players, comma-separated")
    if len(players) > MAX_PLAYERS:
        raise RequestError(f"--players: at most {MAX_PLAYERS} players")
    folded = [p.lower() for p in players]
    twice = sorted({p for p in players if folded.count(p.lower()) > 1})
    if twice:
        raise RequestError(f"--players names {', '.join(twice)} twice")
    for name in players:
        check_player(kit, name)
    return players


def _open_folder(folder: Path, kit: GameKit, players: list[str], games: int,
                 options: JSONObject, seed: int | None) -> int | None:
    """Create the folder's header, or check that it names this tournament; the seed is the
    recorded one when none is given."""
    header_path = folder / HEADER
    wanted: JSONObject = {"format": "kibitz-tournament", "game": kit.id, "players": [*players],
                          "games": games, "options": options}
    try:
        if header_path.exists():
            found = json.loads(header_path.read_text(encoding="utf-8"))
            if not isinstance(found, dict) or found.get("format") != "kibitz-tournament":
                raise RequestError(f"{header_path}: not a tournament's header")
            recorded = found.get("seed")
            differ = sorted(k for k in wanted if found.get(k) != wanted[k])
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

    def play(self, jobs: int, bar: _Offset) -> Tally:
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
            return play_match(specs, jobs, bar, tally, kept)
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
