"""Othello's two evaluators as compiled kernels (ai.native): the same values, bit for bit.

The compiled mid-game search (``native_midgame``) scores its leaves here, without leaving
machine code. Both kernels reproduce their Python originals exactly, not approximately:

- the learned tables (``patterns.PatternModel.value``) add whole numbers only (the folded
  tables' weights, the stage's bias, the dense weights times the mobility differences) and
  divide the sum by 256 once: the integer sum is exact in any order, and the division of an
  exact integer by a power of two rounds the same in Python and in the kernel;
- the hand-made evaluation (``evaluation.disc_value``) is floating point: the kernel performs
  the same operations on the same doubles in the same order (each ``score += w * a / b`` as
  ``(w * a) / b``, an int converted to a double where Python converts it), and numba compiles
  without fast-math, so no operation is reordered or fused. tests/test_othello_native_midgame.py
  checks both on thousands of positions.

The tables are read from the Python evaluators at import (``pattern_arrays``, ``hand_arrays``)
and handed to the kernels as arrays, so a change of weights needs no recompiling.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ai.native import kernel
from games.othello.ai.evaluation import _CORNER_ZONES, _EDGE_TABLE, _WEIGHTS, DISC_SCALE
from games.othello.ai.native_bits import BYTE, ONE, U64, Int, _file_byte, frontier, moves, popcount
from games.othello.ai.patterns import LIMIT as PATTERN_LIMIT
from games.othello.ai.patterns import SCALE, model, placements
from games.othello.ai.patterns_def import N_STAGES, STAGE_DISCS, bias_index, table_offsets
from games.othello.rules import CORNERS

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
#: Which evaluator a search scores its leaves with.
HAND, PATTERNS = 0, 1
HAND_LIMIT = 99.0
DISC_LIMIT = 64.0
CORNERS64 = U64(CORNERS)
BITS64 = np.array([1 << i for i in range(64)], dtype=np.uint64)
#: Per corner zone: the corner, its X square and its two C squares.
ZONES64 = np.array([list(zone[:2]) + [zone[2]] for zone in _CORNER_ZONES], dtype=np.uint64)
#: Index of a stage's bias in its row of weights, then the two dense features' weights.
BIAS = bias_index()
DENSE = BIAS + 1
LAST_STAGE = N_STAGES - 1


def pattern_arrays() -> tuple[Ints, Ints]:
    """(the folded tables, one row per stage; each placement as its table's offset, its
    number of squares and its squares) from the shipped weights (``patterns.model()``)."""
    loaded = model()
    tables = np.array([np.asarray(t, dtype=np.int64) for t in loaded.tables], dtype=np.int64)
    offsets = table_offsets()
    rows = []
    for first, _ in placements():
        squares = list(first.squares)
        rows.append([offsets[first.pattern], len(squares)] + squares + [0] * (10 - len(squares)))
    return tables, np.array(rows, dtype=np.int64)


def hand_arrays() -> tuple[Floats, Ints, Floats]:
    """(the hand-made weights per number of empties, the edge stability table, the disc
    scale per stage), as ``evaluation`` holds them."""
    return (np.array(_WEIGHTS, dtype=np.float64), np.array(_EDGE_TABLE, dtype=np.int64),
            np.array(DISC_SCALE, dtype=np.float64))


@kernel
def pattern_value(me: np.uint64, opp: np.uint64, my_moves: np.uint64, tables: Ints,
                  places: Ints) -> float:
    """``PatternModel.value(me, opp, my_moves)``: the learned tables' margin for the mover."""
    stage = (popcount(me | opp) - 4) // STAGE_DISCS
    if stage > LAST_STAGE:
        stage = LAST_STAGE
    total = tables[stage, BIAS]
    for k in range(places.shape[0]):
        index: Int = 0
        for i in range(places[k, 1] - 1, -1, -1):
            # Branch-free (a board's squares are unpredictable): mover 1, opponent 2.
            sq = U64(places[k, 2 + i])
            index = index * 3 + np.int64((me >> sq) & ONE) + 2 * np.int64((opp >> sq) & ONE)
        total += tables[stage, places[k, 0] + index]
    mobility = popcount(my_moves) - popcount(moves(opp, me))
    potential = popcount(frontier(opp, me)) - popcount(frontier(me, opp))
    total += tables[stage, DENSE] * mobility + tables[stage, DENSE + 1] * potential
    v = np.float64(total) / SCALE
    if v > PATTERN_LIMIT:
        return PATTERN_LIMIT
    if v < -PATTERN_LIMIT:
        return -PATTERN_LIMIT
    return v


@kernel
def _edges(me: np.uint64, opp: np.uint64, edge: Ints) -> int:
    """``evaluation._edges``: stable edge discs, mine minus theirs, over the four edges."""
    s = edge[np.int64(me & BYTE) << 8 | np.int64(opp & BYTE)]
    s += edge[np.int64(me >> 56) << 8 | np.int64(opp >> 56)]
    s += edge[_file_byte(me, 0) << 8 | _file_byte(opp, 0)]
    s += edge[_file_byte(me, 7) << 8 | _file_byte(opp, 7)]
    return s


@kernel
def hand_value(me: np.uint64, opp: np.uint64, my_moves: np.uint64, weights: Floats,
               edge: Ints, scale: Floats) -> float:
    """``evaluation.disc_value(me, opp, my_moves)``: the hand-made score in discs, every
    operation in the Python function's order."""
    occupied = me | opp
    empty = ~occupied
    discs = popcount(occupied)
    n_empty = 64 - discs
    w_mob = weights[n_empty, 0]
    w_pot = weights[n_empty, 1]
    w_corner = weights[n_empty, 2]
    w_x = weights[n_empty, 3]
    w_c = weights[n_empty, 4]
    w_stable = weights[n_empty, 5]
    w_parity = weights[n_empty, 6]
    w_discs = weights[n_empty, 7]
    mp = popcount(my_moves)
    mo = popcount(moves(opp, me))
    score = w_mob * np.float64(mp - mo) / np.float64(mp + mo + 2)
    pp = popcount(frontier(opp, me))
    po = popcount(frontier(me, opp))
    score += w_pot * np.float64(pp - po) / np.float64(pp + po + 2)
    score += w_corner * np.float64(popcount(me & CORNERS64) - popcount(opp & CORNERS64))
    for z in range(4):
        if empty & ZONES64[z, 0]:
            x_sq = ZONES64[z, 1]
            c_sq = ZONES64[z, 2]
            mine_x = w_x * (1.0 if me & x_sq else 0.0)
            theirs_x = w_x * (1.0 if opp & x_sq else 0.0)
            score -= mine_x - theirs_x
            score -= w_c * np.float64(popcount(me & c_sq) - popcount(opp & c_sq))
    score += w_stable * np.float64(_edges(me, opp, edge))
    if w_parity != 0.0 and n_empty & 1:
        score += w_parity
    if w_discs != 0.0:
        dm = popcount(me)
        do = popcount(opp)
        score += w_discs * np.float64(dm - do) / np.float64(dm + do)
    if score > HAND_LIMIT:
        score = HAND_LIMIT
    elif score < -HAND_LIMIT:
        score = -HAND_LIMIT
    v = score * scale[(discs - 4) >> 2]
    if v > DISC_LIMIT:
        return DISC_LIMIT
    if v < -DISC_LIMIT:
        return -DISC_LIMIT
    return v


@kernel
def leaf_value(me: np.uint64, opp: np.uint64, my_moves: np.uint64, kind: int, tables: Ints,
               places: Ints, weights: Floats, edge: Ints, scale: Floats) -> float:
    """The mover's value of an unfinished position by the search's evaluator ``kind``."""
    if kind == PATTERNS:
        return pattern_value(me, opp, my_moves, tables, places)
    return hand_value(me, opp, my_moves, weights, edge, scale)

