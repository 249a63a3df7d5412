"""Backgammon's play part (play.kit): the doubling cube's decisions in a match, and GNU
Backgammon as a player (``gnubg:PLIES``)."""

from __future__ import annotations

from games.backgammon.play.cube_turns import CubeTurns
from games.backgammon.play.gnubg_player import PLIES, gnubg_player
from play.kit import GamePlay
from play.outside.locate import KnownProgram

#: GNU Backgammon (Debian's gnubg): 0-ply is its "expert", 2-ply its "world class".
GNUBG = KnownProgram("GNU Backgammon", "gnubg", "gnubg",
                     tuple((f"{n}-ply", f"gnubg:{n}") for n in PLIES))

PLAY = GamePlay(stakes_turns=CubeTurns, engines={"gnubg": gnubg_player}, programs=(GNUBG,))
