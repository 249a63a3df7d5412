"""Tic-tac-toe's AI side: profile, levels, evaluators."""

from __future__ import annotations

from ai.kit import GameAI
from ai.levels import Level
from games.tictactoe.ai.bench import SPEED
from games.tictactoe.ai.evaluation import TicTacToeEvaluator
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

AI = GameAI(
    review=REVIEW,
    profile=PROFILE,
    speed=SPEED,
    levels=LEVELS,
    evaluators={None: TicTacToeEvaluator},
)
