"""Game id -> BoardView class, imported lazily so only the chosen game's view is loaded."""

from __future__ import annotations

import importlib

from game.core import Game
from game.ui.boards.base import BoardView

_VIEWS: dict[str, tuple[str, str]] = {
    "tictactoe": ("game.ui.boards.tictactoe", "TicTacToeView"),
    "nim": ("game.ui.boards.nim", "NimView"),
    "othello": ("game.ui.boards.othello", "OthelloView"),
    "backgammon": ("game.ui.boards.backgammon", "BackgammonView"),
}


def view_class(game_id: str) -> type[BoardView]:
    """The view class; a ValueError for a game without one."""
    try:
        module, attr = _VIEWS[game_id]
    except KeyError:
        raise ValueError(f"no board view for game {game_id!r}") from None
    return getattr(importlib.import_module(module), attr)


def make_view(game: Game) -> BoardView:
    return view_class(game.id)(game)

