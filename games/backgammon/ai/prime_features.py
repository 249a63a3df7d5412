"""Blocking and timing features for the backgammon network's "v3" inputs.

Primes win backgammon games, and what a prime does is take away escapes. The escapes of a
checker depend only on which of the twelve points in front of it the opponent has made, so they
come from a table (``ESCAPES``, 4,096 entries, made once at import) rather than from rolling
dice per position. Per side:

* **escapes**: the share of the 36 rolls that carry the side's rearmost checker past every point
  the opponent holds within twelve pips in front of it (every landing spot on the way open);
  1 when that checker has nothing in front of it;
* **containment**: 1 - the least escapes from any of the side's places 13..24: how well the
  opponent's points could hold a checker of the side's, whether or not one is there now;
* **timing**: the pips the side can play without breaking its home board (checkers above its
  6-point, the bar counted as 25, travel to the 6-point; spare checkers on home points to the
  1-point), / 100;
* **buried**: checkers on the side's 1- and 2-points, / 5: they are out of play.
"""

from __future__ import annotations

import numpy as np

from games.backgammon.ai.bitboards import Bitboards

#: Features per side.
PER_SIDE = 4
WINDOW = 12


def _escapes(blocked: int) -> int:
    """Rolls of 36 that carry one checker past the last blocked distance (bit t - 1 of
    ``blocked`` is distance t, 1..12), every landing spot open."""
    last = blocked.bit_length()
    if last == 0:
        return 36

    def open_at(t: int) -> bool:
        return t > WINDOW or not blocked >> (t - 1) & 1

    count = 0
    for i in range(1, 7):
        for j in range(1, 7):
            if i == j:
                steps = [i * k for k in range(1, 5)]
                ends = []
                for t in steps:
                    if not open_at(t):
                        break
                    ends.append(t)
            else:
                ends = [t for t in (i, j) if open_at(t)]
                if ends and open_at(i + j):
                    ends.append(i + j)
            count += any(t > last for t in ends)
    return count


def _table() -> np.ndarray:
    """ESCAPES indexed by a window mask whose bit j is place p - WINDOW + j (distance
    WINDOW - j), the layout a right shift of the made-points mask gives."""
    table = np.empty(1 << WINDOW, dtype=np.float64)
    for window in range(1 << WINDOW):
        by_distance = sum(1 << (WINDOW - j - 1) for j in range(WINDOW) if window >> j & 1)
        table[window] = _escapes(by_distance) / 36.0
    return table


ESCAPES = _table()
_FROM = np.arange(WINDOW + 1, 26, dtype=np.int64)  # places 13..25 (25: the bar)
_TO_SIX = np.maximum(np.arange(26) - 6, 0)
_TO_ONE = np.r_[0, np.arange(6), np.zeros(19, dtype=np.int64)]


def features(boards: Bitboards) -> np.ndarray:
    """(N, PER_SIDE) features of each row's side (Bitboards' rows)."""
    own = boards.own
    n = len(own)
    out = np.empty((n, PER_SIDE))
    windows = (boards.their_made[:, None] >> (_FROM - WINDOW)) & ((1 << WINDOW) - 1)
    escapes = ESCAPES[windows]  # (N, 13): from places 13..25
    rearmost = boards.rearmost
    column = np.clip(rearmost - (WINDOW + 1), 0, len(_FROM) - 1)
    out[:, 0] = np.where(rearmost > WINDOW, escapes[np.arange(n), column], 1.0)
    out[:, 1] = 1.0 - escapes[:, :-1].min(axis=1)
    spares = np.maximum(own[:, 1:7] - 2, 0)
    out[:, 2] = (own @ _TO_SIX + spares @ _TO_ONE[1:7]) / 100.0
    out[:, 3] = (own[:, 1] + own[:, 2]) / 5.0
    return out
