"""The play screen's geometry: top bar (name and turn), board, status line, side panel and
its grid of command buttons, all derived from the window size on every resize.

The rectangles are kept on the scene because drawing (``play_draw``) and input
(``play_input``) both read them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.assets import font
from game.ui.widgets import Button, share_label_size

if TYPE_CHECKING:
    from game.ui.scenes.play import PlayScene


def layout_play_screen(scene: PlayScene, rect: pygame.Rect) -> None:
    scene.rect = rect
    w, h = rect.size
    pad = max(8, min(w, h) // 60)
    scene.pad = pad
    panel_w = max(250, min(440, int(w * 0.3)))
    scene.top_rect = pygame.Rect(pad, pad, w - panel_w - 3 * pad, max(30, h // 15))
    scene.title_size = int(theme.text_size(h) * 1.3)
    title_w = font(scene.title_size, True).size(scene.game.name)[0]
    left = scene.top_rect.x + title_w + 2 * pad
    scene.banner_rect = pygame.Rect(left, scene.top_rect.y, scene.top_rect.right - left,
                                   scene.top_rect.height)
    scene.panel_rect = pygame.Rect(w - panel_w - pad, pad, panel_w, h - 2 * pad)
    status_h = max(24, h // 24)
    scene.board_rect = pygame.Rect(pad, scene.top_rect.bottom + pad, scene.top_rect.width,
                                  h - scene.top_rect.bottom - status_h - 3 * pad)
    scene.status_rect = pygame.Rect(pad, scene.board_rect.bottom + pad, scene.top_rect.width,
                                   status_h)
    # Feedback replaces the status line for a few seconds instead of covering the board.
    scene.message_rect = scene.status_rect.copy()
    commands = scene.commands.buttons()
    cols = 3
    rows = (len(commands) + cols - 1) // cols
    gap = max(4, pad // 2)
    bh = max(24, min(38, h // 24))
    bw = (panel_w - 2 * pad - (cols - 1) * gap) // cols
    top = scene.panel_rect.bottom - pad - rows * bh - (rows - 1) * gap
    scene.buttons = []
    for i, command in enumerate(commands):
        b = Button(f"{command.name}  {command.short_key_text}", command.action)
        b.command = command  # type: ignore[attr-defined]
        r, c = divmod(i, cols)
        b.rect = pygame.Rect(scene.panel_rect.x + pad + c * (bw + gap), top + r * (bh + gap),
                             bw, bh)
        scene.buttons.append(b)
    share_label_size(scene.buttons)
    scene.pace_y = top - int(bh * 0.9)
    scene.text_size = theme.text_size(h)
    scene.refresh_buttons()
    if scene.dialog:
        scene.dialog.layout(rect)

