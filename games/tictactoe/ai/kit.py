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
    Level("Beginner", "alphabeta", 1, None, 9.0, False),
    # Sees one reply ahead (blocks a threat now and then), still loose.
    Level("Casual", "alphabeta", 2, None, 3.0, False),
    Level("Intermediate", "alphabeta", 3, None, 1.0, False),
    Level("Advanced", "alphabeta", 4, None, 0.0, False),
    # Perfect play: never loses.
    Level("Master", "alphabeta", None, None, 0.0, True),
)

AI = GameAI(
    review=REVIEW,
    profile=PROFILE,
    speed=SPEED,
    levels=LEVELS,
    evaluators={None: TicTacToeEvaluator},
)
