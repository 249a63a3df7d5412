"""Builds Othello's opening book from Kibitz's own deep searches (games.othello.ai.book).

From the start position, breadth first: each position is searched with the learned evaluation
to ``--depth`` with every move valued exactly, stored once for its eight symmetric twins, and
the moves within ``--margin`` discs of the best lead to the next positions (both sides: the
book follows the lines a good player plays), up to ``--plies`` moves deep and
``--max-positions`` positions. The order is fixed and the search deterministic, so the same command gives the
same book; the file is written every few positions and a run resumes from it (its settings
must match). Documented in docs/training/README.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import deque
from pathlib import Path
from typing import cast

from ai.api import Limits, SearchConfig
from ai.engine import run_search
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


def build(out: Path, plies: int, depth: int, margin: float, positions: int) -> dict:
    settings = {"plies": plies, "depth": depth, "margin": margin, "max_positions": positions}
    book = start_book(out, {"format": FORMAT, "version": VERSION},
                      "games.othello.training.book", settings, "positions")
    queue: deque[tuple[OthelloState, int]] = deque([(initial_state(), 0)])
    seen: set[str] = set()
    bar = ProgressBar(positions, "positions")
    since_save = 0
    started = time.perf_counter()
    while queue and len(seen) < positions:
        state, ply = queue.popleft()
        key, k = canonical(state)
        if key in seen or state.current_player() < 0:
            continue
        seen.add(key)
        entry = book["positions"].get(key)
        if entry is None:
            # Stored as the canonical board's moves (the lookup turns them back).
            image = SYMMETRIES[k]
            entry = {"values": [[image[m], v] for m, v in search(state, depth)],
                     "depth": depth}
            book["positions"][key] = entry
            since_save += 1
        back = INVERSES[k]
        values = [(back[m], v) for m, v in entry["values"]]
        bar.update(len(seen), f"ply {ply}")
        if since_save >= SAVE_EVERY:
            write_book(out, book)
            since_save = 0
        best = values[0][1]
        if ply + 1 < plies:
            for move, value in values:
                if value >= best - margin:
                    queue.append((state.apply(move), ply + 1))
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
    args = parser.parse_args(argv)
    if min(args.plies, args.depth, args.max_positions) < 1 or args.margin < 0:
        parser.error("--plies, --depth and --max-positions must be at least 1, --margin not "
                     "below 0")
    build(args.out, args.plies, args.depth, args.margin, args.max_positions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
