"""The exact solver's node search as compiled kernels: the Python search's tree, node for node.

``games.othello.ai.endgame`` keeps the root (its move ordering, the null-window probes, the
tracer) in Python and hands each root move's subtree to ``deep`` or ``shallow`` here when the
kernels are on and nothing traces. They are the Python solver's ``deep``, ``shallow`` and
``two`` line by line, on ``numpy.uint64`` boards (``native_bits``), so the compiled and the
traced search give the same values, best moves and node counts (tests/test_othello_native.py).

What the Python search keeps in objects lives here in arrays:

- the transposition table is an exact hash map (open addressing, linear probing) with the
  Python dict's behaviour: same keys, same entries, emptied at the same moment (a new position
  when it holds ``TT_MAX_ENTRIES``), an entry looked up before a search that empties the table
  updated in vain, like the dict's orphaned list. Emptying bumps a generation number instead of
  zeroing: a slot of an older generation counts as empty. Row: mover's board, opponent's board,
  ``generation << 24 | (lo + 64) << 16 | (hi + 64) << 8 | (move + 1)``;
- a node's children (boards, the opponent's replies, the square) and their order keys sit in
  one row per number of empties (a node's row is free again once it returns, and a pass keeps
  the count but builds no children first);
- ``stats`` counts ``deep``'s nodes, carries the table's generation and size, and the stop
  flag. ``shallow`` and ``two`` (most of the nodes) take no array at all: they return their
  node counts beside their values, which spares every call the arrays' bookkeeping (about a
  fifth of the solve's time).

Stopping: every ``deep`` node reads the stop flag on entry; once the caller (``native_search``,
watching the clock and the cancel event from another thread) raises it, the search unwinds at
once with a meaningless value that the caller discards (``complete=False``). A ``shallow``
subtree (7 empties at most) runs to its end first, well within a millisecond.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ai.native import kernel
from games.othello.ai.endgame_tables import (
    CORNER_MASK,
    ETC_MIN,
    QUADRANTS,
    SMALL,
    STABILITY_MIN_ALPHA,
    TIERS,
    TT_MAX_ENTRIES,
    TT_MIN,
    WIN,
)
from games.othello.ai.native_bits import (
    BYTE,
    ONE,
    U64,
    ZERO,
    Flag,
    Int,
    final_margin,
    flips,
    frontier,
    last_square,
    moves,
    popcount,
    stable_discs,
)

#: ``endgame_tables.fingerprint()`` of the numbers and tables these kernels read: numba's disk
#: cache keeps them only while this file is unchanged, so a change there must change this line.
TABLES_FINGERPRINT = "84a59743cd40d6c0"
Table = npt.NDArray[np.uint64]
Stats = npt.NDArray[np.int64]

#: ``stats`` slots: nodes searched, the stop flag, the table's generation and its size.
NODES, STOP, GEN, COUNT = 0, 1, 2, 3
TT_BITS = 21
#: Slots: twice the most entries the table holds, so probe chains stay short.
TT_SLOTS = 1 << TT_BITS
_HASH_SHIFT = 64 - TT_BITS
_HASH_ME = U64(0x9E3779B97F4A7C15)
_HASH_OPP = U64(0xC2B2AE3D27D4EB4F)
#: Children of one node (a move per square at most: any position the rules accept, played or
#: made up, fits; kernels do not check bounds) and rows (empties 0..64).
MAX_CHILDREN = 64
ROWS = 65
CORNERS64 = U64(CORNER_MASK)
#: Flags passed down as NumPy booleans: numba would compile a literal ``True`` or ``False``
#: argument as a type of its own, and a recursive kernel so split cannot load from its cache.
TRUE = np.bool_(True)
FALSE = np.bool_(False)
QUADRANTS64 = np.array(QUADRANTS, dtype=np.uint64)
TIERS64 = np.array(TIERS, dtype=np.uint64)


@kernel
def tt_find(tt: Table, gen: np.uint64, me: np.uint64, opp: np.uint64) -> Int:
    """The slot holding ``(me, opp)``, or ``-1 - slot`` for the slot where it would go."""
    i = np.int64(((me * _HASH_ME) ^ (opp * _HASH_OPP)) >> _HASH_SHIFT)
    while True:
        if tt[i, 2] >> 24 != gen:
            return -1 - i
        if tt[i, 0] == me and tt[i, 1] == opp:
            return i
        i = (i + 1) & (TT_SLOTS - 1)


@kernel
def tt_write(tt: Table, i: Int, me: np.uint64, opp: np.uint64, gen: np.uint64,
             lo: Int, hi: Int, move: Int) -> None:
    tt[i, 0] = me
    tt[i, 1] = opp
    tt[i, 2] = gen << 24 | U64(lo + 64) << 16 | U64(hi + 64) << 8 | U64(move + 1)


@kernel
def tt_lo(info: np.uint64) -> Int:
    return np.int64(info >> 16 & BYTE) - 64


@kernel
def tt_hi(info: np.uint64) -> Int:
    return np.int64(info >> 8 & BYTE) - 64


@kernel
def tt_move(info: np.uint64) -> Int:
    return np.int64(info & BYTE) - 1


@kernel
def two(me: np.uint64, opp: np.uint64, alpha: Int, beta: Int, empty: np.uint64,
        passed: Flag) -> tuple[Int, Int]:
    """Two empty squares: each tried in place, the other scored as the last square.
    (value, nodes counted here)."""
    a = empty & ~(empty - ONE)
    b = empty ^ a
    sq_a = popcount(a - ONE)
    sq_b = popcount(b - ONE)
    best = -WIN - 1
    nodes: Int = 0
    f = flips(me, opp, sq_a)
    if f:
        nodes += 1
        best = -last_square(opp ^ f, me | f | a, sq_b)
        if best >= beta:
            return best, nodes
    f = flips(me, opp, sq_b)
    if f:
        nodes += 1
        v = -last_square(opp ^ f, me | f | b, sq_a)
        if v > best:
            best = v
    if best > -WIN - 1:
        return best, nodes
    if passed:
        return final_margin(me, opp), nodes
    value, k = two(opp, me, -beta, -alpha, empty, TRUE)
    return -value, nodes + 1 + k


@kernel
def shallow(me: np.uint64, opp: np.uint64, alpha: Int, beta: Int, n: Int,
            passed: Flag) -> tuple[Int, Int]:
    """Few empties: no move generation, odd quadrants first, then the squares' tiers.
    (value, nodes): no arrays to pass from node to node, and no stop flag either; a
    subtree this small ends within a millisecond."""
    nodes: Int = 1
    empty = ~(me | opp)
    if n == 2:
        v, k = two(me, opp, alpha, beta, empty, passed)
        return v, nodes + k
    if n >= 4 and alpha >= STABILITY_MIN_ALPHA and 2 * popcount(opp) >= WIN - alpha:
        cap = WIN - 2 * popcount(stable_discs(opp, me))
        if cap <= alpha:
            return cap, nodes
    odd = ZERO
    for q in QUADRANTS64:
        if popcount(empty & q) & 1:
            odd |= q
    best: Int = -WIN - 1
    for parity in range(2):
        parity_class = empty & odd if parity == 0 else empty & ~odd
        if not parity_class:
            continue
        for tier in TIERS64:
            x = parity_class & tier
            while x:
                bit = x & ~(x - ONE)
                x ^= bit
                f = flips(me, opp, popcount(bit - ONE))
                if not f:
                    continue
                v, k = shallow(opp ^ f, me | f | bit, -beta, -alpha, n - 1, FALSE)
                v = -v
                nodes += k
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            return v, nodes
    if best > -WIN - 1:
        return best, nodes
    if passed:
        return final_margin(me, opp), nodes
    v, k = shallow(opp, me, -beta, -alpha, n, TRUE)
    return -v, nodes + k


@kernel
def _order(me: np.uint64, opp: np.uint64, mv: np.uint64, tt_sq: Int, n: Int,
           buf: Table, keys: Stats) -> int:
    """``_Solver.ordered_children`` into row ``n``: the children's boards, replies and squares,
    and keys ``order * 64 + index`` sorted (the index follows the square: the same ties)."""
    count = 0
    while mv:
        bit = mv & ~(mv - ONE)
        mv ^= bit
        sq = popcount(bit - ONE)
        f = flips(me, opp, sq)
        child_me = opp ^ f
        child_opp = me | f | bit
        reply = moves(child_me, child_opp)
        if sq == tt_sq:
            order = -1000
        else:
            order = popcount(reply) * 16 + popcount(reply & CORNERS64) * 32
            order += 8 * popcount(frontier(child_opp, child_me))
            if bit & CORNERS64:
                order -= 24
        buf[n, count, 0] = child_me
        buf[n, count, 1] = child_opp
        buf[n, count, 2] = reply
        buf[n, count, 3] = U64(sq)
        key = order * 64 + count
        j = count
        while j > 0 and keys[n, j - 1] > key:
            keys[n, j] = keys[n, j - 1]
            j -= 1
        keys[n, j] = key
        count += 1
    return count


@kernel
def deep(me: np.uint64, opp: np.uint64, alpha: Int, beta: Int, n: Int, mv: np.uint64,
         tt: Table, buf: Table, keys: Stats, stats: Stats) -> Int:
    """Many empties: ordered children, the table, enhanced transposition and stability
    cutoffs (``_Solver.deep``)."""
    if stats[STOP]:
        return 0
    stats[NODES] += 1
    if not mv:
        opp_mv = moves(opp, me)
        if not opp_mv:
            return final_margin(me, opp)
        return -deep(opp, me, -beta, -alpha, n, opp_mv, tt, buf, keys, stats)
    gen0 = stats[GEN]
    slot: Int = -1
    found = False
    tt_sq: Int = -1
    if n >= TT_MIN:
        slot = tt_find(tt, U64(gen0), me, opp)
        if slot >= 0:
            found = True
            info = tt[slot, 2]
            lo = tt_lo(info)
            hi = tt_hi(info)
            tt_sq = tt_move(info)
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
    # Stability cutoff: the opponent's unflippable discs cap what the mover can reach.
    if alpha >= STABILITY_MIN_ALPHA and 2 * popcount(opp) >= WIN - alpha:
        cap = WIN - 2 * popcount(stable_discs(opp, me))
        if cap <= alpha:
            return cap
        if cap < beta:
            beta = cap
    alpha0 = alpha
    count = _order(me, opp, mv, tt_sq, n, buf, keys)
    n1 = n - 1
    if n1 >= ETC_MIN:
        # Enhanced transposition cutoff: a child the table already proves good enough.
        gen = U64(gen0)
        for k in range(count):
            i = keys[n, k] & 63
            child = tt_find(tt, gen, buf[n, i, 0], buf[n, i, 1])
            if child >= 0 and -tt_hi(tt[child, 2]) >= beta:
                value = -tt_hi(tt[child, 2])
                sq = np.int64(buf[n, i, 3])
                if found:
                    info = tt[slot, 2]
                    tt_write(tt, slot, me, opp, gen, max(tt_lo(info), value), tt_hi(info), sq)
                else:
                    stats[COUNT] += 1
                    tt_write(tt, -1 - slot, me, opp, gen, max(-WIN, value), WIN, sq)
                return value

    best: Int = -WIN - 1
    best_sq: Int = -1
    for k in range(count):
        i = keys[n, k] & 63
        if n1 > SMALL:
            v = -deep(buf[n, i, 0], buf[n, i, 1], -beta, -alpha, n1, buf[n, i, 2],
                      tt, buf, keys, stats)
        else:
            v, nodes = shallow(buf[n, i, 0], buf[n, i, 1], -beta, -alpha, n1, FALSE)
            v = -v
            stats[NODES] += nodes
        if v > best:
            best = v
            best_sq = np.int64(buf[n, i, 3])
            if v > alpha:
                alpha = v
                if v >= beta:
                    break

    if n >= TT_MIN:
        if found:
            if stats[GEN] != gen0:
                return best  # the table was emptied meanwhile: the entry is gone
            info = tt[slot, 2]
            lo, hi, move = tt_lo(info), tt_hi(info), tt_move(info)
        else:
            if stats[COUNT] >= TT_MAX_ENTRIES:
                stats[GEN] += 1
                stats[COUNT] = 0
            slot = -1 - tt_find(tt, U64(stats[GEN]), me, opp)
            stats[COUNT] += 1
            lo, hi, move = -WIN, WIN, best_sq
        if best <= alpha0:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
            move = best_sq
        else:
            lo = hi = best
            move = best_sq
        tt_write(tt, slot, me, opp, U64(stats[GEN]), lo, hi, move)
    return best

