"""Kalah's AI side: profile, levels, evaluators.

The levels' order was measured with ``python main.py match --game kalah`` (games/kalah/README.md):
each level beats the one below. Quiescence search is off at the two lowest levels, which then
fall for captures just past their horizon the way beginners do.
"""

from __future__ import annotations

from typing import cast

from ai import native
from ai.api import SearchConfig
from ai.kit import GameAI, SelfTest
from ai.levels import Level
from ai.mcts.playout import PlayoutGuide
from game.core import State
from games.kalah.ai.bench import SPEED
from games.kalah.ai.evaluation import KalahEvaluator, ThreatsEvaluator
from games.kalah.ai.native_exports import KERNELS
from games.kalah.ai.profile import PROFILE
from games.kalah.ai.review import REVIEW
from games.kalah.ai.solver import KalahSolver
from games.kalah.rules import GAME, KalahState

LEVELS: tuple[Level, ...] = (
    Level("Beginner", algorithm="alphabeta", depth=1, time_s=None, noise=4.0, exact=False,
          quiescence=False),
    Level("Casual", algorithm="alphabeta", depth=2, time_s=None, noise=1.5, exact=False,
          quiescence=False),
    Level("Intermediate", algorithm="alphabeta", depth=4, time_s=None, noise=0.0, exact=False),
    # Six plies with quiescence; the last few seeds solved exactly.
    Level("Advanced", algorithm="alphabeta", depth=6, time_s=1.0, noise=0.0, exact=True),
    # Iterative deepening for two seconds with quiescence; endgames solved exactly.
    Level("Master", algorithm="alphabeta", depth=None, time_s=2.0, noise=0.0, exact=True),
)

#: Opponents for ``match`` that answer "does it pay?": the same searches without quiescence,
#: and with the evaluation features that were measured and did not pay.
BENCHMARKS = (
    Level("Intermediate-noq", algorithm="alphabeta", depth=4, time_s=None, noise=0.0, exact=False,
          quiescence=False),
    Level("Advanced-noq", algorithm="alphabeta", depth=6, time_s=1.0, noise=0.0, exact=True,
          quiescence=False),
    Level("Master-noq", algorithm="alphabeta", depth=None, time_s=2.0, noise=0.0, exact=True,
          quiescence=False),
    Level("Advanced-threats", algorithm="alphabeta", depth=6, time_s=1.0, noise=0.0, exact=True,
          evaluator="threats"),
)


def _solved_small_game() -> str:
    start = GAME.initial_state(pits=3, seeds=3, empty_capture=True)
    values = KalahSolver().root_values(start)
    if values is None:
        raise ValueError("the solver could not solve Kalah(3,3)")
    best = max(v for _, v in values)
    if best != 2:
        raise ValueError(f"Kalah(3,3) solved as {best:+d}, expected a win by 2")
    return "Kalah(3,3) solved: South wins by 2"


def warm_kernels(state: State, config: SearchConfig) -> None:
    """A level that solves its endgames exactly has the solver for its board (kernels and
    endgame database) built in the background from its first move on."""
    board = cast(KalahState, state)
    if config.exact:
        size, rule = board.size, board.empty_capture
        native.warm_in_background(f"kalah-solver-{size}-{'empty' if rule else 'standard'}",
                                  lambda: _solver_ready(size, rule))


def _solver_ready(size: int, empty_capture: bool) -> None:
    # numba's import (most of a second) in the warming thread, not in the search's.
    from games.kalah.ai import native_solve

    native_solve.ready_solver(size, empty_capture)


AI = GameAI(
    review=REVIEW,
    profile=PROFILE,
    speed=SPEED,
    selftest=SelfTest(options={"pits": 4, "seeds": 3},
                      checks=(("kalah solver", _solved_small_game),)),
    levels=LEVELS,
    evaluators={None: KalahEvaluator, "threats": ThreatsEvaluator},
    benchmarks=BENCHMARKS,
    # Monte Carlo playouts that take the move banking most seeds four times in five: the
    # store difference costs next to nothing to compute at every move of every playout.
    playout_guide=PlayoutGuide(epsilon=0.2),
    warm_kernels=warm_kernels,
    kernels=KERNELS,
)
