"""The lab's top bar (title, view tabs, commands) and the line under it (the level picker and
whose search the views record), with the text sizes every lab view takes its fonts from."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from ui import theme
from ui.assets import font
from ui.commands import Command
from ui.lab.keys import button_width, text_width
from ui.text import two_lines
from ui.widgets import Button, draw_centred_lines, draw_text

#: Presentation mode's sizes at a window 720 px high (they grow with the window): body text,
#: small labels, and the least any lab text may be. Code panels use at least the small size.
PRESENTATION_TEXT_PX = 24
PRESENTATION_SMALL_PX = 20
PRESENTATION_MIN_PX = 18


def text_sizes(window_height: int, presentation: bool) -> tuple[int, int]:
    """(body, small) font sizes in px for a window ``window_height`` high."""
    if presentation:
        body = max(PRESENTATION_TEXT_PX, round(window_height * PRESENTATION_TEXT_PX / 720))
        small = max(PRESENTATION_SMALL_PX, round(body * PRESENTATION_SMALL_PX
                                                 / PRESENTATION_TEXT_PX))
        return body, small
    body = max(12, min(18, theme.text_size(window_height) - 2))
    return body, max(12, round(body * 0.86))


@dataclass
class LabBar:
    """The bar's buttons as laid out for one window size."""

    tabs: list[Button] = field(default_factory=list)
    level_button: Button | None = None
    show_title: bool = False

    def draw(self, surface: pygame.Surface, title: str, title_size: int, top: pygame.Rect,
             line: pygame.Rect, pad: int, search_line: str, text_size: int,
             small_size: int) -> None:
        if self.show_title:
            draw_text(surface, title, top.midleft, title_size, theme.color("accent"),
                      bold=True, anchor="midleft")
        for b in self.tabs:
            b.draw(surface)
        x = line.x
        if self.level_button is not None:
            self.level_button.draw(surface)
            x = self.level_button.rect.right + pad
        room = line.right - x
        size = text_size if text_width(search_line, text_size) <= room else small_size
        # Too long even small (presentation mode's large text): two lines in the row,
        # broken between words, rather than the line's end cut off.
        lines = two_lines(search_line, font(size), room)
        line_h = min(int(size * 1.15), line.height // len(lines))
        draw_centred_lines(surface, lines, x, line.centery, size, theme.color("text"), line_h,
                           room)


def lay_out_bar(commands: Sequence[Command], title: str, title_size: int, top: pygame.Rect,
                line: pygame.Rect, gap: int, button_size: int, levels: Sequence[str],
                level: str, next_level: Callable[[], None], subject: str = "") -> LabBar:
    """Tabs and commands at their natural widths; the title goes first when they do not fit,
    then every button shrinks alike (its label is ellipsised, never made smaller). The level
    picker opens the line under the bar when there is more than one level to pick; a view
    that works on no level's search names its ``subject`` there instead, the button off."""
    labels = [f"{c.name}  {c.short_key_text}" for c in commands]
    widths = [button_width(label, button_size, top.height) for label in labels]
    title_w = font(title_size, True).size(title)[0] + 2 * gap
    room = top.width - gap * (len(commands) - 1)
    if sum(widths) > room:  # a small window: the names alone (the keys: F1, tooltips)
        labels = [c.name for c in commands]
        widths = [button_width(label, button_size, top.height) for label in labels]
    show_title = sum(widths) + title_w <= room
    if show_title:
        room -= title_w
    scale = min(1.0, room / max(1, sum(widths)))
    # Spread what is left over the buttons, so the bar is filled as before.
    extra = max(0, room - sum(widths)) // max(1, len(widths)) if scale == 1.0 else 0
    x = top.right - sum(int(w * scale) + extra for w in widths) - gap * (len(widths) - 1)
    tabs = []
    for command, label, w in zip(commands, labels, widths, strict=True):
        rect = pygame.Rect(x, top.y, int(w * scale) + extra, top.height)
        tabs.append(Button(label, command.action, active=command.active(), rect=rect,
                           text_size=button_size,
                           tooltip="" if label != command.name else f"key {command.short_key_text}"))
        x = rect.right + gap
    level_button = None
    if len(levels) > 1:
        label = subject or f"Level: {level}  V"
        w = button_width(max(f"Level: {max(levels, key=len)}  V", label, key=len), button_size,
                         line.height)
        level_button = Button(label, next_level, enabled=not subject,
                              tooltip="whose search the views show", text_size=button_size,
                              rect=pygame.Rect(line.x, line.y, min(w, line.width // 2),
                                               line.height))
    return LabBar(tabs, level_button, show_title)
