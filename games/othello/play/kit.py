"""Othello's play part (play.kit): GTP engines as players, ``gtp:COMMAND``."""

from __future__ import annotations

from games.othello.play.gtp_player import gtp_player
from play.kit import GamePlay

PLAY = GamePlay(engines={"gtp": gtp_player})
