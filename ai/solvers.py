"""Perfect play where the game tree (or the theory) is small enough to be exact.

- Tic-tac-toe: a full-depth alpha-beta search with the transposition table; the score is a
  proven win score (``WIN - plies``), 0 for a draw.
- Nim / Grundy's game: where the game is small enough (at most ``NIM_DISTANCE_MOVES``
  moves to try), every position is solved with its length under perfect play (the
  winner hurries, the loser holds out), so the score reads like tic-tac-toe's: ``WIN - plies``
  ("win in 7"), and the move is the fastest win or the longest resistance. Beyond that,
  Sprague-Grundy theory via the Nim evaluator's ``winning_moves``: the score is +1 (the mover
  wins with perfect play) or -1 (loses), the evaluator's scale; in a lost position the move
  that leaves the opponent the fewest winning replies is chosen, so a perfect player still
  makes a human work for the win.
- Othello: ai.othello_endgame once the empties fit the time budget; the score is the exact
  final disc margin for the mover.

Each game's profile (ai.profiles) names its solver and calls it here. A solver returns None
when the position is not (or cannot in time be) solved exactly; the engine then runs the
configured search. The profile tags each Result with the solver's name (``algorithm``) and
``exact``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from ai.api import Limits, Result, SearchConfig, Stats
from ai.searchbase import WIN, evaluator_for
from ai.trace import Tracer, trace_root_values
from game.core import TERMINAL, Move, State

#: Every solver's shape, so a game's profile can hold its own: the exact answer for the
#: position, or None when it is beyond the solver's reach by the ``deadline``
#: (``time.monotonic()``).
Solver = Callable[
    [State, SearchConfig, threading.Event | None, float | None, Tracer | None], Result | None
]

#: Othello: most empties solved exactly, by time budget (seconds). ai.othello_endgame needs
#: a median 0.11 s at 14 empties and 0.47 s at 16 (worst of 12: 0.47 s / 2.8 s), 4.3 s at 18
#: (CPU time on self-play positions); a solve gets 60% of the move's time before the search
#: takes over. With no time limit (depth-only searches) 14.
OTHELLO_EXACT_EMPTIES: tuple[tuple[float, int], ...] = ((0.25, 12), (1.0, 14), (2.0, 16))
OTHELLO_EXACT_NO_TIME = 14


def solve_tictactoe(
    state: State, config: SearchConfig, cancel: threading.Event | None, deadline: float | None,
    tracer: Tracer | None = None,
) -> Result:
    from ai.alphabeta import AlphaBetaSearcher
    from ai.profiles import profile_for

    searcher = AlphaBetaSearcher(
        evaluator_for("tictactoe"),
        profile_for("tictactoe").scoring(),
        use_tt=True,
        use_ordering=True,
        exact_root_values=config.exact_root_values or config.noise > 0,
        tt_size_log2=12,
    )
    searcher.set_tracer(tracer)  # a search like any other: the lab records it node by node
    empties = len(state.legal_moves())
    searcher.first_depth = empties  # the game ends within this many plies: no deepening
    # Cancelled before the proof is finished: the best move found so far (complete=False).
    return searcher.search(state, Limits(depth=empties), cancel)


#: Nim: most moves tried to find how long the game lasts with perfect play (about a tenth of
#: a second); a bigger game is solved by theory alone, its length unknown.
NIM_DISTANCE_MOVES = 20_000


class _TooBig(Exception):
    """The game is bigger than the distance solve may explore."""


def _shorter(value: float) -> float:
    """A child's value seen one ply earlier: a win or a loss one ply further away."""
    return value - 1 if value > 0 else value + 1


def nim_root_distances(state: State, limit: int = NIM_DISTANCE_MOVES
                       ) -> tuple[tuple[Move, float], ...] | None:
    """Each root move's value ``±(WIN - plies to the end)`` with perfect play on both sides, or
    None when more than ``limit`` moves would be tried. Nim has no draws."""
    memo: dict[object, float] = {}
    tried = [0]

    def after(s: State, move: Move, mover: int) -> float:
        tried[0] += 1
        if tried[0] > limit:
            raise _TooBig
        child = s.apply(move)
        if child.current_player() == TERMINAL:
            return WIN - 1 if child.returns()[mover] > 0 else -(WIN - 1)
        return _shorter(-value(child))

    def value(s: State) -> float:
        key = s.key()
        known = memo.get(key)
        if known is not None:
            return known
        mover = s.current_player()
        best = max(after(s, m, mover) for m in s.legal_moves())
        memo[key] = best
        return best

    mover = state.current_player()
    try:
        return tuple((m, after(state, m, mover)) for m in state.legal_moves())
    except (_TooBig, RecursionError):
        return None


def solve_nim(
    state: State, config: SearchConfig, cancel: threading.Event | None, deadline: float | None,
    tracer: Tracer | None = None,
) -> Result | None:
    result = _solve_nim(state)
    if tracer is not None:
        trace_root_values(tracer, state, result.depth, result.score, result.root_values,
                          result.pv)
    return result


def _solve_nim(state: State) -> Result:
    from ai.evaluation.nim import NimEvaluator

    start = time.perf_counter()
    distances = nim_root_distances(state)
    if distances:
        move, score = max(distances, key=lambda mv: mv[1])
        stats = Stats(nodes=len(distances), leaves=0, depth=int(WIN - abs(score)),
                      time_s=time.perf_counter() - start)
        return Result(move, score, int(WIN - abs(score)), True, (move,), stats, distances,
                      root_values_exact=True)
    evaluator = NimEvaluator()
    moves = state.legal_moves()
    winning = set(evaluator.winning_moves(state))
    values = tuple((m, 1.0 if m in winning else -1.0) for m in moves)
    probes = len(moves)
    if winning:
        move = next(m for m in moves if m in winning)
    elif len(moves) <= 64:
        # Lost anyway: leave the opponent as few ways to win as possible.
        counts = []
        for m in moves:
            child = state.apply(m)
            replies = evaluator.winning_moves(child) if child.legal_moves() else ()
            probes += len(child.legal_moves())
            counts.append((len(replies), m))
        move = min(counts, key=lambda cm: cm[0])[1]
    else:
        move = moves[0]
    elapsed = time.perf_counter() - start
    stats = Stats(nodes=probes, leaves=probes, depth=1, time_s=elapsed)
    score = 1.0 if winning else -1.0
    return Result(move, score, 1, True, (move,), stats, values, root_values_exact=True)


def _othello_limit(time_s: float | None) -> int:
    if time_s is None:
        return OTHELLO_EXACT_NO_TIME
    limit = 0
    for budget, empties in OTHELLO_EXACT_EMPTIES:
        if time_s >= budget:
            limit = empties
    return limit


#: Exact values of *every* root move (the "Values" display, noisy levels) cost one solve per
#: move, so they are solved only up to this many empties; beyond it the normal search values
#: every move instead.
OTHELLO_EXACT_ALL_EMPTIES = 12


def solve_othello(
    state: State, config: SearchConfig, cancel: threading.Event | None, deadline: float | None,
    tracer: Tracer | None = None,
) -> Result | None:
    from ai import othello_endgame
    from game.rules.othello import final_margin

    empties = state.empties  # type: ignore[attr-defined]
    if empties > _othello_limit(config.limits.time_s):
        return None
    exact_all = config.exact_root_values or config.noise > 0
    if exact_all and empties > OTHELLO_EXACT_ALL_EMPTIES:
        return None
    start = time.perf_counter()
    # A position whose mover must pass is solved from the opponent's side: traced as an
    # answer (ai.trace.trace_root_values); any other, node by node.
    traced = tracer if tracer is not None and not state.must_pass() else None  # type: ignore[attr-defined]
    solved = othello_endgame.solve(state, cancel=cancel, deadline=deadline, want_margin=True,
                                   tracer=traced)
    if not solved.complete or solved.move is None:
        return None
    nodes = solved.nodes
    values = tuple((m, float(v)) for m, v in solved.root_values)
    if exact_all and len(values) > 1:
        exact: list[tuple[object, float]] = []
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
