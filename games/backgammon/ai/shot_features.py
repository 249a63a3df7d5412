"""Shot features for the backgammon network's "v3" inputs: what the opponent's next roll threatens.

The v2 input "shots" counts rolls that reach a blot with nothing in the way checked. These three
check the way: a combined shot needs a landing spot the side has not made (the first die's or
the second's), and a double's third or fourth step needs every step before it open. Per side,
over the opponent's 36 rolls:

* **hit**: the share of rolls that hit at least one of the side's blots;
* **two blots**: the share of rolls that reach two or more of its blots (a double shot; whether
  one roll can hit both at once is not checked);
* **pip loss**: the pips the worst hit costs, averaged over the 36 rolls, / 25 (a blot on the
  side's point p sent to the bar loses 25 - p pips).

An opposing checker on the bar must enter before anything else moves; that rule is not modelled
(it enters from place 0 like any other checker). Bit masks over the side's own places, every
roll of the whole batch in one array operation, as in :mod:`contact_features`.
"""

from __future__ import annotations

import numpy as np

from games.backgammon.ai.bitboards import Bitboards

#: Features per side.
PER_SIDE = 3

_LOW, _HIGH = zip(*[(i, j) for i in range(1, 7) for j in range(i + 1, 7)], strict=True)
_LOW_DIE = np.array(_LOW, dtype=np.int64)
_HIGH_DIE = np.array(_HIGH, dtype=np.int64)
_DOUBLE = np.arange(1, 7, dtype=np.int64)
#: Each roll's share of the 36: a non-double comes two ways.
_WEIGHT = np.concatenate([np.full(15, 2 / 36), np.full(6, 1 / 36)])
_ALL = np.int64((1 << 25) - 1)


def blots_hit(boards: Bitboards) -> tuple[np.ndarray, np.ndarray]:
    """Masks of the blots each roll reaches: (N, 15) for the non-doubles (low die, high die) and
    (N, 6) for the doubles 1-1 .. 6-6."""
    occ = boards.their_checkers[:, None]
    blots = boards.blots[:, None]
    open_ = _ALL & ~boards.made[:, None]
    by_low = occ << _LOW_DIE
    by_high = occ << _HIGH_DIE
    reach = by_low | by_high | ((by_low & open_) << _HIGH_DIE) | ((by_high & open_) << _LOW_DIE)
    singles = reach & blots
    step = occ
    doubles = np.zeros((len(occ), 6), dtype=np.int64)
    for _ in range(4):
        step = step << _DOUBLE
        doubles |= step & blots
        step &= open_
    return singles, doubles


def features(boards: Bitboards) -> np.ndarray:
    """(N, PER_SIDE) features of each row's side (Bitboards' rows)."""
    singles, doubles = blots_hit(boards)
    hits = np.hstack([singles, doubles])
    out = np.empty((len(hits), PER_SIDE))
    out[:, 0] = (hits != 0) @ _WEIGHT
    out[:, 1] = ((hits & (hits - 1)) != 0) @ _WEIGHT
    lowest = hits & -hits  # the most advanced blot hit: the costliest
    out[:, 2] = np.where(hits != 0, 25 - np.bitwise_count(lowest - 1), 0) @ _WEIGHT / 25.0
    return out
