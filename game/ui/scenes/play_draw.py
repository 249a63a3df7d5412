"""Two overlays of the play screen: the list of keys (F1) and the result banner."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.assets import font
from game.ui.widgets import draw_text


def draw_help(surface: pygame.Surface, r: pygame.Rect, rows: list[tuple[str, str]],
              text_size: int) -> None:
    """Every command with its keys over the board (F1 / ? again, Esc or a click closes it)."""
    plate = pygame.Surface(r.size, pygame.SRCALPHA)
    plate.fill((12, 16, 24, 248))
    surface.blit(plate, r)
    size = max(11, min(text_size, r.height // (len(rows) + 3)))
    line_h = int(size * 1.3)
    y = r.y + line_h // 2
    draw_text(surface, "Keys", (r.x + 12, y), size, theme.color("accent"), bold=True)
    y += line_h
    key_w = max(font(size, True).size(k)[0] for k, _ in rows) + 16
    for keys, text in rows:
        draw_text(surface, keys, (r.x + 12, y), size, theme.color("accent"), bold=True)
        draw_text(surface, text, (r.x + 12 + key_w, y), size, theme.color("text"),
                  max_width=r.width - key_w - 24)
        y += line_h


def draw_banner(surface: pygame.Surface, r: pygame.Rect, text: str, keys: str) -> None:
    """The result in the top bar: an overlay on the board would hide the final position
    (the winning line, the last discs) exactly when the player wants to look at it."""
    accent = theme.color("accent")
    pygame.draw.rect(surface, theme.color("panel"), r, border_radius=8)
    pygame.draw.rect(surface, accent, r, width=2, border_radius=8)
    pad = max(8, r.height // 4)
    big, small = max(14, int(r.height * 0.5)), max(11, int(r.height * 0.32))
    keys_w = font(small).size(keys)[0]
    room = r.width - 2 * pad
    show_keys = font(big, True).size(text)[0] + keys_w + 2 * pad <= room
    draw_text(surface, text, (r.x + pad, r.centery), big, accent, bold=True,
              anchor="midleft", max_width=room - (keys_w + 2 * pad if show_keys else 0))
    if show_keys:
        draw_text(surface, keys, (r.right - pad, r.centery), small, theme.color("text_dim"),
                  anchor="midright")
