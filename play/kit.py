"""A game's play part: what it adds to a match beside its moves (backgammon's doubling cube),
and the other programs that can play it.

Found in the game's package as ``play/kit.py`` (its ``PLAY``); a game without one plays its
moves and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from game.kit import GameKit
from game.registry import all_kits
from play.outside.locate import KnownProgram
from play.outside.protocol import OutsidePlayer
from play.turns import MatchSide, StakesTurns

#: Makes a game's own kind of outside player from the rest of its name (``PREFIX:REST`` gives
#: REST) and the log file for the program's standard error (None: no log);
#: not started yet. A one-line ValueError for a rest it cannot read, Forfeit when the program
#: is not installed.
EngineFactory = Callable[[str, Path | None], OutsidePlayer]


@dataclass(frozen=True)
class GamePlay:
    """One game's additions to a match."""

    #: The decisions beside the moves (play.turns.StakesTurns), made for one match: the
    #: doubling cube's Double, Take and Drop; None: a game without such decisions.
    stakes_turns: Callable[[MatchSide], StakesTurns] | None = None
    #: Other programs that play the game, by the prefix of their player name: ``PREFIX:REST``
    #: makes a player with ``engines[PREFIX](REST, log_path)`` (Othello's ``gtp:gtp-rhino -l 3``,
    #: backgammon's ``gnubg:0``), accepted wherever ``file:`` and ``cmd:`` are (play.outside).
    engines: Mapping[str, EngineFactory] = field(default_factory=dict)
    #: The programs among those the game knows by name, offered ready-made in the Program
    #: dialog and found or pointed to in Settings (GRhino, GNU Backgammon).
    programs: tuple[KnownProgram, ...] = ()


#: What a game without a play part adds: nothing.
NOTHING = GamePlay()


def game_play(kit: GameKit) -> GamePlay:
    """A game's play part (``NOTHING`` for a game that has none)."""
    if not kit.has_part("play.kit"):
        return NOTHING
    found: GamePlay = kit.part("play.kit", "PLAY")
    return found


def known_programs() -> list[KnownProgram]:
    """Every game's known programs, each once, in the games' order (Settings lists them)."""
    seen: dict[str, KnownProgram] = {}
    for kit in all_kits():
        for known in game_play(kit).programs:
            seen.setdefault(known.program, known)
    return list(seen.values())
