"""The review's chart: the evaluation over the game, the errors marked on it, the decision
selected, and which decision a click on it means.

One point per decision (``ReviewRow.chart``: the value before the move, from the first
player's view, in the review's chart units), autoscaled to the data inside the review's
bounds so a game that stays near even is not a flat line. An error is a dot whose colour
and size say its severity; the selected decision is a vertical cursor. Where the review
gives the first player's chance to win (backgammon) it is a second, dashed line on its own
0-100% axis at the right. Drawn onto any surface (the screen, or a screenshot); the shared
plotting parts (grid and axis colours, dashed lines) are the lab's (ui.lab.plot).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ai.profiles import true_minus
from game.review import BAD, DOUBTFUL, NO_ERROR, VERY_BAD, GameReview, ReviewRow
from ui import theme
from ui.assets import font
from ui.lab.plot import AXIS, BAR_NODES, GRID, dashed
from ui.widgets import draw_text

#: A mark's colour by severity: the same in the chart, the move list and the panel.
SEVERITY_COLOURS: dict[int, tuple[int, int, int]] = {
    NO_ERROR: (226, 230, 238),
    DOUBTFUL: (236, 200, 80),
    BAD: (242, 146, 58),
    VERY_BAD: (236, 84, 84),
}
#: The annotation players write after a move, by severity (chess's ?!, ?, ??).
SYMBOLS: dict[int, str] = {NO_ERROR: "", DOUBTFUL: "?!", BAD: "?", VERY_BAD: "??"}
LINE = (240, 196, 72)
WIN_LINE = BAR_NODES
CURSOR = (255, 255, 255)
#: The least span of the autoscaled axis, as a share of the bounds' span.
MIN_SPAN = 0.2


def severity_colour(severity: int) -> tuple[int, int, int]:
    return SEVERITY_COLOURS.get(severity, SEVERITY_COLOURS[VERY_BAD])


@dataclass(frozen=True)
class ChartGeometry:
    """Where the plot sits and how values map to pixels (also what a click reads)."""

    plot: pygame.Rect
    lo: float
    hi: float
    n: int

    def x(self, i: int) -> float:
        if self.n <= 1:
            return float(self.plot.centerx)
        return self.plot.x + i * self.plot.width / (self.n - 1)

    def y(self, value: float) -> float:
        t = (min(self.hi, max(self.lo, value)) - self.lo) / (self.hi - self.lo)
        return self.plot.bottom - t * self.plot.height

    def index_at(self, pos: tuple[int, int], slack: int = 0) -> int | None:
        """The decision nearest a click at ``pos`` (None: outside the plot and ``slack``)."""
        if self.n == 0 or not self.plot.inflate(2 * slack, 2 * slack).collidepoint(pos):
            return None
        if self.n == 1:
            return 0
        t = (pos[0] - self.plot.x) / max(1, self.plot.width)
        return max(0, min(self.n - 1, round(t * (self.n - 1))))


def value_range(values: Sequence[float], bounds: tuple[float, float]) -> tuple[float, float]:
    """The axis: the data and zero with a margin, inside ``bounds``, never narrower than
    MIN_SPAN of the bounds (so a draw's flat line sits in the middle, not on an edge)."""
    if not all(math.isfinite(b) and abs(b) < 1e300 for b in bounds):
        bounds = (-1.0, 1.0)  # a review read elsewhere than from a save (game.review_read)
    values = [v for v in values if math.isfinite(v)]
    b_lo, b_hi = min(bounds), max(bounds)
    if b_hi - b_lo < 1e-9:
        b_lo, b_hi = b_lo - 1.0, b_hi + 1.0
    lo, hi = min([0.0, *values]), max([0.0, *values])
    margin = 0.08 * max(hi - lo, 1e-9)
    lo, hi = max(b_lo, lo - margin), min(b_hi, hi + margin)
    least = MIN_SPAN * (b_hi - b_lo)
    if hi - lo < least:
        mid = (hi + lo) / 2
        lo, hi = max(b_lo, mid - least / 2), min(b_hi, mid + least / 2)
    step = nice_step((hi - lo) / 4)
    return max(b_lo, math.floor(lo / step - 1e-9) * step), min(b_hi, math.ceil(hi / step
                                                                             + 1e-9) * step)


def nice_step(raw: float) -> float:
    """The round number (1, 2 or 5 times a power of ten) nearest above ``raw``: the axis
    ends on labels a reader takes in at once ("+20", not "+17.3")."""
    if not 0 < raw < math.inf:
        return 1.0
    power = 10.0 ** math.floor(math.log10(raw))
    return next(k * power for k in (1, 2, 5, 10) if k * power >= raw - 1e-12)


def chart_geometry(rect: pygame.Rect, review: GameReview, size: int) -> ChartGeometry:
    """The plot inside ``rect``: room for the title above, value labels left (as wide as
    the labels drawn: "+0.5" is wider than the bounds' "+1"), the win chance's labels right
    (when there is one) and move numbers under it. A value label sits on its grid line,
    half above it: the top one clears the title by that half."""
    small = max(10, int(size * 0.8))
    rows = review.rows
    lo, hi = value_range([r.chart for r in rows], review.chart_bounds)
    label_w = max(font(small).size(_tick(v))[0] for v in (lo, hi, 0.0))
    label_h = font(small).get_linesize()
    right = font(small).size("100%")[0] + 8 if has_win_chance(rows) else small
    top = rect.y + font(small, True).get_linesize() + label_h // 2 + 2
    bottom = rect.bottom - int(small * 1.5) - int(small * 1.3)  # move numbers, legend
    plot = pygame.Rect(rect.x + label_w + 8, top, max(10, rect.width - label_w - 8 - right),
                       max(10, bottom - top))
    return ChartGeometry(plot, lo, hi, len(rows))


def has_win_chance(rows: Sequence[ReviewRow]) -> bool:
    return any(r.win_chance is not None for r in rows)


def draw_review_chart(surface: pygame.Surface, rect: pygame.Rect, review: GameReview,
                      selected: int, size: int,
                      numbers: Sequence[int] | None = None) -> ChartGeometry:
    """The whole chart into ``rect``; returns its geometry for clicks. ``numbers``: each
    decision's turn number, as the move list writes it (else the decisions are counted)."""
    small = max(10, int(size * 0.8))
    geo = chart_geometry(rect, review, size)
    plot, rows = geo.plot, review.rows
    draw_text(surface, true_minus(review.chart_label), (rect.x, rect.y), small, theme.color("text"),
              bold=True, max_width=rect.width)
    _grid(surface, geo, small)
    if not rows:
        draw_text(surface, "No decisions in this review", plot.center, small,
                  theme.color("text_dim"), anchor="center")
        return geo
    points = [(geo.x(i), geo.y(r.chart)) for i, r in enumerate(rows)]
    _fill(surface, geo, points)
    if len(points) > 1:
        pygame.draw.lines(surface, LINE, False, points, 2)
    if has_win_chance(rows):
        _win_chance(surface, geo, rows, small)
    x = geo.x(selected) if 0 <= selected < len(rows) else None
    if x is not None:
        pygame.draw.line(surface, CURSOR, (x, plot.top), (x, plot.bottom), 1)
    for (px, py), row in zip(points, rows, strict=True):
        if row.severity > NO_ERROR:
            radius = 2 + row.severity + max(1, size // 8)
            pygame.draw.circle(surface, severity_colour(row.severity), (px, py), radius)
            pygame.draw.circle(surface, (20, 22, 28), (px, py), radius, 1)
    if x is not None:
        pygame.draw.circle(surface, CURSOR, points[selected], max(4, size // 3), 2)
    if numbers is None or len(numbers) != len(rows):
        numbers = [r.ply for r in rows]
    _move_numbers(surface, geo, numbers, small)
    _legend(surface, rect, rows, small)
    return geo


def _tick(value: float) -> str:
    """An axis label: "+12", "−0.5", "0" (the minus sign, as every value on screen)."""
    if abs(value) < 1e-9:
        return "0"
    text = f"{value:.0f}" if abs(value) >= 10 else f"{value:.2g}"
    return f"+{text}" if value > 0 else true_minus(text)


def _grid(surface: pygame.Surface, geo: ChartGeometry, small: int) -> None:
    """The frame, a few value lines with labels, and zero (even) brighter."""
    plot = geo.plot
    pygame.draw.rect(surface, GRID, plot, 1)
    ticks = [geo.lo, geo.hi]
    if geo.lo < 0 < geo.hi:
        ticks.append(0.0)
    for v in ticks:
        y = geo.y(v)
        pygame.draw.line(surface, AXIS if v == 0 else GRID, (plot.x, y), (plot.right, y), 1)
        draw_text(surface, _tick(v), (plot.x - 6, y), small, AXIS, anchor="midright",
                  kind="chart-value")


def _fill(surface: pygame.Surface, geo: ChartGeometry, points: list[tuple[float, float]]
          ) -> None:
    """The area between the line and zero, lightly: whose side the game was on at a
    glance."""
    if len(points) < 2:
        return
    zero = geo.y(0.0)
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    polygon = [(points[0][0], zero), *points, (points[-1][0], zero)]
    pygame.draw.polygon(shade, (*LINE, 40), polygon)
    surface.blit(shade, (0, 0))


def _win_chance(surface: pygame.Surface, geo: ChartGeometry, rows: Sequence[ReviewRow],
                small: int) -> None:
    """The first player's chance to win, dashed, on a 0-100% axis at the right."""
    plot = geo.plot

    def y(p: float) -> float:
        return plot.bottom - max(0.0, min(1.0, p)) * plot.height

    pts = [(geo.x(i), y(r.win_chance)) for i, r in enumerate(rows) if r.win_chance is not None]
    if len(pts) > 1:
        dashed(surface, WIN_LINE, pts, 6, 2)
    for p, label in ((0.0, "0%"), (0.5, "50%"), (1.0, "100%")):
        draw_text(surface, label, (plot.right + 4, y(p)), small, WIN_LINE, anchor="midleft")


def _move_numbers(surface: pygame.Surface, geo: ChartGeometry, numbers: Sequence[int],
                  small: int) -> None:
    """Move numbers under the plot at each numbered turn's first decision: the first, then
    every round step (1, 2, 5, 10 ... turns) that leaves room between them."""
    widest = font(small).size(f"{numbers[-1]}")[0] + small * 2
    turns = max(1, numbers[-1] - numbers[0] + 1)
    step = max(1, int(nice_step(turns * widest / max(1, geo.plot.width))))
    last_right = -math.inf
    for i, number in enumerate(numbers):
        if (i and numbers[i - 1] == number) or (i and number % step):
            continue
        box = font(small).size(str(number))
        x = geo.x(i)
        if x - box[0] / 2 < last_right + small:
            continue
        draw_text(surface, str(number), (x, geo.plot.bottom + 3), small, AXIS, anchor="midtop")
        last_right = x + box[0] / 2


def _legend(surface: pygame.Surface, rect: pygame.Rect, rows: Sequence[ReviewRow],
            small: int) -> None:
    """The marks that occur, each with its colour and symbol; the win chance's line."""
    names: dict[int, str] = {}
    for row in rows:
        if row.severity > NO_ERROR and row.mark:
            names.setdefault(row.severity, row.mark)
    x, y = rect.x, rect.bottom - int(small * 0.7)
    for severity in sorted(names):
        pygame.draw.circle(surface, severity_colour(severity), (x + small // 2, y), small // 3 + 1)
        box = draw_text(surface, f"{names[severity]} {SYMBOLS.get(severity, '')}", (x + small + 2, y),
                        small, theme.color("text_dim"), anchor="midleft",
                        max_width=rect.right - x - small)
        x = box.right + small
    if has_win_chance(rows) and x + small * 8 < rect.right:
        dashed(surface, WIN_LINE, [(x, y), (x + small * 2, y)], 4, 2)
        first = next((r.player for r in rows if r.side == 0), "first player")
        draw_text(surface, f"{first} wins (right axis)", (x + small * 2 + 4, y), small,
                  WIN_LINE, anchor="midleft", max_width=rect.right - x - small * 2 - 4)
