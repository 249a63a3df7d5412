"""Nim's AI side: profile, levels, evaluators."""

from __future__ import annotations

from ai.kit import GameAI, SelfTest
from ai.levels import RANDOM, Level
from games.nim.ai.bench import SPEED
from games.nim.ai.evaluation import NimEvaluator
from games.nim.ai.profile import PROFILE
from games.nim.ai.review import REVIEW

LEVELS: tuple[Level, ...] = (
    Level("Beginner", algorithm="alphabeta", depth=1, time_s=None, noise=RANDOM, exact=False,
          use_evaluator=False),
    # Takes a winning last move and avoids handing one over, nothing more.
    Level("Casual", algorithm="alphabeta", depth=2, time_s=None, noise=0.5, exact=False,
          use_evaluator=False),
    Level("Intermediate", algorithm="alphabeta", depth=4, time_s=None, noise=0.5, exact=False,
          use_evaluator=False),
    Level("Advanced", algorithm="alphabeta", depth=6, time_s=2.0, noise=0.0, exact=False,
          use_evaluator=False),
    # Sprague-Grundy theory: perfect play.
    Level("Master", algorithm="alphabeta", depth=None, time_s=None, noise=0.0, exact=True),
)

AI = GameAI(
    review=REVIEW,
    profile=PROFILE,
    speed=SPEED,
    selftest=SelfTest(options={"heaps": (3, 4, 5), "max_take": None}),  # a short game
    levels=LEVELS,
    evaluators={None: NimEvaluator},
)
