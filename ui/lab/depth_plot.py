"""The depth chart: value and best move per depth, and nodes per depth on a log scale.

Drawn onto any surface (the lab's depth pane, or a PNG). A game with noisy moves charts two
series side by side (ai.lab.depth_chart ``with_quiescence``): the search to the depth limit and the
same search with quiescence search past it, so the student sees where the answer changes and
what quiescence costs in nodes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from ai.lab.depth_chart import DepthRow
from ui.assets import font
from ui.lab import style
from ui.lab.depth_refs import best_case_points, minimax_references, reference_notes
from ui.lab.plot import AXIS, BAD, BAR_NODES, GRID, LogAxis, dashed, si
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


#: The depth chart's series, in the order they are drawn.
SERIES = ("tree", "nodes", "tree leaves", "best case", "leaves")


def _depth_series_names(branching: float, counted: bool) -> list[str]:
    """The names of :data:`SERIES`, in the order they are drawn; minimax's are a uniform
    tree's formulas unless some depth's tree was ``counted`` (the footnote says which)."""
    if counted:
        return ["minimax's nodes", "nodes", "its leaves", "alpha-beta's best case on this tree",
                "leaves"]
    return [f"minimax's nodes 1+b+…+b^d (b = {branching:.1f})", "nodes",
            "its leaves b^d", "alpha-beta's best case on this tree", "leaves"]


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


#: The quiescence series' colour (the tree's quiescence ring), and its value line's dashes.
QUIESCENCE = style.QUIESCENCE
Q_DASH = 7
#: The quiescence series' name in the move table (the search's name is the other row's).
Q_NAME = "+ quiescence"


def split_series(rows: Sequence[DepthRow]) -> tuple[list[DepthRow], list[DepthRow]]:
    """(the rows of the search to the depth limit, the rows with quiescence search): a chart
    of one series has every row in the first list."""
    plain = [r for r in rows if not getattr(r, "quiescence", None)]
    return plain, [r for r in rows if getattr(r, "quiescence", None)]


def draw_depth_chart(surface: pygame.Surface, rect: pygame.Rect, rows: Sequence[DepthRow],
                     branching: float, size: int, unit: str = "", game_id: str = "",
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
    small = max(10, int(size * 0.85))
    if not rows:
        draw_text(surface, "No depths searched yet", rect.center, size, style.DIM,
                  anchor="center")
        return
    rows, q_rows = split_series(rows)
    pair = bool(q_rows)
    left = rect.x + int(size * 5.5)
    if pair:  # the move table's row names (a line sample, then the name) left of depth 1
        names_w = max(font(small).size(n)[0] for n in (algorithm, Q_NAME))
        left = max(left, rect.x + 22 + names_w + small)
    right = rect.right - int(size * 1.5)
    row_h = int(small * 1.3)
    # Depths, EBF, the axis title, and a footnote on what EBF means where there is room.
    footnote = rect.height > 34 * small
    best_depths, best_counts = best_case_points(rows)
    notes = ["EBF b*: a uniform tree of depth d with 1 + b* + … + b*^d nodes would be this big",
             *reference_notes(rows, branching)] if footnote else []
    ebf_row = True
    bottom_rows = (3 + len(notes)) * row_h + 6
    # The title, then (one series) room for the move labels over the points; two series
    # write their moves in a table under the plot instead.
    v_top = rect.y + int(size * 1.6) + (int(small * 0.6) if pair else int(small * 1.4))
    names = _depth_series_names(branching, bool(best_depths))
    best_case = bool(best_depths)
    if not best_case:
        del names[SERIES.index("best case")]
    if pair:
        names[1] = f"nodes, {algorithm}"
        names.append(f"nodes, {algorithm} + quiescence")
    legend_at = _legend_places(names, font(small), rect.width, row_h)
    legend_rows = 1 + max(y for _, y in legend_at) // row_h
    lower_head = int(size * 1.5) + legend_rows * row_h  # the lower title and the legend
    table_h = 2 * row_h + small // 2 if pair else 0  # the best moves of the two series
    room = rect.bottom - bottom_rows - v_top - lower_head - row_h - table_h
    if pair and not footnote and room - 2 * small < 5 * small:
        # A short chart (presentation text) with the move table: the EBF row gives way, so
        # the nodes keep a plot that can be read.
        ebf_row = False
        bottom_rows -= row_h
        room += row_h
    v_bot = v_top + max(int(small * 2), int(room * 0.3))
    depths = [r.depth for r in rows]
    every_depth = depths + [r.depth for r in q_rows]
    d_lo, d_hi = min(every_depth), max(max(every_depth), min(every_depth) + 1)

    def xd(d: float) -> float:
        return left + (d - d_lo) / (d_hi - d_lo) * (right - left)

    changes = answer_changes(rows)
    horizons = horizon_rows(rows)
    # -- top: value per depth -------------------------------------------------------------
    values = [float(r.value) for r in valued(rows) + valued(q_rows)]
    shown = [squash(v, values) for v in values]
    lo, hi = (min(shown), max(shown)) if shown else (0.0, 1.0)
    if hi - lo < 1e-9:
        lo, hi = lo - 1, hi + 1

    def yv(v: float) -> float:
        return v_bot - (squash(v, values) - lo) / (hi - lo) * (v_bot - v_top)

    title = f"Value and best move at each depth{f' ({unit})' if unit else ''}"
    box = draw_text(surface, title, (rect.x, rect.y), size, style.TEXT, bold=True)
    caption = []
    if changes or answer_changes(q_rows):
        caption.append("▲ best move changed")
    if horizons or horizon_rows(q_rows):
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
    if pair:
        _draw_pair_values(surface, rows, q_rows, xd, yv, v_bot, small, row_h, rect.x, left,
                          algorithm)
    else:
        _draw_values(surface, rows, xd, yv, v_top, v_bot, small, changes, horizons)
    # -- bottom: nodes and leaves per depth, log scale -------------------------------------
    n_title = v_bot + table_h + row_h
    n_top = n_title + lower_head + small // 2  # the top tick's label clears the legend
    n_bot = rect.bottom - bottom_rows
    measured: list[float] = [max(1, r.nodes) for r in rows]
    q_measured: list[float] = [max(1, r.nodes) for r in q_rows]
    leaves: list[float] = [max(1, getattr(r, "leaves", 0) or 1) for r in rows]
    tree_nodes, bd, counted = minimax_references(rows, branching)
    axis = LogAxis(min(leaves + best_counts),
                   max(measured + tree_nodes + q_measured), n_bot, n_top)
    lower_title = ("Per depth (log scale): nodes and leaves against minimax's on this tree"
                   if counted else "Per depth (log scale): nodes against a uniform tree's "
                   "nodes, leaves against its b^d")
    draw_text(surface, lower_title, (rect.x, n_title), size, style.TEXT, bold=True,
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
    if ebf_row:
        draw_text(surface, "EBF b*", (left - int(size * 1.4), n_bot + 4 + row_h), small,
                  style.DIM, anchor="topright")
    draw_text(surface, "search depth (plies)",
              ((left + right) // 2, n_bot + 4 + (2 if ebf_row else 1) * row_h),
              small, style.TEXT, anchor="midtop")
    label = "nodes"
    draw_text(surface, label, (rect.x, (n_top + n_bot) // 2), small, style.TEXT,
              anchor="midleft")
    plotted: list[tuple[list[int], list[float]]] = [
        (depths, tree_nodes), (depths, measured), (depths, bd), (best_depths, best_counts),
        (depths, leaves)]
    colours = [(236, 140, 60), BAR_NODES, (236, 190, 60), (176, 132, 230), (120, 200, 160)]
    # Filled points: counted on this tree; hollow ones are a uniform tree's estimate.
    filled_at = [counted, set(), counted, set(best_depths), set()]
    dashes = [9, 0, 5, 3, 0]
    kinds = ["dashed", "solid", "dashed", "dotted", "solid"]
    if pair:
        plotted.append(([r.depth for r in q_rows], [float(v) for v in q_measured]))
        colours.append(QUIESCENCE)
        dashes.append(0)
        kinds.append("square")
        filled_at.append(set())
    if not best_case:
        at = SERIES.index("best case")
        for series in (plotted, colours, dashes, kinds, filled_at):
            del series[at]
    legend_y = n_title + int(size * 1.5)
    for (name, (ds, vals), col, dash, kind, marked), (dx, dy) in zip(
            zip(names, plotted, colours, dashes, kinds, filled_at, strict=True), legend_at,
            strict=True):
        pts = [(xd(d), axis(v)) for d, v in zip(ds, vals, strict=True)]
        filled = [kind == "solid" or d in marked for d in ds]
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
        # The legend entry: a sample of the line, then its name, left to right.
        lx, mid = rect.x + dx, legend_y + dy + row_h // 2
        if dash:
            dashed(surface, col, [(lx, mid), (lx + 24, mid)], dash / 2)
        else:
            pygame.draw.line(surface, col, (lx, mid), (lx + 24, mid), 3)
        draw_text(surface, name, (lx + 30, mid), small, style.TEXT, anchor="midleft")
    for r in rows:
        ebf = getattr(r, "ebf", None)
        if ebf and ebf_row:
            draw_text(surface, f"{ebf:.1f}", (xd(r.depth), n_bot + 4 + int(small * 1.25)),
                      small, style.DIM, anchor="midtop")
    for i, note in enumerate(reversed(notes)):
        draw_text(surface, note, (rect.x, rect.bottom - 2 - i * row_h), small, style.DIM,
                  anchor="bottomleft", max_width=rect.width)


def _draw_values(surface: pygame.Surface, rows: Sequence[DepthRow], xd: Any, yv: Any, v_top: float,
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


def _draw_pair_values(surface: pygame.Surface, rows: Sequence[DepthRow], q_rows: Sequence[DepthRow],
                      xd: Any, yv: Any, v_bot: float, small: int, row_h: int, x0: int,
                      left: int, algorithm: str) -> None:
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
