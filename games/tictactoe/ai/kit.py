"""Tic-tac-toe's AI side: profile, levels, evaluators."""

from __future__ import annotations

from ai.api import SearchConfig
from ai.kit import GameAI
from ai.levels import Level
from game.core import State
from games.tictactoe.ai import search
from games.tictactoe.ai.bench import SPEED
from games.tictactoe.ai.evaluation import TicTacToeEvaluator
from games.tictactoe.ai.native_exports import KERNELS
from games.tictactoe.ai.profile import PROFILE
from games.tictactoe.ai.review import REVIEW

LEVELS: tuple[Level, ...] = (
    # Takes a win in one, otherwise any move: easy to beat with a fork or a simple line.
    Level("Beginner", algorithm="alphabeta", depth=1, time_s=None, noise=9.0, exact=False),
    # Sees one reply ahead (blocks a threat now and then), still loose.
    Level("Casual", algorithm="alphabeta", depth=2, time_s=None, noise=3.0, exact=False),
    Level("Intermediate", algorithm="alphabeta", depth=3, time_s=None, noise=1.0, exact=False),
    Level("Advanced", algorithm="alphabeta", depth=4, time_s=None, noise=0.0, exact=False),
    # Perfect play: never loses.
    Level("Master", algorithm="alphabeta", depth=None, time_s=None, noise=0.0, exact=True),
)


def warm_kernels(_state: State, config: SearchConfig) -> None:
    """Every alpha-beta search has the compiled search's kernels warmed up from a game's first
    search on (games.tictactoe.ai.search: until they are in, it searches in Python)."""
    if config.algorithm == "alphabeta":
        search.start_warm_up()


AI = GameAI(
    review=REVIEW,
    profile=PROFILE,
    speed=SPEED,
    levels=LEVELS,
    evaluators={None: TicTacToeEvaluator},
    warm_kernels=warm_kernels,
    kernels=KERNELS,
    searchers={"alphabeta": search.build},
)
