"""The result banner in the play screen's top bar: its lines and size, planned before the
layout so the top bar grows to hold the whole result and the keys that follow a game's end.

The banner used to keep the top bar's height whatever the result said: a long result
(Othello's world-championship scoring explains where the empty squares went) took two lines in
a box one line high, the border ran through the text, and the key reminder was dropped. Now
the plan decides the text's size and lines first, and the layout gives the banner the height
they need (the board below takes a little less).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.session import Session
from ui import theme
from ui.assets import font
from ui.text import width as text_width
from ui.widgets import draw_text, wrap_text

#: What a player can do once a game is over, shown with the result.
BANNER_KEYS = "N new game · U undo · Esc menu"
#: The smallest size of a result line (still read at a glance).
MIN_RESULT_SIZE = 12


@dataclass(frozen=True)
class BannerPlan:
    """How a result is drawn in a banner ``width`` pixels wide."""

    size: int  # the result's font size (bold)
    lines: tuple[str, ...]  # the result, one or two lines, every word
    keys_size: int
    #: The keys sit at the right of the last result line; else on a line of their own below.
    keys_beside: bool
    pad: int  # left and right margin
    vpad: int  # top and bottom margin
    height: int  # what the banner needs (at least the top bar's own height)

    @property
    def line_h(self) -> int:
        return line_height(self.size, True)

    @property
    def keys_h(self) -> int:
        return line_height(self.keys_size)


def line_height(size: int, bold: bool = False) -> int:
    """A line's step: a rendered line may be taller than the font's line spacing."""
    f = font(size, bold)
    return max(f.get_linesize(), f.get_height()) + 1


def result_line(session: Session) -> str:
    """What the banner says once ``session`` is over."""
    return session.result_text or "Game over"


def plan_banner(text: str, width: int, bar_height: int, keys: str = BANNER_KEYS) -> BannerPlan:
    """The largest one-line form with the keys beside it, else two lines (the keys beside the
    second when they fit, else below): every word of ``text`` and the keys always shown."""
    pad, vpad = max(8, bar_height // 4), max(4, bar_height // 8)
    room = max(40, width - 2 * pad)
    big = max(14, int(bar_height * 0.5))
    keys_size = max(11, int(bar_height * 0.32))
    keys_w = text_width(font(keys_size), keys)
    gap = pad

    def plan(size: int, lines: list[str]) -> BannerPlan:
        beside = text_width(font(size, True), lines[-1]) + gap + keys_w <= room
        need = 2 * vpad + line_height(size, True) * len(lines)
        need += 0 if beside else line_height(keys_size)
        return BannerPlan(size, tuple(lines), keys_size, beside, pad, vpad,
                          max(bar_height, need))

    one_line_floor = max(MIN_RESULT_SIZE, int(bar_height * 0.4))
    for size in range(big, one_line_floor - 1, -1):
        if text_width(font(size, True), text) + gap + keys_w <= room:
            return plan(size, [text])
    for size in range(max(MIN_RESULT_SIZE, int(big * 0.8)), MIN_RESULT_SIZE - 1, -1):
        lines = wrap_text(text, font(size, True), room)
        if len(lines) <= 2:
            return plan(size, lines)
    return plan(MIN_RESULT_SIZE, wrap_text(text, font(MIN_RESULT_SIZE, True), room))


def draw_banner(surface: pygame.Surface, r: pygame.Rect, text: str,
                keys: str = BANNER_KEYS) -> None:
    """The result in the top bar: an overlay on the board would hide the final position
    (the winning line, the last discs) exactly when the player wants to look at it. ``r`` is
    the banner the layout sized by :func:`plan_banner`."""
    accent = theme.color("accent")
    pygame.draw.rect(surface, theme.color("panel"), r, border_radius=8)
    pygame.draw.rect(surface, accent, r, width=2, border_radius=8)
    bar_height = r.height
    p = plan_banner(text, r.width, bar_height, keys)
    while p.height > r.height and bar_height > 20:  # a banner not laid out for this text
        bar_height -= 2
        p = plan_banner(text, r.width, bar_height, keys)
    body = p.line_h * len(p.lines) + (0 if p.keys_beside else p.keys_h)
    y = r.centery - body // 2
    room = r.width - 2 * p.pad
    for line in p.lines:
        draw_text(surface, line, (r.x + p.pad, y), p.size, accent, bold=True, max_width=room,
                  kind="banner")
        y += p.line_h
    dim = theme.color("text_dim")
    if p.keys_beside:
        draw_text(surface, keys, (r.right - p.pad, y - p.line_h // 2), p.keys_size, dim,
                  anchor="midright", kind="banner-keys")
    else:
        draw_text(surface, keys, (r.right - p.pad, y), p.keys_size, dim, anchor="topright",
                  max_width=room, kind="banner-keys")
