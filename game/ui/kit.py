"""A game's screen side, as its kit hands it out (game.kit): the board view and whatever the
screens show only for that game, found in that game's package (``games/<id>/ui/``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core import Game
from game.ui.boards.base import BoardView
from game.ui.commands import Command
from game.ui.panel import PanelLine


@dataclass(frozen=True)
class GameUI:
    """One game's views."""

    #: Draws the board and turns clicks into moves.
    view_class: type[BoardView]
    #: The play screen's commands only this game has (backgammon's cube: Double, Roll, Take,
    #: Drop), built for a play screen; the screen adds them to its own.
    play_commands: Callable[[Any], list[Command]] | None = None
    #: What the game's evaluator believes about the shown position, for the side panel
    #: (backgammon's network: chances and candidate equities), built for a play screen.
    belief_lines: Callable[[Any], list[PanelLine]] | None = None


def view_class(game_id: str) -> type[BoardView]:
    """The board view of ``game_id``; a ValueError for a game without one."""
    from game.registry import get_kit

    return get_kit(game_id).ui().view_class


def make_view(game: Game) -> BoardView:
    return view_class(game.id)(game)
