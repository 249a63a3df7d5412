"""``kibitz review FILE``: every decision of a saved game weighed by the engine, printed as an
annotated record (or, with ``--json``, one JSON object whose ``rows`` hold each decision).

FILE is a Kibitz save or another program's record Kibitz reads (Othello's GGF). A save that
already carries an analysis (written by the window's Ctrl+S after a review, or by
``--output``) is printed without searching again, unless a search flag or ``--again`` asks for
a new one. The search at each decision is a level's recipe (the game's review default, see
``ai.review``) with every root move valued, so each value is what ``analyze`` says of that
position with the same search.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading

from ai.review.analysis import ReviewCancelled, ReviewSettings, review_session
from cli.common import argparse_type, parse_depth, parse_time
from game.progress import ProgressBar
from game.review import GameReview, ReviewRow
from game.review_read import summary_line
from game.savefile import load_review, read_file, save_file
from game.session import Session


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a saved game (Kibitz save or GGF record)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--level", default=None,
                        help="the level whose search weighs the moves (default: Master)")
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--depth", type=argparse_type(parse_depth), default=None,
                       help="depth per decision (default: the game's review depth)")
    limit.add_argument("--time", type=argparse_type(parse_time), default=None,
                       metavar="SECONDS", help="time per decision instead of a depth")
    parser.add_argument("--again", action="store_true",
                        help="search again even when the file carries an analysis")
    parser.add_argument("--output", default=None, metavar="FILE",
                        help="also write the game with its analysis to FILE (a Kibitz save)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")


def run(args: argparse.Namespace) -> int:
    session, saved = load_review(read_file(args.file))
    if saved is not None and saved.notes:
        sys.stderr.write(f"kibitz: warning: {summary_line(list(saved.notes))}\n")
    asked = args.level is not None or args.depth is not None or args.time is not None
    if saved is not None and saved.complete and not asked and not args.again:
        review = saved
    else:
        settings = ReviewSettings(args.level, args.depth, args.time)
        review = _review(session, settings, quiet=args.quiet)
    if args.output is not None:
        save_file(session, args.output, review)
    if args.json:
        print(json.dumps(review.to_json(), allow_nan=False))
    else:
        print(annotated(session, review))
    return 0


def _review(session: Session, settings: ReviewSettings, quiet: bool) -> GameReview:
    """The review with a progress bar; Ctrl+C stops it and keeps the decisions weighed so
    far (the search in hand stops at once: the interrupt sets the review's cancel flag)."""
    bar: ProgressBar | None = None

    def progress(step: tuple[int, int]) -> None:
        nonlocal bar
        if quiet:
            return
        if bar is None:
            bar = ProgressBar(step[1], "decisions")
        bar.update(step[0])

    cancel = threading.Event()
    previous = signal.signal(signal.SIGINT, lambda *_: cancel.set())
    try:
        review = review_session(session, settings, cancel, progress)
    except ReviewCancelled as stop:
        review = stop.partial
    finally:
        signal.signal(signal.SIGINT, previous)
        if bar is not None:
            bar.close()
    if not review.complete:
        sys.stderr.write("review interrupted: the decisions weighed so far follow\n")
    return review


def annotated(session: Session, review: GameReview) -> str:
    """The game as a record with every decision's verdict, then each player's figures."""
    lines = [
        f"{session.game.player_names[0]} v {session.game.player_names[1]}"
        f" ({session.game_id}), reviewed by {review.settings_text}"
        f" in {review.seconds:.1f} s" + ("" if review.complete else " (cancelled part way)"),
        f"Marks: {review.marks_source}" if review.marks_source else "",
        "",
    ]
    for row in review.rows:
        lines.append(_row_text(row, review.loss_unit))
    lines.append("")
    for summary in review.summaries:
        errors = ", ".join(f"{count} {mark}" for mark, count in summary.errors.items())
        rating = f", rated {summary.rating}" if summary.rating else ""
        lines.append(
            f"{summary.player}: {summary.decisions} decisions, {errors or 'no errors'};"
            f" lost {summary.total_loss:.3g} {review.loss_unit} in all,"
            f" {summary.rate_text}{rating}"
        )
    if session.is_over and session.result_text:
        lines.append(f"Result: {session.result_text}")
    return "\n".join(line for i, line in enumerate(lines) if line or i > 1)


def _row_text(row: ReviewRow, unit: str) -> str:
    """One decision: "  6. White b2    blunder  -15.9 discs  best f5: <why>"."""
    head = f"{row.ply:>4}. {row.player:<8} {row.move:<12}"
    if row.forced:
        return f"{head} (forced)"
    if row.severity == 0:
        return f"{head} {row.value_after_text}"
    loss = f"-{row.loss:.3g} {unit}"
    return f"{head} {row.mark.upper()}  {loss}  best {row.best_move}. {row.note}"
