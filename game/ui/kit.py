"""A game's screen side, as its kit hands it out (game.kit): the board view and whatever the
screens show only for that game, found in that game's package (``games/<id>/ui/``)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core import Game
from game.ui.boards.base import BoardView


@dataclass(frozen=True)
class GameUI:
    """One game's views."""

    #: Draws the board and turns clicks into moves.
    view_class: type[BoardView]


def view_class(game_id: str) -> type[BoardView]:
    """The board view of ``game_id``; a ValueError for a game without one."""
    from game.registry import get_kit

    return get_kit(game_id).ui().view_class


def make_view(game: Game) -> BoardView:
    return view_class(game.id)(game)
