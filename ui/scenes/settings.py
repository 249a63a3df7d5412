"""Preferences: sound (off by default), animations, move values, pondering, the AI-vs-AI
pace, the lab's presentation mode."""

from __future__ import annotations

import pygame

from ui import theme
from ui.host import Host
from ui.scenes.common import MessageLine, draw_background
from ui.widgets import Button, Choice, Widget, dispatch_pointer, draw_text

DELAYS = (0.0, 0.2, 0.4, 0.6, 1.0, 1.5, 2.0, 3.0)


class SettingsScene:
    def __init__(self, app: Host) -> None:
        self.app = app
        self.settings = app.settings
        self.widgets: list[Widget] = []
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
        back = Button("Back", self.back, active=True)
        back.rect = pygame.Rect(x, y + gap, col_w // 3, int(row_h * 1.2))
        self.message_rect = pygame.Rect(x, back.rect.bottom + gap, col_w, row_h)
        self.widgets = [*rows, back]

    def back(self) -> None:
        self.app.save_settings()
        self.app.open_menu(suspend=self.app.suspended)

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.show(text, error, self.app.now)

    def on_exit(self) -> None:
        pass

    def handle_event(self, event: pygame.event.Event) -> None:
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
        for w in self.widgets:
            w.draw(surface)
        self.message.draw(surface, self.message_rect, self.app.now)
