"""Backgammon's play part (play.kit): the doubling cube's decisions in a match, and GNU
Backgammon as a player (``gnubg:PLIES``)."""

from __future__ import annotations

from games.backgammon.play.cube_turns import CubeTurns
from games.backgammon.play.gnubg_player import gnubg_player
from play.kit import GamePlay

PLAY = GamePlay(stakes_turns=CubeTurns, engines={"gnubg": gnubg_player})
