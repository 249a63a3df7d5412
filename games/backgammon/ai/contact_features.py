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

from games.backgammon.ai.bitboards import Bitboards, below

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
#: The rolls (bit k: ordered roll k) that reach any of 12 distances (bit d - 1: distance d),
#: for distances 1..12 and 13..24: two lookups give the rolls that hit any blot.
_ROLL_BITS = np.left_shift(np.int64(1), np.arange(36, dtype=np.int64))
_WINDOWS = np.arange(1 << 12)[:, None] >> np.arange(12) & 1
_ROLLS_NEAR = ((_WINDOWS @ REACH[:12]) > 0).astype(np.int64) @ _ROLL_BITS
_ROLLS_FAR = ((_WINDOWS @ REACH[12:]) > 0).astype(np.int64) @ _ROLL_BITS
_DISTANCES = np.arange(1, 25, dtype=np.int64)
_DISTANCE_BITS = np.left_shift(np.int64(1), _DISTANCES - 1)
_PLACES = np.arange(1, 26)
#: Bits 19..24: the opponent's home board, where the side's points are anchors.
_THEIR_HOME = np.int64(0b111111 << 19)


def features(boards: Bitboards) -> np.ndarray:
    """(N, PER_SIDE) features of each row's side (Bitboards' rows)."""
    own = boards.own
    out = np.empty((len(own), PER_SIDE))
    # Bit d - 1: some blot stands d pips in front of an opposing checker.
    apart = (boards.blots[:, None] >> _DISTANCES) & boards.their_checkers[:, None]
    distances = (apart != 0) @ _DISTANCE_BITS
    rolls = _ROLLS_NEAR[distances & 0xFFF] | _ROLLS_FAR[distances >> 12]
    out[:, 0] = np.bitwise_count(rolls) / 36.0
    out[:, 1] = np.bitwise_count(boards.made & _THEIR_HOME) / 2.0
    rearmost = boards.rearmost
    in_front = below(rearmost) & ~below(np.maximum(rearmost - 6, 0))
    blocked = np.bitwise_count(boards.their_made & in_front)
    out[:, 2] = np.where(rearmost >= 19, 1.0 - (blocked / 6.0) ** 2, 1.0)
    behind = np.maximum(_PLACES[None, :] - boards.their_front[:, None], 0)
    out[:, 3] = (own[:, 1:26] * behind).sum(axis=1) / 150.0
    return out
