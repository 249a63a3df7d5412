"""Builds Othello's opening book from Kibitz's own deep searches (games.othello.ai.book).

From the start position, breadth first: each position is searched with the learned evaluation
to ``--depth`` with every move valued exactly, stored once for its eight symmetric twins, and
the moves within ``--margin`` discs of the best lead to the next positions (both sides: the
book follows the lines a good player plays), up to ``--plies`` moves deep and
``--max-positions`` positions. The order is fixed and the search deterministic, so the same command gives the
same book; the file is written every few positions and a run resumes from it (its settings
must match). Documented in docs/training/README.md.

Breadth first, the positions of one ply are known before any of them is searched (which ones
the book takes depends on their keys alone), and their searches are independent: each ply's
are spread (ai.spread: ``--jobs N`` processes here, ``--cluster ADDRESS`` a Dask cluster) and
their results applied in the fixed order as they come in, so the file is the one a single
process writes, at the same points.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import cast

from ai.api import Limits, SearchConfig
from ai.engine import run_search
from ai.spread import (
    ClusterError,
    InThisProcess,
    Spread,
    TaskFailed,
    add_spread_arguments,
    in_task_order,
    spread_for,
)
from game.bookfile import start_book, write_book
from game.paths import asset_path
from game.progress import ProgressBar
from games.othello.ai.book import BOOK_FILE, FORMAT, INVERSES, SYMMETRIES, VERSION, canonical
from games.othello.rules import OthelloState, initial_state

#: Positions searched between two writes of the file.
SAVE_EVERY = 5


def search(state: OthelloState, depth: int) -> list[tuple[int, float]]:
    """Every move's value (discs, mover's view) at ``depth``, best first."""
    config = SearchConfig("othello", "alphabeta", Limits(depth=depth), evaluator="patterns",
                          exact=False, exact_root_values=True)
    result = run_search(state, config)
    # An Othello position's moves are squares.
    return sorted(((cast(int, m), round(v, 3)) for m, v in result.root_values),
                  key=lambda mv: -mv[1])


def search_task(task: tuple[int, int, int, int]) -> list[tuple[int, float]]:
    """:func:`search` of a position given as plain numbers (discs to move, discs waiting,
    the side to move, depth): one task of a spread build."""
    me, opp, to_move, depth = task
    return search(OthelloState(me, opp, to_move), depth)


def build(out: Path, plies: int, depth: int, margin: float, positions: int,
          spread: Spread | None = None) -> dict:
    """Build (or finish) the book in ``out``, each ply's searches run where ``spread`` runs
    them (None: here, one after another)."""
    settings = {"plies": plies, "depth": depth, "margin": margin, "max_positions": positions}
    book = start_book(out, {"format": FORMAT, "version": VERSION},
                      "games.othello.training.book", settings, "positions")
    spread = spread if spread is not None else InThisProcess()
    frontier: list[OthelloState] = [initial_state()]
    seen: set[str] = set()
    bar = ProgressBar(positions, "positions")
    since_save = 0
    started = time.perf_counter()
    for ply in range(plies):
        # The ply's new positions in queue order, as many as the book still takes.
        taken: dict[str, tuple[OthelloState, int]] = {}
        for state in frontier:
            if len(seen) + len(taken) >= positions:
                break
            key, k = canonical(state)
            if key not in seen and key not in taken and state.current_player() >= 0:
                taken[key] = (state, k)
        asked = [key for key in taken if key not in book["positions"]]
        tasks = [(state.me, state.opp, state.to_move, depth)
                 for state, _k in (taken[key] for key in asked)]
        found = in_task_order(spread.completed(search_task, tasks))
        frontier = []
        try:
            for key, (state, k) in taken.items():
                seen.add(key)
                entry = book["positions"].get(key)
                if entry is None:
                    # Stored as the canonical board's moves (the lookup turns them back).
                    image = SYMMETRIES[k]
                    entry = {"values": [[image[m], v] for m, v in next(found)[1]],
                             "depth": depth}
                    book["positions"][key] = entry
                    since_save += 1
                back = INVERSES[k]
                values = [(back[m], v) for m, v in entry["values"]]
                bar.update(len(seen), f"ply {ply}{spread.note()}")
                if since_save >= SAVE_EVERY:
                    write_book(out, book)
                    since_save = 0
                best = values[0][1]
                if ply + 1 < plies:
                    frontier += [state.apply(move) for move, value in values
                                 if value >= best - margin]
            for _none_left in found:  # runs the spread to its end: its workers leave
                pass
        except TaskFailed as exc:
            raise ClusterError(f"the search of position {asked[exc.position]} failed on the"
                               f" cluster: {exc.reason}") from None
        if len(seen) >= positions or not frontier:
            break
    bar.close()
    book["positions"] = {k: book["positions"][k] for k in book["positions"] if k in seen}
    write_book(out, book)
    print(f"{len(book['positions'])} positions in {time.perf_counter() - started:.0f} s: {out}")
    return book


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.othello.training.book",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=8)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--margin", type=float, default=1.5)
    parser.add_argument("--max-positions", type=int, default=300)
    parser.add_argument("--out", type=Path, default=asset_path(*BOOK_FILE))
    add_spread_arguments(parser, "searches")
    args = parser.parse_args(argv)
    if min(args.plies, args.depth, args.max_positions) < 1 or args.margin < 0:
        parser.error("--plies, --depth and --max-positions must be at least 1, --margin not "
                     "below 0")
    try:
        with spread_for(args.jobs, args.cluster) as spread:
            build(args.out, args.plies, args.depth, args.margin, args.max_positions, spread)
    except ClusterError as exc:  # unreachable, or a search failed on every worker it met
        parser.exit(2, f"{parser.prog}: error: {exc}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
