"""Backgammon's opening book: the first move of a game, for each of the 15 opening rolls,
chosen by Kibitz's own rollouts (levels with ``book``: the network's three; the switch is
``SearchConfig.use_book``).

The first move is the one decision a player meets again and again with the same board, so it
is the one worth settling once and for all by the slow, trusted method: every candidate the
searches propose, played out many times (games.backgammon.ai.rollout). The book holds, for
each roll, the candidates' rollout equities with their standard errors, best first. It answers
in the starting position with a non-double roll for either colour (moves are in the mover's
own point numbers, so one entry serves both), never anywhere else. The file
(``assets/books/backgammon_book.json``) is made by ``python -m
games.backgammon.training.book`` (see docs/training/README.md); a missing or damaged file
leaves the levels searching, with a one-line warning.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import cast

from ai.api import BOOK, Result, Stats
from game.core import IllegalMoveError, State, clipped
from game.paths import asset_path
from games.backgammon import movegen as mg
from games.backgammon.game import Backgammon
from games.backgammon.rules import START_POINTS, BackgammonState, Move

FORMAT = "kibitz-backgammon-book"
VERSION = 1
BOOK_FILE = ("books", "backgammon_book.json")
#: The starting position as the mover sees it (the same for both colours).
START = mg.perspective(START_POINTS, (0, 0), (0, 0), 0)


def roll_key(dice: tuple[int, int]) -> str:
    """"31" for 3-1 or 1-3: the book's key of an opening roll."""
    high, low = max(dice), min(dice)
    return f"{high}{low}"


def is_opening_move(state: BackgammonState) -> bool:
    """The mover stands on the starting position with a non-double roll: the book's case."""
    if state.dice is None or state.dice[0] == state.dice[1] or state.opening:
        return False
    return mg.perspective(state.points, state.bar, state.off, state.to_move) == START


@dataclass(frozen=True)
class BookLine:
    """One candidate of a roll: its rollout equity (points a game, mover's view), standard
    error, and the difference from the roll's best with that difference's own error."""

    move: Move
    equity: float
    se: float
    diff: float
    diff_se: float


@dataclass(frozen=True)
class BookRoll:
    lines: tuple[BookLine, ...]
    trials: int


class BackgammonBook:
    def __init__(self, rolls: dict[str, BookRoll], meta: dict) -> None:
        self.rolls = rolls
        self.meta = meta

    def __len__(self) -> int:
        return len(self.rolls)

    def lookup(self, state: BackgammonState) -> BookRoll | None:
        if not is_opening_move(state):
            return None
        assert state.dice is not None
        return self.rolls.get(roll_key(state.dice))

    def result(self, state: BackgammonState) -> Result | None:
        """The book's answer as a search Result ("opening-book"), or None off the book."""
        entry = self.lookup(state)
        if entry is None:
            return None
        legal = set(state.legal_moves())
        values = tuple((line.move, line.equity) for line in entry.lines if line.move in legal)
        if not values:
            return None
        move, score = values[0]
        return Result(move, score, 0, True, (move,), Stats(), values, True, BOOK, False)


def _steps(text: str, dice: tuple[int, int]) -> Move:
    """A stored move read against the starting position with ``dice`` (legal or refused)."""
    try:
        return Backgammon().parse_move(BackgammonState(dice=dice), str(text))
    except IllegalMoveError as exc:
        raise ValueError(f"{text!r} with {dice[0]}-{dice[1]} at the start: {exc}") from None


def read_book(path: Path | None = None) -> BackgammonBook:
    """The book in ``path`` (default: the shipped one); ValueError with a one-line reason."""
    path = path or asset_path(*BOOK_FILE)
    name = Path(path).name
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:  # RecursionError: nested too deep
        raise ValueError(f"{name}: cannot read the opening book ({clipped(str(exc))})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or \
            data.get("version") != VERSION:
        raise ValueError(f"{name}: not a version {VERSION} Kibitz backgammon book")
    rolls = {}
    try:
        for key, row in data["rolls"].items():
            dice = (int(key[0]), int(key[1]))
            if len(key) != 2 or not 1 <= dice[1] < dice[0] <= 6:
                raise ValueError(f"{key!r} is not a non-double roll")
            lines = tuple(BookLine(_steps(m["move"], dice), float(m["equity"]),
                                   float(m["se"]), float(m["diff"]), float(m["diff_se"]))
                          for m in row["moves"])
            rolls[key] = BookRoll(lines, int(row["trials"]))
    except (AttributeError, KeyError, TypeError, ValueError, IndexError, OverflowError) as exc:
        raise ValueError(f"{name}: a damaged book entry ({clipped(str(exc))})") from None
    return BackgammonBook(rolls, {k: v for k, v in data.items() if k != "rolls"})


@cache
def shipped_book() -> BackgammonBook | None:
    """The shipped book, read once; None (with a warning on stderr) when it cannot be read."""
    try:
        return read_book()
    except ValueError as exc:
        print(f"warning: {exc}; the levels search the first move too", file=sys.stderr)
        return None


def book_result(state: State) -> Result | None:
    """``GameAI.book``: the shipped book's answer for ``state``."""
    book = shipped_book()
    # The engine asks the book of the game being searched: backgammon's positions.
    return None if book is None else book.result(cast(BackgammonState, state))
