"""Every command of the play screen, each defined once (buttons, keys and help come from here).

Adding a command is one more ``Command(...)`` line in ``play_commands``. A command calls the
match's commands (play.controller) or the screen's (``CommandedScreen``: what the commands use
of the play screen); taking back half a move and starting again are functions here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.session import Session
from play.controller import MatchController
from ui.boards.base import BoardView
from ui.commands import Command, Key
from ui.kit import game_ui
from ui.lab import lab_commands, why_no_lab
from ui.movelist import MoveListView, MoveRecord
from ui.scenes.common import Dialog
from ui.scenes.play_files import GameFiles
from ui.scenes.program_view import ProgramLog

#: The AI-vs-AI pauses the Slower / Faster keys step through (seconds).
PACE_STEPS = (0.0, 0.1, 0.2, 0.4, 0.6, 1.0, 1.5, 2.0, 3.0)


class HelpOverlay:
    """The list of keys over the board (F1): open or closed."""

    def __init__(self) -> None:
        self.open = False

    def toggle(self) -> None:
        self.open = not self.open

    def close(self) -> None:
        self.open = False


class PlayParts(Protocol):
    """The play screen's parts its commands and its drawing both use: the match, the board
    view and the move list."""

    @property
    def match(self) -> MatchController: ...
    @property
    def session(self) -> Session: ...
    @property
    def view(self) -> BoardView: ...
    @property
    def record(self) -> MoveRecord: ...
    @property
    def moves_view(self) -> MoveListView: ...


class CommandedScreen(PlayParts, Protocol):
    """What the play screen's commands use of it (the play screen is one): its parts and
    files, and the actions that are the screen's own."""

    @property
    def files(self) -> GameFiles: ...
    @property
    def help(self) -> HelpOverlay: ...
    @property
    def dialog(self) -> object: ...
    def show_message(self, text: str, error: bool = False) -> None: ...
    def ask(self, question: str, action: Callable[[], object]) -> None: ...
    def open_dialog(self, dialog: Dialog) -> None: ...
    def to_menu(self) -> None: ...
    def toggle_values(self) -> None: ...
    def toggle_ponder(self) -> None: ...
    def change_pace(self, direction: int) -> None: ...
    def open_review(self) -> None: ...
    def open_lab(self, view: str) -> None: ...


def play_commands(s: CommandedScreen) -> list[Command]:
    K, m = pygame, s.match
    own = game_ui(s.session.kit)
    extra = own.play_commands(s) if own.play_commands is not None else []
    return [
        Command("Hint", (Key(K.K_h),), m.ai.hint,
                "the strongest search suggests your move (a cube decision: the cube's advice)",
                enabled=lambda: m.ai.why_no_hint() is None,
                why_not=lambda: m.ai.why_no_hint() or ""),
        Command("Values", (Key(K.K_v),), s.toggle_values,
                "show every legal move's value on the board", active=lambda: m.show_values),
        Command("Ponder", (Key(K.K_i),), s.toggle_ponder,
                "the AI searches its next turn while you think (levels that search by time)",
                active=lambda: m.ponder.enabled, button=False),
        # Only a game of two AIs runs on by itself; against a human the AI waits anyway, and
        # Space is there only to resume it after an error.
        Command("Pause", (Key(K.K_SPACE),), m.toggle_pause, "pause or resume AI against AI",
                enabled=lambda: all_ai(s) or m.paused,
                why_not=lambda: "Only a game of AI against AI pauses",
                active=lambda: m.paused, button=lambda: all_ai(s)),
        Command("Undo", (Key(K.K_u), Key(K.K_z, ctrl=True)), lambda: undo(s),
                "take back a move (backgammon: a checker, then whole turns)",
                enabled=lambda: can_undo(s), why_not=lambda: "Nothing to undo"),
        Command("Redo", (Key(K.K_r), Key(K.K_y, ctrl=True)), m.history.redo,
                "replay a move taken back", enabled=lambda: m.session.can_redo,
                why_not=lambda: "Nothing to redo"),
        Command("New", (Key(K.K_n),), lambda: s.ask("Start a new game?", lambda: new_game(s)),
                "start a new game (asks first)"),
        Command("Slower", (Key(K.K_MINUS), Key(K.K_KP_MINUS)), lambda: s.change_pace(+1),
                "a longer pause between AI moves"),
        Command("Faster", (Key(K.K_PLUS), Key(K.K_EQUALS), Key(K.K_KP_PLUS)),
                lambda: s.change_pace(-1), "a shorter pause between AI moves"),
        Command("Menu", (Key(K.K_ESCAPE),), s.to_menu,
                "back to the start screen; the game waits there (Resume)"),
        Command("Save", (Key(K.K_s, ctrl=True),), s.files.open_save_dialog,
                "save the game to a file"),
        Command("Load", (Key(K.K_o, ctrl=True),),
                lambda: s.ask("Load another game?", s.files.open_load_dialog),
                "load a saved game"),
        Command("Copy", (Key(K.K_c, ctrl=True),), s.files.copy_position,
                "copy the position in notation"),
        Command("Paste", (Key(K.K_v, ctrl=True),), s.files.paste,
                "set up a position (or a saved game) from the clipboard"),
        Command("Now!", (Key(K.K_m),), m.move_now, "the AI plays its best move so far",
                enabled=m.ai_to_move, why_not=lambda: "It is not the AI's turn"),
        Command("Keys", (Key(K.K_F1), Key(K.K_SLASH)), s.help.toggle, "this list of keys",
                active=lambda: s.help.open),
        # E: R is Redo's, and A is backgammon's Take.
        Command("Review", (Key(K.K_e),), s.open_review,
                "every move of this game weighed: marks, a chart, the better moves"),
        *extra,
        Command("Program log", (Key(K.K_g),), lambda: s.open_dialog(ProgramLog(
                    m.programs.log_path())), "the end of the program's log (its errors)",
                button=False, enabled=lambda: m.programs.log_path() is not None,
                why_not=lambda: "No program has played in this game"),
        *[
            Command(c.label, (Key(K.key.key_code(c.key)),),
                    opening_lab(s, c.view),
                    c.help, enabled=lambda: not why_no_lab(s.session),
                    why_not=lambda: why_no_lab(s.session))
            for c in lab_commands(s.session.kit)
        ],
        Command("Older", (Key(K.K_PAGEUP),), lambda: s.moves_view.page(+1),
                "scroll the move list back", button=False),
        Command("Newer", (Key(K.K_PAGEDOWN),), lambda: s.moves_view.page(-1),
                "scroll the move list forward", button=False),
        Command("First", (Key(K.K_HOME),), lambda: s.moves_view.to_start(),
                "the start of the move list", button=False),
        Command("Latest", (Key(K.K_END),), lambda: s.moves_view.to_end(),
                "the latest moves", button=False),
    ]


def opening_lab(s: CommandedScreen, view: str) -> Callable[[], None]:
    """Opens the lab's ``view`` on the session the scene holds when the command runs."""
    return lambda: s.open_lab(view)


def all_ai(s: CommandedScreen) -> bool:
    """No human plays: the game goes on by itself (and may be paused)."""
    return all(not seat.is_human for seat in s.session.seats)


def pace_step(current: float, direction: int) -> float:
    """The pause one step slower (+1) or faster (-1) than the step nearest ``current``."""
    idx = min(range(len(PACE_STEPS)), key=lambda i: abs(PACE_STEPS[i] - current))
    return PACE_STEPS[max(0, min(len(PACE_STEPS) - 1, idx + direction))]


def can_undo(s: CommandedScreen) -> bool:
    """Something to take back: a checker of the turn being built, or a move (against the
    AI: a move of a human player, since undo returns to the human's own decision)."""
    if s.view.has_partial_move():
        return True
    seats = s.session.seats
    if any(seat.is_human for seat in seats):
        humans = {i for i, seat in enumerate(seats) if seat.is_human}
        return any(entry.side in humans for entry in s.record.entries)
    return s.session.can_undo


def undo(s: CommandedScreen) -> None:
    """A checker of the turn being built first, then whole moves (the match's undo)."""
    if s.session.is_human_turn and s.dialog is None and s.view.undo_partial_move():
        s.show_message("Took back the last checker")
        return
    s.match.history.undo()


def new_game(s: CommandedScreen) -> None:
    """The same match again (the board view may vary the start, e.g. Nim's heaps)."""
    s.match.history.new_game(s.view.new_game_options(s.session.start))
