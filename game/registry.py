"""Game ids to Game objects, imported lazily so one game's bugs never break another's start-up."""

from __future__ import annotations

import importlib

from game.core import Game

#: id -> (module, attribute) of the Game instance.
_GAMES: dict[str, tuple[str, str]] = {
    "tictactoe": ("game.rules.tictactoe", "GAME"),
    "othello": ("game.rules.othello", "GAME"),
    "nim": ("game.rules.nim", "GAME"),
    "backgammon": ("game.rules.backgammon", "GAME"),
}

GAME_IDS: tuple[str, ...] = tuple(_GAMES)


def get_game(game_id: str) -> Game:
    """The Game for ``game_id``; a ValueError naming the known ids for anything else."""
    try:
        module, attr = _GAMES[game_id]
    except KeyError:
        raise ValueError(
            f"unknown game {game_id!r}; choose one of: {', '.join(GAME_IDS)}"
        ) from None
    return getattr(importlib.import_module(module), attr)
