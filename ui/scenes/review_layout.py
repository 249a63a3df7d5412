"""The review screen's geometry, derived from the window size on every resize: the board on
the left under a top bar, and on the right the chart above the move list and the panel side
by side, with the command buttons at the foot.

The right column is wider than the play screen's panel: the chart needs width to tell one
decision from the next, and the panel explains a move in sentences.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ui import theme
from ui.commands import Command, Commands
from ui.scenes.play_layout import CommandButton
from ui.scenes.review_status import status_height
from ui.widgets import share_label_size

#: Arrow keys as a button writes them (the help keeps the keys' names).
ARROWS = {"LEFT": "←", "RIGHT": "→", "UP": "↑", "DOWN": "↓"}
BUTTON_COLUMNS = 6


class ReviewButton(CommandButton):
    """A command's button, its arrow key drawn as an arrow."""

    def __init__(self, command: Command) -> None:
        super().__init__(command)
        key = command.short_key_text
        self.text = f"{command.name}  {ARROWS.get(key, key)}"


@dataclass
class ReviewLayout:
    rect: pygame.Rect
    pad: int
    text_size: int
    top_rect: pygame.Rect
    board_rect: pygame.Rect
    status_rect: pygame.Rect
    column: pygame.Rect
    chart_rect: pygame.Rect
    moves_rect: pygame.Rect
    panel_rect: pygame.Rect
    buttons: list[ReviewButton] = field(default_factory=list)

    @classmethod
    def empty(cls) -> ReviewLayout:
        r = pygame.Rect(0, 0, 0, 0)
        return cls(r, 8, 16, r, r, r, r, r, r, r)


def layout_review_screen(commands: Commands, rect: pygame.Rect) -> ReviewLayout:
    """The screen in ``rect``, a button for each of ``commands``' buttons."""
    w, h = rect.size
    pad = max(8, min(w, h) // 60)
    size = theme.text_size(h)
    column_w = max(330, min(760, int(w * 0.47)))
    left_w = w - column_w - 3 * pad
    top_rect = pygame.Rect(pad, pad, left_w, max(30, h // 15))
    status_h = max(24, h // 22, status_height(size))  # two lines: its figures are never cut
    board_rect = pygame.Rect(pad, top_rect.bottom + pad, left_w,
                             h - top_rect.bottom - status_h - 3 * pad)
    status_rect = pygame.Rect(pad, board_rect.bottom + pad, left_w, status_h)
    column = pygame.Rect(w - column_w - pad, pad, column_w, h - 2 * pad)
    shown = commands.buttons()
    rows = (len(shown) + BUTTON_COLUMNS - 1) // BUTTON_COLUMNS
    gap = max(4, pad // 2)
    bh = max(24, min(34, h // 26))
    bw = (column_w - (BUTTON_COLUMNS - 1) * gap) // BUTTON_COLUMNS
    buttons_top = column.bottom - rows * bh - (rows - 1) * gap
    buttons = []
    for i, command in enumerate(shown):
        b = ReviewButton(command)
        r, c = divmod(i, BUTTON_COLUMNS)
        b.rect = pygame.Rect(column.x + c * (bw + gap), buttons_top + r * (bh + gap), bw, bh)
        b.mirror()
        buttons.append(b)
    share_label_size(buttons)
    chart_h = max(120, int(h * 0.28))
    chart_rect = pygame.Rect(column.x, column.y, column_w, chart_h)
    below = chart_rect.bottom + pad
    body_h = buttons_top - pad - below
    moves_w = max(140, int(column_w * 0.3))
    moves_rect = pygame.Rect(column.x, below, moves_w, body_h)
    panel_rect = pygame.Rect(moves_rect.right + pad, below, column_w - moves_w - pad, body_h)
    return ReviewLayout(rect, pad, size, top_rect, board_rect, status_rect, column,
                        chart_rect, moves_rect, panel_rect, buttons)
