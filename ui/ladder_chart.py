"""The ladder's chart: strength (each level's score against the level below, with its 95%
interval) and cost (time per move, log scale) against the level, filled in as games finish.
Drawn by the ladder screen and by ``match --ladder --png``."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ai.ladder import RungFigures
from ui import theme
from ui.assets import font
from ui.lab import style
from ui.lab.export import save_png
from ui.lab.plot import AXIS, BAR_NODES, BAR_TIME, GRID, LogAxis, dashed, seconds_text
from ui.widgets import draw_text


def draw_ladder_chart(surface: pygame.Surface, rect: pygame.Rect, figures: Sequence[RungFigures],
                      size: int) -> None:
    """Two plots side by side over the rungs (x: the upper level of each rung)."""
    small = max(10, int(size * 0.85))
    gap = size * 2
    half = (rect.width - gap) // 2
    strength = pygame.Rect(rect.x, rect.y, half, rect.height)
    cost = pygame.Rect(rect.x + half + gap, rect.y, half, rect.height)
    _strength_plot(surface, strength, figures, size, small)
    _cost_plot(surface, cost, figures, size, small)


def _frame(surface: pygame.Surface, rect: pygame.Rect, title: str, figures: Sequence[RungFigures],
           size: int, small: int) -> tuple[pygame.Rect, list[float], int]:
    """The plot's title, its inner area, the x of each rung and the y of the key's line.

    The key has a line of its own under the title (drawn over the title, it hid it), and
    the inner area starts half an axis label below that line: the top label is centred on
    the inner area's top edge."""
    box = draw_text(surface, title, (rect.centerx, rect.y), size, style.TEXT, bold=True,
                    anchor="midtop", max_width=rect.width)
    key_y = box.bottom + 2
    label_h = font(small).get_linesize()
    top = key_y + label_h + label_h // 2 + 2
    inner = pygame.Rect(rect.x + size * 3, top, rect.width - size * 4,
                        rect.bottom - small * 3 - top)
    n = max(1, len(figures))
    xs = [inner.x + inner.width * (i + 0.5) / n for i in range(n)]
    pygame.draw.line(surface, AXIS, inner.bottomleft, inner.bottomright, 1)
    for x, f in zip(xs, figures, strict=False):
        draw_text(surface, f.upper, (x, inner.bottom + 4), small, AXIS, anchor="midtop",
                  max_width=int(inner.width / n))
        draw_text(surface, f"v {f.lower}", (x, inner.bottom + 4 + int(small * 1.2)), small,
                  style.DIM, anchor="midtop", max_width=int(inner.width / n))
    return inner, xs, key_y


def _strength_plot(surface: pygame.Surface, rect: pygame.Rect, figures: Sequence[RungFigures],
                   size: int, small: int) -> None:
    inner, xs, _ = _frame(surface, rect, "strength: score against the level below", figures,
                          size, small)

    def y_of(score: float) -> float:
        return inner.bottom - inner.height * score

    for score in (0.0, 0.25, 0.5, 0.75, 1.0):
        y = y_of(score)
        pygame.draw.line(surface, GRID, (inner.x, y), (inner.right, y), 1)
        draw_text(surface, f"{score:.0%}", (inner.x - 6, y), small, AXIS, anchor="midright")
    dashed(surface, AXIS, [(inner.x, y_of(0.5)), (inner.right, y_of(0.5))], 6, 1)
    points = []
    for x, f in zip(xs, figures, strict=False):
        if not f.games:
            continue
        lo, hi = f.interval
        pygame.draw.line(surface, BAR_NODES, (x, y_of(lo)), (x, y_of(hi)), 3)
        for end in (lo, hi):
            pygame.draw.line(surface, BAR_NODES, (x - 6, y_of(end)), (x + 6, y_of(end)), 2)
        pygame.draw.circle(surface, theme.color("accent"), (x, y_of(f.score)), 5)
        draw_text(surface, f"{f.score:.0%} ({f.games})", (x + 9, y_of(f.score)), small,
                  style.TEXT, anchor="midleft")
        points.append((x, y_of(f.score)))
    if len(points) > 1:
        pygame.draw.lines(surface, theme.color("accent"), False, points, 2)


def _cost_plot(surface: pygame.Surface, rect: pygame.Rect, figures: Sequence[RungFigures],
               size: int, small: int) -> None:
    inner, xs, key_y = _frame(surface, rect, "cost: time per move (log)", figures, size, small)
    times = [t for f in figures for t in (f.upper_side.time_per_move,
                                            f.lower_side.time_per_move) if t > 0]
    if not times:
        draw_text(surface, "no move timed yet", inner.center, small, style.DIM,
                  anchor="center")
        return
    axis = LogAxis(min(times) / 2, max(times) * 2, inner.bottom, inner.y)
    for v in axis.decades():
        y = axis(v)
        pygame.draw.line(surface, GRID, (inner.x, y), (inner.right, y), 1)
        draw_text(surface, seconds_text(v), (inner.x - 6, y), small, AXIS, anchor="midright")
    width = max(6, int(inner.width / max(1, len(figures)) * 0.18))
    for x, f in zip(xs, figures, strict=False):
        for dx, side, colour in ((-width * 0.6, f.lower_side, style.DIM),
                                 (width * 0.6, f.upper_side, BAR_TIME)):
            if side.time_per_move <= 0:
                continue
            top = axis(side.time_per_move)
            bar = pygame.Rect(int(x + dx - width / 2), int(top), width,
                              max(1, int(inner.bottom - top)))
            pygame.draw.rect(surface, colour, bar)
    draw_text(surface, "■ upper level", (inner.right, key_y), small, BAR_TIME,
              anchor="topright", kind="legend")
    draw_text(surface, "■ lower level", (inner.x, key_y), small, style.DIM, anchor="topleft",
              kind="legend")


def export_ladder_png(figures: Sequence[RungFigures], path: str, title: str,
                      size: tuple[int, int] = (1200, 560)) -> None:
    """The chart alone, with a title, as a PNG."""
    pygame.font.init()
    surface = pygame.Surface(size)
    surface.fill(style.BG)
    draw_text(surface, title, (20, 14), 22, theme.color("accent"), bold=True)
    draw_ladder_chart(surface, pygame.Rect(20, 56, size[0] - 40, size[1] - 76), figures, 16)
    save_png(surface, path)
