"""Kalah's screen side."""

from __future__ import annotations

from game.ui.kit import GameUI
from games.kalah.ui.board import KalahView

UI = GameUI(view_class=KalahView)
