"""Backgammon's screen side: the board, the cube's commands and the network's view."""

from __future__ import annotations

from games.backgammon.ui.board import BackgammonView
from games.backgammon.ui.play import belief_lines, play_commands
from ui.kit import GameUI

UI = GameUI(view_class=BackgammonView, play_commands=play_commands, belief_lines=belief_lines)
