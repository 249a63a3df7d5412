"""A backgammon level against GNU Backgammon's expert setting: the yardstick in docs/levels.md.

    python scripts/gnubg_match.py --level Master --games 2000 --seed 41 --record FILE.jsonl

GNU Backgammon (1.07, Debian's ``gnubg``) is a separate program: one runs beside each worker
(Kibitz's GNU Backgammon player, games/backgammon/play/gnubg_player.py, with its server in
GNU's embedded Python) and is asked for its move by Position ID and dice, at its expert
setting (0-ply, no noise), cube off. Kibitz plays no part of it, and no level of the app
needs it. Every GNU move is read by Kibitz's own
notation against Kibitz's legal moves, so an illegal one stops the match with its position.

The games are ``python main.py match``'s: pairs on the same dice with colours swapped, from
``--seed`` (seed 41 gives docs/levels.md's rows), cubeless, and the record is the match's own
format, so a stopped run resumes from ``--record`` and reports the whole match.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import ai  # noqa: E402,F401  (registers the games)
from ai.selfplay import Z95, play_out, searcher  # noqa: E402
from cli.common import RequestError, level_config  # noqa: E402
from cli.match_games import MAX_PLIES, GameSpec, game_specs, start_position  # noqa: E402
from cli.match_record import MatchRecord, RecordError  # noqa: E402
from cli.match_tally import GameOutcome, Tally, format_text, summary  # noqa: E402
from game.core import Move, State  # noqa: E402
from game.progress import ProgressBar  # noqa: E402
from game.registry import get_kit  # noqa: E402
from games.backgammon.play.gnubg_player import GnubgPlayer, gnubg_argv  # noqa: E402
from play.outside.channel import LineChannel  # noqa: E402
from play.outside.protocol import Forfeit  # noqa: E402

GAME = "backgammon"
OPPONENT = "GNU Backgammon expert (0-ply, no noise, cubeless)"
#: Seconds GNU Backgammon may take over a move before the match stops (0-ply takes ms).
MOVE_S = 60.0

_gnubg: GnubgPlayer | None = None


class EngineError(Exception):
    """GNU Backgammon failed (an illegal move, no answer): the yardstick is broken, so the
    match stops with the reason, where a match's program would only forfeit its game."""


def _start_worker(program: str) -> None:
    global _gnubg
    _gnubg = GnubgPlayer(LineChannel(gnubg_argv(program), cwd=ROOT))
    _gnubg.start()


def play_one(spec: GameSpec) -> GameOutcome:
    """One game, Kibitz's level as A and GNU Backgammon as B; errors come back as data."""
    assert _gnubg is not None
    gnubg = _gnubg
    try:
        kit = get_kit(GAME)
        state, opening, rng = start_position(spec, kit)
        kibitz = searcher(level_config(get_kit(GAME), spec.level_a, seed=spec.a_seed))

        def gnu(position: State) -> Move:
            try:
                return gnubg.choose(position, MOVE_S).move
            except Forfeit as exc:  # not a lost game here: play_out would count it as one
                raise EngineError(exc.reason) from None

        players = (kibitz, gnu) if spec.a_first else (gnu, kibitz)
        record = play_out(state, players, rng, MAX_PLIES)
        return GameOutcome.of_game(spec, record.returns, len(opening) + len(record.moves),
                                   record.finished)
    except Exception as exc:  # the parent stops the match with this one line
        return GameOutcome.failed(spec, exc)


def pair_means(path: Path) -> tuple[dict[str, object], dict[int, float]]:
    """A record's header and the mean points of each pair (2k, 2k + 1) it holds whole."""
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    games: dict[int, float] = {}
    for line in lines[1:]:
        if line.strip():
            outcome = json.loads(line)
            games[outcome["index"]] = outcome["points_a"]
    pairs = {index // 2 for index in games}
    return header, {k: (games[2 * k] + games[2 * k + 1]) / 2 for k in pairs
                    if 2 * k in games and 2 * k + 1 in games}


def game_for_game(mine: Path, other: Path) -> str:
    """This record's level against another one's on the same dice: the mean difference of
    their pairs' points, with a 95% interval from the spread of those differences (the luck
    of the dice, which both met alike, drops out)."""
    header, ours = pair_means(mine)
    other_header, theirs = pair_means(other)
    if (header["seed"], header["b"]) != (other_header["seed"], other_header["b"]):
        raise RecordError(f"{other.name} was played on other dice or against another opponent")
    common = sorted(ours.keys() & theirs.keys())
    if len(common) < 2:
        return f"against {other_header['a']}: fewer than two pairs in common"
    diffs = [ours[k] - theirs[k] for k in common]
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    half = Z95 * math.sqrt(var / len(diffs))
    return (f"game for game against {other_header['a']} on the same dice ({2 * len(common)} "
            f"games): {mean:+.3f} ({mean - half:+.3f} .. {mean + half:+.3f})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", required=True, help="Kibitz's backgammon level (player A)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes, one GNU each")
    parser.add_argument("--record", type=Path, required=True, help="resumable record (jsonl)")
    parser.add_argument("--gnubg", default="gnubg", help="the GNU Backgammon program")
    parser.add_argument("--against", type=Path, action="append", default=[], metavar="RECORD",
                        help="another level's record on the same dice: report the difference")
    args = parser.parse_args()
    program = shutil.which(args.gnubg) or shutil.which(args.gnubg, path="/usr/games")
    try:
        if program is None:
            raise RequestError(f"{args.gnubg} not found: install GNU Backgammon (apt-get install"
                               " gnubg) or give --gnubg PATH")
        level_config(get_kit(GAME), args.level)
        match = {"game": GAME, "a": args.level, "b": OPPONENT, "seed": args.seed,
                 "games": args.games, "options": {}, "cube": False, "jacoby": False}
        kept = MatchRecord(args.record, match)
    except (RequestError, RecordError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    tally = Tally()
    for played in kept.played:
        tally.add(GameOutcome(**played))
    done = kept.played_indices()
    specs = [s for s in game_specs(get_kit(GAME), {}, args.level, OPPONENT, args.games, args.seed)
             if s.index not in done]
    bar = ProgressBar(args.games, "games")
    bar.update(tally.games, "from the record" if tally.games else "")
    try:
        with multiprocessing.Pool(args.jobs, _start_worker, (program,)) as pool:
            for outcome in pool.imap_unordered(play_one, specs):
                if outcome.error is not None:
                    raise RuntimeError(f"game {outcome.index + 1} failed: {outcome.error}")
                tally.add(outcome)
                kept.add(outcome)
                ppg = tally.points_per_game()[0]
                bar.update(tally.games, f"A {ppg:+.3f} a game")
    except (RuntimeError, RecordError) as exc:
        print(f"\nerror: {exc}", file=sys.stderr)
        return 1
    finally:
        bar.close()
        kept.close()
    print(format_text(summary(tally, game=GAME, a=args.level, b=OPPONENT, seed=args.seed,
                              options={})))
    try:
        for other in args.against:
            print(game_for_game(args.record, other))
    except (OSError, ValueError, KeyError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
