"""The search lab: the real search of a real position as pictures you can walk through.

Entry points for the other screens:

- ``open_lab(app, session_or_state, game_id, view)`` returns the lab scene on the shown
  position, opened on "tree", "compare", "depth" or "nim", showing the search of the level
  of the game's AI seat (``seat_level``); Esc returns to the screen that was showing when it
  was opened;
- ``lab_commands(game_id)`` lists (label, key, action) for the play screen's buttons and keys
  (``action(app, session)`` opens the view; ``LAB_HELP[label]`` is its help line, and
  ``why_no_lab(session)`` says why the position cannot be searched, "" when it can);
- ``open_classroom(app)`` opens the textbook trees (the menu's "Classroom" entry).
"""

from __future__ import annotations

from typing import Any

#: (button label, key name, view) for the play screen.
LAB_COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("Tree", "t", "tree"),
    ("Compare", "c", "compare"),
    ("Depths", "d", "depth"),
    ("Binary", "b", "nim"),
)
#: A help line per command label.
LAB_HELP: dict[str, str] = {
    "Tree": "the search of this position as a tree you can step through",
    "Compare": "minimax, alpha-beta and each refinement on this position, as bars",
    "Depths": "value, best move and nodes at each search depth",
    "Binary": "the heaps in binary with the nim-sum: why the winning move wins",
}


def open_lab(app: Any, session_or_state: Any, game_id: str, view: str = "tree",
             level: str | None = None) -> Any:
    """The lab scene on the current position of a Session (or on a bare State), showing
    ``level``'s search (default: the level of the session's AI, see ``seat_level``)."""
    from game.ui.lab.scene import LabScene

    state = getattr(session_or_state, "current", session_or_state)
    if level is None:
        level = seat_level(session_or_state)
    return LabScene(app, state, game_id, view, back=app.scene, level=level)


def seat_level(session: Any) -> str | None:
    """The level of the AI the game on screen plays against, so the lab shows the search
    that plays: the seat to move when it is an AI with a level (AI against AI), else the
    other seat's; None for a bare position or when no seat is an AI with a level (the lab
    then uses its default level)."""
    seats = getattr(session, "seats", None)
    if not seats:
        return None
    with_level = [s for s in seats if getattr(s, "kind", "") == "ai" and getattr(s, "level", None)]
    if not with_level:
        return None
    to_move = session.seat_to_move() if hasattr(session, "seat_to_move") else None
    return str((to_move if to_move in with_level else with_level[0]).level)


def lab_commands(game_id: str | None = None) -> list[tuple[str, str, Any]]:
    """(label, key, action) for the play screen; ``action(app, session)`` switches to the lab.

    The Nim view is offered only for Nim. Keys are pygame key names (``pygame.key.key_code``).
    """
    out = []
    for label, key, view in LAB_COMMANDS:
        if view == "nim" and game_id not in (None, "nim"):
            continue

        def action(app: Any, session: Any, view: str = view) -> None:
            app.switch(open_lab(app, session, session.game_id, view))

        out.append((label, key, action))
    return out


def why_no_lab(session: Any) -> str:
    """Why the lab cannot search the shown position ("" when it can)."""
    from game.core import CHANCE, TERMINAL

    player = session.current.current_player()
    if player == TERMINAL:
        return "The game is over: there is no search to show"
    if player == CHANCE:
        return "Roll the dice first: the search starts from a rolled position"
    return ""


def open_classroom(app: Any, example: str = "textbook") -> Any:
    """The lab on a textbook tree (menu: Classroom)."""
    from game.registry import get_game
    from game.ui.lab.scene import LabScene

    game = get_game("classroom")
    return LabScene(app, game.initial_state(example=example), "classroom", "tree",
                    back=app.scene)


def lab_scene(app: Any, session_or_state: Any, game_id: str, view: str = "tree",
              level: str | None = None) -> Any:
    return open_lab(app, session_or_state, game_id, view, level)


def teaching_scene(app: Any, game_id: str, example: str | None = None) -> Any:
    return open_classroom(app, example or "textbook")
