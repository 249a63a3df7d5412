"""The convergence chart: each root move's mean reward (top) and visits (bottom) against
MCTS's iterations, both on one log-scale x axis, with the minimax value as a dashed line
across the top plot where the position is solvable (ai.lab.convergence).

A line per root move, the few most visited at the end: each its colour and its dash pattern
(a pattern, not only a colour, for colour-blind readers), named in a legend under the title.
What was drawn goes to the scene record (ui.scene_record): a ``convergence-line`` mark per move
with its points, a ``convergence-minimax`` mark with the line's value or why there is none.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from ai.lab.convergence import ConvergenceChart, ConvergencePoint, Minimax
from ai.profiles import true_minus
from ui import scene_record
from ui.assets import font
from ui.lab import style
from ui.lab.plot import AXIS, GRID, LogAxis, dashed, si
from ui.widgets import draw_text

#: How many root moves get a line (the most visited at the last point).
TOP_MOVES = 5
#: Okabe and Ito's colours (told apart by most colour-blind readers), each with a dash.
COLOURS = ((240, 196, 72), (86, 180, 233), (230, 120, 60), (0, 170, 130), (204, 121, 167))
DASHES = (0, 12, 6, 3, 18)
MINIMAX = (235, 235, 240)


@dataclass(frozen=True)
class MoveLine:
    """One root move's series: (iterations, visits, mean) at each point it was in the tree."""

    move: str
    colour: tuple[int, int, int]
    dash: int
    points: tuple[tuple[int, int, float], ...]


def move_lines(points: Sequence[ConvergencePoint], top: int = TOP_MOVES) -> list[MoveLine]:
    """The ``top`` most visited moves at the last point, most visited first."""
    if not points:
        return []
    last = sorted(points[-1].moves, key=lambda m: -m.n)[:top]
    lines = []
    for i, stat in enumerate(last):
        series = tuple((p.iterations, m.n, m.mean) for p in points for m in p.moves
                       if m.move == stat.move)
        lines.append(MoveLine(stat.move, COLOURS[i % len(COLOURS)], DASHES[i % len(DASHES)],
                              series))
    return lines


def value_text(v: float) -> str:
    return true_minus("0" if abs(v) < 5e-3 else f"{v:+.2f}")


def draw_convergence(surface: pygame.Surface, rect: pygame.Rect, chart: ConvergenceChart |
                     None, points: Sequence[ConvergencePoint], size: int, small: int) -> None:
    """The chart in ``rect``: legend, means with the minimax line, visits, the x axis."""
    scene_record.note(surface, "convergence-area", rect)
    lines = move_lines(points)
    if not lines:
        draw_text(surface, "No iterations yet", rect.center, size, style.DIM, anchor="center")
        return
    row = int(small * 1.4)
    label_w = int(small * 3.6)
    left, right = rect.x + label_w, rect.right - int(small * 0.5)
    y = rect.y
    shown = len(lines)
    total = len(points[-1].moves)
    more = f"  ({shown} most visited of {total} moves)" if total > shown else ""
    draw_text(surface, "Mean reward of each root move (root mover's view)" + more,
              (rect.x, y), size, style.TEXT, bold=True, max_width=rect.width)
    y += int(size * 1.35)
    minimax = chart.minimax if chart is not None else None
    y = _legend(surface, lines, rect.x, y, rect.right, small, row, minimax)
    x_axis_h = 2 * row + small // 2 + 4
    plots = rect.bottom - y - x_axis_h - int(size * 1.35) - row // 2
    v_top, v_bot = y + small // 2, y + int(plots * 0.55)
    n_title = v_bot + row // 2
    n_top = n_title + int(size * 1.35) + small // 2
    n_bot = rect.bottom - x_axis_h
    last_it = points[-1].iterations
    xa = _log_axis(points[0].iterations, max(last_it, points[0].iterations * 2), left, right)
    means = [m for line in lines for _, _, m in line.points]
    if minimax is not None and minimax.value is not None:
        means.append(minimax.value)
    lo, hi = min(-1.0, *means), max(1.0, *means)

    def yv(v: float) -> float:
        return v_bot - (v - lo) / (hi - lo) * (v_bot - v_top)

    for v in _value_ticks(lo, hi):
        pygame.draw.line(surface, GRID, (left, yv(v)), (right, yv(v)), 1)
        draw_text(surface, value_text(v), (left - 6, yv(v)), small, AXIS, anchor="midright")
    draw_text(surface, "Visits N of each root move (log scale)", (rect.x, n_title), size,
              style.TEXT, bold=True, max_width=rect.width)
    na = LogAxis(1, max(n for line in lines for _, n, _ in line.points), n_bot, n_top)
    last_y: float | None = None
    for v in na.decades():
        pygame.draw.line(surface, GRID, (left, na(v)), (right, na(v)), 1)
        if last_y is None or abs(last_y - na(v)) >= small * 1.1:
            last_y = na(v)
            draw_text(surface, si(v), (left - 6, na(v)), small, AXIS, anchor="midright")
    last_right = -1
    for p in points:  # a grid line at each point (each doubling), labelled where room is
        x = xa(p.iterations)
        for top, bot in ((v_top, v_bot), (n_top, n_bot)):
            pygame.draw.line(surface, GRID, (x, top), (x, bot), 1)
        text = f"{p.iterations:,}"
        half = font(small).size(text)[0] // 2
        # the last label leans left, inside the chart
        anchor, lx = ("topright", x) if x + half > rect.right else ("midtop", x)
        start = x - 2 * half if anchor == "topright" else x - half
        if start > last_right + small // 2:
            # under the visits axis's lowest label, not beside it
            last_right = draw_text(surface, text, (lx, n_bot + small // 2 + 2), small, AXIS,
                                   anchor=anchor).right
    draw_text(surface, "iterations (log scale)",
              ((left + right) // 2, n_bot + small // 2 + 2 + row), small, style.TEXT,
              anchor="midtop")
    for line in lines:
        value_pts = [(xa(i), yv(m)) for i, _, m in line.points]
        visit_pts = [(xa(i), na(max(1, n))) for i, n, _ in line.points]
        for pts in (value_pts, visit_pts):
            _polyline(surface, line, pts)
        scene_record.note(surface, "convergence-line", _bounds(value_pts + visit_pts),
                          move=line.move, iterations=[i for i, _, _ in line.points],
                          visits=[n for _, n, _ in line.points],
                          means=[m for _, _, m in line.points], colour=line.colour,
                          dash=line.dash)
    # Over the means, which converge on it: its label must stay readable above them.
    _minimax_line(surface, chart, left, right, yv, v_top, small)


def _legend(surface: pygame.Surface, lines: Sequence[MoveLine], x0: int, y: int, right: int,
            small: int, row: int, minimax: Minimax | None) -> int:
    """A sample of each line and its move, wrapping to a second row, then why there is no
    minimax line where there is none; returns the y under."""
    x = x0
    for line in lines:
        width = 30 + font(small).size(line.move)[0] + small
        if x + width > right and x > x0:
            x, y = x0, y + row
        mid = y + row // 2
        if line.dash:
            dashed(surface, line.colour, [(x, mid), (x + 24, mid)], line.dash / 2, 3)
        else:
            pygame.draw.line(surface, line.colour, (x, mid), (x + 24, mid), 3)
        draw_text(surface, line.move, (x + 30, mid), small, style.TEXT, anchor="midleft")
        x += width
    if minimax is not None and minimax.value is None:
        reason = f"minimax: {minimax.reason or 'not solvable here'}"
        if x + font(small).size(reason)[0] > right and x > x0:
            x, y = x0, y + row
        box = draw_text(surface, reason, (x + small, y + row // 2), small, style.DIM,
                        anchor="midleft", max_width=right - x - small)
        scene_record.note(surface, "convergence-minimax", box, value=None,
                          reason=minimax.reason)
    return y + row


def _minimax_line(surface: pygame.Surface, chart: ConvergenceChart | None, left: int,
                  right: int, yv: Callable[[float], float], v_top: int, small: int) -> None:
    """The minimax value across the plot, labelled (why there is none: the legend)."""
    if chart is None:
        return
    mm = chart.minimax
    if mm.value is None:  # said in the legend
        return
    y = yv(mm.value)
    dashed(surface, MINIMAX, [(left, y), (right, y)], 8, 2)
    label = f"minimax {value_text(mm.value)}"
    # On a backing of the plot's colour: the means converge on this line, and a label over
    # them was hard to read. Clear of the last points (the search's end) on the right.
    w, h = font(small).size(label)
    backing = pygame.Rect(0, 0, w + 6, h + 2)
    backing.bottomright = (right - 14, int(y) - 2)
    pygame.draw.rect(surface, style.BG, backing, border_radius=3)
    box = draw_text(surface, label, (right - 17, y - 3), small, MINIMAX, anchor="bottomright")
    scene_record.note(surface, "convergence-minimax", pygame.Rect(left, int(y) - 1,
                                                                  right - left, 3),
                      value=mm.value, reason="", label=box.topleft)


def _log_axis(lo: float, hi: float, p0: int, p1: int) -> Callable[[float], float]:
    """Iterations to x on a log scale from the first point to the last (no empty decade
    after the search's end)."""
    a, b = math.log(lo), math.log(hi)
    return lambda v: p0 + (math.log(max(v, lo)) - a) / (b - a) * (p1 - p0)


def _value_ticks(lo: float, hi: float) -> list[float]:
    step = 0.5 if hi - lo <= 2.5 else 1.0 if hi - lo <= 6 else 2.0
    first = int(lo / step) * step
    out, v = [], first
    while v <= hi + 1e-9:
        if v >= lo - 1e-9:
            out.append(round(v, 6))
        v += step
    return out


def _polyline(surface: pygame.Surface, line: MoveLine, pts: list[tuple[float, float]]) -> None:
    if len(pts) > 1:
        if line.dash:
            dashed(surface, line.colour, pts, line.dash, 3)
        else:
            pygame.draw.lines(surface, line.colour, False, pts, 3)
    for p in pts:
        pygame.draw.circle(surface, line.colour, p, 3)


def _bounds(pts: Sequence[tuple[float, float]]) -> pygame.Rect:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1,
                       int(max(ys) - min(ys)) + 1)
