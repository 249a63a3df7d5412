"""The search lab's convergence chart: Monte Carlo tree search watched as it learns.

``convergence`` runs MCTS (ai.mcts, the lab level's playouts) on the position and, at every
doubling of its iterations (the searcher's anytime answers: 16, 32, 64, ...) and at the end,
reads each root move's visits N and mean reward W / N off the tree. Plotted against the
iterations on a log scale, the means settle and the visits pile onto one move: the student
sees the road from random playouts to a choice.

Beside them, where the position is small enough, the minimax value in the same units (a mean
reward, ai.mcts.reward): a full alpha-beta search of the game to its end with the playouts'
own reward at the finished games, within ``MINIMAX_NODES`` nodes. That is the value UCT
converges to; a position with chance in it, or too big to search to the end, says
"not solvable here" instead of a line.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace

from ai.api import Cancel, Limits, SearchConfig
from ai.engine import make_searcher
from ai.kit import profile_for
from ai.mcts.reward import Reward, reward_for
from ai.mcts.searcher import MctsSearcher
from game.core import CHANCE, TERMINAL, State

#: The most nodes, and seconds, the minimax line's search may take (late endgames fit).
MINIMAX_NODES = 200_000
MINIMAX_S = 2.0
#: The chart's longest search, whatever its iterations.
MAX_S = 6.0


@dataclass(frozen=True)
class RootStat:
    """One root move at one point of the search."""

    move: str
    n: int
    w: float

    @property
    def mean(self) -> float:
        return self.w / self.n if self.n else 0.0


@dataclass(frozen=True)
class ConvergencePoint:
    """The root's children after ``iterations`` iterations, in the order they were made."""

    iterations: int
    moves: tuple[RootStat, ...]


@dataclass(frozen=True)
class Minimax:
    """The position's minimax value as a mean reward from the root mover's view, or why
    there is none (``value`` None, ``reason`` saying so)."""

    value: float | None
    reason: str = ""
    nodes: int = 0


@dataclass(frozen=True)
class ConvergenceChart:
    points: tuple[ConvergencePoint, ...]
    minimax: Minimax
    #: The move the search plays (the most visited), as written.
    best: str
    complete: bool


def mcts_config(config: SearchConfig) -> SearchConfig:
    """The level's search as MCTS: its evaluator (guided playouts where the game offers
    them), seed 0, no noise, no exact solver."""
    return replace(config, algorithm="mcts", limits=Limits(), noise=0.0, exact=False,
                   seed=0 if config.seed is None else config.seed)


def convergence(state: State, config: SearchConfig, iterations: int, *,
                max_s: float = MAX_S, cancel: Cancel | None = None,
                progress: Callable[[ConvergencePoint], None] | None = None
                ) -> ConvergenceChart:
    """MCTS on ``state`` for ``iterations`` iterations (at most ``max_s`` seconds), a point
    at each doubling and one at the end; then the minimax line."""
    config = mcts_config(config)
    searcher = make_searcher(config)
    if not isinstance(searcher, MctsSearcher):
        raise TypeError("the convergence chart needs the mcts searcher")
    searcher.owner = None  # a tree of its own: not one kept from a game played
    game = config.kit.rules()
    points: list[ConvergencePoint] = []
    complete = False
    best = ""
    for result in searcher.iterate(state, Limits(iterations=iterations, time_s=max_s),
                                   cancel):
        root = searcher.root
        assert root is not None
        point = ConvergencePoint(result.stats.nodes, tuple(
            RootStat(game.format_move(state, c.move), c.n, c.w) for c in root.children))
        if points and points[-1].iterations == point.iterations:
            points[-1] = point
        else:
            points.append(point)
        if progress is not None:
            progress(point)
        complete = result.complete
        best = game.format_move(state, result.move)
    minimax = minimax_value(state, reward_for(profile_for(config.kit)), cancel=cancel)
    return ConvergenceChart(tuple(points), minimax, best, complete)


class _OutOfBudget(Exception):
    pass


class _Chance(Exception):
    pass


def minimax_value(state: State, reward: Reward, budget: int = MINIMAX_NODES,
                  cancel: Cancel | None = None, max_s: float = MINIMAX_S) -> Minimax:
    """The game searched to its end, every finished game scored as a playout is (player 0's
    reward), with alpha-beta and a table of the positions met; from the root mover's view."""
    nodes = 0
    deadline = time.perf_counter() + max_s
    table: dict[Hashable, tuple[float, int]] = {}  # key -> (value, -1 upper / 0 exact / 1 lower)

    def search(s: State, alpha: float, beta: float) -> float:
        nonlocal nodes
        nodes += 1
        if nodes > budget or (nodes % 4096 == 0 and (
                time.perf_counter() > deadline or (cancel is not None and cancel.is_set()))):
            raise _OutOfBudget
        p = s.current_player()
        if p == TERMINAL:
            return reward.score(s)
        if p == CHANCE:
            raise _Chance
        key = s.key()
        known = table.get(key)
        if known is not None:
            v, kind = known
            if kind == 0 or (kind > 0 and v >= beta) or (kind < 0 and v <= alpha):
                return v
        a0, b0 = alpha, beta
        best = -math.inf if p == 0 else math.inf
        for move in s.legal_moves():
            v = search(s.apply(move), alpha, beta)
            if p == 0:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        table[key] = (best, 1 if best >= b0 else -1 if best <= a0 else 0)
        return best

    player = state.current_player()
    if player == CHANCE or _has_chance(state):
        return Minimax(None, "not solvable here: the game has dice")
    try:
        value = search(state, -math.inf, math.inf)
    except _Chance:
        return Minimax(None, "not solvable here: the game has dice", nodes)
    except _OutOfBudget:
        if cancel is not None and cancel.is_set():
            return Minimax(None, "stopped", nodes)
        return Minimax(None, f"not solvable here: the end is more than {nodes:,} positions "
                             "away", nodes)
    return Minimax(value if player == 0 else -value, "", nodes)


def _has_chance(state: State) -> bool:
    """Whether the game rolls dice at all (its own word, else none seen at the root)."""
    own = getattr(state, "has_chance", None)
    return bool(own()) if own is not None else False
