"""Tic-tac-toe: the first game of every course on search, small enough to solve at every move.

The kit below is the game's one entry in Kibitz (game.kit): its layers load on first use.
"""

from __future__ import annotations

from game.kit import GameKit


class TicTacToeKit(GameKit):
    id = "tictactoe"
    title = "Tic-tac-toe"
    order = 10


KIT = TicTacToeKit()
