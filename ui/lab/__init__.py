"""The search lab: the real search of a real position as pictures you can walk through.

What the other screens use (the app opens the lab: ``App.open_lab``, ``App.open_teaching_game``):

- ``lab_scene(app, session_or_state, kit, view, level)``: the lab on the shown position,
  opened on "tree", "compare", "depth", "convergence" (MCTS) or a view of the game's own (``GameUI.lab_views``),
  showing the search of ``level`` (default: the level of the game's AI seat, ``seat_level``);
  Esc returns to the screen that was showing when it was opened;
- ``teaching_scene(app, kit, example)``: the lab on a teaching game's example tree;
- ``lab_commands(kit)``: the play screen's buttons and keys for the views, and
  ``why_no_lab(session)``, why the position cannot be searched ("" when it can).

The scene's module loads when the lab first opens, not with the play screen: its panes and
their renderers are the heaviest part of the UI and most games never open them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core import CHANCE, TERMINAL, State
from game.kit import GameKit
from game.session import Session
from ui.host import Host
from ui.kit import lab_views

if TYPE_CHECKING:
    from ui.lab.scene import LabScene


@dataclass(frozen=True)
class LabCommand:
    """A play-screen button that opens a lab view."""

    label: str
    #: A pygame key name (``pygame.key.key_code``).
    key: str
    help: str
    view: str


#: The lab's own views as play-screen commands.
LAB_COMMANDS: tuple[LabCommand, ...] = (
    LabCommand("Tree", "t", "the search of this position as a tree you can step through", "tree"),
    LabCommand("Compare", "c", "minimax, alpha-beta and each refinement on this position, as "
               "bars", "compare"),
    LabCommand("Depths", "d", "value, best move and nodes at each search depth", "depth"),
)


def lab_scene(app: Host, session_or_state: Session | State, kit: GameKit, view: str = "tree",
              level: str | None = None) -> LabScene:
    """The lab scene on the current position of a Session (or on a bare State), showing
    ``level``'s search (default: the level of the session's AI, see ``seat_level``)."""
    from ui.lab.scene import LabScene  # the lab's panes: when it first opens

    state = (session_or_state.current if isinstance(session_or_state, Session)
             else session_or_state)
    if level is None:
        level = seat_level(session_or_state)
    return LabScene(app, state, kit, view, back=app.scene, level=level)


def teaching_scene(app: Host, kit: GameKit, example: str | None = None) -> LabScene:
    """The lab on one of a teaching game's example trees (the first when ``example`` is
    None), back to the screen that opened it."""
    from ui.lab.scene import LabScene  # as in lab_scene

    examples = kit.examples()
    if example is None:
        example = next(iter(examples), None)
    if example not in examples:
        raise ValueError(f"no example {example!r} for {kit.title}; known: "
                         f"{', '.join(examples) or 'none'}")
    state = kit.rules().parse_position(examples[example].text)
    return LabScene(app, state, kit, "tree", back=app.scene)


def seat_level(session: Session | State) -> str | None:
    """The level of the AI the game on screen plays against, so the lab shows the search
    that plays: the seat to move when it is an AI with a level (AI against AI), else the
    other seat's; None for a bare position or when no seat is an AI with a level (the lab
    then uses its default level)."""
    if not isinstance(session, Session):
        return None
    with_level = [s for s in session.seats if s.kind == "ai" and s.level]
    if not with_level:
        return None
    to_move = session.seat_to_move()
    chosen = to_move if to_move is not None and to_move in with_level else with_level[0]
    return str(chosen.level)


def lab_commands(kit: GameKit) -> list[LabCommand]:
    """The play screen's lab buttons for ``kit``: the lab's views, then the game's own."""
    own = [LabCommand(v.button, v.key, v.help, v.name) for v in lab_views(kit)]
    return [*LAB_COMMANDS, *own]


def why_no_lab(session: Session) -> str:
    """Why the lab cannot search the shown position ("" when it can)."""
    player = session.current.current_player()
    if player == TERMINAL:
        return "The game is over: there is no search to show"
    if player == CHANCE:
        return "Roll the dice first: the search starts from a rolled position"
    return ""
