"""Othello's opening book: positions of the first plies with the move Kibitz's own deep search
chose and every move's value, consulted before searching (levels with ``book``: Advanced and
Master; the switch is ``SearchConfig.use_book``).

The book stores each position once for its eight symmetric twins (the board turned and
mirrored): the four first moves of Othello are one move seen four ways. A position is found by
its canonical form (the smallest of the eight), and the stored move is turned back the same
way. The file (``assets/books/othello_book.json``) is made by
``python -m games.othello.training.book`` (see docs/training/README.md); a missing or damaged
file leaves the levels searching, with a one-line warning.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import cast

from ai.api import Result, Stats
from game.core import State, clipped
from game.paths import asset_path
from games.othello.rules import OthelloState, square_name

FORMAT = "kibitz-othello-book"
VERSION = 1
BOOK_FILE = ("books", "othello_book.json")


def _square_maps() -> list[tuple[int, ...]]:
    """The eight symmetries as square permutations: square -> its image."""
    maps = []
    for k in range(8):
        image = []
        for sq in range(64):
            r, c = divmod(sq, 8)
            if k & 1:
                c = 7 - c
            if k & 2:
                r = 7 - r
            if k & 4:
                r, c = c, r
            image.append(r * 8 + c)
        maps.append(tuple(image))
    return maps


SYMMETRIES = _square_maps()
INVERSES = [tuple(m.index(sq) for sq in range(64)) for m in SYMMETRIES]


def transform(board: int, image: tuple[int, ...]) -> int:
    out = 0
    while board:
        low = board & -board
        out |= 1 << image[low.bit_length() - 1]
        board ^= low
    return out


def canonical(state: OthelloState) -> tuple[str, int]:
    """(the book's key of ``state``, the symmetry that turns ``state`` into it)."""
    best: tuple[int, int] | None = None
    which = 0
    for k, image in enumerate(SYMMETRIES):
        form = (transform(state.me, image), transform(state.opp, image))
        if best is None or form < best:
            best, which = form, k
    assert best is not None
    return f"{best[0]:016x}:{best[1]:016x}", which


@dataclass(frozen=True)
class BookEntry:
    """A book position: each move's value (discs, mover's view) as the search found it, best
    first, and the depth it was searched to."""

    values: tuple[tuple[int, float], ...]
    depth: int


class OpeningBook:
    def __init__(self, entries: dict[str, BookEntry], meta: dict) -> None:
        self.entries = entries
        self.meta = meta

    def __len__(self) -> int:
        return len(self.entries)

    def lookup(self, state: OthelloState) -> BookEntry | None:
        """The entry of ``state`` with its moves turned back onto ``state``'s own board."""
        key, k = canonical(state)
        entry = self.entries.get(key)
        if entry is None:
            return None
        back = INVERSES[k]
        return BookEntry(tuple((back[m], v) for m, v in entry.values), entry.depth)

    def result(self, state: OthelloState) -> Result | None:
        """The book's answer as a search Result ("opening-book"), or None off the book."""
        entry = self.lookup(state)
        if entry is None or not entry.values:
            return None
        legal = set(state.legal_moves())
        values = tuple((m, v) for m, v in entry.values if m in legal)
        if not values:
            return None
        move, score = values[0]
        return Result(move, score, entry.depth, True, (move,), Stats(depth=entry.depth),
                      values, True, "opening-book", False)


def read_book(path: Path | None = None) -> OpeningBook:
    """The book in ``path`` (default: the shipped one); ValueError with a one-line reason."""
    path = path or asset_path(*BOOK_FILE)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:  # RecursionError: nested too deep
        raise ValueError(f"{Path(path).name}: cannot read the opening book "
                         f"({clipped(str(exc))})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or \
            data.get("version") != VERSION:
        raise ValueError(f"{Path(path).name}: not a version {VERSION} Kibitz Othello book")
    entries = {}
    try:
        for key, row in data["positions"].items():
            values = tuple((int(m), float(v)) for m, v in row["values"])
            if not all(0 <= m < 64 for m, _ in values):
                raise ValueError("a move off the board")
            entries[str(key)] = BookEntry(values, int(row["depth"]))
    except (AttributeError, KeyError, TypeError, ValueError, OverflowError) as exc:  # int(1e400)
        raise ValueError(f"{Path(path).name}: a damaged book entry ({clipped(str(exc))})"
                         ) from None
    return OpeningBook(entries, {k: v for k, v in data.items() if k != "positions"})


@cache
def shipped_book() -> OpeningBook | None:
    """The shipped book, read once; None (with a warning on stderr) when it cannot be read."""
    try:
        return read_book()
    except ValueError as exc:
        print(f"warning: {exc}; the levels search from the first move", file=sys.stderr)
        return None


def book_result(state: State) -> Result | None:
    """``GameAI.book``: the shipped book's answer for ``state``."""
    book = shipped_book()
    # The engine asks the book of the game being searched: Othello's positions.
    return None if book is None else book.result(cast(OthelloState, state))


def describe(entry: BookEntry) -> str:
    """The book's figures in a line: "d3 +0.3, c4 +0.3, ... (depth 10)"."""
    shown = ", ".join(f"{square_name(m)} {v:+.1f}" for m, v in entry.values[:4])
    return f"{shown} (searched to depth {entry.depth})"
