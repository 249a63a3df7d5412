"""Pieces shared by the screens: the modal dialog slot, the message line and the background."""

from __future__ import annotations

from typing import Protocol

import pygame

from ui import scene_record, theme
from ui.assets import font
from ui.text import width as text_width
from ui.text import wrap
from ui.widgets import draw_text, fitting_size

MESSAGE_S = 5.0
#: The smallest size a message shrinks to before it takes more lines.
MIN_SIZE = 12


class Dialog(Protocol):
    """A modal in front of a screen: a TextDialog, a FileChooser, a ConfirmDialog."""

    closed: bool

    def layout(self, screen: pygame.Rect) -> None: ...
    def handle_event(self, event: pygame.event.Event) -> bool: ...
    def draw(self, surface: pygame.Surface) -> None: ...


class DialogHost:
    """A screen that shows at most one modal dialog (text, file chooser, question) on top.

    While a dialog is open it gets every event. A dialog's answer may open the next dialog
    (a chosen file asking "overwrite?"), so only the dialog that handled the event is cleared
    when it closes, never its successor.
    """

    dialog: Dialog | None
    rect: pygame.Rect

    def open_dialog(self, dialog: Dialog) -> None:
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

    def fades_in(self, now: float) -> float | None:
        """Seconds until a shown message fades (a screen draws again then), None if none."""
        return max(0.0, self.until - now) if self.visible(now) else None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, now: float) -> None:
        """The message in ``rect``, whole: a long one (a paste error quoting the parser)
        first takes a smaller size, then two or more lines, and then grows its plate out of
        ``rect`` towards the side of the window with more room, rather than being cut."""
        if not self.visible(now):
            return
        size, lines = message_lines(self.text, rect)
        line_h = font(size, True).get_linesize()
        plate = rect.copy()
        plate.height = max(rect.height, len(lines) * line_h + rect.height // 3)
        if plate.height > rect.height and rect.centery > surface.get_height() // 2:
            plate.bottom = rect.bottom  # near the bottom of the window: grow upwards
        bg = (80, 34, 34) if self.error else (38, 52, 44)
        pygame.draw.rect(surface, bg, plate, border_radius=min(rect.height, plate.height) // 3)
        scene_record.cover(surface, plate)  # the status line under it waits for it to fade
        col = theme.color("bad") if self.error else theme.color("good")
        top = plate.centery - len(lines) * line_h // 2
        for i, line in enumerate(lines):
            draw_text(surface, line, (plate.centerx, top + i * line_h), size, col, bold=True,
                      anchor="midtop", kind="message")


def message_lines(text: str, rect: pygame.Rect) -> tuple[int, list[str]]:
    """The size and lines showing ``text`` whole in ``rect``'s width: one line at the
    largest size from half the height down to MIN_SIZE, else wrapped at the size whose lines
    fit the height (MIN_SIZE when none does: the plate then grows)."""
    room = rect.width - 20
    base = max(MIN_SIZE, int(rect.height * 0.5))
    one = fitting_size(text, base, room, bold=True, min_size=MIN_SIZE)
    if text_width(font(one, True), text) <= room:
        return one, [text]
    for size in range(base, MIN_SIZE - 1, -1):
        lines = wrap(text, font(size, True), room)
        if len(lines) * font(size, True).get_linesize() <= rect.height:
            return size, lines
    return MIN_SIZE, wrap(text, font(MIN_SIZE, True), room)


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
