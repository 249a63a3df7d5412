"""Backgammon's play part (play.kit): the doubling cube's decisions in a match."""

from __future__ import annotations

from games.backgammon.play.cube_turns import CubeTurns
from play.kit import GamePlay

PLAY = GamePlay(stakes_turns=CubeTurns)
