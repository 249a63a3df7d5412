"""Pieces shared by the screens: the modal dialog slot, the message line and the background."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.widgets import draw_text

MESSAGE_S = 5.0


class DialogHost:
    """A screen that shows at most one modal dialog (text, file chooser, question) on top.

    While a dialog is open it gets every event. A dialog's answer may open the next dialog
    (a chosen file asking "overwrite?"), so only the dialog that handled the event is cleared
    when it closes, never its successor.
    """

    dialog: Any
    rect: pygame.Rect

    def open_dialog(self, dialog: Any) -> None:
        self.dialog = dialog
        dialog.layout(self.rect)

    def dialog_takes(self, event: pygame.event.Event) -> bool:
        """Give ``event`` to the open dialog; False when there is none."""
        dialog = self.dialog
        if dialog is None:
            return False
        dialog.handle_event(event)
        if dialog.closed and self.dialog is dialog:
            self.dialog = None
        return True


class MessageLine:
    """One line of feedback (errors in red) that fades after a few seconds."""

    def __init__(self) -> None:
        self.text = ""
        self.error = False
        self.until = 0.0

    def show(self, text: str, error: bool, now: float, seconds: float = MESSAGE_S) -> None:
        self.text = " ".join(str(text).split())  # one line, whatever came in
        self.error = error
        self.until = now + seconds

    def clear(self) -> None:
        self.text = ""

    def visible(self, now: float) -> bool:
        return bool(self.text) and now < self.until

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, now: float) -> None:
        if not self.visible(now):
            return
        size = max(12, int(rect.height * 0.5))
        bg = (80, 34, 34) if self.error else (38, 52, 44)
        pygame.draw.rect(surface, bg, rect, border_radius=rect.height // 3)
        col = theme.color("bad") if self.error else theme.color("good")
        draw_text(surface, self.text, rect.center, size, col, bold=True, anchor="center",
                  max_width=rect.width - 20)


def draw_background(surface: pygame.Surface) -> None:
    """A quiet vertical gradient, cached per window size."""
    size = surface.get_size()
    cached = _BG_CACHE.get(size)
    if cached is None:
        cached = pygame.Surface(size)
        top, bottom = theme.color("background_top"), theme.color("background")
        h = max(1, size[1])
        for y in range(0, h, 2):
            t = y / h
            col = tuple(int(top[i] + (bottom[i] - top[i]) * t) for i in range(3))
            pygame.draw.rect(cached, col, (0, y, size[0], 2))
        if pygame.display.get_surface() is not None:
            cached = cached.convert()  # display format: a much faster blit every frame
        _BG_CACHE.clear()
        _BG_CACHE[size] = cached
    surface.blit(cached, (0, 0))


_BG_CACHE: dict[tuple[int, int], pygame.Surface] = {}
