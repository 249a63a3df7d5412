"""Othello's mid-game alpha-beta as compiled kernels: ``ai.alphabeta``'s tree, node for node.

``games.othello.ai.midgame`` runs a search's root in Python (its move order, the aspiration
window, the per-depth results) and hands each root window to ``root_window`` here when the
kernels are on and nothing traces. The kernels are ``AlphaBetaSearcher._root_window``,
``_child`` and ``_negamax`` line by line on ``numpy.uint64`` boards (``native_bits``), scoring
leaves with the evaluators' kernels (``native_eval``), so both paths give the same values,
moves, principal variations and counters (tests/test_othello_native_midgame.py).

What the Python searcher keeps in objects lives here in arrays:

- the transposition table (``ai.tt``): ``native_table``, indexed as the Python table is;
- ``ctl``: the counters (nodes, leaves, cutoffs, table probes and hits), the searcher's
  horizon flag, the switches (table, ordering, PVS, which evaluator), the stop flag, and the
  root's best fully searched move so far (``_root_best``, for an interrupted depth);
- the principal variations per ply, each ply's moves, the killers per ply and the history
  per colour and square (PASS is square 64).

Stopping: every node reads the stop flag; once the driver's watching thread raises it the
search unwinds at once without storing anything, and the driver discards the window.
"""

from __future__ import annotations

import numpy as np

from ai.native import kernel
from games.othello.ai.native_bits import ONE, Int, final_margin, flips, moves, popcount
from games.othello.ai.native_eval import BITS64, Floats, Ints, leaf_value
from games.othello.ai.native_table import (
    Words,
    entry_bound,
    entry_depth,
    entry_horizon,
    entry_move,
    from_tt,
    to_tt,
    tt_probe,
    tt_store,
)

#: Plies a search reaches (``ai.searchbase.MAX_DEPTH`` + 2) and a node's moves at most.
PLIES = 66
MOVES = 65
PASS = 64
TERMINAL = -2
EXACT, LOWER, UPPER = 0, 1, 2
INF = np.inf
NULL_WIDTH = 1e-9
#: ``ctl`` slots.
(NODES, LEAVES, CUTOFFS, PROBES, HITS, HZ, STOP, GEN, MASK, USE_TT, ORDERING, PVS, KIND,
 ROOT_BEST, ROOT_COUNT, ROOT_EXACT, BEST_MOVE) = range(17)
CTL_SLOTS = 17
#: ``fctl`` slots: the value of ``ROOT_BEST``.
ROOT_BEST_VALUE = 0
@kernel
def _mover(me: np.uint64, opp: np.uint64, to_move: int, mv: np.uint64) -> int:
    """``current_player()`` of a position whose mover's moves are ``mv``."""
    if mv or moves(opp, me):
        return to_move
    return TERMINAL


@kernel
def _play(me: np.uint64, opp: np.uint64, m: int) -> tuple[np.uint64, np.uint64]:
    """The child's (mover, opponent) boards after square ``m`` (or PASS)."""
    if m == PASS:
        return opp, me
    bit = BITS64[m]
    f = flips(me, opp, m)
    return opp ^ f, me | f | bit


@kernel
def leaf(me: np.uint64, opp: np.uint64, to_move: int, mv: np.uint64, cp: int, p: int,
         ply: int, ctl: Ints, pvlen: Ints, tables: Ints, places: Ints, weights: Floats,
         edge: Ints, scale: Floats) -> float:
    """``_child`` at the horizon or at a finished game: a counted node, scored in place."""
    ctl[NODES] += 1
    pvlen[ply] = 0
    ctl[LEAVES] += 1
    if cp >= 0:
        ctl[HZ] = 1
        v = leaf_value(me, opp, mv, ctl[KIND], tables, places, weights, edge, scale)
        return v if cp == p else -v
    m = final_margin(me, opp)
    return np.float64(m if p == to_move else -m)


@kernel
def _order(row: Ints, count: int, hist: Ints, killers: Ints, tt_move: Int) -> None:
    """``_order`` in place: the table move, this ply's killers, then the rest by history
    (highest first, ties in the generator's order)."""
    for i in range(1, count):
        m = row[i]
        h = hist[m]
        j = i
        while j > 0 and hist[row[j - 1]] < h:
            row[j] = row[j - 1]
            j -= 1
        row[j] = m
    front = 0
    for k in range(3):
        want = tt_move if k == 0 else killers[k - 1]
        if want < 0:
            continue
        at = -1
        for j in range(count):
            if row[j] == want:
                at = j
                break
        if at < front:  # absent, or already in front
            continue
        for j in range(at, front, -1):
            row[j] = row[j - 1]
        row[front] = want
        front += 1


@kernel
def negamax(me: np.uint64, opp: np.uint64, p: int, mv: np.uint64, depth: int, alpha: float,
            beta: float, ply: int, keys: Words, info: Ints, vals: Floats, ctl: Ints,
            pv: Ints, pvlen: Ints, mbuf: Ints, killers: Ints, history: Ints, tables: Ints,
            places: Ints, weights: Floats, edge: Ints, scale: Floats) -> float:
    """``_negamax``: a decision node with ``depth`` >= 1, valued from its mover ``p``'s view;
    ``mv`` its mover's moves (0: it must pass)."""
    ctl[NODES] += 1
    if ctl[STOP]:
        return 0.0
    pvlen[ply] = 0
    tt_move: Int = -1
    outer = ctl[HZ]
    use_tt = ctl[USE_TT]
    if use_tt:
        ctl[PROBES] += 1
        slot, tier = tt_probe(keys, info, me, opp, p, ctl[MASK])
        if tier >= 0:
            ctl[HITS] += 1
            word = info[slot, tier]
            tt_move = entry_move(word)
            if entry_depth(word) == depth:
                v = from_tt(vals[slot, tier], ply)
                bound = entry_bound(word)
                if bound == EXACT or (v >= beta if bound == LOWER else v <= alpha):
                    ctl[HZ] = outer | entry_horizon(word)
                    if bound == EXACT:
                        pv[ply, 0] = tt_move
                        pvlen[ply] = 1
                    return v
                if bound == LOWER:
                    if v > alpha:
                        alpha = v
                elif v < beta:
                    beta = v
    ctl[HZ] = 0
    count = 0
    if mv:
        x = mv
        while x:
            mbuf[ply, count] = popcount((x & ~(x - ONE)) - ONE)
            x &= x - ONE
            count += 1
    else:
        mbuf[ply, 0] = PASS
        count = 1
    ordering = ctl[ORDERING]
    if ordering and count > 1:
        _order(mbuf[ply], count, history[p], killers[ply], tt_move)
    alpha0 = alpha
    best = -INF
    best_move = mbuf[ply, 0]
    a = alpha
    d = depth - 1
    nply = ply + 1
    scouts = ctl[PVS]
    for i in range(count):
        m = mbuf[ply, i]
        cme, copp = _play(me, opp, m)
        cto = 1 - p
        cmv = moves(cme, copp)
        cp = _mover(cme, copp, cto, cmv)
        lo, hi = a, beta
        v = 0.0
        if i > 0 and scouts:
            hi = a + NULL_WIDTH
        for attempt in range(2):
            if cp >= 0 and d > 0:
                if cp == p:
                    v = negamax(cme, copp, cp, cmv, d, lo, hi, nply, keys, info, vals, ctl, pv,
                                pvlen, mbuf, killers, history, tables, places, weights, edge,
                                scale)
                else:
                    v = -negamax(cme, copp, cp, cmv, d, -hi, -lo, nply, keys, info, vals, ctl,
                                 pv, pvlen, mbuf, killers, history, tables, places, weights,
                                 edge, scale)
            else:
                v = leaf(cme, copp, cto, cmv, cp, p, nply, ctl, pvlen, tables, places, weights,
                         edge, scale)
            if ctl[STOP]:
                return 0.0
            if attempt == 0 and i > 0 and scouts and a < v and v < beta:
                hi = beta  # the null window said "better": search it again, whole
                continue
            break
        if v > best:
            best = v
            best_move = m
            if v > a:
                a = v
                n = pvlen[nply]
                pv[ply, 0] = m
                for k in range(n):
                    pv[ply, k + 1] = pv[nply, k]
                pvlen[ply] = n + 1
                if a >= beta:
                    ctl[CUTOFFS] += 1
                    if ordering:
                        kill = killers[ply]
                        if m != kill[0] and m != tt_move:
                            kill[1] = kill[0]
                            kill[0] = m
                        history[p, m] += depth * depth
                    break
    horizon = ctl[HZ]
    ctl[HZ] = outer | horizon
    if use_tt:
        bound = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        tt_store(keys, info, vals, me, opp, p, depth, to_tt(best, ply), bound, best_move,
                 horizon, ctl[MASK], ctl[GEN])
    return best


@kernel
def root_window(me: np.uint64, opp: np.uint64, p: int, root_moves: Ints, full: Ints,
                depth: int, alpha: float, beta: float, ply: int, values: Floats,
                fctl: Floats, keys: Words, info: Ints, vals: Floats, ctl: Ints, pv: Ints, pvlen: Ints,
                mbuf: Ints, killers: Ints, history: Ints, tables: Ints, places: Ints,
                weights: Floats, edge: Ints, scale: Floats) -> float:
    """``_root_window``: the root's moves (``full[i]``: searched with the whole window) in
    (alpha, beta); each move's value into ``values``, the best line into ``pv[0]``. ``ply``
    is 1, passed in: a constant argument of the recursive ``negamax`` would be compiled as a
    type of its own, and a kernel so split cannot load from numba's disk cache."""
    whole = alpha == -INF and beta == INF
    best = -INF
    best_i = 0
    pv[0, 0] = root_moves[0]
    pvlen[0] = 1
    a = alpha
    root_exact = 1
    scouts = ctl[PVS]
    d = depth - 1
    for i in range(root_moves.shape[0]):
        m = root_moves[i]
        cme, copp = _play(me, opp, m)
        cto = 1 - p
        cmv = moves(cme, copp)
        cp = _mover(cme, copp, cto, cmv)
        lo, hi = a, beta
        v = 0.0
        scout = False
        if full[i]:
            lo, hi = -INF, INF
        elif i > 0 and scouts:
            hi = a + NULL_WIDTH
            scout = True
        for attempt in range(2):
            if cp >= 0 and d > 0:
                if cp == p:
                    v = negamax(cme, copp, cp, cmv, d, lo, hi, ply, keys, info, vals, ctl, pv,
                                pvlen, mbuf, killers, history, tables, places, weights, edge,
                                scale)
                else:
                    v = -negamax(cme, copp, cp, cmv, d, -hi, -lo, ply, keys, info, vals, ctl,
                                 pv, pvlen, mbuf, killers, history, tables, places, weights,
                                 edge, scale)
            else:
                v = leaf(cme, copp, cto, cmv, cp, p, ply, ctl, pvlen, tables, places, weights,
                         edge, scale)
            if ctl[STOP]:
                return 0.0
            if scout and attempt == 0 and a < v:
                hi = beta  # at the root a fail high is searched again too
                continue
            break
        if scout and v <= a:
            root_exact = 0
        values[i] = v
        ctl[ROOT_COUNT] = i + 1
        if v > best:
            best = v
            best_i = i
            n = pvlen[ply]
            pv[0, 0] = m
            for k in range(n):
                pv[0, k + 1] = pv[ply, k]
            pvlen[0] = n + 1
            if whole or (alpha < v and v < beta):
                fctl[ROOT_BEST_VALUE] = v
                ctl[ROOT_BEST] = m
        if v > a:
            a = v
        if a >= beta:
            root_exact = 0
            break
    ctl[ROOT_EXACT] = root_exact
    ctl[BEST_MOVE] = root_moves[best_i]
    if ctl[USE_TT] and (whole or (alpha < best and best < beta)):
        tt_store(keys, info, vals, me, opp, p, depth, best, EXACT, root_moves[best_i],
                 ctl[HZ], ctl[MASK], ctl[GEN])
    return best
