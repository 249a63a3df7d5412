"""Othello's play part (play.kit): GTP engines as players, ``gtp:COMMAND``."""

from __future__ import annotations

from games.othello.play.gtp_player import GRHINO_LEVELS, gtp_player
from play.kit import GamePlay
from play.outside.locate import KnownProgram

#: GRhino (Debian's grhino), levels 1 to 4 ready-made (5, in GRhino's own words, is "not
#: practical": it can still be typed, ``gtp:gtp-rhino -l 5``).
GRHINO = KnownProgram("GRhino", "gtp-rhino", "grhino",
                      tuple((f"level {n}", f"gtp:gtp-rhino -l {n}")
                            for n in sorted(GRHINO_LEVELS) if n < max(GRHINO_LEVELS)))

PLAY = GamePlay(engines={"gtp": gtp_player}, programs=(GRHINO,))
