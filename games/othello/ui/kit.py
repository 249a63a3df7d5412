"""Othello's screen side."""

from __future__ import annotations

from games.othello.ui.board import OthelloView
from ui.kit import GameUI

UI = GameUI(view_class=OthelloView)
