"""The play screen's geometry: top bar (name and turn), board, status line, side panel and
its grid of command buttons, all derived from the window size on every resize.

The result is one ``PlayLayout`` the screen keeps and drawing (``play_draw``) and the
screen's input read; it is made from the session and the commands alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.session import Session
from ui import theme
from ui.assets import font
from ui.commands import Command, Commands
from ui.scenes.play_banner import plan_banner, result_line
from ui.widgets import Button, share_label_size


class CommandButton(Button):
    """A panel button that runs a command (its label names the command and its key)."""

    def __init__(self, command: Command) -> None:
        super().__init__(f"{command.name}  {command.short_key_text}", command.action)
        self.command = command

    def mirror(self) -> None:
        """Look usable only when pressing would do something (AI moves, dice and new layouts
        never leave a button looking usable when it is not)."""
        self.enabled = self.command.enabled()
        self.active = self.command.active()


@dataclass
class PlayLayout:
    rect: pygame.Rect
    pad: int
    top_rect: pygame.Rect
    title_size: int
    banner_rect: pygame.Rect
    panel_rect: pygame.Rect
    board_rect: pygame.Rect
    status_rect: pygame.Rect
    #: Feedback replaces the status line for a few seconds instead of covering the board.
    message_rect: pygame.Rect
    pace_y: int
    text_size: int
    buttons: list[CommandButton] = field(default_factory=list)
    #: The result the top bar was sized for (None: a game in progress); a game that ends or
    #: is taken back out of its end is laid out again.
    banner_text: str | None = None

    @classmethod
    def empty(cls) -> PlayLayout:
        """Before the first layout: every rectangle empty."""
        r = pygame.Rect(0, 0, 0, 0)
        return cls(r, 8, r, 20, r, r, r, r, r, 0, 16)


def layout_play_screen(session: Session, commands: Commands, rect: pygame.Rect) -> PlayLayout:
    """The screen for ``session``'s game with a button for each of ``commands``' buttons: the
    name and the result (a finished game) size the top bar."""
    w, h = rect.size
    pad = max(8, min(w, h) // 60)
    panel_w = max(250, min(440, int(w * 0.3)))
    top_rect = pygame.Rect(pad, pad, w - panel_w - 3 * pad, max(30, h // 15))
    title_size = int(theme.text_size(h) * 1.3)
    title_w = font(title_size, True).size(session.game.name)[0]
    left = top_rect.x + title_w + 2 * pad
    banner_rect = pygame.Rect(left, top_rect.y, top_rect.right - left, top_rect.height)
    banner_text = result_line(session) if session.is_over else None
    if banner_text is not None:
        # The top bar grows to hold the whole result and the keys (the board gives way).
        banner_rect.height = top_rect.height = plan_banner(
            banner_text, banner_rect.width, top_rect.height).height
    panel_rect = pygame.Rect(w - panel_w - pad, pad, panel_w, h - 2 * pad)
    status_h = max(24, h // 24)
    board_rect = pygame.Rect(pad, top_rect.bottom + pad, top_rect.width,
                             h - top_rect.bottom - status_h - 3 * pad)
    status_rect = pygame.Rect(pad, board_rect.bottom + pad, top_rect.width, status_h)
    shown = commands.buttons()
    cols = 3
    rows = (len(shown) + cols - 1) // cols
    gap = max(4, pad // 2)
    bh = max(24, min(38, h // 24))
    bw = (panel_w - 2 * pad - (cols - 1) * gap) // cols
    top = panel_rect.bottom - pad - rows * bh - (rows - 1) * gap
    buttons = []
    for i, command in enumerate(shown):
        b = CommandButton(command)
        r, c = divmod(i, cols)
        b.rect = pygame.Rect(panel_rect.x + pad + c * (bw + gap), top + r * (bh + gap), bw, bh)
        b.mirror()
        buttons.append(b)
    share_label_size(buttons)
    return PlayLayout(rect, pad, top_rect, title_size, banner_rect, panel_rect, board_rect,
                      status_rect, status_rect.copy(), top - int(bh * 0.9),
                      theme.text_size(h), buttons, banner_text)
