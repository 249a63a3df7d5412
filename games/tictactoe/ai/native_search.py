"""Tic-tac-toe's alpha-beta as compiled kernels: ``ai.alphabeta``'s tree, node for node.

``games.tictactoe.ai.search`` runs the root in Python (its move order, the aspiration window,
the per-depth results) and hands each root window to ``root_window`` here when the kernels
are on and nothing traces. The kernels are ``AlphaBetaSearcher._root_window``, ``_child`` and
``_negamax`` line by line on the board as two 9-bit masks (X's marks, O's marks):

- a finished game: a line of three (one table lookup per mask) or no empty square; it scores
  ``WIN - ply`` for the parent mover's win, its negative for a loss, 0 for a draw, as
  ``Scoring.terminal`` does;
- the horizon: the open-lines evaluator (lines the opponent has left open for the mover minus
  the mover's for the opponent, ``TicTacToeEvaluator``) or zero (``zero_eval``), from the
  mover's view, negated for the parent;
- the table: ``ai.tt``'s two tiers in arrays, keyed by ``tt_key()`` (base 3 over the squares,
  then the side to move). A small int is its own hash in CPython, so the slot is the key
  masked, as in the Python table; ``info`` packs the rest of an entry (``pack``; 0: none);
- ``ctl``: the counters (nodes, leaves, cutoffs, table probes and hits), the horizon flag and
  the switches; the principal variations, the moves, the killers per ply and the history per
  player and square, as the Python searcher keeps them.

A whole solve takes well under a millisecond here, so nothing watches a clock inside.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ai.native import kernel
from ai.searchbase import WIN, WIN_MARGIN
from games.tictactoe.ai.evaluation import _OPEN_LINES
from games.tictactoe.rules import _BASE3, _HAS_LINE

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]

#: Plies a search reaches (``ai.searchbase.MAX_DEPTH`` + 2) and a node's moves at most.
PLIES = 66
MOVES = 9
TERMINAL = -2
EXACT, LOWER, UPPER = 0, 1, 2
INF = np.inf
NULL_WIDTH = 1e-9
#: Which evaluator scores the horizon: the open lines, or zero everywhere.
OPEN_LINES, ZERO = 0, 1
#: ``ctl`` slots.
(NODES, LEAVES, CUTOFFS, PROBES, HITS, HZ, GEN, MASK, USE_TT, ORDERING, PVS, KIND, ROOT_COUNT,
 ROOT_EXACT, BEST_MOVE) = range(15)
CTL_SLOTS = 15
FULL = 0x1FF
_WIN_NEAR = WIN - WIN_MARGIN
HAS_LINE = np.array(_HAS_LINE, dtype=np.int64)
BASE3 = np.array(_BASE3, dtype=np.int64)
OPEN = np.array(_OPEN_LINES, dtype=np.int64)


@kernel
def tt_key(x: int, o: int, to_move: int) -> int:
    """``TicTacToeState.tt_key()``: the table's key, and its slot before masking."""
    return (BASE3[x] + 2 * BASE3[o]) * 2 + to_move


@kernel
def pack(depth: int, bound: int, move: int, horizon: int, gen: int) -> int:
    """An entry's ``info`` word: used (bit 0), horizon, bound (2 bits), move (4 bits), depth
    (8 bits), then the generation."""
    return 1 | horizon << 1 | bound << 2 | move << 4 | depth << 8 | gen << 16


@kernel
def tt_probe(keys: Ints, info: Ints, key: int, mask: int) -> tuple[int, int]:
    """(slot, tier) of the key's entry (``TranspositionTable.probe``); tier -1: none."""
    i = key & mask
    for tier in range(2):
        if info[i, tier] != 0 and keys[i, tier] == key:
            return i, tier
    return i, -1


@kernel
def tt_store(keys: Ints, info: Ints, vals: Floats, key: int, depth: int, value: float,
             bound: int, move: int, horizon: int, mask: int, gen: int) -> None:
    """``TranspositionTable.store``: the deep tier unless it holds a deeper entry of another
    position from this generation; an entry the deep tier evicts moves to the other."""
    i = key & mask
    deep = info[i, 0]
    same = deep != 0 and keys[i, 0] == key
    tier = 0
    if deep == 0 or same or depth >= (deep >> 8) & 0xFF or deep >> 16 != gen:
        if deep != 0 and not same:
            keys[i, 1] = keys[i, 0]
            info[i, 1] = deep
            vals[i, 1] = vals[i, 0]
    else:
        tier = 1
    keys[i, tier] = key
    info[i, tier] = pack(depth, bound, move, horizon, gen)
    vals[i, tier] = value


@kernel
def mover(x: int, o: int, to_move: int) -> int:
    """``current_player()``: the side to move, or TERMINAL after a line or on a full board."""
    if HAS_LINE[x] or HAS_LINE[o] or (x | o) == FULL:
        return TERMINAL
    return to_move


@kernel
def leaf(x: int, o: int, cp: int, p: int, ply: int, ctl: Ints, pvlen: Ints) -> float:
    """``_child`` at the horizon or at a finished game: a counted node, scored in place."""
    ctl[NODES] += 1
    pvlen[ply] = 0
    ctl[LEAVES] += 1
    if cp >= 0:
        ctl[HZ] = 1
        if ctl[KIND] == ZERO:
            v = 0.0
        else:
            mine, theirs = (x, o) if cp == 0 else (o, x)
            v = np.float64(OPEN[theirs] - OPEN[mine])
        return v if cp == p else -v
    winner = 0 if HAS_LINE[x] else 1 if HAS_LINE[o] else -1
    if winner < 0:
        return 0.0
    return WIN - ply if winner == p else -(WIN - ply)


@kernel
def _order(row: Ints, count: int, hist: Ints, killers: Ints, tt_move: int) -> None:
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
def _play(x: int, o: int, p: int, m: int) -> tuple[int, int, int]:
    """The child's marks after ``p`` takes square ``m``, and its ``current_player()``."""
    if p == 0:
        x |= 1 << m
    else:
        o |= 1 << m
    return x, o, mover(x, o, 1 - p)


@kernel
def negamax(x: int, o: int, p: int, depth: int, alpha: float, beta: float, ply: int,
            keys: Ints, info: Ints, vals: Floats, ctl: Ints, pv: Ints, pvlen: Ints,
            mbuf: Ints, killers: Ints, history: Ints) -> float:
    """``_negamax``: a decision node with ``depth`` >= 1, valued from its mover ``p``'s view."""
    ctl[NODES] += 1
    pvlen[ply] = 0
    tt_move = -1
    outer = ctl[HZ]
    use_tt = ctl[USE_TT]
    key = tt_key(x, o, p)
    if use_tt:
        ctl[PROBES] += 1
        slot, tier = tt_probe(keys, info, key, ctl[MASK])
        if tier >= 0:
            ctl[HITS] += 1
            word = info[slot, tier]
            tt_move = (word >> 4) & 0xF
            if (word >> 8) & 0xFF == depth:
                v = vals[slot, tier]
                if v >= _WIN_NEAR:
                    v -= ply
                elif v <= -_WIN_NEAR:
                    v += ply
                bound = (word >> 2) & 3
                if bound == EXACT or (v >= beta if bound == LOWER else v <= alpha):
                    ctl[HZ] = outer | ((word >> 1) & 1)
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
    empty = ~(x | o) & FULL
    for sq in range(9):
        if empty >> sq & 1:
            mbuf[ply, count] = sq
            count += 1
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
        cx, co, cp = _play(x, o, p, m)
        lo, hi = a, beta
        if i > 0 and scouts:
            hi = a + NULL_WIDTH
        v = 0.0
        for attempt in range(2):
            if cp >= 0 and d > 0:
                v = -negamax(cx, co, cp, d, -hi, -lo, nply, keys, info, vals, ctl, pv, pvlen,
                             mbuf, killers, history)
            else:
                v = leaf(cx, co, cp, p, nply, ctl, pvlen)
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
        stored = best
        if best >= _WIN_NEAR:
            stored = best + ply
        elif best <= -_WIN_NEAR:
            stored = best - ply
        tt_store(keys, info, vals, key, depth, stored, bound, best_move, horizon, ctl[MASK],
                 ctl[GEN])
    return best


@kernel
def root_window(x: int, o: int, p: int, root_moves: Ints, full: Ints, depth: int,
                alpha: float, beta: float, ply: int, values: Floats, keys: Ints, info: Ints,
                vals: Floats, ctl: Ints, pv: Ints, pvlen: Ints, mbuf: Ints, killers: Ints,
                history: Ints) -> float:
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
        cx, co, cp = _play(x, o, p, m)
        lo, hi = a, beta
        scout = False
        if full[i]:
            lo, hi = -INF, INF
        elif i > 0 and scouts:
            hi = a + NULL_WIDTH
            scout = True
        v = 0.0
        for attempt in range(2):
            if cp >= 0 and d > 0:
                v = -negamax(cx, co, cp, d, -hi, -lo, ply, keys, info, vals, ctl, pv, pvlen,
                             mbuf, killers, history)
            else:
                v = leaf(cx, co, cp, p, ply, ctl, pvlen)
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
        if v > a:
            a = v
        if a >= beta:
            root_exact = 0
            break
    ctl[ROOT_EXACT] = root_exact
    ctl[BEST_MOVE] = root_moves[best_i]
    if ctl[USE_TT] and (whole or (alpha < best and best < beta)):
        tt_store(keys, info, vals, tt_key(x, o, p), depth, best, EXACT, root_moves[best_i],
                 ctl[HZ], ctl[MASK], ctl[GEN])
    return best
