"""Perfect play where the game tree (or the theory) is small enough to be exact.

- Tic-tac-toe: a full-depth alpha-beta search with the transposition table; the score is a
  proven win score (``WIN - plies``), 0 for a draw.
- Nim / Grundy's game: Sprague-Grundy theory via the Nim evaluator's ``winning_moves``; the
  score is +1 (the mover wins with perfect play) or -1 (loses), the evaluator's scale. In a
  lost position the move that leaves the opponent the fewest winning replies is chosen, so a
  perfect player still makes a human work for the win.
- Othello: ai.othello_endgame once the empties fit the time budget; the score is the exact
  final disc margin for the mover.

``solve`` returns None when the position is not (or cannot in time be) solved exactly; the
engine then runs a normal search.
"""

from __future__ import annotations

import threading
import time

from ai.api import Limits, Result, SearchConfig, Stats
from ai.searchbase import Scoring, evaluator_for
from game.core import State

#: Othello: most empties solved exactly, by time budget (seconds). ai.othello_endgame needs
#: a median 0.11 s at 14 empties and 0.47 s at 16 (worst of 12: 0.47 s / 2.8 s), 4.3 s at 18
#: (CPU time on self-play positions); a solve gets 60% of the move's time before the search
#: takes over. With no time limit (depth-only searches) 14.
OTHELLO_EXACT_EMPTIES: tuple[tuple[float, int], ...] = ((0.25, 12), (1.0, 14), (2.0, 16))
OTHELLO_EXACT_NO_TIME = 14


def solve(
    state: State,
    config: SearchConfig,
    cancel: threading.Event | None = None,
    deadline: float | None = None,
) -> Result | None:
    """An exact Result for ``state``, or None. ``deadline`` is a ``time.monotonic()`` value."""
    game_id = config.game_id
    if game_id == "tictactoe":
        return _solve_tictactoe(state, config, cancel)
    if game_id == "nim":
        return _solve_nim(state)
    if game_id == "othello":
        return _solve_othello(state, config, cancel, deadline)
    return None


def _solve_tictactoe(
    state: State, config: SearchConfig, cancel: threading.Event | None
) -> Result:
    from ai.alphabeta import AlphaBetaSearcher

    searcher = AlphaBetaSearcher(
        evaluator_for("tictactoe"),
        Scoring(points=False),
        use_tt=True,
        use_ordering=True,
        exact_root_values=config.exact_root_values or config.noise > 0,
        tt_size_log2=12,
    )
    empties = len(state.legal_moves())
    searcher.first_depth = empties  # the game ends within this many plies: no deepening
    return searcher.search(state, Limits(depth=empties), cancel)


def _solve_nim(state: State) -> Result | None:
    from ai.evaluation.nim import NimEvaluator

    start = time.perf_counter()
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


def _solve_othello(
    state: State, config: SearchConfig, cancel: threading.Event | None, deadline: float | None
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
    solved = othello_endgame.solve(state, cancel=cancel, deadline=deadline, want_margin=True)
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
