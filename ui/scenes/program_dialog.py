"""The start screen's "Program…" dialog: which program plays a seat.

A program is a player outside Kibitz: a Python agent file (``file:``, picked with the file
chooser filtered to .py) or a command line that speaks the engine protocol (``cmd:``, typed);
docs/agents.md tells how to write one. Programs the game knows by name (GRhino for Othello,
GNU Backgammon) are offered ready-made, one button a level, with where they run from (Settings
can point to them). The name is checked as the save file would check it
(game.seat) and as the match would read it (play.outside.spec) before the dialog closes, so a
seat never holds a name that cannot be saved or read; whether the program runs is found when
it is first asked for a move (then it forfeits, with its log to read).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame

from game.core import error_line
from game.kit import GameKit
from game.seat import Seat
from play.kit import game_play
from play.outside.locate import KnownProgram, where
from play.outside.players import takes_program
from play.outside.spec import is_outside, parse_spec
from ui import theme
from ui.assets import font
from ui.file_chooser import ChooserApp, FileChooser
from ui.scenes.confirm import draw_modal_frame
from ui.scenes.settings_programs import program_status
from ui.text_widgets import TextField
from ui.widgets import Button, Widget, draw_text, share_label_size, wrap_text

EXPLAIN = ("A program is your own player: a Python agent file, or a command speaking the "
           "engine protocol (docs/agents.md tells how to write one).")
HINT = "A .py file plays as file:PATH; anything else runs as cmd:COMMAND."
#: Lines of text above the field: the explanation (wrapped) and the hint or the error.
TEXT_LINES = 4


def program_name(text: str) -> str:
    """What was typed as a program's name: a path to a .py file becomes ``file:PATH``, any
    other text without a prefix ``cmd:TEXT``."""
    text = text.strip()
    if is_outside(text) or not text:
        return text
    return f"file:{text}" if text.endswith(".py") else f"cmd:{text}"


class ProgramRow(Widget):
    """The start screen's row under a program seat: "Change program…" where a choice's value
    would be, so the rows read as one column."""

    def __init__(self, label: str, action: Callable[[], object], tooltip: str) -> None:
        super().__init__()
        self.label = label
        self.button = Button("Change program…", action, tooltip=tooltip)

    def _place(self) -> None:
        r = self.rect
        left = r.x + int(r.width * 0.42)
        self.button.rect = pygame.Rect(left, r.y, r.right - left, r.height)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._place()
        return self.button.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self._place()
        r = self.rect
        draw_text(surface, self.label, (r.x, r.centery), max(10, int(r.height * 0.42)),
                  theme.color("text_dim"), anchor="midleft", max_width=int(r.width * 0.4))
        self.button.draw(surface)


class ProgramDialog:
    """Choose file… / type a name; Enter or OK takes it, Esc or Cancel leaves the seat."""

    def __init__(self, app: ChooserApp, kit: GameKit, current: str,
                 on_choose: Callable[[str], object],
                 on_cancel: Callable[[], object] | None = None,
                 start_folder: Path | None = None) -> None:
        self.app = app
        #: The programs ``kit``'s game knows by name, offered ready-made.
        self.known = game_play(kit).programs
        if not takes_program(kit, current):
            current = ""  # another game's own program: nothing to start from
        #: Each known program's ready-made players, one button each, in ``known``'s order.
        self.ready_made = [[Button(label, partial(self.take_ready_made, program, name),
                                   tooltip=name) for label, name in program.choices]
                           for program in self.known]
        #: Where each known program runs from (or why it cannot), looked up once, not a frame.
        self.statuses = [program_status(program) for program in self.known]
        #: Where each known program's line of text goes (set by layout).
        self.known_y: list[int] = []
        self.on_choose = on_choose
        self.on_cancel = on_cancel
        self.start_folder = start_folder or Path.cwd()
        self.closed = False
        self.error = ""
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.field = TextField("", current, max_len=300)
        self.field.focused = True
        self.chooser: FileChooser | None = None
        self.file_button = Button("Choose file…", self.choose_file)
        self.ok_button = Button("OK  Enter", self.accept, active=True)
        self.cancel_button = Button("Cancel  Esc", self.cancel)
        self.screen = pygame.Rect(0, 0, 1100, 720)

    # ---- answers -----------------------------------------------------------------------------
    def accept(self) -> None:
        name = program_name(self.field.text)
        try:
            parse_spec(name)
            Seat.outside(name)
        except ValueError as exc:
            self.error = error_line(exc) if name else "Choose a file or type a command"
            return
        self.closed = True
        self.on_choose(name)

    def take_ready_made(self, program: KnownProgram, name: str) -> None:
        """A known program's player, chosen at once when the program is on this computer."""
        self.field.text = name
        if where(program.program) is None:
            self.error = f"{program.title} cannot start: {program_status(program)[0]}"
            return
        self.accept()

    def cancel(self) -> None:
        self.closed = True
        if self.on_cancel is not None:
            self.on_cancel()

    def choose_file(self) -> None:
        typed = self.field.text.strip()
        folder = self.start_folder
        if typed.startswith("file:"):
            folder = Path(typed[5:]).expanduser().parent
        self.chooser = FileChooser(self.app, "load", folder, "", self._chosen,
                                   title="Choose a Python agent file", suffix=".py")
        self.chooser.layout(self.screen)

    def _chosen(self, path: Path) -> None:
        self.field.text = f"file:{path}"  # whole: the window may start from another folder
        self.error = ""

    # ---- the dialog protocol -----------------------------------------------------------------
    def layout(self, screen: pygame.Rect) -> None:
        self.screen = screen
        w = min(screen.width - 40, max(520, int(screen.width * 0.55)))
        size = theme.text_size(screen.height)
        row = max(28, int(size * 2.1))
        pad = max(12, row // 2)
        text_h = int(size * 1.6) + int(size * 1.3) * TEXT_LINES
        known_h = (int(size * 1.3) + row + pad // 2) * len(self.known)
        h = pad * 2 + text_h + row * 2 + pad * 2 + known_h
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = screen.center
        y = self.rect.y + pad + text_h + pad // 2
        self.field.rect = pygame.Rect(self.rect.x + pad, y, w - 2 * pad, row)
        y = self.field.rect.bottom + pad // 2
        self.known_y = []
        for buttons in self.ready_made:
            self.known_y.append(y)
            y += int(size * 1.3)
            gap = max(4, pad // 2)
            bw = (w - 2 * pad - gap * (len(buttons) - 1)) // max(1, len(buttons))
            for i, b in enumerate(buttons):
                b.rect = pygame.Rect(self.rect.x + pad + i * (bw + gap), y, bw, row)
            share_label_size(buttons)
            y += row + pad // 2
        y = self.rect.bottom - pad - row
        bw = (w - 4 * pad) // 3
        for i, b in enumerate((self.file_button, self.ok_button, self.cancel_button)):
            b.rect = pygame.Rect(self.rect.x + pad + i * (bw + pad), y, bw, row)
        share_label_size([self.file_button, self.ok_button, self.cancel_button])
        if self.chooser is not None:
            self.chooser.layout(screen)

    def handle_event(self, event: pygame.event.Event) -> bool:
        chooser = self.chooser
        if chooser is not None:
            chooser.handle_event(event)
            if chooser.closed:
                self.chooser = None
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.accept()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            for b in (self.file_button, self.ok_button, self.cancel_button,
                      *(b for row in self.ready_made for b in row)):
                if b.handle_event(event):
                    return True
            self.field.handle_event(event)
            return True
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            self.field.focused = True
            self.field.handle_event(event)
            self.error = ""
        return True  # modal: nothing reaches the screen behind

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        draw_modal_frame(surface, r)
        size = theme.text_size(surface.get_height())
        pad = max(12, self.field.rect.height // 2)
        width = r.width - 2 * pad
        draw_text(surface, "A program plays this seat", (r.x + pad, r.y + pad), int(size * 1.1),
                  theme.color("text"), bold=True, max_width=width)
        small = max(11, int(size * 0.85))
        y = r.y + pad + int(size * 1.6)
        lines = [(line, "text_dim") for line in wrap_text(EXPLAIN, font(small), width)]
        lines += [(line, "bad" if self.error else "text_dim")
                  for line in wrap_text(self.error or HINT, font(small), width)]
        for line, color in lines[:TEXT_LINES]:
            draw_text(surface, line, (r.x + pad, y), small, theme.color(color), max_width=width)
            y += int(size * 1.3)
        self.field.draw(surface)
        for program, top, buttons, (status, bad) in zip(self.known, self.known_y, self.ready_made,
                                                        self.statuses, strict=True):
            line = f"{program.title}: {status}" + (" (Settings can point to it)" if bad else "")
            draw_text(surface, line, (r.x + pad, top), small,
                      theme.color("bad" if bad else "text_dim"), max_width=width,
                      essential=False)
            for b in buttons:
                b.draw(surface)
        for b in (self.file_button, self.ok_button, self.cancel_button):
            b.draw(surface)
        if self.chooser is not None:
            self.chooser.draw(surface)
