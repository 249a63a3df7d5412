"""Classroom trees's AI side: profile, levels, evaluators."""

from __future__ import annotations

from ai.kit import GameAI
from ai.levels import Level
from games.classroom.ai.evaluation import ClassroomEvaluator
from games.classroom.ai.profile import PROFILE

LEVELS: tuple[Level, ...] = ()

AI = GameAI(
    profile=PROFILE,
    levels=LEVELS,
    evaluators={None: ClassroomEvaluator},
)
