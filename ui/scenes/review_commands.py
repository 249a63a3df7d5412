"""Every command of the review screen, each defined once (its buttons, keys and help come
from here), and the few steps made of the screen's actions: Esc, the best line, a deeper
or shallower analysis. ``CommandedReview`` is what they use of the screen.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.session import Session
from play.review import ReviewModel
from ui.commands import Command, Key
from ui.scenes.play_commands import HelpOverlay
from ui.scenes.play_files import GameFiles
from ui.scenes.review_moves import ReviewMoveList


class CommandedReview(Protocol):
    """What the review's commands use of the review screen (which is one)."""

    @property
    def model(self) -> ReviewModel: ...
    @property
    def session(self) -> Session: ...
    @property
    def moves(self) -> ReviewMoveList: ...
    @property
    def files(self) -> GameFiles: ...
    @property
    def help(self) -> HelpOverlay: ...
    @property
    def now(self) -> float: ...
    def show_message(self, text: str, error: bool = False) -> None: ...
    def analyse(self) -> None: ...
    def go_back(self) -> None: ...
    def play_on(self) -> None: ...


def review_commands(s: CommandedReview) -> list[Command]:
    K, m = pygame, s.model

    def has_rows() -> bool:
        return bool(m.rows)

    def no_rows() -> str:
        return "Wait for the analysis" if m.running else "No analysis to step through yet"

    def idle() -> bool:
        return not m.running

    return [
        Command("Prev", (Key(K.K_LEFT),), lambda: m.step(-1), "the previous decision",
                enabled=has_rows, why_not=no_rows),
        Command("Next", (Key(K.K_RIGHT),), lambda: m.step(+1), "the next decision",
                enabled=has_rows, why_not=no_rows),
        Command("Prev error", (Key(K.K_UP), Key(K.K_b)), lambda: m.error_step(-1),
                "the previous marked move", enabled=has_rows, why_not=no_rows),
        Command("Next error", (Key(K.K_DOWN), Key(K.K_n)), lambda: m.error_step(+1),
                "the next marked move", enabled=has_rows, why_not=no_rows),
        Command("Line", (Key(K.K_l),), lambda: show_line(s),
                "step the engine's best line on the board (again: the next move; Esc stops)",
                enabled=has_rows, why_not=no_rows, active=lambda: bool(m.line)),
        Command("Play on", (Key(K.K_p),), s.play_on,
                "play the selected position against the AI (you take the side to move)",
                enabled=has_rows, why_not=no_rows),
        Command("Shallower", (Key(K.K_MINUS), Key(K.K_KP_MINUS)),
                lambda: change_search(s, -1), "a quicker analysis (A runs it)"),
        Command("Deeper", (Key(K.K_PLUS), Key(K.K_EQUALS), Key(K.K_KP_PLUS)),
                lambda: change_search(s, +1), "a deeper analysis (A runs it)"),
        Command("Analyse", (Key(K.K_a),), s.analyse, "analyse the game with the search shown",
                enabled=idle, why_not=lambda: "The analysis is running (C cancels)"),
        Command("Cancel", (Key(K.K_c),), m.cancel, "stop the analysis (Esc too)",
                enabled=lambda: m.running, why_not=lambda: "No analysis is running",
                button=False),
        Command("Save", (Key(K.K_s, ctrl=True),), s.files.open_save_dialog,
                "save the game with its analysis"),
        Command("Back", (Key(K.K_ESCAPE),), lambda: escape(s),
                "stop the line, else cancel the analysis, else back to the game"),
        Command("Keys", (Key(K.K_F1), Key(K.K_SLASH)), s.help.toggle, "this list of keys",
                active=lambda: s.help.open),
        Command("First", (Key(K.K_HOME),), lambda: m.select(0), "the first decision",
                button=False),
        Command("Last", (Key(K.K_END),), lambda: m.select(len(m.rows) - 1),
                "the last decision", button=False),
        Command("Older", (Key(K.K_PAGEUP),), lambda: s.moves.scroll(-s.moves.visible),
                "scroll the move list back", button=False),
        Command("Newer", (Key(K.K_PAGEDOWN),), lambda: s.moves.scroll(s.moves.visible),
                "scroll the move list forward", button=False),
    ]


def escape(s: CommandedReview) -> None:
    """Esc undoes the nearest thing: the line on the board, the running analysis, and only
    then the screen itself."""
    if s.help.open:
        s.help.close()
    elif s.model.stop_line():
        s.show_message("Back to the game's position")
    elif not s.model.cancel():
        s.go_back()


def show_line(s: CommandedReview) -> None:
    """The first press starts the line (the timer steps it); a press while it runs shows
    the next move at once."""
    m = s.model
    if m.line:
        m.advance_line(s.now)
    else:
        m.start_line(s.now)


def change_search(s: CommandedReview, direction: int) -> None:
    if s.model.change_settings(direction):
        s.show_message(f"Next analysis: {s.model.settings.text()} — A analyses")

