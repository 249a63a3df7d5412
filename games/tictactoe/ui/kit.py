"""Tic-tac-toe's screen side."""

from __future__ import annotations

from games.tictactoe.ui.board import TicTacToeView
from ui.kit import GameUI

UI = GameUI(view_class=TicTacToeView)
