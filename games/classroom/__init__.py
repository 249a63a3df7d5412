"""The textbook's game trees, typed in the lab: a teaching game, not played from the menu.

The kit below is the game's one entry in Kibitz (game.kit): its layers load on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import Game, State
from game.kit import Example, GameKit

if TYPE_CHECKING:
    from ai.kit import GameAI


class ClassroomKit(GameKit):
    id = "classroom"
    title = "Classroom trees"
    order = 90
    playable = False

    def examples(self) -> dict[str, Example]:
        from games.classroom.rules import EXAMPLES  # the rules: on first use, as load_rules

        return dict(EXAMPLES)

    def tree_height(self, state: State) -> int | None:
        from games.classroom.rules import height  # the rules: on first use, as load_rules

        return height(state.node)  # type: ignore[attr-defined]

    def load_rules(self) -> Game:
        from games.classroom.rules import GAME

        return GAME

    def load_ai(self) -> GameAI:
        from games.classroom.ai.kit import AI

        return AI


KIT = ClassroomKit()
