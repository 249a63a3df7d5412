"""Nim's AI side: profile, levels, evaluators."""

from __future__ import annotations

from ai.kit import GameAI, SelfTest
from ai.levels import RANDOM, Level
from games.nim.ai.bench import SPEED
from games.nim.ai.evaluation import NimEvaluator
from games.nim.ai.profile import PROFILE
from games.nim.ai.review import REVIEW

LEVELS: tuple[Level, ...] = (
    Level("Beginner", "alphabeta", 1, None, RANDOM, False, use_evaluator=False),
    # Takes a winning last move and avoids handing one over, nothing more.
    Level("Casual", "alphabeta", 2, None, 0.5, False, use_evaluator=False),
    Level("Intermediate", "alphabeta", 4, None, 0.5, False, use_evaluator=False),
    Level("Advanced", "alphabeta", 6, 2.0, 0.0, False, use_evaluator=False),
    # Sprague-Grundy theory: perfect play.
    Level("Master", "alphabeta", None, None, 0.0, True),
)

AI = GameAI(
    review=REVIEW,
    profile=PROFILE,
    speed=SPEED,
    selftest=SelfTest(options={"heaps": (3, 4, 5), "max_take": None}),  # a short game
    levels=LEVELS,
    evaluators={None: NimEvaluator},
)
