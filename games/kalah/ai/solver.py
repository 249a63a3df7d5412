"""Kalah solved exactly: the final margin with perfect play on both sides, for every move.

What is still to be won depends only on the seeds in the pits and on who moves (the stores
just add what is already banked), so every position's value is kept once per (pits, mover)
and the whole game below the position is solved by memoised negamax. That is exact for every
root move, which the levels' noise needs, and fast while few seeds are left in the pits: the
solver tries a position only up to ``POSITION_LIMIT`` positions or the deadline, and says
"beyond my reach" (None) otherwise, leaving the move to the search.

Small whole games (Kalah(3,3), Kalah(4,2), ...) are solved from the start the same way; the
tests compare them with a separately written solver and with alpha-beta searched to the end.

This solver is the reference and the Python path. Where numba runs, ``solve_kalah`` asks the
compiled solver first (games.kalah.ai.native_solve: MTD(f), a table, an endgame database),
which reaches much further; its values are this solver's (tests/test_kalah_native.py).
"""

from __future__ import annotations

import math
import sys
import time

from ai import native
from ai.api import Cancel, Result, SearchConfig, Stats
from ai.trace import Tracer, trace_root_values
from game.core import TERMINAL, State
from games.kalah.rules import KalahState

#: Most positions one solve may store (about a second of Python); more: beyond reach.
POSITION_LIMIT = 150_000
#: Check the clock and the cancel event this often (positions).
CHECK_EVERY = 2_048
#: Try a solve only when the seeds in the pits could lie in at most this many ways: the
#: memo's worst case. Kalah(6,4) is tried from ten seeds left, Kalah(3,3) from the start.
ARRANGEMENTS_LIMIT = 500_000


def within_reach(state: KalahState) -> bool:
    """Could the solver finish here? Not a promise (the deadline and the position limit have
    the last word), but a position beyond it is not worth the try."""
    pits = len(state.pits)
    return math.comb(sum(state.pits) + pits - 1, pits - 1) <= ARRANGEMENTS_LIMIT


class _Beyond(Exception):
    """The position needs more than the solver may spend."""


class KalahSolver:
    """One solve: the memo of (pits, mover) -> seeds still to be won, from the mover's view."""

    def __init__(self, limit: int = POSITION_LIMIT, deadline: float | None = None,
                 cancel: Cancel | None = None) -> None:
        self.limit = limit
        self.deadline = deadline
        self.cancel = cancel
        self.memo: dict[tuple[tuple[int, ...], int], int] = {}
        self._until_check = CHECK_EVERY

    def gain(self, state: KalahState, move: int) -> int:
        """What ``move`` wins from here to the end of the game with perfect play, in seeds,
        from the mover's view (the banked stores not counted)."""
        p = state.to_move
        child = state.apply(move)
        banked = (child.stores[p] - state.stores[p]) - (child.stores[1 - p] - state.stores[1 - p])
        if child.current_player() == TERMINAL:
            return banked
        rest = self.future(child)
        return banked + (rest if child.to_move == p else -rest)

    def future(self, state: KalahState) -> int:
        key = (state.pits, state.to_move)
        known = self.memo.get(key)
        if known is not None:
            return known
        self._until_check -= 1
        if not self._until_check:
            self._until_check = CHECK_EVERY
            self._check()
        best = max(self.gain(state, m) for m in state.legal_moves())
        self.memo[key] = best
        return best

    def _check(self) -> None:
        if len(self.memo) >= self.limit:
            raise _Beyond
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise _Beyond
        if self.cancel is not None and self.cancel.is_set():
            raise _Beyond

    def root_values(self, state: KalahState) -> tuple[tuple[int, int], ...] | None:
        """Each root move's exact final margin for the mover, or None beyond reach."""
        p = state.to_move
        banked = state.stores[p] - state.stores[1 - p]
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 10_000))
        try:
            return tuple((m, banked + self.gain(state, m)) for m in state.legal_moves())
        except _Beyond:
            return None
        finally:
            sys.setrecursionlimit(limit)


def solve_kalah(
    state: State, config: SearchConfig, cancel: Cancel | None, deadline: float | None,
    tracer: Tracer | None = None,
) -> Result | None:
    """The exact answer for ``state`` (Profile.solve_exactly), or None beyond reach: the
    compiled solver (games.kalah.ai.native_solve) where it is built and within its reach,
    else this module's memoised one. Both give every root move's exact margin."""
    assert isinstance(state, KalahState)
    start = time.perf_counter()
    answer = _native_values(state, deadline, cancel)
    if answer is None:
        if not within_reach(state):
            return None
        solver = KalahSolver(deadline=deadline, cancel=cancel)
        values = solver.root_values(state)
        if values is None:
            return None
        answer = values, len(solver.memo) + len(values)
    values, nodes = answer
    move, score = max(values, key=lambda mv: mv[1])
    seeds_left = sum(state.pits)
    stats = Stats(nodes=nodes, leaves=0, depth=seeds_left, time_s=time.perf_counter() - start)
    result = Result(move, float(score), seeds_left, True, (move,), stats,
                    tuple((m, float(v)) for m, v in values), root_values_exact=True)
    if tracer is not None:
        trace_root_values(tracer, state, result.depth, result.score, result.root_values,
                          result.pv)
    return result


def _native_values(state: KalahState, deadline: float | None, cancel: Cancel | None
                   ) -> tuple[tuple[tuple[int, int], ...], int] | None:
    """Every root move's margin and the nodes, from the compiled solver; None when it is
    off, not built yet (it builds meanwhile), beyond its reach here, or out of time."""
    if not native.enabled():
        return None
    # Imported on the first solve, not with the AI: numba's import is not the window's to pay.
    from games.kalah.ai import native_solve

    if sum(state.pits) > native_solve.reach(state.size):
        return None
    solver = native_solve.ready_solver(state.size, state.empty_capture)
    if solver is None:
        return None
    try:
        return solver.root_values(state, deadline, cancel)
    except native_solve.Stopped:
        return None
