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
    "classroom": ("game.rules.classroom", "GAME"),
}

#: The games people play against the AI (menus, levels, matches, benches).
GAME_IDS: tuple[str, ...] = ("tictactoe", "othello", "nim", "backgammon")
#: Games only the search lab uses: the textbook's trees (not played, not in the menus).
LAB_GAME_IDS: tuple[str, ...] = ("classroom",)
ALL_GAME_IDS: tuple[str, ...] = GAME_IDS + LAB_GAME_IDS


def get_game(game_id: str) -> Game:
    """The Game for ``game_id``; a ValueError naming the known ids for anything else."""
    try:
        module, attr = _GAMES[game_id]
    except KeyError:
        raise ValueError(
            f"unknown game {game_id!r}; choose one of: {', '.join(ALL_GAME_IDS)}"
        ) from None
    return getattr(importlib.import_module(module), attr)
