"""The tree pane's drawing: the canvas (the tree with its header, key and status lines, or
what stands in for it) and the side panel (the selected node's card, or step mode's code).

It reads the pane (ui.lab.tree_pane) through ``DrawnTreePane`` and changes nothing of it.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from ai.lab.recording import SearchRecording
from ui import theme
from ui.assets import font
from ui.lab import style
from ui.lab.detail import NodeCard
from ui.lab.mcts_stepper import MctsStepper, draw_mcts_panel
from ui.lab.pane import LabContext
from ui.lab.step_panel import draw_step_panel
from ui.lab.stepper import Stepper
from ui.lab.tree_header import break_figures, draw_legend
from ui.lab.treeview import TreeView
from ui.widgets import Widget, draw_text, wrap_text


class DrawnTreePane(Protocol):
    """What the drawing reads of the tree pane."""

    @property
    def ctx(self) -> LabContext: ...
    @property
    def recording(self) -> SearchRecording | None: ...
    @property
    def view(self) -> TreeView | None: ...
    @property
    def stepper(self) -> Stepper | None: ...
    @property
    def negamax_view(self) -> bool: ...
    @property
    def error(self) -> str: ...
    @property
    def card(self) -> NodeCard: ...
    @property
    def canvas(self) -> pygame.Rect: ...
    @property
    def side(self) -> pygame.Rect: ...
    @property
    def widgets(self) -> list[Widget]: ...
    def small_size(self) -> int: ...
    def header_rows(self) -> list[tuple[str, bool]]: ...


def draw_tree_pane(pane: DrawnTreePane, surface: pygame.Surface) -> None:
    _draw_canvas(pane, surface)
    size, small = pane.ctx.text_size, pane.small_size()
    pygame.draw.rect(surface, theme.color("panel"), pane.side, border_radius=8)
    inner = pane.side.inflate(-2 * max(8, size // 2), -2 * max(8, size // 2))
    recording, stepper = pane.recording, pane.stepper
    if recording is not None:
        if stepper is not None:
            if isinstance(stepper, MctsStepper):  # the four phases and MCTS's code
                y = draw_mcts_panel(surface, inner, recording, stepper, size, small)
            else:
                y = draw_step_panel(surface, inner, recording, stepper, size, small,
                                    pane.negamax_view)
            rest = pygame.Rect(inner.x, y + small, inner.width, inner.bottom - y - small)
            current = stepper.current
            state = None if current is None else recording.nodes[current].state
            if isinstance(stepper, MctsStepper):
                step = stepper.step  # a playout's move: the position it reached
                if step is not None and step.position is not None:
                    state = step.position
            pane.card.draw_position(surface, rest, state, small)
        else:
            selected = pane.view.selected if pane.view is not None else None
            pane.card.draw(surface, inner, recording, selected, small)
    for w in pane.widgets:
        w.draw(surface)


def _draw_canvas(pane: DrawnTreePane, surface: pygame.Surface) -> None:
    """The tree with its header, key and status; before the first recording, a line saying
    what is happening."""
    ctx, canvas, small = pane.ctx, pane.canvas, pane.small_size()
    if pane.view is None:
        surface.fill(style.BG, canvas)
        if ctx.jobs.busy:
            text = (f"Recording the search… {ctx.jobs.elapsed_s:.1f} s   "
                    "(Esc or Stop ends it)")
        else:
            text = pane.error or "No recording"
        draw_text(surface, text, canvas.center, ctx.text_size, theme.color("text_dim"),
                  anchor="center", max_width=canvas.width - 20)
        return
    pane.view.draw(surface)
    _draw_header(surface, canvas, pane.header_rows(), small)
    draw_legend(surface, canvas, small, pane.view.shape.legend_keys())
    if ctx.jobs.running_for(pane):
        _draw_status(surface, canvas, [f"Recording the search again… "
                                       f"{ctx.jobs.elapsed_s:.1f} s  (Esc stops)"],
                     small, theme.color("accent"))
    elif pane.error:
        # A refused or stopped recording says so for as long as the old tree shows
        # (the message line fades): "too long: ... about 40 s", press again to force.
        _draw_status(surface, canvas, wrap_text(f"Not recorded, {pane.error}", font(small),
                                                canvas.width * 2 // 3),
                     small, theme.color("bad"))


def _draw_status(surface: pygame.Surface, canvas: pygame.Rect, lines: list[str], size: int,
                 color: tuple[int, ...]) -> None:
    """Lines at the canvas's top right, below the header (on it they would cover the
    figures), on a dark box so the tree behind does not run through them."""
    f = font(size)
    line_h = int(size * 1.3)
    width = max(f.size(line)[0] for line in lines) + 12
    box = pygame.Rect(0, 0, width, line_h * len(lines) + 6)
    box.topright = (canvas.right - 4, canvas.y + 3 + int(size * 2.8))
    pygame.draw.rect(surface, (22, 24, 30), box, border_radius=6)
    y = box.y + 3
    for line in lines:
        draw_text(surface, line, (box.right - 6, y), size, color, anchor="topright")
        y += line_h


def header_rows(header: tuple[str, str], width: int, small: int) -> list[tuple[str, bool]]:
    """The header broken into lines that fit ``width`` (figures first, then the "not
    recorded" note), each with "is it the note?" (a large text breaks the figures onto
    a second line rather than cutting them off)."""
    headline, note = header
    # Break between figures (three spaces), never inside one.
    rows = [(line, False)
            for line in break_figures(headline.split("   "), font(small, True), width)]
    rows += [(line, True) for line in (wrap_text(note, font(small), width) if note else [])]
    return rows


def _draw_header(surface: pygame.Surface, canvas: pygame.Rect, rows: list[tuple[str, bool]],
                 size: int) -> None:
    x, y = canvas.x + 8, canvas.y + 6
    for text, is_note in rows:
        draw_text(surface, text, (x, y), size, theme.color("bad") if is_note else style.TEXT,
                  bold=not is_note, max_width=canvas.width - 16)
        y += int(size * 1.35)
