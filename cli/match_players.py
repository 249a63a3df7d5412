"""A match's players that are programs (``file:AGENT.py``, ``cmd:COMMAND``, or a game's own
kind such as ``PREFIX:REST`` from its play part; play.outside).

A level plays through its search; a program is started for each game it plays, inside the
game's worker process, and closed when the game ends, whatever happened. A program that
forfeits loses that game (ai.selfplay.Forfeited), and the outcome keeps why as its note:
"forfeit: illegal move e9 at move 23" (the move's number in the game, the opening's counted).
"""

from __future__ import annotations

import contextlib
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path

from ai.api import SearchConfig
from ai.selfplay import Chooser, Forfeited, GameRecord, play_out, searcher
from cli.common import RequestError, level_config
from game.core import State
from game.kit import GameKit
from play.outside.players import check_outside, outside_chooser, outside_player
from play.outside.protocol import OutsidePlayer
from play.outside.spec import is_outside, parse_spec


def check_player(kit: GameKit, name: str) -> None:
    """Refuse a bad player name at once, before any game starts: a level's name, or a
    well-formed program name of a kind the game takes (a game's own program installed;
    whether a file: or cmd: program runs is each game's business)."""
    if is_outside(name):
        try:
            check_outside(kit, parse_spec(name))
        except (ValueError, Forfeited) as exc:
            raise RequestError(str(exc)) from None
    else:
        level_config(kit, name)


def logs_folder(seed: int) -> Path:
    """Where the programs' standard error goes: one log per game and side."""
    return Path(tempfile.gettempdir()) / "kibitz-players" / f"match-{seed}"


def log_path(folder: str, index: int, side: str) -> Path:
    return Path(folder) / f"game{index + 1}-{side}.log"


@contextlib.contextmanager
def seat_choosers(kit: GameKit, names: tuple[str, str],
                  configs: tuple[SearchConfig | None, SearchConfig | None],
                  seconds: float, logs: tuple[Path, Path]) -> Iterator[tuple[Chooser, Chooser]]:
    """Player 0's and player 1's choosers: a program where the name is one (``configs``
    None there), else the level's search; every program started is closed on the way out."""
    players: list[OutsidePlayer] = []
    choosers: list[Chooser] = []
    try:
        for name, config, log in zip(names, configs, logs, strict=True):
            if config is not None:
                choosers.append(searcher(config))
            else:
                player = outside_player(kit, parse_spec(name), log)
                players.append(player)
                choosers.append(outside_chooser(player, seconds))
        yield choosers[0], choosers[1]
    finally:
        for player in players:
            player.close()


def config_or_none(kit: GameKit, name: str, seed: int) -> SearchConfig | None:
    """A level's config, None for a program."""
    return None if is_outside(name) else level_config(kit, name, seed=seed)


def play_seats(kit: GameKit, state: State, names: tuple[str, str],
               configs: tuple[SearchConfig | None, SearchConfig | None], seconds: float,
               logs: tuple[Path, Path], rng: random.Random, max_plies: int) -> GameRecord:
    """One game between the two seats (player 0's first), programs closed at its end."""
    with seat_choosers(kit, names, configs, seconds, logs) as choosers:
        return play_out(state, choosers, rng, max_plies)


def forfeit_note(record: GameRecord, opening_plies: int) -> str | None:
    """The outcome's note for a forfeited game, None for one played out."""
    if record.forfeit is None:
        return None
    _player, ply, reason = record.forfeit
    return f"forfeit: {reason} at move {opening_plies + ply}"
