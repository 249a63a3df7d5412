"""A yes/no question in front of a screen: asked before anything would end a game in progress."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ui import scene_record, theme
from ui.assets import font
from ui.widgets import Button, draw_text, wrap_text


class ConfirmDialog:
    """Y / Enter = yes, N / Esc = no (the safe answer), or click a button."""

    def __init__(self, question: str, detail: str, on_yes: Callable[[], object],
                 yes: str = "Yes", no: str = "Keep playing") -> None:
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        self.closed = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.yes_button = Button(f"{yes}  Y", self._yes)
        self.no_button = Button(f"{no}  Esc", self._no, active=True)

    def _yes(self) -> None:
        self.closed = True
        self.on_yes()

    def _no(self) -> None:
        self.closed = True

    def layout(self, screen: pygame.Rect) -> None:
        w = min(screen.width - 40, max(420, screen.width // 2))
        h = max(150, screen.height // 4)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = screen.center
        pad = max(12, h // 10)
        bh = max(28, h // 5)
        bw = (w - 3 * pad) // 2
        y = self.rect.bottom - pad - bh
        self.yes_button.rect = pygame.Rect(self.rect.x + pad, y, bw, bh)
        self.no_button.rect = pygame.Rect(self.rect.x + 2 * pad + bw, y, bw, bh)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_y, pygame.K_RETURN, pygame.K_KP_ENTER):
                self._yes()
            elif event.key in (pygame.K_n, pygame.K_ESCAPE):
                self._no()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            for b in (self.yes_button, self.no_button):
                if b.handle_event(event):
                    return True
        return True  # modal: nothing reaches the screen behind

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        draw_modal_frame(surface, r)
        pad = max(12, r.height // 10)
        size = theme.text_size(surface.get_height())
        draw_text(surface, self.question, (r.x + pad, r.y + pad), int(size * 1.1),
                  theme.color("text"), bold=True, max_width=r.width - 2 * pad)
        y = r.y + pad + int(size * 1.8)
        small = max(11, int(size * 0.85))
        for line in wrap_text(self.detail, font(small), r.width - 2 * pad)[:3]:
            draw_text(surface, line, (r.x + pad, y), small, theme.color("text_dim"))
            y += int(small * 1.35)
        self.yes_button.draw(surface)
        self.no_button.draw(surface)


def draw_modal_frame(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A modal box: the screen behind shaded, the box in the panel's colour with an accent
    border, and what it covers recorded (the layout check then ignores what lies beneath)."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 140))
    surface.blit(shade, (0, 0))
    pygame.draw.rect(surface, theme.color("panel"), rect, border_radius=10)
    scene_record.cover(surface, rect)
    pygame.draw.rect(surface, theme.color("accent"), rect, width=2, border_radius=10)
