"""Preferences: sound (off by default), animations, move values, pondering, the AI-vs-AI
pace, the lab's presentation mode, and where the programs the games know live."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pygame

from play.kit import known_programs
from play.outside.locate import KnownProgram, choose_paths, chosen_path, where
from ui import theme
from ui.file_chooser import FileChooser
from ui.host import Host
from ui.scenes.common import DialogHost, MessageLine, draw_background
from ui.scenes.settings_programs import ProgramPathRow
from ui.widgets import Button, Choice, Widget, dispatch_pointer, draw_text

DELAYS = (0.0, 0.2, 0.4, 0.6, 1.0, 1.5, 2.0, 3.0)


class SettingsScene(DialogHost):
    def __init__(self, app: Host) -> None:
        self.app = app
        self.settings = app.settings
        self.widgets: list[Widget] = []
        self.dialog = None
        self.programs_y = 0
        self.message = MessageLine()
        self.rect = pygame.Rect(0, 0, 800, 600)

    def _toggle(self, name: str, value: bool) -> None:
        self.settings.update(**{name: value})
        if name == "sound" and value:
            self.app.play_click()

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        s = self.settings
        col_w = min(rect.width - 40, max(460, int(rect.width * 0.5)))
        x = rect.centerx - col_w // 2
        row_h = max(26, min(44, rect.height // 20))
        gap = max(6, row_h // 3)
        y = rect.y + max(16, rect.height // 28) + int(row_h * 2.5)
        on_off = [(False, "Off"), (True, "On")]
        rows: list[Widget] = [
            Choice("Sound", on_off, s.sound, lambda v: self._toggle("sound", v)),
            Choice("Animations", on_off, s.animations, lambda v: self._toggle("animations", v)),
            Choice("Show move values", on_off, s.show_values,
                   lambda v: self._toggle("show_values", v)),
            Choice("AI ponders on your time", on_off, s.ponder,
                   lambda v: self._toggle("ponder", v)),
            Choice("AI vs AI pause", [(d, f"{d:.1f} s") for d in DELAYS],
                   min(DELAYS, key=lambda d: abs(d - s.ai_delay_s)),
                   lambda v: self.settings.update(ai_delay_s=v)),
            Choice("Lab presentation mode", on_off, s.lab_presentation,
                   lambda v: self._toggle("lab_presentation", v)),
        ]
        for w in rows:
            w.rect = pygame.Rect(x, y, col_w, row_h)
            y += row_h + gap
        programs = [ProgramPathRow(known, partial(self.choose_program, known),
                                   partial(self.look_up_program, known))
                    for known in known_programs()]
        if programs:
            self.programs_y = y + gap
            y = self.programs_y + row_h
            for w in programs:
                w.rect = pygame.Rect(x, y, col_w, row_h)
                y += row_h + gap
            rows += programs
        back = Button("Back", self.back, active=True)
        back.rect = pygame.Rect(x, y + gap, col_w // 3, int(row_h * 1.2))
        self.message_rect = pygame.Rect(x, back.rect.bottom + gap, col_w, row_h)
        self.widgets = [*rows, back]
        if self.dialog is not None:
            self.dialog.layout(rect)

    # ---- where the known programs live -----------------------------------------------------
    def choose_program(self, known: KnownProgram) -> None:
        """The file chooser on any file, opened where the program is now (or /usr)."""
        now = chosen_path(known.program) or where(known.program)
        start = Path(now).parent if now else Path("/usr")

        def chosen(path: Path) -> None:
            self._set_program_path(known, str(path))

        self.open_dialog(FileChooser(self.app, "load", start, Path(now).name if now else "",
                                     chosen, title=f"Where is {known.title} ({known.program})?",
                                     suffix=""))

    def look_up_program(self, known: KnownProgram) -> None:
        self._set_program_path(known, "")

    def _set_program_path(self, known: KnownProgram, path: str) -> None:
        paths = {k: v for k, v in self.settings.program_paths.items() if k != known.program}
        if path:
            paths[known.program] = path
        self.settings.update(program_paths=paths)
        choose_paths(paths)
        found = where(known.program)
        if path and not found:
            self.show_message(f"{path} is not a program this user can run", error=True)
        else:
            self.show_message(f"{known.title} runs from {found}" if found
                              else f"{known.title} not found")
        self.layout(self.rect)

    def back(self) -> None:
        self.app.save_settings()
        self.app.open_menu(suspend=self.app.suspended)

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.show(text, error, self.app.now)

    def on_exit(self) -> None:
        pass

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog_takes(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.back()
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            dispatch_pointer(self.widgets, event)

    def update(self, dt: float) -> None:
        pass

    def next_frame_in(self) -> float | None:
        """Nothing moves here: draw on input, and when a message is due to fade."""
        return self.message.fades_in(self.app.now)

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface)
        r = self.rect
        big = max(24, r.height // 16)
        draw_text(surface, "Settings", (r.centerx, r.y + max(16, r.height // 28)), big,
                  theme.color("accent"), bold=True, anchor="midtop")
        if any(isinstance(w, ProgramPathRow) for w in self.widgets):
            draw_text(surface, "Programs the games know", (self.message_rect.x, self.programs_y),
                      max(12, int(theme.text_size(r.height) * 0.95)), theme.color("accent"),
                      bold=True)
        for w in self.widgets:
            w.draw(surface)
        self.message.draw(surface, self.message_rect, self.app.now)
        if self.dialog is not None:
            self.dialog.draw(surface)
