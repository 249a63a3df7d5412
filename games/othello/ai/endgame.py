"""Exact Othello endgame solver: perfect play and the final disc margin, on raw bitboards.

One file, longer than most: the probes, the node search, its move ordering and its cutoffs
share the solver's hot loop and its local tables, and splitting them would cost the calls that
the inner loop avoids.

Near the end of an Othello game the whole tree is small enough to search to the last move, and
the result is exact rather than a heuristic guess. Margins follow the world-championship rule
(empty squares of a finished game go to the winner), as ``games.othello.rules`` scores them.
The solver follows the usual recipe of endgame programs, scaled to what pure Python affords:

- the root runs null-window probes only: win/loss/draw first (window (-1, 1); scores are
  even, so this decides the sign), then one probe per step of two discs towards the answer,
  starting from the fail-soft bound the last probe proved (an MTD-style search). Narrow
  windows cut far more than one wide exact search, and the transposition table carries what
  each probe learnt into the next;
- negamax alpha-beta, fail-soft, straight on two ints (no State objects in the inner loop);
- many empties: full move generation, moves ordered fastest-first (fewest replies for the
  opponent, corners preferred, fewest empty squares next to the mover's discs) with the
  table's move first; a transposition table of value bounds, also probed for every child
  before any is searched (enhanced transposition cutoffs);
- stability cutoffs: the opponent's discs that can never flip again (corner-anchored edge
  runs and full lines, grown to their neighbours) cap the mover's best margin; where the
  window asks for more, the node fails low at once;
- few empties (7 or fewer): no move generation, each empty square is tried directly, squares in
  quadrants with an odd number of empties first (parity ordering);
- two empties: both squares tried in place, the last square scored without making the move;
- the root's moves ordered by a short alpha-beta search with the hand-made evaluator (2 plies,
  4 from 18 empties): a wrong first move at the root costs a whole proof per probe.

Compiled: where nothing traces and the kernels are on (``ai.native``), the root stays here and
each root move's subtree is searched by the same ``deep``, ``shallow`` and ``two`` written as
numba kernels (``native_endgame``; thresholds and tables shared through ``endgame_tables``):
the same values, moves and node counts, at some 70 times the speed. Measured with ``python
main.py bench endgame`` (FFO #40, 20 empties, +38 by a2, 12.4 M nodes): about 2 s compiled,
36 s in Python on a quiet machine (178 s on a loaded one); see docs/speed.md.

The deadline and the cancel event are checked every couple of thousand nodes (compiled: by a
thread that watches them and raises the kernels' stop flag); when either fires the result
comes back promptly with ``complete=False``.

Given a tracer (ai.trace), the solver reports its proof to the lab: each probe of the root is a
pass, every node with its window and value, cutoffs (the stability cap and the enhanced
transposition cutoff skip all of a node's moves), table hits, passes as moves, and the last
square scored in place as a leaf. Traced, ``deep``, ``shallow`` and ``two`` are wrapped on the
instance; untraced, they run as written.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from types import ModuleType
from typing import NamedTuple

from ai import native
from ai.api import Cancel
from ai.trace import Tracer
from games.othello.ai.endgame_tables import (
    CHECK_EVERY,
    CORNER_MASK,
    DIAG7,
    DIAG9,
    EDGE,
    ETC_MIN,
    FILE_A,
    FILE_H,
    NOT_A,
    NOT_H,
    QUADRANTS,
    RANK_1,
    RANK_8,
    SMALL,
    STABILITY_MIN_ALPHA,
    TIERS,
    TT_MAX_ENTRIES,
    TT_MIN,
    WIN,
    edge_runs,
)
from games.othello.ai.evaluation import evaluate_bb
from games.othello.rules import (
    FULL,
    NEIGHBOURS,
    PASS,
    OthelloState,
    final_margin_bb,
    flip_mask,
    generate_moves,
)

#: Plies of the midgame search that orders the root's moves.
ROOT_ORDER_DEPTH = 2
#: From this many empties the proof is long enough to afford a deeper ordering search.
ROOT_ORDER_DEEP_EMPTIES = 18
ROOT_ORDER_DEPTH_DEEP = 4

_EDGE_RUNS = edge_runs()
_GATHER = 0x0102040810204080  # collects a file's 8 bits into the top byte


def _file_byte(x: int, shift: int) -> int:
    return (((x >> shift) & FILE_A) * _GATHER >> 56) & 0xFF


def _spread_file(byte: int, shift: int) -> int:
    out = 0
    while byte:
        b = byte & -byte
        byte ^= b
        out |= 1 << ((b.bit_length() - 1) * 8 + shift)
    return out


def stable_discs(p: int, o: int) -> int:
    """A subset of ``p``'s discs that can never be flipped again (a sound lower bound).

    Seeds: corner-anchored edge runs and discs whose four lines are all full; then grown: a
    disc is stable when along each of its four lines the line is full, or it touches the
    board's edge, or a stable disc of its own colour next to it along that line.
    """
    t = _EDGE_RUNS
    stable = t[(p & 0xFF) << 8 | (o & 0xFF)] | t[(p >> 56) << 8 | (o >> 56)] << 56
    stable |= _spread_file(t[_file_byte(p, 0) << 8 | _file_byte(o, 0)], 0)
    stable |= _spread_file(t[_file_byte(p, 7) << 8 | _file_byte(o, 7)], 7)
    occ = p | o
    full_h = 0
    row = 0xFF
    for _ in range(8):
        if occ & row == row:
            full_h |= row
        row <<= 8
    v = occ & (occ >> 8)
    v &= v >> 16
    v &= v >> 32
    full_v = (v & 0xFF) * FILE_A
    full_9 = 0
    for d in DIAG9:
        if occ & d == d:
            full_9 |= d
    full_7 = 0
    for d in DIAG7:
        if occ & d == d:
            full_7 |= d
    stable |= p & full_h & full_v & full_9 & full_7
    free_h = full_h | FILE_A | FILE_H
    free_v = full_v | RANK_1 | RANK_8
    free_9 = full_9 | EDGE
    free_7 = full_7 | EDGE
    candidates = p & ~stable
    while True:
        grow = (
            candidates
            & (free_h | (stable << 1 & NOT_A) | (stable >> 1 & NOT_H))
            & (free_v | stable << 8 | stable >> 8)
            & (free_9 | (stable << 9 & NOT_A) | (stable >> 9 & NOT_H))
            & (free_7 | (stable << 7 & NOT_H) | (stable >> 7 & NOT_A))
        )
        if not grow:
            return stable
        stable |= grow
        candidates ^= grow


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
    #: bounds (each was proven to be no better than the best move).
    root_values: tuple[tuple[int, int], ...]


class _Abort(Exception):
    pass


def _frontier(me: int, opp: int) -> int:
    """Empty squares next to ``me``'s discs: where the opponent may later get moves."""
    empty = ~(me | opp) & FULL
    east = (me << 1 | me << 9 | me >> 7) & NOT_A
    west = (me >> 1 | me >> 9 | me << 7) & NOT_H
    return (east | west | me << 8 | me >> 8) & empty


def _squares(moves: int) -> list[int]:
    out = []
    while moves:
        bit = moves & -moves
        moves ^= bit
        out.append(bit.bit_length() - 1)
    return out


class _Solver:
    def __init__(self, cancel: Cancel | None, deadline: float | None,
                 tracer: Tracer | None = None, colour: int = 0) -> None:
        self.cancel = cancel
        self.deadline = deadline
        self.nodes = 0
        self.next_check = CHECK_EVERY
        self.tt: dict[tuple[int, int], list[int]] = {}
        self.tracer = tracer
        if tracer is not None:
            #: The colour to move at each open node (every call below flips it).
            self.colours = [colour]
            # Instance attributes shadow the methods: no per-node test for the tracer.
            self.deep = self._traced(type(self).deep)  # type: ignore[method-assign]
            self.shallow = self._traced(type(self).shallow)  # type: ignore[method-assign]

    def _traced(self, method: Callable[..., int]) -> Callable[..., int]:
        """``method`` reporting its node: entered with the mover's window, left with its
        value (both from the mover's side)."""
        tracer = self.tracer
        assert tracer is not None

        def traced(me: int, opp: int, alpha: int, beta: int, n: int, *rest: object) -> int:
            colour = self.colours[-1] ^ 1  # a child, or the same squares after a pass
            state = OthelloState(me, opp, colour)
            tracer.enter(state, colour, n, alpha, beta)
            self.colours.append(colour)
            try:
                v = method(self, me, opp, alpha, beta, n, *rest)
            finally:
                self.colours.pop()
            tracer.leave(v)
            return v

        return traced

    def trace_edge(self, move: int) -> None:
        if self.tracer is not None:
            self.tracer.edge(move)

    def check(self) -> None:
        self.next_check = self.nodes + CHECK_EVERY
        if self.cancel is not None and self.cancel.is_set():
            raise _Abort
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise _Abort

    def ordered_children(
        self, me: int, opp: int, moves: int, tt_move: int
    ) -> list[tuple[int, int, int, int, int]]:
        """(order, square, child mover, child opponent, child's moves), best first."""
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
            if sq == tt_move:
                order = -1000
            else:
                order = reply.bit_count() * 16 + (reply & CORNER_MASK).bit_count() * 32
                order += 8 * _frontier(child_opp, child_me).bit_count()
                if bit & CORNER_MASK:
                    order -= 24
            children.append((order, sq, child_me, child_opp, reply))
        children.sort()
        return children

    def order_value(
        self, me: int, opp: int, depth: int, alpha: float = -1e9, beta: float = 1e9
    ) -> float:
        """Alpha-beta with the hand-made evaluator, for the root's move order only (mover's
        view). Its nodes count, and the cancel event and the deadline stop it too."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.check()
        moves = generate_moves(me, opp)
        if not moves:
            if not generate_moves(opp, me):
                return 10.0 * final_margin_bb(me, opp)
            return -self.order_value(opp, me, depth, -beta, -alpha)
        if depth == 0:
            return evaluate_bb(me, opp, moves)
        best = -1e9
        while moves:
            bit = moves & -moves
            moves ^= bit
            f = flip_mask(me, opp, bit.bit_length() - 1)
            v = -self.order_value(opp ^ f, me | f | bit, depth - 1, -beta, -alpha)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        return best

    # -- many empties: move generation, mobility ordering, transposition table ------------
    def deep(self, me: int, opp: int, alpha: int, beta: int, n: int, moves: int) -> int:
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.check()
        tracer = self.tracer
        if not moves:
            opp_moves = generate_moves(opp, me)
            if not opp_moves:
                return final_margin_bb(me, opp)
            self.trace_edge(PASS)
            return -self.deep(opp, me, -beta, -alpha, n, opp_moves)

        entry = None
        tt_move = -1
        if n >= TT_MIN:
            entry = self.tt.get((me, opp))
            if entry is not None:
                lo, hi, tt_move = entry
                if lo >= beta or hi <= alpha or lo == hi:
                    if tracer is not None:
                        tracer.table_hit()
                    return lo if lo >= beta or lo == hi else hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
        # Stability cutoff: the opponent's unflippable discs cap what the mover can reach.
        if alpha >= STABILITY_MIN_ALPHA and 2 * opp.bit_count() >= WIN - alpha:
            cap = WIN - 2 * stable_discs(opp, me).bit_count()
            if cap <= alpha:
                if tracer is not None:  # stable discs prove no move can reach alpha
                    tracer.cutoff(_squares(moves))
                return cap
            if cap < beta:
                beta = cap
        alpha0 = alpha

        best = -WIN - 1
        best_sq = -1
        n1 = n - 1
        children = self.ordered_children(me, opp, moves, tt_move)
        if n1 >= ETC_MIN:
            # Enhanced transposition cutoff: a child the table already proves good enough.
            tt = self.tt
            for _, sq, child_me, child_opp, _ in children:
                child = tt.get((child_me, child_opp))
                if child is not None and -child[1] >= beta:
                    if entry is None:
                        entry = [-WIN, WIN, sq]
                        tt[(me, opp)] = entry
                    entry[0] = max(entry[0], -child[1])
                    entry[2] = sq
                    if tracer is not None:
                        tracer.table_hit()
                    return -child[1]
        for i, (_, sq, child_me, child_opp, reply) in enumerate(children):
            if tracer is not None:
                tracer.edge(sq)
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
                        if tracer is not None:
                            tracer.cutoff([c[1] for c in children[i + 1:]])
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
        if n == 2:
            return self.two(me, opp, alpha, beta, empty, passed)
        if n >= 4 and alpha >= STABILITY_MIN_ALPHA and 2 * opp.bit_count() >= WIN - alpha:
            cap = WIN - 2 * stable_discs(opp, me).bit_count()
            if cap <= alpha:
                if self.tracer is not None:  # no move list here: the skipped ones are unnamed
                    self.tracer.cutoff(())
                return cap
        odd = 0
        for q in QUADRANTS:
            if (empty & q).bit_count() & 1:
                odd |= q
        best = -WIN - 1
        n1 = n - 1
        for parity_class in (empty & odd, empty & ~odd):
            if not parity_class:
                continue
            for tier in TIERS:
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
                    self.trace_edge(sq)
                    v = -self.shallow(opp ^ f, me | f | bit, -beta, -alpha, n1, False)
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                            if v >= beta:
                                if self.tracer is not None:
                                    self.tracer.cutoff(())
                                return v
        if best > -WIN - 1:
            return best
        if passed:
            return final_margin_bb(me, opp)  # neither side can move
        self.trace_edge(PASS)
        return -self.shallow(opp, me, -beta, -alpha, n, True)

    def two(self, me: int, opp: int, alpha: int, beta: int, empty: int, passed: bool) -> int:
        """Two empty squares: each tried in place, the other scored as the last square."""
        a = empty & -empty
        b = empty ^ a
        sq_a = a.bit_length() - 1
        sq_b = b.bit_length() - 1
        best = -WIN - 1
        if NEIGHBOURS[sq_a] & opp:
            f = flip_mask(me, opp, sq_a)
            if f:
                self.nodes += 1
                best = -_last_square(opp ^ f, me | f | a, sq_b)
                if self.tracer is not None:
                    self._trace_last_square(opp ^ f, me | f | a, sq_a, -best)
                if best >= beta:
                    if self.tracer is not None:
                        legal = NEIGHBOURS[sq_b] & opp and flip_mask(me, opp, sq_b)
                        self.tracer.cutoff([sq_b] if legal else [])
                    return best
        if NEIGHBOURS[sq_b] & opp:
            f = flip_mask(me, opp, sq_b)
            if f:
                self.nodes += 1
                v = -_last_square(opp ^ f, me | f | b, sq_a)
                if self.tracer is not None:
                    self._trace_last_square(opp ^ f, me | f | b, sq_b, -v)
                if v > best:
                    best = v
        if best > -WIN - 1:
            return best
        if passed:
            return final_margin_bb(me, opp)
        self.nodes += 1
        tracer = self.tracer
        if tracer is None:
            return -self.two(opp, me, -beta, -alpha, empty, True)
        colour = self.colours[-1] ^ 1  # the pass, traced as a node of its own
        tracer.edge(PASS)
        tracer.enter(OthelloState(opp, me, colour), colour, 2, -beta, -alpha)
        self.colours.append(colour)
        v = self.two(opp, me, -beta, -alpha, empty, True)
        self.colours.pop()
        tracer.leave(v)
        return -v

    def _trace_last_square(self, me: int, opp: int, move: int, value: int) -> None:
        """A move into one of the last two squares, scored in place (exact: the last square
        plays itself) as a leaf of the traced proof."""
        tracer = self.tracer
        assert tracer is not None
        colour = self.colours[-1] ^ 1
        tracer.edge(move)
        tracer.enter(OthelloState(me, opp, colour), colour, 0, -WIN - 1, WIN + 1)
        tracer.leave(value)


def _native_search() -> ModuleType:
    """The compiled kernels' driver, imported on the first solve rather than with the AI:
    numba's import costs about half a second, which a window's start should not pay."""
    from games.othello.ai import native_search

    return native_search


#: The compiled endgame's kernels as this process has them (ai.native.KernelSet).
KERNELS = native.KernelSet("othello-endgame", "games.othello.ai.native_search")


def kernels_ready() -> bool:
    """True when an untraced solve would search on the compiled kernels now (compiled and
    warmed up in this process); the first call starts their warm-up in the background."""
    return native.enabled() and KERNELS.ready()


class _NativeSolver(_Solver):
    """The root's work in Python (ordering, probes); each root move's subtree searched by the
    compiled kernels, which walk ``deep``'s and ``shallow``'s tree node for node."""

    def __init__(self, cancel: Cancel | None, deadline: float | None) -> None:
        super().__init__(cancel, deadline)
        self.native = _native_search().NativeSearch()
        self.stop = None if cancel is None and deadline is None else self.stopped

    def stopped(self) -> bool:
        if self.cancel is not None and self.cancel.is_set():
            return True
        return self.deadline is not None and time.monotonic() >= self.deadline

    def deep(self, me: int, opp: int, alpha: int, beta: int, n: int, moves: int) -> int:
        if self.nodes >= self.next_check:
            self.check()
        return self._done(self.native.deep(me, opp, alpha, beta, n, moves, self.nodes,
                                           self.stop))

    def shallow(self, me: int, opp: int, alpha: int, beta: int, n: int, passed: bool) -> int:
        if self.nodes >= self.next_check:
            self.check()
        return self._done(self.native.shallow(me, opp, alpha, beta, n, passed, self.nodes,
                                              self.stop))

    def _done(self, searched: tuple[int, int] | None) -> int:
        if searched is None:
            raise _Abort
        value, self.nodes = searched
        return value


def _last_square(me: int, opp: int, sq: int) -> int:
    """Exact margin with one empty square left, without building the final position."""
    f = flip_mask(me, opp, sq)
    if f:
        return 2 * (me.bit_count() + f.bit_count()) + 2 - 64
    f = flip_mask(opp, me, sq)
    if f:
        return 64 - 2 * (opp.bit_count() + f.bit_count() + 1)
    return final_margin_bb(me, opp)


def solve(
    state: OthelloState,
    cancel: Cancel | None = None,
    deadline: float | None = None,
    want_margin: bool = True,
    tracer: Tracer | None = None,
    kernels: bool | None = None,
) -> SolveResult:
    """Perfect play from ``state``: the best move and its exact margin for the mover.

    ``deadline`` is a ``time.monotonic()`` value. Stopped early (deadline or cancel), the
    result has ``complete=False`` and carries the best move of the last finished stage, if any.
    ``kernels``: search below the root with the kernels (``native_endgame``: the same tree),
    or in Python; by default with them when they are compiled and ready (the first solve of a
    process starts their warm-up in the background and searches in Python) and nothing
    traces.
    """
    if state.is_over():
        return SolveResult(None, final_margin_bb(state.me, state.opp), 0, True, ())
    me, opp = state.me, state.opp
    traced = tracer is not None and not state.must_pass()
    if kernels is None:
        kernels = not traced and kernels_ready()
    solver = _NativeSolver(cancel, deadline) if kernels else _Solver(cancel, deadline)
    if traced:
        solver = _Solver(cancel, deadline, tracer, state.to_move)
    if state.must_pass():
        sub = _root(solver, opp, me, want_margin, negate=True)
        return sub._replace(move=PASS, root_values=((PASS, sub.margin),) if sub.complete else ())
    return _root(solver, me, opp, want_margin, negate=False)


class _Root:
    """The root's children, searched once per probe, and what the probes proved about each."""

    def __init__(self, solver: _Solver, me: int, opp: int) -> None:
        self.solver = solver
        self.me, self.opp = me, opp
        self.n = 64 - (me | opp).bit_count()
        children = solver.ordered_children(me, opp, generate_moves(me, opp), -1)
        # Fastest-first is a poor guide at the root, where a wrong first move costs a whole
        # proof per probe: order by a short midgame search instead (a few ms).
        depth = ROOT_ORDER_DEPTH_DEEP if self.n >= ROOT_ORDER_DEEP_EMPTIES else ROOT_ORDER_DEPTH
        scored = [(solver.order_value(c[2], c[3], depth), c) for c in children]
        scored.sort(key=lambda vc: vc[0])
        self.children = [c for _, c in scored]
        self.upper = {sq: WIN for _, sq, _, _, _ in self.children}
        self.best_move = self.children[0][1]

    def probe(self, alpha: int, beta: int) -> int:
        """Fail-soft value of the root in the window; the move that did best goes first next."""
        solver = self.solver
        tracer = solver.tracer
        if tracer is None:
            return self._probe(alpha, beta)
        # Traced, each probe is a pass: the root entered, its moves, its value.
        colour = solver.colours[0]
        tracer.iteration(self.n)
        tracer.enter(OthelloState(self.me, self.opp, colour), colour, self.n, alpha, beta)
        tracer.root_window([c[1] for c in self.children], alpha, beta)
        v = self._probe(alpha, beta)
        tracer.leave(v)
        tracer.pass_done((self.best_move,))
        return v

    def _probe(self, alpha: int, beta: int) -> int:
        solver = self.solver
        tracer = solver.tracer
        best = -WIN - 1
        best_index = 0
        proven = 0
        for index, (_, sq, cm, co, reply) in enumerate(self.children):
            if self.upper[sq] <= alpha:
                # An earlier probe proved this move fails here; its bound still counts.
                proven += 1
                if self.upper[sq] > best:
                    best = self.upper[sq]
                    best_index = index
                continue
            if tracer is not None:
                tracer.edge(sq)
            if self.n - 1 > SMALL:
                v = -solver.deep(cm, co, -beta, -alpha, self.n - 1, reply)
            else:
                v = -solver.shallow(cm, co, -beta, -alpha, self.n - 1, False)
            if v <= alpha:
                self.upper[sq] = min(self.upper[sq], v)
            if v > best:
                best = v
                best_index = index
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        if tracer is not None:
                            tracer.cutoff([c[1] for c in self.children[index + 1:]])
                        break
        if tracer is not None and proven:
            # Moves an earlier probe already proved too weak for this window: not searched.
            tracer.filtered(len(self.children) - proven, len(self.children), 0)
        self.best_move = self.children[best_index][1]
        if best_index:
            self.children.insert(0, self.children.pop(best_index))
        return best


def _root(solver: _Solver, me: int, opp: int, want_margin: bool, negate: bool) -> SolveResult:
    """Win/loss/draw first, then null-window steps of two discs towards the exact margin."""
    best_move: int | None = None
    try:
        root = _Root(solver, me, opp)
        v = root.probe(-1, 1)
        best_move = root.best_move
        if not want_margin:
            v = (v > 0) * 2 - (v < 0) * 2
        elif v > 0:  # a win of at least v: climb while "at least v + 2" holds
            while v < WIN:
                r = root.probe(v + 1, v + 2)
                if r <= v + 1:
                    break
                v = r
                best_move = root.best_move
        elif v < 0:  # a loss of at least |v|: descend while "at most v - 2" holds
            while v > -WIN:
                r = root.probe(v - 2, v - 1)
                if r >= v - 1:
                    break
                v = r
            best_move = root.best_move
    except _Abort:
        return SolveResult(best_move, 0, solver.nodes, False, ())
    values = tuple(
        (sq, v if sq == best_move else min(root.upper[sq], v)) for _, sq, _, _, _ in root.children
    )
    return SolveResult(best_move, -v if negate else v, solver.nodes, True, values)
