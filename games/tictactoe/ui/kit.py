"""Tic-tac-toe's screen side."""

from __future__ import annotations

from game.ui.kit import GameUI
from games.tictactoe.ui.board import TicTacToeView

UI = GameUI(view_class=TicTacToeView)
