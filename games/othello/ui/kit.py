"""Othello's screen side."""

from __future__ import annotations

from game.ui.kit import GameUI
from games.othello.ui.board import OthelloView

UI = GameUI(view_class=OthelloView)
