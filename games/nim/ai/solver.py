"""Perfect play in Nim and Grundy's game.

Where the game is small enough (at most ``NIM_DISTANCE_MOVES`` moves to try), every position
is solved with its length under perfect play (the winner hurries, the loser holds out), so
the score reads like tic-tac-toe's: ``WIN - plies`` ("win in 7"), and the move is the fastest
win or the longest resistance. Beyond that, Sprague-Grundy theory via the evaluator's
``winning_moves``: the score is +1 (the mover wins with perfect play) or -1 (loses), the
evaluator's scale; in a lost position the move that leaves the opponent the fewest winning
replies is chosen, so a perfect player still makes a human work for the win.
"""

from __future__ import annotations

import time
from typing import cast

from ai.api import Cancel, Result, SearchConfig, Stats
from ai.searchbase import WIN
from ai.trace import Tracer, trace_root_values
from game.core import TERMINAL, Move, State
from games.nim.ai.evaluation import NimEvaluator
from games.nim.rules import NimState

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
    state: State, config: SearchConfig, cancel: Cancel | None, deadline: float | None,
    tracer: Tracer | None = None,
) -> Result | None:
    result = _solve_nim(cast(NimState, state))  # the profile solves its own game only
    if tracer is not None:
        trace_root_values(tracer, state, result.depth, result.score, result.root_values,
                          result.pv)
    return result


def _solve_nim(state: NimState) -> Result:
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


