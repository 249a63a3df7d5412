"""A game's screen side, as its kit hands it out (game.kit): the board view and whatever the
screens show only for that game, found in that game's package (``games/<id>/ui/``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from ai.lab.editor import features
from game.kit import GameKit
from play.controller import MatchController
from ui.boards.base import BoardView
from ui.commands import Command
from ui.panel import PanelLine

if TYPE_CHECKING:
    from ui.lab.pane import LabContext, LabPane


class GameScreen(Protocol):
    """What a game's own parts of the play screen (``GameUI.play_commands``,
    ``belief_lines``) read of it: its match. (The screen's own types live in ui.scenes,
    which imports this module.)"""

    @property
    def match(self) -> MatchController: ...


@dataclass(frozen=True)
class LabView:
    """A view of the search lab only one game has (Nim in binary), beside the lab's own tree,
    comparison and depth chart."""

    #: The view's name (``open_lab``'s ``view``; export file names).
    name: str
    #: Its tab in the lab ("Nim in binary") and its button on the play screen ("Binary").
    tab: str
    button: str
    #: The play screen's key for it (a pygame key name) and the help line of both.
    key: str
    help: str
    #: The line under the lab's tabs while it shows (it records no search).
    search_line: str
    #: Makes the view's pane for a lab scene (the pane protocol: ui.lab.scene).
    make_pane: Callable[[LabContext], LabPane]
    #: What the level button reads while the view shows, for a view that works on something
    #: other than a level's search ("" keeps "Level: Master", true of every other view).
    subject: str = ""


@dataclass(frozen=True)
class GameUI:
    """One game's views."""

    #: Draws the board and turns clicks into moves.
    view_class: type[BoardView]
    #: The play screen's commands only this game has (backgammon's cube: Double, Roll, Take,
    #: Drop), built for a play screen; the screen adds them to its own.
    play_commands: Callable[[GameScreen], list[Command]] | None = None
    #: What the game's evaluator believes about the shown position, for the side panel
    #: (backgammon's network: chances and candidate equities), built for a play screen.
    belief_lines: Callable[[GameScreen], list[PanelLine]] | None = None
    #: The lab's views only this game has.
    lab_views: tuple[LabView, ...] = ()


def game_ui(kit: GameKit) -> GameUI:
    """A game's screen part (its package's ``ui/kit.py``); a ValueError for a game without
    one (a teaching game is shown by the lab alone)."""
    found: GameUI = kit.part("ui.kit", "UI", missing=f"{kit.title} has no board view")
    return found


def make_view(kit: GameKit) -> BoardView:
    """The game's board view, drawing its rules; a ValueError for a game without one."""
    return game_ui(kit).view_class(kit.rules())


def lab_views(kit: GameKit) -> tuple[LabView, ...]:
    """The lab views the game adds (none for a game without a screen side), then the
    Zobrist view for a game described as pieces on squares."""
    if not kit.has_part("ui.kit"):  # a teaching game has no board view, so no views of its own
        return ()
    own = game_ui(kit).lab_views
    extra = [EVALUATION] if features(kit) else []
    if kit.piece_board(kit.rules().initial_state()) is not None:
        extra.append(ZOBRIST)
    return (*own, *extra)


def _zobrist_pane(scene: LabContext) -> LabPane:
    from ui.lab.zobrist_pane import ZobristPane  # the lab's panes: when it first opens

    return ZobristPane(scene)


def _editor_pane(scene: LabContext) -> LabPane:
    from ui.lab.editor_pane import EditorPane  # the lab's panes: when it first opens

    return EditorPane(scene)


#: The lab's evaluation editor, for every game whose evaluation has features to weigh.
EVALUATION = LabView(
    name="evaluation",
    tab="Evaluation",
    button="Weights",
    key="w",
    help="the evaluation's features on sliders: the move values, the choice, a quick match",
    search_line="The hand-made evaluation's weights, edited: alpha-beta on them beside the "
                "shipped weights (no level's search)",
    make_pane=_editor_pane,
    subject="Editing: the hand-made evaluation",
)


#: The lab's Zobrist view, for every game whose kit describes pieces on squares.
ZOBRIST = LabView(
    name="zobrist",
    tab="Zobrist keys",
    button="Zobrist",
    key="k",
    help="the position's Zobrist key number by number, one move's update, two orders that meet",
    search_line="No search here: the keys most engines give their tables, piece by piece",
    make_pane=_zobrist_pane,
)
