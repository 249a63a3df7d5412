"""Nim's screen side."""

from __future__ import annotations

from game.ui.kit import GameUI
from games.nim.ui.board import NimView

UI = GameUI(view_class=NimView)
