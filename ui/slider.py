"""A slider: a labelled value dragged along a track (click, drag, wheel or the arrow keys of
the screen that owns it), snapped to ``step``. The evaluation editor weighs features with it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ai.profiles import true_minus
from ui import theme
from ui.widgets import Widget, draw_text


class Slider(Widget):
    def __init__(self, label: str, lo: float, hi: float, step: float, value: float,
                 on_change: Callable[[float], object], fmt: str = "{:.2f}") -> None:
        super().__init__()
        self.label, self.lo, self.hi, self.step_size = label, lo, hi, step
        self.value = self._snap(value)
        self.on_change = on_change
        self.fmt = fmt
        self.dragging = False
        #: A font size fixed by the layout (presentation mode's floor); 0 = from the height.
        self.text_size = 0

    def _snap(self, v: float) -> float:
        v = max(self.lo, min(self.hi, v))
        return round(round((v - self.lo) / self.step_size) * self.step_size + self.lo, 6)

    def track(self) -> pygame.Rect:
        r = self.rect
        left = r.x + int(r.width * 0.42)
        return pygame.Rect(left, r.centery - 3, int(r.width * 0.42), 6)

    def set(self, value: float) -> None:
        """Move the knob to ``value`` (snapped); tells ``on_change`` when it moved."""
        value = self._snap(value)
        if value != self.value:
            self.value = value
            self.on_change(value)

    def show(self, value: float) -> None:
        """Put the knob at ``value`` without telling ``on_change`` (the owner refused a move)."""
        self.value = self._snap(value)

    def nudge(self, steps: int) -> None:
        self.set(self.value + steps * self.step_size)

    def _at(self, x: int) -> float:
        t = self.track()
        return self.lo + (self.hi - self.lo) * (x - t.x) / max(1, t.width)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        hit = self.rect.inflate(0, 4)
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 \
                and hit.collidepoint(event.pos):
            self.dragging = True
            self.set(self._at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.set(self._at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        if event.type == pygame.MOUSEWHEEL:
            try:
                over = hit.collidepoint(pygame.mouse.get_pos())
            except pygame.error:
                over = False
            if over:
                self.nudge(1 if event.y > 0 else -1)
                return True
        return False

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        if not self.visible:
            return
        r = self.rect
        size = self.text_size or max(10, int(r.height * 0.45))
        colour = theme.color("text") if focused else theme.color("text_dim")
        draw_text(surface, ("▸ " if focused else "") + self.label, (r.x, r.centery), size,
                  colour, anchor="midleft", max_width=int(r.width * 0.4))
        t = self.track()
        pygame.draw.rect(surface, theme.color("button"), t, border_radius=3)
        x = t.x + t.width * (self.value - self.lo) / max(1e-9, self.hi - self.lo)
        filled = pygame.Rect(t.x, t.y, int(x - t.x), t.height)
        pygame.draw.rect(surface, theme.color("accent_dark"), filled, border_radius=3)
        pygame.draw.circle(surface, theme.color("accent"), (int(x), t.centery), max(6, size // 2))
        draw_text(surface, true_minus(self.fmt.format(self.value)), (t.right + size, r.centery), size,
                  theme.color("text"), bold=True, anchor="midleft")
