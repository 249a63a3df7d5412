"""A batch of backgammon positions as bit masks, made once and shared by every network input.

The inputs ask the same few questions of a position again and again: where the side's blots
and made points are, where the opponent's checkers and made points stand in the side's own
numbering, which checker is rearmost. Asked of (N, 26) arrays, each answer is a pass over N x 26
numbers; kept as one integer per row (bit p: the side's own place p), the features that follow
are shifts, ANDs and popcounts over N numbers. A search encodes thousands of small batches a
move, so each mask is built once a batch (lazily: the race network's inputs need few of them).

A batch's rows are its sides stacked: row i < N is the side on roll of position i, row N + i
the side waiting, each against the other, so that one array operation serves both sides.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

_BITS = np.left_shift(np.int64(1), np.arange(26, dtype=np.int64))
#: Bit p for the points 1..24 (not the borne-off tray, index 0, nor the bar, 25).
POINTS = np.int64(((1 << 25) - 1) & ~1)


def mask(flags: np.ndarray) -> np.ndarray:
    """One int64 per row of a (N, k) boolean array: bit j set where column j is."""
    return flags.astype(np.int64) @ _BITS[: flags.shape[1]]


def highest_bit(masks: np.ndarray) -> np.ndarray:
    """The highest set bit of each mask; -1 for none (frexp's exponent is the bit length, exact
    for integers this small)."""
    return np.frexp(masks.astype(np.float64))[1] - 1


class Bitboards:
    """Rows of sides, each against its opponent: ``own`` against ``other``, (N, 26) counts in
    their own numberings (index 1..24 points, 25 the bar, 0 borne off). :meth:`of` makes them
    from a batch of positions, the sides on roll first."""

    def __init__(self, own: np.ndarray, other: np.ndarray) -> None:
        self.own = own
        self.other = other

    @classmethod
    def of(cls, a: np.ndarray, b: np.ndarray) -> Bitboards:
        a = np.asarray(a, dtype=np.int64).reshape(-1, 26)
        b = np.asarray(b, dtype=np.int64).reshape(-1, 26)
        return cls(np.vstack([a, b]), np.vstack([b, a]))

    @property
    def positions(self) -> int:
        return len(self.own) // 2

    def take(self, rows: np.ndarray) -> Bitboards:
        """The positions picked by the boolean ``rows`` (one per position); these boards, masks
        made so far included, when every row is picked."""
        if rows.all():
            return self
        both = np.concatenate([rows, rows])
        return Bitboards(self.own[both], self.other[both])

    @cached_property
    def blots(self) -> np.ndarray:
        """Bit p: the side has exactly one checker on its point p."""
        return mask(self.own[:, :25] == 1) & POINTS

    @cached_property
    def made(self) -> np.ndarray:
        """Bit p: the side has two or more checkers on its point p."""
        return mask(self.own[:, :25] >= 2) & POINTS

    @cached_property
    def their_checkers(self) -> np.ndarray:
        """Bit r: an opposing checker on the side's place r (his point 25 - r; r = 0 his bar)."""
        return mask(self.other[:, 25:0:-1] > 0)

    @cached_property
    def their_made(self) -> np.ndarray:
        """Bit t: the opponent has made the side's place t (his point 25 - t)."""
        return mask(self.other[:, 25:0:-1] >= 2) & POINTS

    @cached_property
    def rearmost(self) -> np.ndarray:
        """The side's rearmost checker's place (25: the bar; 0 when all are off)."""
        return np.maximum(highest_bit(mask(self.own > 0) & ~np.int64(1)), 0)

    @cached_property
    def their_front(self) -> np.ndarray:
        """The side's place of the opponent's rearmost checker (25 when he has none on the
        board): the side's checkers above it are still in contact."""
        checkers = self.their_checkers
        return np.where(checkers == 0, 25, np.bitwise_count((checkers & -checkers) - 1))


def below(places: np.ndarray) -> np.ndarray:
    """Masks of the bits under each place: bits 0 .. place - 1."""
    return (np.int64(1) << places) - 1
