"""Othello's exact answer: the endgame solver (games.othello.ai.endgame) once the empties fit
the time budget; the score is the exact final disc margin for the mover.

A few empties further, on the compiled kernels, a level with time to spare asks the solver
only who wins (win/loss/draw: one null-window probe, several times cheaper than the margin).
A proved win is played and scored ``WLD_WIN`` (a win score: the profile reads it as a win
whose margin was not searched); a proved draw is a draw (0, exact); a proved loss leaves the
move to the search, whose estimate is the best chance against an opponent who may err."""

from __future__ import annotations

import time
from typing import cast

from ai.api import Cancel, Result, SearchConfig, Stats
from ai.searchbase import WIN
from ai.trace import Tracer, trace_root_values
from game.core import State
from games.othello.ai import endgame as othello_endgame
from games.othello.rules import OthelloState, final_margin

#: Othello: most empties solved exactly, by time budget (seconds). games.othello.ai.endgame needs
#: a median 0.11 s at 14 empties and 0.47 s at 16 (worst of 12: 0.47 s / 2.8 s), 4.3 s at 18
#: (CPU time on self-play positions); a solve gets 60% of the move's time before the search
#: takes over. With no time limit (depth-only searches) 14.
OTHELLO_EXACT_EMPTIES: tuple[tuple[float, int], ...] = ((0.25, 12), (1.0, 14), (2.0, 16))
#: The same on the compiled kernels, where a move of two seconds or more reaches 18 empties:
#: a median 0.57 s there (0.68 s at the 90th percentile, 2.0 s at worst; 12 positions from
#: Advanced's self-play, with a match on both cores), against 2.1 s at 20. The budgets below
#: two seconds keep the Python figures, so Advanced plays as before on either path.
OTHELLO_EXACT_EMPTIES_COMPILED: tuple[tuple[float, int], ...] = ((0.25, 12), (1.0, 14),
                                                                 (2.0, 18))
OTHELLO_EXACT_NO_TIME = 14
#: Win/loss/draw proofs past the exact reach, on the compiled kernels only (most empties by
#: budget): a median 0.43 s at 20 empties (1.16 s at the 90th percentile) and 0.49 s at 22
#: (4.6 s), ``bench solve --games othello`` with a match on both cores. A proof that misses
#: its share of the move leaves the rest of the move to the search.
OTHELLO_WLD_EMPTIES_COMPILED: tuple[tuple[float, int], ...] = ((2.0, 20), (4.0, 22))
#: A proved win whose margin was not searched: a win score (ai.searchbase.is_win_score), so
#: nothing reads it as a number of discs.
WLD_WIN = WIN - 64


def _othello_limit(time_s: float | None, compiled: bool) -> int:
    """The most empties solved exactly in a move of ``time_s`` seconds, on the compiled
    kernels or in Python: a solve that cannot finish in its share of the move would only take
    that share from the search."""
    if time_s is None:
        return OTHELLO_EXACT_NO_TIME
    return _reach(time_s, OTHELLO_EXACT_EMPTIES_COMPILED if compiled else OTHELLO_EXACT_EMPTIES)


def _wld_limit(time_s: float | None) -> int:
    """The most empties a move of ``time_s`` seconds proves win/loss/draw on the kernels."""
    return 0 if time_s is None else _reach(time_s, OTHELLO_WLD_EMPTIES_COMPILED)


def _reach(time_s: float, table: tuple[tuple[float, int], ...]) -> int:
    limit = 0
    for budget, empties in table:
        if time_s >= budget:
            limit = empties
    return limit


#: Exact values of *every* root move (the "Values" display, noisy levels) cost one solve per
#: move, so they are solved only up to this many empties; beyond it the normal search values
#: every move instead.
OTHELLO_EXACT_ALL_EMPTIES = 12


def solve_othello(
    state: State, config: SearchConfig, cancel: Cancel | None, deadline: float | None,
    tracer: Tracer | None = None,
) -> Result | None:
    # The profile's solver is only asked about its own game's positions: Othello's.
    return _solve_othello(cast(OthelloState, state), config, cancel, deadline, tracer)


def _solve_othello(
    state: OthelloState, config: SearchConfig, cancel: Cancel | None,
    deadline: float | None, tracer: Tracer | None,
) -> Result | None:
    empties = state.empties
    time_s = config.limits.time_s
    exact_all = config.exact_root_values or config.noise > 0
    if empties > _othello_limit(time_s, compiled=False) and (
            empties > max(_othello_limit(time_s, compiled=True), _wld_limit(time_s))
            or tracer is not None or not othello_endgame.kernels_ready()):
        # Beyond Python's reach, and not a solve the kernels will run: a traced one (the
        # lab) runs in Python, as does any before the kernels are in. The kernels are asked
        # about last, only within their reach: the question may import numba.
        return None
    if empties > _othello_limit(time_s, compiled=True):
        return None if exact_all else _prove_winner(state, cancel, deadline)
    if exact_all and empties > OTHELLO_EXACT_ALL_EMPTIES:
        return None
    start = time.perf_counter()
    # A position whose mover must pass is solved from the opponent's side: traced as an
    # answer (ai.trace.trace_root_values); any other, node by node.
    traced = tracer if tracer is not None and not state.must_pass() else None
    solved = othello_endgame.solve(state, cancel=cancel, deadline=deadline, want_margin=True,
                                   tracer=traced)
    if not solved.complete or solved.move is None:
        return None
    nodes = solved.nodes
    values = tuple((m, float(v)) for m, v in solved.root_values)
    if exact_all and len(values) > 1:
        exact: list[tuple[int, float]] = []
        mover = state.current_player()
        for m, _ in values:
            child = state.apply(m)
            if child.current_player() < 0:  # the move ends the game
                exact.append((m, float(final_margin(child, mover))))
                continue
            reply = othello_endgame.solve(child, cancel=cancel, deadline=deadline)
            if not reply.complete:
                return None
            nodes += reply.nodes
            sign = 1.0 if child.current_player() == mover else -1.0
            exact.append((m, sign * reply.margin))
        values = tuple(exact)
    elapsed = time.perf_counter() - start
    stats = Stats(nodes=nodes, depth=empties, time_s=elapsed)
    if tracer is not None and traced is None:
        trace_root_values(tracer, state, empties, float(solved.margin), values, (solved.move,))
    return Result(
        solved.move,
        float(solved.margin),
        empties,
        True,
        (solved.move,),
        stats,
        values,
        root_values_exact=exact_all or len(values) <= 1,
    )


def _prove_winner(state: OthelloState, cancel: Cancel | None,
                  deadline: float | None) -> Result | None:
    """A proved win or draw, played; None for a proved loss or a proof out of time."""
    start = time.perf_counter()
    solved = othello_endgame.solve(state, cancel=cancel, deadline=deadline, want_margin=False)
    if not solved.complete or solved.move is None or solved.margin < 0:
        return None
    score = WLD_WIN if solved.margin > 0 else 0.0
    stats = Stats(nodes=solved.nodes, depth=state.empties, time_s=time.perf_counter() - start)
    return Result(solved.move, score, state.empties, True, (solved.move,), stats,
                  ((solved.move, score),))
