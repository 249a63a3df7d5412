"""Nim and Grundy's game: games Sprague-Grundy theory solves.

The kit below is the game's one entry in Kibitz (game.kit): its layers load on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import Game
from game.kit import GameKit
from game.setup import GameSetup
from games.nim.labels import heaps_label

if TYPE_CHECKING:
    from ai.kit import GameAI
    from game.ui.kit import GameUI


class NimKit(GameKit):
    id = "nim"
    title = "Nim"
    order = 30
    edge_label = staticmethod(heaps_label)

    def setup(self) -> GameSetup:
        from games.nim.setup import SETUP  # the start screen's rows: when it asks

        return SETUP

    def load_rules(self) -> Game:
        from games.nim.rules import GAME

        return GAME

    def load_ai(self) -> GameAI:
        from games.nim.ai.kit import AI

        return AI

    def load_ui(self) -> GameUI:
        from games.nim.ui.kit import UI  # pygame: only the window loads it

        return UI


KIT = NimKit()
