"""Drawing the review screen from its layout and its model: the top bar, the board with the
move played and the better one, the line under the board that says which is which, the
chart, the move list, the panel (or the analysis's progress bar) and the buttons. Drawing
reads the screen (``DrawnReview``: what it reads of it) and returns the chart's geometry,
which the screen keeps for the next click.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.review import NO_ERROR
from play.review import ReviewModel
from ui import theme
from ui.keys_overlay import draw_keys_overlay
from ui.panel_view import Metrics, draw_block, plan
from ui.review_chart import SYMBOLS, ChartGeometry, draw_review_chart, severity_colour
from ui.scenes.common import draw_background
from ui.scenes.review_layout import ReviewLayout
from ui.scenes.review_moves import ReviewMoveList
from ui.scenes.review_panel import mark_line, marks_line, panel_lines, progress_text
from ui.scenes.review_status import draw_status
from ui.scenes.screen import DrawnScreen
from ui.widgets import draw_text


class DrawnReview(DrawnScreen, Protocol):
    """What drawing reads of the review screen (the review screen is one), beyond any
    screen's."""

    @property
    def geometry(self) -> ReviewLayout: ...
    @property
    def model(self) -> ReviewModel: ...
    @property
    def moves(self) -> ReviewMoveList: ...


def top_text(scene: DrawnReview) -> str:
    """Where in the game the board is: "Move 12 · Black to play · decision 23 of 60" (the
    move's number is its turn's, as the move list and the play screen write it)."""
    m = scene.model
    row = m.row
    if row is None:
        return progress_text(m) if m.running else ""
    number = scene.moves.number_of(m.selected)
    if m.line:
        return f"Move {number} · the best line, {m.line_step} of {len(m.line)}"
    return f"Move {number} · {row.player} to play · decision {m.selected + 1} of {len(m.rows)}"


def draw_review_screen(scene: DrawnReview, surface: pygame.Surface) -> ChartGeometry | None:
    """The whole screen; returns where the chart put each decision (None: no chart yet)."""
    draw_background(surface)
    g = scene.geometry
    size = g.text_size
    for b in g.buttons:
        b.mirror()
    title = f"{scene.session.game.name} · review"
    box = draw_text(surface, title, g.top_rect.midleft, int(size * 1.3), theme.color("accent"),
                    bold=True, anchor="midleft", max_width=g.top_rect.width // 2)
    scene.moves.set_rows(scene.model.rows)  # the turn numbers the top bar and panel write
    draw_text(surface, top_text(scene), g.top_rect.midright, size, theme.color("text"),
              anchor="midright", max_width=g.top_rect.right - box.right - 2 * g.pad)
    _draw_board(scene, surface)
    chart = _draw_chart(scene, surface)
    scene.moves.layout(g.moves_rect, max(11, int(size * 0.85)))
    scene.moves.draw(surface, scene.model.selected)
    _draw_panel(scene, surface)
    for b in g.buttons:
        b.draw(surface)
    scene.message.draw(surface, g.status_rect, scene.now)
    if scene.help.open:
        rows = scene.commands.help_lines()
        rows.append(("Click", "a point of the chart or a move: that decision"))
        source = marks_line(scene.model.review)
        if source is not None:
            rows.append(("Marks", source.text.removeprefix("Marks: ")))
        draw_keys_overlay(surface, g.rect.inflate(-g.pad * 2, -g.pad * 2), rows, size,
                          max(10, int(size * 0.75)))
    if scene.dialog is not None:
        scene.dialog.draw(surface)
    return chart


def _draw_board(scene: DrawnReview, surface: pygame.Surface) -> None:
    g = scene.geometry
    shown = scene.model.shown()
    state = shown.state if shown is not None else scene.session.current
    status = ""
    try:
        scene.view.draw(surface, g.board_rect, state, scene.context())
        status = scene.view.status_text(state)
    except Exception as exc:  # noqa: BLE001 - a view bug is a message, not a crash
        if not scene.message.visible(scene.now):
            scene.show_message(f"Board error: {exc}", True)
    draw_status(surface, g.status_rect, g.text_size, scene.model, status)


def _draw_chart(scene: DrawnReview, surface: pygame.Surface) -> ChartGeometry | None:
    g = scene.geometry
    r = g.chart_rect
    pygame.draw.rect(surface, theme.color("panel"), r, border_radius=10)
    inner = r.inflate(-2 * g.pad, -2 * g.pad)
    review = scene.model.review
    if review is None:
        words = "The chart appears when the analysis is done"
        draw_text(surface, words, inner.center, max(11, int(g.text_size * 0.85)),
                  theme.color("text_dim"), anchor="center", max_width=inner.width)
        return None
    return draw_review_chart(surface, inner, review, scene.model.selected, g.text_size,
                             numbers=[label.number for label in scene.moves.labels])


def _draw_panel(scene: DrawnReview, surface: pygame.Surface) -> None:
    g = scene.geometry
    r = g.panel_rect
    pygame.draw.rect(surface, theme.color("panel"), r, border_radius=10)
    pygame.draw.rect(surface, theme.color("panel_border"), r, width=1, border_radius=10)
    pad = max(8, r.width // 24)
    m = Metrics(max(11, int(g.text_size * 0.85)), r.width - 2 * pad)
    x, y = r.x + pad, r.y + pad
    model = scene.model
    if model.running:
        y = _draw_progress(scene, surface, x, y, m.width, m.small)
    row = model.row
    if row is not None and model.review is not None:
        colour = severity_colour(row.severity) if row.severity > NO_ERROR else (
            theme.color("good"))
        symbol = SYMBOLS.get(row.severity, "")
        box = draw_text(surface, f"{mark_line(row)} {symbol}".strip(), (x, y), int(m.small * 1.2),
                        colour, bold=True, max_width=m.width)
        y = box.bottom + m.small // 2
    lines = panel_lines(model, scene.moves.number_of(model.selected))
    room = r.bottom - pad - y
    blocks = plan(lines, m, room)
    source = marks_line(model.review)
    if source is not None:  # the marks' source only where it fits, costing nothing else
        with_source = plan([*lines, source], m, room)
        if with_source[:-1] == blocks and with_source[-1].kind == "dim":
            blocks = with_source
    for block in blocks:
        draw_block(surface, block, x, y, m, scene.now)
        y += block.height



def _draw_progress(scene: DrawnReview, surface: pygame.Surface, x: int, y: int, width: int,
                   small: int) -> int:
    """"Analysing move 23 of 60 …", a bar, and how to stop it; returns the y below."""
    done, total = scene.model.progress
    accent = theme.color("accent")
    draw_text(surface, progress_text(scene.model), (x, y), small, accent, bold=True,
              max_width=width)
    y += int(small * 1.6)
    bar = pygame.Rect(x, y, width, max(8, small // 2))
    pygame.draw.rect(surface, theme.color("field"), bar, border_radius=4)
    if total > 0:
        filled = bar.copy()
        filled.width = max(2, int(bar.width * min(1.0, done / total)))
        pygame.draw.rect(surface, accent, filled, border_radius=4)
    y = bar.bottom + small // 2
    draw_text(surface, "Esc or C cancels (the game is not touched)", (x, y), small,
              theme.color("text_dim"), max_width=width)
    return y + int(small * 2)
