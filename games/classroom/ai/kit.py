"""Classroom trees's AI side: profile, levels, evaluators."""

from __future__ import annotations

from ai.bench import ParseCase, SpeedBench
from ai.kit import GameAI
from ai.levels import Level
from games.classroom.ai.evaluation import ClassroomEvaluator
from games.classroom.ai.profile import PROFILE
from games.classroom.rules import GAME, MAX_TEXT

#: A wide node, a deep one and a chance node's fractions, at up to the longest tree accepted.
PARSE_CASES = (
    ParseCase("tree: many leaves", lambda n: "[" + "1," * (n // 2) + "1]", GAME.parse_position,
              MAX_TEXT),
    ParseCase("tree: deep nesting", lambda n: "[" * (n // 2) + "]" * (n // 2),
              GAME.parse_position, MAX_TEXT),
    ParseCase("tree: spaces between tokens", lambda n: "[1" + " , 1" * (n // 4) + "]",
              GAME.parse_position, MAX_TEXT),
)

LEVELS: tuple[Level, ...] = ()

AI = GameAI(
    profile=PROFILE,
    levels=LEVELS,
    evaluators={None: ClassroomEvaluator},
    speed=SpeedBench(parse_cases=PARSE_CASES),
)
