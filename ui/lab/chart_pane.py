"""What the chart panes (compare, depth chart, MCTS convergence) share: one worker job per
pane, a chart filling the pane above a single row of controls (Enter runs, S stops), and a
framed chart with the position as its title.

Each pane decides what it runs and how it draws its chart; this base only keeps the pane's
geometry, job ownership and keys in one place so the panes cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ui.assets import font
from ui.lab import style
from ui.lab.pane import LabContext
from ui.text import two_lines
from ui.widgets import Button, Widget, dispatch_pointer, draw_text


class ChartPane:
    def __init__(self, ctx: LabContext) -> None:
        self.ctx = ctx
        self.error = ""
        self.started = False
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.chart = self.rect
        self.widgets: list[Widget] = []

    @property
    def running(self) -> bool:
        return self.ctx.jobs.running_for(self)

    def run(self) -> None:
        raise NotImplementedError

    def title_text(self) -> str:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError

    def keys(self) -> dict[int, Callable[[], None]]:
        """The pane's keyboard shortcuts (the keys its buttons name): Enter runs, S stops."""
        return {pygame.K_RETURN: self.run, pygame.K_KP_ENTER: self.run, pygame.K_s: self.stop}

    def update(self, dt: float) -> None:
        """Stop is offered while the pane's search runs."""
        for w in self.widgets:
            if isinstance(w, Button) and w.text.startswith("Stop"):
                w.enabled = self.running

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Clicks and the wheel over the controls, and the pane's keys; True when taken."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            pos = getattr(event, "pos", None) or pygame.mouse.get_pos()
            if any(w.rect.collidepoint(pos) for w in self.widgets):
                dispatch_pointer(self.widgets, event)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            action = self.keys().get(event.key)
            if action is not None:
                action()
                return True
        return False

    def on_show(self) -> None:
        """The first visit runs the pane's search so it never opens empty."""
        if not self.started:
            self.run()

    def layout_controls(self, rect: pygame.Rect, specs: list[tuple[Widget, int]]) -> int:
        """Chart above, ``specs`` (widget, width in units of 7.5% of the pane) in one row
        below; returns the x just right of the last control."""
        self.rect = rect
        size = self.ctx.text_size
        row = max(24, int(size * 1.9))
        self.chart = pygame.Rect(rect.x, rect.y, rect.width, rect.height - row - size)
        y = self.chart.bottom + size // 2
        x = rect.x
        self.widgets = []
        for w, units in specs:
            w.rect = pygame.Rect(x, y, int(rect.width * 0.075 * units), row)
            x = w.rect.right + size // 2
            self.widgets.append(w)
        return x

    def draw_frame(self, surface: pygame.Surface) -> pygame.Rect:
        """The chart's background and title; returns the rectangle left for the chart."""
        size = self.ctx.text_size
        pygame.draw.rect(surface, style.BG, self.chart, border_radius=8)
        inner = self.chart.inflate(-2 * size, -2 * size)
        # A long title (a position in notation) takes a second line rather than being cut.
        lines = two_lines(self.title_text(), font(size, True), inner.width)
        y = inner.y
        for line in lines:
            draw_text(surface, line, (inner.x, y), size, style.PV, bold=True,
                      max_width=inner.width, essential=False)
            y += int(size * 1.3)
        top = inner.y + int(size * (2 + 1.3 * (len(lines) - 1)))
        return pygame.Rect(inner.x, top, inner.width, inner.bottom - top)
