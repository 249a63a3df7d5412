"""Hand-made contact features for the backgammon network's "v2" inputs (issue 22's first lever).

Each is defined from the game, per side, for a batch of positions in the network's own-numbering
arrays (``own`` and ``other``: (N, 26), index 1..24 points, 25 the bar, 0 borne off):

* **shots**: the share of the opponent's 36 rolls that hit at least one of the side's blots,
  direct or combined (a roll reaches distance d with either die, their sum, or a double's 2, 3
  or 4 steps; points in between are not checked for blocks, so combined shots are an upper
  bound);
* **anchors**: points the side holds (two or more checkers) in the opponent's home board, / 2;
* **back mobility**: for the side's rearmost checker when it is still in the opponent's home
  board or on the bar, the share of the 36 rolls with at least one die that lands on a point
  the opponent has not made: 1 - (blocked dice / 6)^2 (1 for a side with no checker back);
* **contact pips**: the pips the side's checkers still have to travel to pass the opponent's
  rearmost checker, / 150 (0 in a race).

numpy only, vectorised over the batch: a 1-ply search encodes hundreds of small batches a move.
"""

from __future__ import annotations

import numpy as np

#: Features per side.
PER_SIDE = 4


def _reach() -> np.ndarray:
    """(24, 36): whether ordered roll k reaches distance d + 1 (ignoring blocks)."""
    reach = np.zeros((24, 36))
    for k in range(36):
        i, j = divmod(k, 6)
        i, j = i + 1, j + 1
        distances = {i, 2 * i, 3 * i, 4 * i} if i == j else {i, j, i + j}
        for d in distances:
            if d <= 24:
                reach[d - 1, k] = 1.0
    return reach


REACH = _reach()
_BITS = np.left_shift(np.int64(1), np.arange(25, dtype=np.int64))
_DISTANCES = np.arange(1, 25, dtype=np.int64)
_DICE = np.arange(1, 7)
_PLACES = np.arange(1, 26)


def side_features(own: np.ndarray, other: np.ndarray) -> np.ndarray:
    """(N, PER_SIDE) features of ``own`` against ``other``."""
    n = len(own)
    out = np.empty((n, PER_SIDE))
    # Opposing checkers by own-numbered place r (r = 25 - their point; r = 0 their bar).
    # As bit masks (bit r), so that "a blot d pips in front of an opposing checker" is a
    # shift and an AND: every distance of the whole batch in one array operation.
    occupied = np.empty((n, 25), dtype=np.int64)
    occupied[:, 0] = other[:, 25] > 0
    occupied[:, 1:] = other[:, 24:0:-1] > 0
    occ_mask = occupied @ _BITS
    blot_mask = (own[:, 0:25] == 1).astype(np.int64) @ _BITS
    blot_mask &= ~np.int64(1)  # index 0 is borne off, never a blot
    distance = ((blot_mask[:, None] >> _DISTANCES) & occ_mask[:, None]) != 0
    out[:, 0] = ((distance @ REACH) > 0).sum(axis=1) / 36.0
    out[:, 1] = (own[:, 19:25] >= 2).sum(axis=1) / 2.0
    # The opponent's made points by own-numbered place t (their point 25 - t).
    made = np.zeros((n, 26), dtype=bool)
    made[:, 1:25] = other[:, 24:0:-1] >= 2
    has = own[:, 1:26] > 0
    rearmost = np.where(has.any(axis=1), 25 - np.argmax(has[:, ::-1], axis=1), 0)
    target = rearmost[:, None] - _DICE
    blocked = (made[np.arange(n)[:, None], np.maximum(target, 0)] & (target >= 1)).sum(axis=1)
    out[:, 2] = np.where(rearmost >= 19, 1.0 - (blocked / 6.0) ** 2, 1.0)
    # Their rearmost checker in own numbering; own checkers above it are still in contact.
    theirs = other[:, 1:26] > 0
    their_back = np.where(theirs.any(axis=1), 25 - np.argmax(theirs[:, ::-1], axis=1), 0)
    front = 25 - their_back  # own-numbered place of their rearmost checker
    behind = np.maximum(_PLACES[None, :] - front[:, None], 0)
    out[:, 3] = (own[:, 1:26] * behind).sum(axis=1) / 150.0
    return out
