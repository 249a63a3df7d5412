"""Tic-tac-toe: the first game of every course on search, small enough to solve at every move.

The kit below is the game's one entry in Kibitz (game.kit): its layers load on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import Game
from game.kit import GameKit

if TYPE_CHECKING:
    from ai.kit import GameAI
    from game.ui.kit import GameUI


class TicTacToeKit(GameKit):
    id = "tictactoe"
    title = "Tic-tac-toe"
    order = 10

    def load_rules(self) -> Game:
        from games.tictactoe.rules import GAME

        return GAME

    def load_ai(self) -> GameAI:
        from games.tictactoe.ai.kit import AI

        return AI

    def load_ui(self) -> GameUI:
        from games.tictactoe.ui.kit import UI  # pygame: only the window loads it

        return UI


KIT = TicTacToeKit()
