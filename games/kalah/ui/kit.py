"""Kalah's screen side."""

from __future__ import annotations

from games.kalah.ui.board import KalahView
from ui.kit import GameUI

UI = GameUI(view_class=KalahView)
