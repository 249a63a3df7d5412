"""The compare bars and the depth chart, drawn onto any surface (the screen or a PNG).

Both plots use log scales where the quantities span orders of magnitude (nodes, seconds), and
say so on the axis; every axis has a title with its unit. Series differ by pattern as well as
colour (solid, dashed, dotted lines; filled and hollow markers) for colour-blind readers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame

from ai.depth_chart import uniform_tree
from ai.lab import agreement_text, counting_note, refinement_notes
from game.ui.assets import font
from game.ui.lab import style
from game.ui.lab.verdict import compare_footer, draw_footer
from game.ui.widgets import draw_text

GRID = (52, 57, 68)
AXIS = (150, 156, 170)
BAR_NODES = (86, 160, 240)
BAR_TIME = (236, 140, 60)
GOOD = (110, 200, 120)
BAD = (230, 96, 90)


def si(n: float) -> str:
    """1 234 -> "1.2k"; axis labels and bar ends."""
    n = float(n)
    for unit, div in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if abs(n) >= div:
            v = n / div
            return f"{v:.0f}{unit}" if v >= 100 or v == int(v) else f"{v:.1f}{unit}"
    return f"{n:.0f}" if n == int(n) else f"{n:.2g}"


def seconds_text(s: float) -> str:
    if s >= 1:
        return f"{s:.1f} s" if s < 100 else f"{s:.0f} s"
    if s >= 0.001:
        return f"{s * 1000:.0f} ms" if s >= 0.01 else f"{s * 1000:.1f} ms"
    return f"{s * 1e6:.0f} µs"


class LogAxis:
    """Maps positive values to pixels on a base-10 log scale spanning whole decades."""

    def __init__(self, lo: float, hi: float, p0: float, p1: float) -> None:
        lo = max(lo, 1e-9)
        hi = max(hi, lo * 10)
        self.d0 = math.floor(math.log10(lo))
        self.d1 = math.ceil(math.log10(hi))
        if self.d1 == self.d0:
            self.d1 += 1
        self.p0, self.p1 = p0, p1

    def __call__(self, v: float) -> float:
        t = (math.log10(max(v, 10.0 ** self.d0)) - self.d0) / (self.d1 - self.d0)
        return self.p0 + (self.p1 - self.p0) * t

    def decades(self) -> list[float]:
        return [10.0 ** d for d in range(self.d0, self.d1 + 1)]


def _dashed(surface: pygame.Surface, col: tuple, pts: Sequence[tuple[float, float]],
            dash: float, width: int = 2) -> None:
    for a, b in zip(pts, pts[1:], strict=False):
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        n = max(1, int(length / dash))
        for i in range(0, n, 2):
            t0, t1 = i / n, min(1.0, (i + 1) / n)
            pygame.draw.line(surface, col, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                             (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)


# ---- compare ------------------------------------------------------------------------------
def agree_text(rows: Sequence[Any]) -> tuple[str, bool]:
    """The line under the bars (ai.lab's wording) and whether the values agree."""
    done = [r for r in rows if r.status == "done"]
    ok = all(r.agree for r in done)
    return ("✓ " if ok else "✗ ") + agreement_text(list(rows)), ok


def draw_compare(surface: pygame.Surface, rect: pygame.Rect, rows: Sequence[Any],
                 size: int, notes: dict[int, str] | None = None, game_id: str = "") -> None:
    """Horizontal bars: nodes and time per algorithm on log scales, value and move beside.

    ``rows`` have label, nodes, final_nodes, passes, time_s, value, move (None while not run);
    ``notes`` maps a row index to a status text drawn instead of its bars ("running…",
    "skipped: ~40 s"). The node bars are the final pass (like against like); a row that also
    searched the shallower depths (iterative deepening) shows its total after the bar.
    """
    notes = notes or {}
    small = max(10, int(size * 0.85))
    label_w = int(rect.width * 0.3)
    value_w = int(rect.width * 0.12)
    gap = size * 3  # room for the last tick label of the left plot
    plot_w = (rect.width - label_w - value_w - 3 * gap) // 2
    top = rect.y + int(size * 3.2)
    text, ok = agree_text([r for r in rows if r.status == "done"])
    footer = compare_footer(text, GOOD if ok else BAD, [*refinement_notes(list(rows)),
                            counting_note(list(rows))], size, small, rect.width, rect.height // 2)
    bottom = rect.bottom - footer.height - int(size * 1.6 + small * 0.4)  # and the tick labels
    n = max(1, len(rows))
    row_h = min(size * 3.0, (bottom - top) / n)
    nodes_x0 = rect.x + label_w + gap
    time_x0 = nodes_x0 + plot_w + gap
    finished = [r for r in rows if r.status == "done" and r.nodes]
    # The axes start at least half a decade below the smallest bar, so no bar is a sliver.
    node_axis = LogAxis(min((_final(r) for r in finished), default=1) / 3,
                        max((r.nodes for r in finished), default=10), nodes_x0, nodes_x0 + plot_w)
    timed = [r for r in rows if r.time_s]
    time_axis = LogAxis(min((r.time_s for r in timed), default=1e-3) / 3,
                        max((r.time_s for r in timed), default=1e-2), time_x0, time_x0 + plot_w)
    for axis, x0, title, fmt in ((node_axis, nodes_x0, "nodes, final pass (log)", si),
                                 (time_axis, time_x0, "time (log)", seconds_text)):
        draw_text(surface, title, (x0 + plot_w // 2, rect.y + int(size * 0.4)), size,
                  style.TEXT, bold=True, anchor="midtop")
        for v in axis.decades():
            x = axis(v)
            pygame.draw.line(surface, GRID, (x, top - 4), (x, bottom), 1)
            draw_text(surface, fmt(v), (x, bottom + 4), small, AXIS, anchor="midtop")
        pygame.draw.line(surface, AXIS, (x0, bottom), (x0 + plot_w, bottom), 1)
    draw_text(surface, "search", (rect.x, rect.y + int(size * 0.4)), size, style.TEXT,
              bold=True)
    draw_text(surface, "value · move", (rect.right, rect.y + int(size * 0.4)), size,
              style.TEXT, bold=True, anchor="topright")
    for i, r in enumerate(rows):
        y = top + i * row_h
        cy = y + row_h / 2
        bar_h = max(4, int(row_h * 0.5))
        draw_text(surface, r.label, (rect.x, cy), small, style.TEXT, anchor="midleft",
                  max_width=label_w)
        if i in notes or r.status != "done" or not r.nodes:
            draw_text(surface, notes.get(i, "not run"), (nodes_x0 + 6, cy), small, style.DIM,
                      anchor="midleft", max_width=2 * plot_w)
            continue
        for axis, x0, v, col, fmt, hatch in ((node_axis, nodes_x0, _final(r), BAR_NODES, si,
                                              False),
                                             (time_axis, time_x0, r.time_s, BAR_TIME,
                                              seconds_text, True)):
            x1 = max(x0 + 2, axis(v))
            bar = pygame.Rect(x0, int(cy - bar_h / 2), int(x1 - x0), bar_h)
            txt = fmt(v)
            if axis is node_axis and r.nodes > _final(r):
                # Iterative deepening's shallower passes: an outlined extension to the total.
                ghost = pygame.Rect(bar.right, bar.y, max(2, int(axis(r.nodes) - bar.right)),
                                    bar_h)
                pygame.draw.rect(surface, col, ghost, 1)
                txt = f"{fmt(v)} (+{fmt(r.nodes - _final(r))} in {r.passes - 1} shallower)"
                bar = bar.union(ghost)
            else:
                pygame.draw.rect(surface, col, bar)
            if hatch:  # time bars hatched: a pattern, not only a hue, tells them apart
                for hx in range(bar.x, bar.right, 6):
                    pygame.draw.line(surface, (30, 30, 36), (hx, bar.bottom - 1),
                                     (min(bar.right - 1, hx + bar_h // 2), bar.y), 1)
            if axis is node_axis and r.nodes > _final(r):
                pygame.draw.rect(surface, col, (x0, bar.y, int(x1 - x0), bar_h))
            room = x0 + plot_w - bar.right
            if font(small).size(txt)[0] + 8 > room:
                txt = fmt(v)  # no room for the passes' note: the final pass alone
            if room > font(small).size(txt)[0] + 8:
                draw_text(surface, txt, (bar.right + 4, cy), small, style.TEXT,
                          anchor="midleft")
            else:  # a full-length bar: the figure inside, on a plain patch
                box = draw_text(surface, txt, (bar.right - 6, cy), small, style.TEXT,
                                anchor="midright")
                pygame.draw.rect(surface, style.BG, box.inflate(6, 2))
                draw_text(surface, txt, (bar.right - 6, cy), small, style.TEXT,
                          anchor="midright")
        vm = f"{style.value_text(r.value, game_id)} · {r.move or '—'}"
        draw_text(surface, vm, (rect.right, cy), small, style.TEXT, anchor="midright",
                  max_width=value_w)
    draw_footer(surface, footer, rect.x, rect.bottom)


def _final(row: Any) -> int:
    """The nodes of a row's final pass (rows made before the count existed: all nodes)."""
    return int(getattr(row, "final_nodes", 0) or row.nodes)


# ---- depth chart --------------------------------------------------------------------------
#: Values at or beyond this are forced wins or losses ("W5"), not evaluations.
WIN_VALUE = 9000.0


def squash(v: float, values: Sequence[float]) -> float:
    """Where a value sits on the value axis: evaluations as they are, a forced win or loss
    just beyond the largest evaluation (a linear axis from -0.4 to 9995 would flatten every
    evaluation into one line), later wins a little lower than quicker ones."""
    plain = [abs(x) for x in values if abs(x) < WIN_VALUE]
    room = max(plain, default=1.0) or 1.0
    if abs(v) < WIN_VALUE:
        return v
    sign = 1 if v > 0 else -1
    plies = 10000 - abs(v)
    return sign * room * (1.6 - 0.02 * min(plies, 20))


def _legend_places(names: Sequence[str], f: pygame.font.Font, width: int, row_h: int
                   ) -> list[tuple[int, int]]:
    """(x, y) offsets of legend entries (a 30 px line sample, then the name) packed in rows
    no wider than ``width``."""
    places, x, y = [], 0, 0
    for name in names:
        w = 30 + f.size(name)[0] + f.get_height()
        if x and x + w > width:
            x, y = 0, y + row_h
        places.append((x, y))
        x += w
    return places


def _depth_series_names(branching: float) -> list[str]:
    """The depth chart's five series, in the order they are drawn."""
    return [f"minimax's nodes 1+b+…+b^d (b = {branching:.1f})", "nodes",
            "its leaves b^d", "alpha-beta's best b^⌈d/2⌉+b^⌊d/2⌋−1", "leaves"]


def answer_changes(rows: Sequence[Any]) -> set[int]:
    """Indexes of rows whose best move differs from the previous depth's."""
    return {i for i, r in enumerate(rows) if r.move_changed}


def horizon_rows(rows: Sequence[Any]) -> set[int]:
    """Indexes of rows where one more ply turned the verdict (ai.depth_chart.horizon_swing)."""
    return {i for i, r in enumerate(rows) if getattr(r, "horizon", False)}


def valued(rows: Sequence[Any]) -> list[Any]:
    """The rows whose value is a real value (not a search stopped above a classroom tree's
    numbered leaves, where no value exists)."""
    return [r for r in rows if r.value is not None and getattr(r, "has_value", True)]


def draw_depth_chart(surface: pygame.Surface, rect: pygame.Rect, rows: Sequence[Any],
                     branching: float, size: int, unit: str = "", game_id: str = "") -> None:
    """Value and best move per depth (top); per depth on a log scale (bottom), like against
    like: measured nodes beside a uniform tree's 1 + b + ... + b^d, measured leaves beside b^d
    and alpha-beta's best case, with the effective branching factor in a row under the
    depths. The legend is a row under the lower title, so large text never runs off."""
    small = max(10, int(size * 0.85))
    if not rows:
        draw_text(surface, "No depths searched yet", rect.center, size, style.DIM,
                  anchor="center")
        return
    left = rect.x + int(size * 5.5)
    right = rect.right - int(size * 1.5)
    row_h = int(small * 1.3)
    # Depths, EBF, the axis title, and a footnote on what EBF means where there is room.
    footnote = rect.height > 34 * small
    bottom_rows = (4 if footnote else 3) * row_h + 6
    v_top = rect.y + int(size * 1.6) + int(small * 1.4)  # the title, then the move labels
    names = _depth_series_names(branching)
    legend_at = _legend_places(names, font(small), rect.width, row_h)
    legend_rows = 1 + max(y for _, y in legend_at) // row_h
    lower_head = int(size * 1.5) + legend_rows * row_h  # the lower title and the legend
    room = rect.bottom - bottom_rows - v_top - lower_head - row_h
    v_bot = v_top + max(int(small * 2), int(room * 0.3))
    depths = [r.depth for r in rows]
    d_lo, d_hi = min(depths), max(max(depths), min(depths) + 1)

    def xd(d: float) -> float:
        return left + (d - d_lo) / (d_hi - d_lo) * (right - left)

    changes = answer_changes(rows)
    horizons = horizon_rows(rows)
    # -- top: value per depth -------------------------------------------------------------
    values = [float(r.value) for r in valued(rows)]
    shown = [squash(v, values) for v in values]
    lo, hi = (min(shown), max(shown)) if shown else (0.0, 1.0)
    if hi - lo < 1e-9:
        lo, hi = lo - 1, hi + 1

    def yv(v: float) -> float:
        return v_bot - (squash(v, values) - lo) / (hi - lo) * (v_bot - v_top)

    title = f"Value and best move at each depth{f' ({unit})' if unit else ''}"
    box = draw_text(surface, title, (rect.x, rect.y), size, style.TEXT, bold=True)
    caption = []
    if changes:
        caption.append("▲ best move changed")
    if horizons:
        caption.append("◆ horizon effect: one more ply turned the verdict")
    if len(valued(rows)) < len(rows):
        caption.append("no value where the search stops above the leaves")
    if caption:
        draw_text(surface, "   " + " · ".join(caption), (box.right, box.centery), small, BAD,
                  anchor="midleft", max_width=rect.right - box.right)
    by_label = {style.value_text(v, game_id): v for v in sorted(values)}
    ticks = sorted(by_label.values())
    if len(ticks) > 6:
        ticks = [ticks[int(i * (len(ticks) - 1) / 5)] for i in range(6)]
    labelled: list[float] = []
    for v in ticks:
        pygame.draw.line(surface, GRID, (left, yv(v)), (right, yv(v)), 1)
        if all(abs(yv(v) - y) > small * 1.15 for y in labelled):  # close values: one label
            labelled.append(yv(v))
            draw_text(surface, style.value_text(v, game_id), (left - 6, yv(v)), small, AXIS,
                      anchor="midright")
    draw_text(surface, "value", (rect.x, (v_top + v_bot) / 2), small, style.TEXT,
              anchor="midleft")
    shown_rows = valued(rows)
    pts = [(xd(r.depth), yv(float(r.value))) for r in shown_rows]
    if len(pts) > 1:
        pygame.draw.lines(surface, style.PV, False, pts, 2)
    for i, r in enumerate(rows):
        if r not in shown_rows:
            draw_text(surface, f"{r.move or '—'} (no value)", (xd(r.depth), v_bot), small,
                      style.DIM, anchor="midbottom")
            continue
        p = (xd(r.depth), yv(float(r.value)))
        changed = i in changes
        if changed:
            pygame.draw.line(surface, BAD, (p[0], v_top - 4), (p[0], v_bot + 4), 1)
            draw_text(surface, "◆" if i in horizons else "▲", (p[0], v_bot + 5), small, BAD,
                      anchor="midtop")
        pygame.draw.circle(surface, BAD if changed else style.PV, p, 6 if changed else 4)
        draw_text(surface, f"{r.move or '—'}", (p[0], p[1] - 8), small, style.TEXT,
                  bold=changed, anchor="midbottom")
    # -- bottom: nodes and leaves per depth, log scale -------------------------------------
    n_title = v_bot + row_h
    n_top = n_title + lower_head + small // 2  # the top tick's label clears the legend
    n_bot = rect.bottom - bottom_rows
    measured = [max(1, r.nodes) for r in rows]
    leaves = [max(1, getattr(r, "leaves", 0) or 1) for r in rows]
    tree = [uniform_tree(branching, d) for d in depths]
    tree_nodes = [t[0] for t in tree]
    bd = [t[1] for t in tree]
    best = [t[2] for t in tree]
    axis = LogAxis(min(leaves + best), max(measured + tree_nodes), n_bot, n_top)
    draw_text(surface, "Per depth (log scale): nodes against a uniform tree's nodes, leaves "
              "against its b^d", (rect.x, n_title), size, style.TEXT, bold=True,
              max_width=rect.width)
    last_label = None
    for v in axis.decades():
        y = axis(v)
        pygame.draw.line(surface, GRID, (left, y), (right, y), 1)
        if last_label is None or abs(last_label - y) >= small * 1.1:  # no labels on top of
            last_label = y                                             # each other
            draw_text(surface, si(v), (left - 6, y), small, AXIS, anchor="midright")
    for d in range(d_lo, d_hi + 1):
        pygame.draw.line(surface, GRID, (xd(d), n_top), (xd(d), n_bot), 1)
        draw_text(surface, str(d), (xd(d), n_bot + 4), small, AXIS, anchor="midtop")
    # The effective branching factor sits in its own row under the depths: no label crosses
    # a line of the plot.
    draw_text(surface, "EBF b*", (left - int(size * 1.4), n_bot + 4 + row_h), small,
              style.DIM, anchor="topright")
    draw_text(surface, "search depth (plies)", ((left + right) // 2, n_bot + 4 + 2 * row_h),
              small, style.TEXT, anchor="midtop")
    label = "nodes"
    draw_text(surface, label, (rect.x, (n_top + n_bot) // 2), small, style.TEXT,
              anchor="midleft")
    series = list(zip(names, (tree_nodes, measured, bd, best, leaves),
                      ((236, 140, 60), BAR_NODES, (236, 190, 60), (176, 132, 230),
                       (120, 200, 160)),
                      (9, 0, 5, 3, 0), ("dashed", "solid", "dashed", "dotted", "solid"),
                      strict=True))
    legend_y = n_title + int(size * 1.5)
    for (name, vals, col, dash, kind), (dx, dy) in zip(series, legend_at, strict=True):
        pts = [(xd(d), axis(v)) for d, v in zip(depths, vals, strict=True)]
        if len(pts) > 1:
            if dash:
                _dashed(surface, col, pts, dash)
            else:
                pygame.draw.lines(surface, col, False, pts, 3)
        for p in pts:
            if kind == "solid":
                pygame.draw.circle(surface, col, p, 5)
            else:
                pygame.draw.circle(surface, col, p, 4, 1)
        # The legend entry: a sample of the line, then its name, left to right.
        lx, mid = rect.x + dx, legend_y + dy + row_h // 2
        if dash:
            _dashed(surface, col, [(lx, mid), (lx + 24, mid)], dash / 2)
        else:
            pygame.draw.line(surface, col, (lx, mid), (lx + 24, mid), 3)
        draw_text(surface, name, (lx + 30, mid), small, style.TEXT, anchor="midleft")
    for r in rows:
        ebf = getattr(r, "ebf", None)
        if ebf:
            draw_text(surface, f"{ebf:.1f}", (xd(r.depth), n_bot + 4 + int(small * 1.25)),
                      small, style.DIM, anchor="midtop")
    if footnote:
        draw_text(surface, "EBF b*: a uniform tree of depth d with 1 + b* + … + b*^d nodes "
                  "would be this big", (rect.x, rect.bottom - 2), small, style.DIM,
                  anchor="bottomleft", max_width=rect.width)
