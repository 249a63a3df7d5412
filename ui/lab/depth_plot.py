"""The depth chart: value and best move per depth, and nodes per depth on a log scale.

Drawn onto any surface (the lab's depth pane, or a PNG). A game with noisy moves charts two
series side by side (ai.lab.depth_chart ``with_quiescence``): the search to the depth limit and the
same search with quiescence search past it, so the student sees where the answer changes and
what quiescence costs in nodes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ai.lab.depth_chart import DepthRow
from game.kit import GameKit
from ui.lab import style
from ui.lab.depth_frame import (
    Q_DASH,
    Q_NAME,
    QUIESCENCE,
    DepthFrame,
    NodeSeries,
    chart_frame,
    node_series,
)
from ui.lab.depth_refs import minimax_references
from ui.lab.plot import AXIS, BAD, GRID, LogAxis, dashed, si
from ui.widgets import draw_text

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


def algorithm_label(algorithm: str) -> str:
    """A search's name as the charts write it ("alphabeta" is "alpha-beta")."""
    return {"alphabeta": "alpha-beta"}.get(algorithm, algorithm)


def answer_changes(rows: Sequence[DepthRow]) -> set[int]:
    """Indexes of rows whose best move differs from the previous depth's."""
    return {i for i, r in enumerate(rows) if r.move_changed}


def horizon_rows(rows: Sequence[DepthRow]) -> set[int]:
    """Indexes of rows where one more ply turned the verdict (ai.lab.depth_chart.horizon_swing)."""
    return {i for i, r in enumerate(rows) if getattr(r, "horizon", False)}


def valued(rows: Sequence[DepthRow]) -> list[DepthRow]:
    """The rows whose value is a real value (not a search stopped above a classroom tree's
    numbered leaves, where no value exists)."""
    return [r for r in rows if r.value is not None and getattr(r, "has_value", True)]


def split_series(rows: Sequence[DepthRow]) -> tuple[list[DepthRow], list[DepthRow]]:
    """(the rows of the search to the depth limit, the rows with quiescence search): a chart
    of one series has every row in the first list."""
    plain = [r for r in rows if not getattr(r, "quiescence", None)]
    return plain, [r for r in rows if getattr(r, "quiescence", None)]


def draw_depth_chart(surface: pygame.Surface, rect: pygame.Rect, rows: Sequence[DepthRow],
                     branching: float, size: int, unit: str = "", kit: GameKit | None = None,
                     algorithm: str = "alpha-beta") -> None:
    """Value and best move per depth (top); per depth on a log scale (bottom), like against
    like (ui.lab.depth_refs): measured nodes and leaves beside minimax's, counted on the
    position's own tree (filled points) or past that a uniform tree's (hollow), and measured
    leaves beside alpha-beta's best case where it was counted, with the effective branching
    factor in a row under the depths. The legend is a row under the lower title, so large
    text never runs off.

    Rows of two series (with and without quiescence search, ``DepthRow.quiescence``): both
    value lines, the best move of each series per depth in a table under them, and both
    searches' nodes; ``algorithm`` names the search in the labels."""
    if not rows:
        draw_text(surface, "No depths searched yet", rect.center, size, style.DIM,
                  anchor="center")
        return
    rows, q_rows = split_series(rows)
    frame = chart_frame(rect, rows, q_rows, branching, size, algorithm)
    _draw_value_part(surface, frame, rows, q_rows, unit, kit, algorithm)
    _draw_node_part(surface, frame, rows, q_rows, branching)


# ---- top: value per depth ---------------------------------------------------------------------
def _draw_value_part(surface: pygame.Surface, frame: DepthFrame, rows: Sequence[DepthRow],
                     q_rows: Sequence[DepthRow], unit: str, kit: GameKit | None,
                     algorithm: str) -> None:
    """The title with what the marks mean, the value axis, and the value lines."""
    changes = answer_changes(rows)
    horizons = horizon_rows(rows)
    values = [float(r.value) for r in valued(rows) + valued(q_rows)]
    shown = [squash(v, values) for v in values]
    lo, hi = (min(shown), max(shown)) if shown else (0.0, 1.0)
    if hi - lo < 1e-9:
        lo, hi = lo - 1, hi + 1
    v_top, v_bot, small = frame.v_top, frame.v_bot, frame.small

    def yv(v: float) -> float:
        return v_bot - (squash(v, values) - lo) / (hi - lo) * (v_bot - v_top)

    _draw_value_title(surface, frame, rows, q_rows, unit)
    _draw_value_ticks(surface, frame, values, yv, kit)
    draw_text(surface, "value", (frame.rect.x, (v_top + v_bot) / 2), small, style.TEXT,
              anchor="midleft")
    if q_rows:
        _draw_pair_values(surface, rows, q_rows, frame.xd, yv, v_bot, small, frame.row_h,
                          frame.rect.x, frame.left, algorithm)
    else:
        _draw_values(surface, rows, frame.xd, yv, v_top, v_bot, small, changes, horizons)


def _draw_value_title(surface: pygame.Surface, frame: DepthFrame, rows: Sequence[DepthRow],
                      q_rows: Sequence[DepthRow], unit: str) -> None:
    """The upper title, and beside it what its marks mean where the chart has them."""
    rect = frame.rect
    title = f"Value and best move at each depth{f' ({unit})' if unit else ''}"
    box = draw_text(surface, title, (rect.x, rect.y), frame.size, style.TEXT, bold=True)
    caption = []
    if answer_changes(rows) or answer_changes(q_rows):
        caption.append("▲ best move changed")
    if horizon_rows(rows) or horizon_rows(q_rows):
        caption.append("◆ horizon effect: one more ply turned the verdict")
    if len(valued(rows)) < len(rows):
        caption.append("no value where the search stops above the leaves")
    if caption:
        draw_text(surface, "   " + " · ".join(caption), (box.right, box.centery), frame.small,
                  BAD, anchor="midleft", max_width=rect.right - box.right)


def _draw_value_ticks(surface: pygame.Surface, frame: DepthFrame, values: Sequence[float],
                      yv: Callable[[float], float], kit: GameKit | None) -> None:
    """Grid lines at up to six of the values, labelled where labels do not touch."""
    by_label = {style.value_text(v, kit): v for v in sorted(values)}
    ticks = sorted(by_label.values())
    if len(ticks) > 6:
        ticks = [ticks[int(i * (len(ticks) - 1) / 5)] for i in range(6)]
    labelled: list[float] = []
    for v in ticks:
        pygame.draw.line(surface, GRID, (frame.left, yv(v)), (frame.right, yv(v)), 1)
        if all(abs(yv(v) - y) > frame.small * 1.15 for y in labelled):  # close: one label
            labelled.append(yv(v))
            draw_text(surface, style.value_text(v, kit), (frame.left - 6, yv(v)),
                      frame.small, AXIS, anchor="midright")


# ---- bottom: nodes and leaves per depth, log scale --------------------------------------------
def _draw_node_part(surface: pygame.Surface, frame: DepthFrame, rows: Sequence[DepthRow],
                    q_rows: Sequence[DepthRow], branching: float) -> None:
    """The nodes' plot: its axes, each series with its legend entry, the EBF row, notes."""
    measured: list[float] = [max(1, r.nodes) for r in rows]
    q_measured: list[float] = [max(1, r.nodes) for r in q_rows]
    leaves: list[float] = [max(1, getattr(r, "leaves", 0) or 1) for r in rows]
    tree_nodes, bd, counted = minimax_references(rows, branching)
    axis = LogAxis(min(leaves + frame.best_counts),
                   max(measured + tree_nodes + q_measured), frame.n_bot, frame.n_top)
    _draw_node_axes(surface, frame, axis, counted)
    legend_y = frame.n_title + int(frame.size * 1.5)
    series = node_series(frame, rows, q_rows, (tree_nodes, measured, bd, leaves, q_measured),
                         counted)
    for line, (dx, dy) in zip(series, frame.legend_at, strict=True):
        _draw_series(surface, frame, axis, line)
        _draw_legend_entry(surface, frame, line, frame.rect.x + dx,
                           legend_y + dy + frame.row_h // 2)
    _draw_ebf_and_notes(surface, frame, rows)


def _draw_node_axes(surface: pygame.Surface, frame: DepthFrame, axis: LogAxis,
                    counted: set[int]) -> None:
    """The lower title, a grid line per decade and per depth, and the axes' words."""
    rect, small, left, right = frame.rect, frame.small, frame.left, frame.right
    n_top, n_bot, row_h = frame.n_top, frame.n_bot, frame.row_h
    lower_title = ("Per depth (log scale): nodes and leaves against minimax's on this tree"
                   if counted else "Per depth (log scale): nodes against a uniform tree's "
                   "nodes, leaves against its b^d")
    draw_text(surface, lower_title, (rect.x, frame.n_title), frame.size, style.TEXT, bold=True,
              max_width=rect.width)
    last_label = None
    for v in axis.decades():
        y = axis(v)
        pygame.draw.line(surface, GRID, (left, y), (right, y), 1)
        if last_label is None or abs(last_label - y) >= small * 1.1:  # no labels on top of
            last_label = y                                             # each other
            draw_text(surface, si(v), (left - 6, y), small, AXIS, anchor="midright")
    for d in range(frame.d_lo, frame.d_hi + 1):
        pygame.draw.line(surface, GRID, (frame.xd(d), n_top), (frame.xd(d), n_bot), 1)
        draw_text(surface, str(d), (frame.xd(d), n_bot + 4), small, AXIS, anchor="midtop")
    # The effective branching factor sits in its own row under the depths: no label crosses
    # a line of the plot.
    if frame.ebf_row:
        draw_text(surface, "EBF b*", (left - int(frame.size * 1.4), n_bot + 4 + row_h), small,
                  style.DIM, anchor="topright")
    draw_text(surface, "search depth (plies)",
              ((left + right) // 2, n_bot + 4 + (2 if frame.ebf_row else 1) * row_h),
              small, style.TEXT, anchor="midtop")
    draw_text(surface, "nodes", (rect.x, (n_top + n_bot) // 2), small, style.TEXT,
              anchor="midleft")


def _draw_series(surface: pygame.Surface, frame: DepthFrame, axis: LogAxis,
                 line: NodeSeries) -> None:
    """One series' line and points (filled, hollow or square)."""
    col, dash, kind = line.colour, line.dash, line.kind
    pts = [(frame.xd(d), axis(v)) for d, v in zip(line.depths, line.values, strict=True)]
    filled = [kind == "solid" or d in line.filled_at for d in line.depths]
    if len(pts) > 1:
        if dash:
            dashed(surface, col, pts, dash)
        else:
            pygame.draw.lines(surface, col, False, pts, 3)
    for p, fill in zip(pts, filled, strict=True):
        if kind == "solid":
            pygame.draw.circle(surface, col, p, 5)
        elif fill:
            pygame.draw.circle(surface, col, p, 4)
        elif kind == "square":
            pygame.draw.rect(surface, col, pygame.Rect(int(p[0]) - 5, int(p[1]) - 5, 10, 10))
        else:
            pygame.draw.circle(surface, col, p, 4, 1)


def _draw_legend_entry(surface: pygame.Surface, frame: DepthFrame, line: NodeSeries, lx: int,
                       mid: int) -> None:
    """A sample of the series' line, then its name, left to right."""
    if line.dash:
        dashed(surface, line.colour, [(lx, mid), (lx + 24, mid)], line.dash / 2)
    else:
        pygame.draw.line(surface, line.colour, (lx, mid), (lx + 24, mid), 3)
    draw_text(surface, line.name, (lx + 30, mid), frame.small, style.TEXT, anchor="midleft")


def _draw_ebf_and_notes(surface: pygame.Surface, frame: DepthFrame,
                        rows: Sequence[DepthRow]) -> None:
    """Each depth's effective branching factor in its row, and the footnotes at the foot."""
    rect, small = frame.rect, frame.small
    for r in rows:
        ebf = getattr(r, "ebf", None)
        if ebf and frame.ebf_row:
            draw_text(surface, f"{ebf:.1f}", (frame.xd(r.depth),
                                              frame.n_bot + 4 + int(small * 1.25)),
                      small, style.DIM, anchor="midtop")
    for i, note in enumerate(reversed(frame.notes)):
        draw_text(surface, note, (rect.x, rect.bottom - 2 - i * frame.row_h), small,
                  style.DIM, anchor="bottomleft", max_width=rect.width)


def _draw_values(surface: pygame.Surface, rows: Sequence[DepthRow],
                 xd: Callable[[float], float], yv: Callable[[float], float], v_top: float,
                 v_bot: float, small: int, changes: set[int], horizons: set[int]) -> None:
    """One series' value line with each depth's best move over its point (▲ / ◆ under a
    depth where the move changed or the verdict turned)."""
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
        # The first and last depths sit on the chart's edges: their moves lean inward,
        # clear of the value axis's labels and the window's edge.
        anchor, dx = (("bottomleft", -4) if i == 0 else ("bottomright", 4)
                      if i == len(rows) - 1 and i else ("midbottom", 0))
        draw_text(surface, f"{r.move or '—'}", (p[0] + dx, p[1] - 8), small, style.TEXT,
                  bold=changed, anchor=anchor)


def _draw_pair_values(surface: pygame.Surface, rows: Sequence[DepthRow],
                      q_rows: Sequence[DepthRow], xd: Callable[[float], float],
                      yv: Callable[[float], float], v_bot: float, small: int, row_h: int,
                      x0: int, left: int, algorithm: str) -> None:
    """Both series' value lines (to the depth limit: solid gold; with quiescence: dashed
    pink, square markers), and under them a table of each depth's best move per series, a
    changed move marked ▲ (◆ where the verdict turned) in red."""
    series = ((rows, style.PV, 0, algorithm), (q_rows, QUIESCENCE, Q_DASH, Q_NAME))
    for k, (rs, col, dash, name) in enumerate(series):
        shown = valued(rs)
        pts = [(xd(r.depth), yv(float(r.value))) for r in shown]
        if len(pts) > 1:
            if dash:
                dashed(surface, col, pts, dash, 2)
            else:
                pygame.draw.lines(surface, col, False, pts, 2)
        for p in pts:
            if dash:
                pygame.draw.rect(surface, col, pygame.Rect(int(p[0]) - 4, int(p[1]) - 4, 9, 9))
            else:
                pygame.draw.circle(surface, col, p, 5)
        # The table row: a sample of the line and the series' name, then a move per depth.
        y = v_bot + small // 2 + k * row_h + row_h // 2
        if dash:
            dashed(surface, col, [(x0, y), (x0 + 18, y)], dash / 2)
        else:
            pygame.draw.line(surface, col, (x0, y), (x0 + 18, y), 3)
        draw_text(surface, name, (x0 + 22, y), small, col, anchor="midleft",
                  max_width=left - x0 - 22 - small)
        changed, turned = answer_changes(rs), horizon_rows(rs)
        for i, r in enumerate(rs):
            mark = ("◆" if i in turned else "▲") if i in changed else ""
            draw_text(surface, f"{mark}{r.move or '—'}", (xd(r.depth), y), small,
                      BAD if mark else style.TEXT, bold=bool(mark), anchor="center")
