"""Exact Othello endgame solver: perfect play and the final disc margin, on raw bitboards.

Near the end of an Othello game the whole tree is small enough to search to the last move, and
the result is exact rather than a heuristic guess. The solver follows the usual recipe of
endgame programs, scaled down to what pure Python can afford:

- first a win/loss/draw search with the window (-1, 1) (scores are always even, so this
  window decides the sign exactly), then the exact margin with a window on the known side;
- negamax alpha-beta, fail-soft, straight on two ints (no State objects in the inner loop);
- many empties: full move generation, moves ordered by the opponent's resulting mobility
  ("fastest first", corners preferred, transposition-table move first), and a transposition
  table of value bounds;
- few empties: no move generation at all, each empty square is tried directly, squares in
  regions with an odd number of empties first (parity ordering);
- the last empty square is scored without making the move.

The deadline and the cancel event are checked every couple of thousand nodes; when either
fires the result comes back promptly with ``complete=False``.
"""

from __future__ import annotations

import threading
import time
from typing import NamedTuple

from game.rules.othello import (
    FULL,
    NEIGHBOURS,
    PASS,
    OthelloState,
    final_margin_bb,
    flip_mask,
    generate_moves,
)

#: At or below this many empties: the parity-ordered search without move generation.
SMALL = 6
#: At or above this many empties the transposition table is used.
TT_MIN = 8
TT_MAX_ENTRIES = 400_000
CHECK_EVERY = 2048
WIN = 64

_CORNERS = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)
_QUADRANTS = (
    0x0F0F0F0F,
    0xF0F0F0F0,
    0x0F0F0F0F << 32,
    0xF0F0F0F0 << 32,
)
#: Static square preference for the shallow search: corners, then edges and the centre,
#: C squares, X squares last.
_SQUARE_VALUE = (
    9, 2, 7, 6, 6, 7, 2, 9,
    2, 0, 4, 4, 4, 4, 0, 2,
    7, 4, 5, 5, 5, 5, 4, 7,
    6, 4, 5, 5, 5, 5, 4, 6,
    6, 4, 5, 5, 5, 5, 4, 6,
    7, 4, 5, 5, 5, 5, 4, 7,
    2, 0, 4, 4, 4, 4, 0, 2,
    9, 2, 7, 6, 6, 7, 2, 9,
)  # fmt: skip
#: The squares grouped by preference, best group first, as bitmasks.
_TIERS = tuple(
    sum(1 << sq for sq in range(64) if _SQUARE_VALUE[sq] == value)
    for value in sorted(set(_SQUARE_VALUE), reverse=True)
)


class SolveResult(NamedTuple):
    #: Best move (a square, or PASS); None at a finished game or if nothing was solved.
    move: int | None
    #: Exact final disc difference for the mover with perfect play (empties to the winner).
    #: With ``want_margin=False`` only its sign is meaningful: -2, 0 or +2 stand for loss,
    #: draw, win. Meaningless when ``complete`` is False.
    margin: int
    nodes: int
    complete: bool
    #: (move, value) per root move. The best move's value is exact; the others are upper
    #: bounds (each was proven to be no better than the move chosen before it).
    root_values: tuple[tuple[int, int], ...]


class _Abort(Exception):
    pass


class _Solver:
    def __init__(self, cancel: threading.Event | None, deadline: float | None) -> None:
        self.cancel = cancel
        self.deadline = deadline
        self.nodes = 0
        self.next_check = CHECK_EVERY
        self.tt: dict[tuple[int, int], list[int]] = {}

    def check(self) -> None:
        self.next_check = self.nodes + CHECK_EVERY
        if self.cancel is not None and self.cancel.is_set():
            raise _Abort
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise _Abort

    # -- many empties: move generation, mobility ordering, transposition table ------------
    def deep(self, me: int, opp: int, alpha: int, beta: int, n: int, moves: int) -> int:
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.check()
        if not moves:
            opp_moves = generate_moves(opp, me)
            if not opp_moves:
                return final_margin_bb(me, opp)
            return -self.deep(opp, me, -beta, -alpha, n, opp_moves)

        entry = None
        tt_move = -1
        if n >= TT_MIN:
            key = (me, opp)
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi, tt_move = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
        alpha0 = alpha

        # Children ordered fastest-first: fewest replies for the opponent.
        children = []
        m = moves
        while m:
            bit = m & -m
            m ^= bit
            sq = bit.bit_length() - 1
            f = flip_mask(me, opp, sq)
            child_me = opp ^ f
            child_opp = me | f | bit
            reply = generate_moves(child_me, child_opp)
            order = reply.bit_count() * 16 + (reply & _CORNERS).bit_count() * 32
            if bit & _CORNERS:
                order -= 24
            if sq == tt_move:
                order = -1000
            children.append((order, sq, child_me, child_opp, reply))
        children.sort()

        best = -WIN - 1
        best_sq = -1
        n1 = n - 1
        for _, sq, child_me, child_opp, reply in children:
            if n1 > SMALL:
                v = -self.deep(child_me, child_opp, -beta, -alpha, n1, reply)
            else:
                v = -self.shallow(child_me, child_opp, -beta, -alpha, n1, False)
            if v > best:
                best = v
                best_sq = sq
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break

        if n >= TT_MIN:
            if entry is None:
                if len(self.tt) >= TT_MAX_ENTRIES:
                    self.tt.clear()
                entry = [-WIN, WIN, best_sq]
                self.tt[(me, opp)] = entry
            if best <= alpha0:
                entry[1] = min(entry[1], best)
            elif best >= beta:
                entry[0] = max(entry[0], best)
                entry[2] = best_sq
            else:
                entry[0] = entry[1] = best
                entry[2] = best_sq
        return best

    # -- few empties: no move generation, parity ordering ---------------------------------
    def shallow(self, me: int, opp: int, alpha: int, beta: int, n: int, passed: bool) -> int:
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.check()
        empty = ~(me | opp) & FULL
        if n == 1:
            return _last_square(me, opp, empty.bit_length() - 1)
        odd = 0
        for q in _QUADRANTS:
            if (empty & q).bit_count() & 1:
                odd |= q
        best = -WIN - 1
        n1 = n - 1
        for parity_class in (empty & odd, empty & ~odd):
            if not parity_class:
                continue
            for tier in _TIERS:
                x = parity_class & tier
                while x:
                    bit = x & -x
                    x ^= bit
                    sq = bit.bit_length() - 1
                    if not NEIGHBOURS[sq] & opp:
                        continue
                    f = flip_mask(me, opp, sq)
                    if not f:
                        continue
                    v = -self.shallow(opp ^ f, me | f | bit, -beta, -alpha, n1, False)
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                            if v >= beta:
                                return v
        if best > -WIN - 1:
            return best
        if passed:
            return final_margin_bb(me, opp)  # neither side can move
        return -self.shallow(opp, me, -beta, -alpha, n, True)


def _last_square(me: int, opp: int, sq: int) -> int:
    """Exact margin with one empty square left, without building the final position."""
    f = flip_mask(me, opp, sq)
    if f:
        flipped = f.bit_count()
        return 2 * (me.bit_count() + flipped) + 2 - 64
    f = flip_mask(opp, me, sq)
    if f:
        flipped = f.bit_count()
        return 64 - 2 * (opp.bit_count() + flipped + 1)
    return final_margin_bb(me, opp)


def solve(
    state: OthelloState,
    cancel: threading.Event | None = None,
    deadline: float | None = None,
    want_margin: bool = True,
) -> SolveResult:
    """Perfect play from ``state``: the best move and its exact margin for the mover.

    ``deadline`` is a ``time.monotonic()`` value. Stopped early (deadline or cancel), the
    result has ``complete=False`` and carries the best move of the last finished stage, if any.
    """
    if state.is_over():
        return SolveResult(None, final_margin_bb(state.me, state.opp), 0, True, ())
    solver = _Solver(cancel, deadline)
    me, opp = state.me, state.opp
    if state.must_pass():
        sub = _root(solver, opp, me, want_margin, negate=True)
        return sub._replace(move=PASS, root_values=((PASS, sub.margin),) if sub.complete else ())
    return _root(solver, me, opp, want_margin, negate=False)


def _root(solver: _Solver, me: int, opp: int, want_margin: bool, negate: bool) -> SolveResult:
    """Win/loss/draw first, then the exact margin on the side of zero the first stage found."""
    best_move: int | None = None
    values: tuple[tuple[int, int], ...] = ()
    try:
        v, best_move, values = _root_search(solver, me, opp, -1, 1)
        if want_margin and v != 0:
            if v > 0:
                v, best_move, values = _root_search(solver, me, opp, v - 1, WIN + 1)
            else:
                v, best_move, values = _root_search(solver, me, opp, -WIN - 1, v + 1)
        elif not want_margin:
            v = (v > 0) * 2 - (v < 0) * 2
    except _Abort:
        return SolveResult(best_move, 0, solver.nodes, False, ())
    return SolveResult(best_move, -v if negate else v, solver.nodes, True, values)


def _root_search(
    solver: _Solver, me: int, opp: int, alpha: int, beta: int
) -> tuple[int, int | None, tuple[tuple[int, int], ...]]:
    moves = generate_moves(me, opp)  # never empty: solve() plays a forced pass itself
    n = 64 - (me | opp).bit_count()
    children = []
    m = moves
    while m:
        bit = m & -m
        m ^= bit
        sq = bit.bit_length() - 1
        f = flip_mask(me, opp, sq)
        cm, co = opp ^ f, me | f | bit
        reply = generate_moves(cm, co)
        children.append((reply.bit_count() - 2 * bool(bit & _CORNERS), sq, cm, co, reply))
    children.sort()
    best = -WIN - 1
    best_sq = children[0][1]
    values = []
    for _, sq, cm, co, reply in children:
        if n - 1 > SMALL:
            v = -solver.deep(cm, co, -beta, -alpha, n - 1, reply)
        else:
            v = -solver.shallow(cm, co, -beta, -alpha, n - 1, False)
        values.append((sq, v))
        if v > best:
            best = v
            best_sq = sq
            if v > alpha:
                alpha = v
                if v >= beta:
                    break
    return best, best_sq, tuple(values)
