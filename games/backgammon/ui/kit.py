"""Backgammon's screen side."""

from __future__ import annotations

from game.ui.kit import GameUI
from games.backgammon.ui.board import BackgammonView

UI = GameUI(view_class=BackgammonView)
