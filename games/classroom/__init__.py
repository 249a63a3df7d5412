"""The textbook's game trees, typed in the lab: a teaching game, not played from the menu.

The kit below is the game's one entry in Kibitz (game.kit): its layers load on first use.
"""

from __future__ import annotations

from game.core import State, own_state
from game.kit import Example, GameKit


class ClassroomKit(GameKit):
    id = "classroom"
    title = "Classroom trees"
    order = 90
    playable = False

    def examples(self) -> dict[str, Example]:
        from games.classroom.rules import EXAMPLES  # the rules: on first use, as load_rules

        return dict(EXAMPLES)

    def tree_height(self, state: State) -> int | None:
        from games.classroom.rules import ClassroomState, height  # the rules: on first use

        return height(own_state(state, ClassroomState).node)


KIT = ClassroomKit()
