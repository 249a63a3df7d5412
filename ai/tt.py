"""A bounded transposition table: two tiers of fixed-size slots indexed by the position's hash.

Memory never grows with the search: each index holds one *depth-preferred* entry (kept unless a
deeper search, or any search of a newer generation, replaces it) and one *always-replace* entry
(the most recent store that did not win the deep slot). This is the classic two-tier scheme; it
keeps the expensive deep results while recent shallow ones still get a home.

Keys are whatever the searcher uses (a state's compact ``tt_key()`` int when it has one, else its
``key()``); the full key is stored and compared, so a hash collision can never return another
position's entry.

This is not Zobrist hashing. A state's key is its whole position packed into one exact value
(tic-tac-toe: one int, base 3 over the squares; Othello: the mover's and the opponent's 64-bit
boards and the side to move; Nim: the heaps, the side to move and the rules; backgammon: the
points, bar, borne-off checkers, side to move and dice), computed with the state, not updated
move by move by XOR; the slot is Python's ``hash`` of that key masked to the table's size.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import NamedTuple

from ai.searchbase import WIN, WIN_MARGIN
from game.core import Move

EXACT, LOWER, UPPER = 0, 1, 2


class Entry(NamedTuple):
    key: Hashable
    depth: int
    value: float
    bound: int  # EXACT, LOWER (value is a lower bound) or UPPER
    move: Move | None
    #: True when the subtree met the depth horizon somewhere (value is not a proven result).
    horizon: bool
    generation: int


_new_tuple = tuple.__new__


class TranspositionTable:
    def __init__(self, size_log2: int = 16) -> None:
        if not 4 <= size_log2 <= 26:
            raise ValueError(f"table size 2**{size_log2} is out of range (2**4 .. 2**26)")
        self.size = 1 << size_log2
        self._mask = self.size - 1
        self._deep: list[Entry | None] = [None] * self.size
        self._recent: list[Entry | None] = [None] * self.size
        self.generation = 0

    def new_search(self) -> None:
        """Entries from earlier searches stay readable but lose their claim on the deep tier."""
        self.generation += 1

    def clear(self) -> None:
        self._deep = [None] * self.size
        self._recent = [None] * self.size

    def probe(self, key: Hashable) -> Entry | None:
        i = hash(key) & self._mask
        e = self._deep[i]
        if e is not None and e.key == key:
            return e
        e = self._recent[i]
        if e is not None and e.key == key:
            return e
        return None

    def store(
        self,
        key: Hashable,
        depth: int,
        value: float,
        bound: int,
        move: Move | None,
        horizon: bool,
    ) -> None:
        i = hash(key) & self._mask
        # tuple.__new__ skips the NamedTuple's Python-level constructor (half the cost of a
        # store, which happens at every interior node of a search).
        entry = _new_tuple(Entry, (key, depth, value, bound, move, horizon, self.generation))
        deep = self._deep[i]
        if (
            deep is None
            or deep.key == key
            or depth >= deep.depth
            or deep.generation != self.generation
        ):
            self._deep[i] = entry
            if deep is not None and deep.key != key:
                self._recent[i] = deep  # the evicted entry still gets the second tier
        else:
            self._recent[i] = entry

    def place(self, index: int, deep: bool, entry: Entry) -> None:
        """Put ``entry`` in one tier of slot ``index`` as it stands in a copy of this table
        kept elsewhere (a game's compiled search hands its table back this way)."""
        (self._deep if deep else self._recent)[index] = entry

    def __len__(self) -> int:
        return sum(e is not None for e in self._deep) + sum(e is not None for e in self._recent)


def to_tt(value: float, ply: int) -> float:
    """Win scores count plies from the root; the table stores them from the node."""
    if value >= WIN - WIN_MARGIN:
        return value + ply
    if value <= -(WIN - WIN_MARGIN):
        return value - ply
    return value


def from_tt(value: float, ply: int) -> float:
    if value >= WIN - WIN_MARGIN:
        return value - ply
    if value <= -(WIN - WIN_MARGIN):
        return value + ply
    return value
