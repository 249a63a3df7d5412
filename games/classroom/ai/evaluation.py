"""Classroom trees carry values only at their leaves.

A search cut off above the leaves (a depth smaller than the tree's height) meets inner nodes
that the tree gives no value: they count as 0, level, for both players, which is what "no
knowledge" means. Leaves (finished games) are scored by the searchers from ``returns()``.
"""

from __future__ import annotations

from typing import cast

from game.core import State
from games.classroom.rules import ClassroomState


class ClassroomEvaluator:
    #: The evaluation's name on screen ("Master's search: learned tables, depth 3").
    title = "the tree's numbers"
    #: Only leaves carry numbers: a search that stops above them has no value to report.
    values_inner_nodes = False

    def evaluate(self, state: State, player: int) -> float:
        # The search hands over the positions of its own game's tree: a classroom tree's.
        value = cast(ClassroomState, state).leaf_value()
        if value is None:
            return 0.0
        return value if player == 0 else -value
