"""``kibitz bench ponder``: what pondering saves, measured through the play screen's own match
controller and search worker, without a window.

A scripted "human" (the game's Advanced level, searched in this process) answers the AI's
Master after ``--think`` seconds each turn (the first game of ``--games``, else of the menu,
whose Master searches by time), for ``--moves`` turns, once with pondering off and
once with it on, from the same start. For every human move it records whether the AI's guess
was a hit or a miss and how long the AI then took to play: from the human's move to the AI's
move on the board (the controller's short pause after a human move included, in both runs).
Output: a table, then one JSON line.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import replace

from ai.engine import run_search
from ai.kit import get_level
from ai.worker import SearchWorker
from cli.common import argparse_type, parse_time, whole_number
from game.jsontypes import JSONObject
from game.kit import GameKit
from game.registry import playable_kits
from game.seat import Seat
from game.session import Session
from play.controller import MatchController
from play.events import MovePlayed
from play.jobs import JobRunner
from play.ponder import can_ponder
from play.turns import Pace

#: How often the controller is stepped, as a screen would (seconds).
FRAME_S = 0.02


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--think", type=argparse_type(parse_time), default=3.0, metavar="S",
                        help="bench ponder: the scripted human's seconds a move")
    parser.add_argument("--moves", type=whole_number(1, 200), default=12, metavar="N",
                        help="bench ponder: human moves per run; bench levels: positions "
                             "each level is timed on")


def _one_run(kit: GameKit, pondering: bool, think_s: float, moves: int) -> JSONObject:
    """The AI's reply time after each human move, and what each guess came to."""
    session = Session(kit, None, (Seat.ai_level("Master"), Seat.human()))
    human = replace(get_level(kit, "Advanced").config(kit, seed=0), use_book=False)
    with SearchWorker("process") as worker:
        match = MatchController(session, JobRunner(lambda: worker, lambda: True), time.monotonic,
                                lambda: Pace(0.0, 0.0), seed=1)
        match.ai.set_pondering(pondering)
        replies: list[float] = []
        verdicts: list[str] = []
        moved_at: float | None = None
        while len(replies) < moves and not match.session.is_over:
            match.step(time.monotonic())
            for event in match.drain():
                if isinstance(event, MovePlayed) and event.by_ai and moved_at is not None:
                    replies.append(time.monotonic() - moved_at)
                    moved_at = None
            if match.session.is_human_turn:  # again after a Kalah extra turn
                started = time.monotonic()
                move = run_search(match.session.current, human).move
                while time.monotonic() < started + think_s:
                    match.step(time.monotonic())
                    time.sleep(FRAME_S)
                match.play_move(move)
                moved_at = time.monotonic()
                outcome = match.ponder.outcome or ""
                verdicts.append("hit" if outcome.startswith("Ponder hit") else
                                "miss" if outcome.startswith("Ponder miss") else "none")
            time.sleep(FRAME_S)
        match.stop()  # a ponder may be running: stopped before the worker closes
    return {"pondering": pondering, "replies": len(replies),
            "reply_s_median": round(statistics.median(replies), 2) if replies else None,
            "reply_s_mean": round(statistics.fmean(replies), 2) if replies else None,
            "hits": verdicts.count("hit"), "misses": verdicts.count("miss"),
            "unguessed": verdicts.count("none")}


def run(args: argparse.Namespace) -> int:
    # The first game (of --games, else of the menu) whose Master searches by time.
    wanted = [k for k in playable_kits() if args.games is None or k.id in args.games]
    kit = next((k for k in wanted if can_ponder(Session(
        k, None, (Seat.ai_level("Master"), Seat.human())))), None)
    if kit is None:
        print(f"error: no Master of {', '.join(k.id for k in wanted)} searches by time: "
              "nothing to ponder", file=sys.stderr)
        return 2
    rows = [_one_run(kit, on, args.think, args.moves) for on in (False, True)]
    print(f"pondering, {kit.id}: Master against a scripted human (Advanced) thinking "
          f"{args.think:g} s a move, {args.moves} moves a run")
    print(f"  {'pondering':<10} {'replies':>7} {'median s':>9} {'mean s':>7} {'hits':>5} "
          f"{'misses':>6}")
    for r in rows:
        print(f"  {'on' if r['pondering'] else 'off':<10} {r['replies']:>7} "
              f"{r['reply_s_median']!s:>9} {r['reply_s_mean']!s:>7} {r['hits']:>5} "
              f"{r['misses']:>6}")
    sys.stdout.write(json.dumps({"ponder": {"game": kit.id, "think_s": args.think,
                                            "runs": rows}}) + "\n")
    return 0
