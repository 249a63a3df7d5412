"""Where the depth chart's parts go, and what its nodes' plot draws (ui.lab.depth_plot).

The chart's geometry is worked out once per drawing (``chart_frame``): the value part takes
about a third of what the nodes' plot leaves, the legend wraps to the chart's width, and a
short chart of two series gives up its EBF row so that the nodes' plot can still be read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ai.lab.depth_chart import DepthRow
from ui.assets import font
from ui.lab import style
from ui.lab.depth_refs import best_case_points, reference_notes
from ui.lab.plot import BAR_NODES

#: The quiescence series' colour (the tree's quiescence ring), and its value line's dashes.
QUIESCENCE = style.QUIESCENCE
Q_DASH = 7
#: The quiescence series' name in the move table (the search's name is the other row's).
Q_NAME = "+ quiescence"


def legend_places(names: Sequence[str], f: pygame.font.Font, width: int, row_h: int
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


def series_names(branching: float, counted: bool) -> list[str]:
    """The names of :data:`SERIES`, in the order they are drawn; minimax's are a uniform
    tree's formulas unless some depth's tree was ``counted`` (the footnote says which)."""
    if counted:
        return ["minimax's nodes", "nodes", "its leaves", "alpha-beta's best case on this tree",
                "leaves"]
    return [f"minimax's nodes 1+b+…+b^d (b = {branching:.1f})", "nodes",
            "its leaves b^d", "alpha-beta's best case on this tree", "leaves"]


@dataclass
class DepthFrame:
    """Where the depth chart's parts go (pixels), and what its legend lists."""

    rect: pygame.Rect
    size: int
    small: int
    row_h: int
    left: int
    right: int
    v_top: int
    v_bot: int
    #: The move table of two series under the value lines (0: one series).
    table_h: int
    #: The lower title and the legend's rows.
    lower_head: int
    #: Under the nodes' plot: the depths, the EBF row, the axis title and the footnotes.
    bottom_rows: int
    ebf_row: bool
    notes: list[str]
    names: list[str]
    legend_at: list[tuple[int, int]]
    d_lo: int
    d_hi: int
    best_depths: list[int]
    best_counts: list[float]

    def xd(self, d: float) -> float:
        return self.left + (d - self.d_lo) / (self.d_hi - self.d_lo) * (self.right - self.left)

    @property
    def n_title(self) -> int:
        return self.v_bot + self.table_h + self.row_h

    @property
    def n_top(self) -> int:
        # The top tick's label clears the legend.
        return self.n_title + self.lower_head + self.small // 2

    @property
    def n_bot(self) -> int:
        return self.rect.bottom - self.bottom_rows


@dataclass
class NodeSeries:
    """One line of the nodes' plot: its points, look and legend name."""

    name: str
    depths: list[int]
    values: list[float]
    colour: tuple[int, ...]
    dash: int
    kind: str  # "solid", "dashed", "dotted" or "square"
    #: Depths with a filled point (counted on this tree; hollow: a uniform tree's estimate).
    filled_at: set[int]


def legend_names(branching: float, best_case: bool, pair: bool, algorithm: str) -> list[str]:
    """The nodes' plot's legend, in the order its series are drawn (node_series)."""
    names = series_names(branching, best_case)
    if not best_case:
        del names[SERIES.index("best case")]
    if pair:
        names[1] = f"nodes, {algorithm}"
        names.append(f"nodes, {algorithm} + quiescence")
    return names


def chart_frame(rect: pygame.Rect, rows: Sequence[DepthRow], q_rows: Sequence[DepthRow],
                 branching: float, size: int, algorithm: str) -> DepthFrame:
    """The chart's places: the value part takes about a third of what the nodes' plot
    leaves; a short chart of two series drops the EBF row so the nodes' plot can be read."""
    small = max(10, int(size * 0.85))
    pair = bool(q_rows)
    left = rect.x + int(size * 5.5)
    if pair:  # the move table's row names (a line sample, then the name) left of depth 1
        names_w = max(font(small).size(n)[0] for n in (algorithm, Q_NAME))
        left = max(left, rect.x + 22 + names_w + small)
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
    names = legend_names(branching, bool(best_depths), pair, algorithm)
    legend_at = legend_places(names, font(small), rect.width, row_h)
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
    every_depth = [r.depth for r in rows] + [r.depth for r in q_rows]
    return DepthFrame(rect, size, small, row_h, left, rect.right - int(size * 1.5), v_top,
                  v_top + max(int(small * 2), int(room * 0.3)), table_h, lower_head,
                  bottom_rows, ebf_row, notes, names, legend_at, min(every_depth),
                  max(max(every_depth), min(every_depth) + 1), best_depths, best_counts)


def node_series(frame: DepthFrame, rows: Sequence[DepthRow], q_rows: Sequence[DepthRow],
                 counts: tuple[list[float], ...], counted: set[int]) -> list[NodeSeries]:
    """The nodes' plot's series in :data:`SERIES` order (no best case where it was not
    counted), then the quiescence search's nodes; ``counts``: minimax's nodes, the measured
    nodes, minimax's leaves, the measured leaves, the quiescence search's nodes."""
    tree_nodes, measured, bd, leaves, q_measured = counts
    depths = [r.depth for r in rows]
    specs: list[tuple[list[int], list[float], tuple[int, ...], int, str, set[int]]] = [
        (depths, tree_nodes, (236, 140, 60), 9, "dashed", counted),
        (depths, measured, BAR_NODES, 0, "solid", set()),
        (depths, bd, (236, 190, 60), 5, "dashed", counted),
        (frame.best_depths, frame.best_counts, (176, 132, 230), 3, "dotted",
         set(frame.best_depths)),
        (depths, leaves, (120, 200, 160), 0, "solid", set())]
    if q_rows:
        specs.append(([r.depth for r in q_rows], [float(v) for v in q_measured], QUIESCENCE, 0,
                      "square", set()))
    if not frame.best_depths:
        del specs[SERIES.index("best case")]
    return [NodeSeries(name, *spec) for name, spec in zip(frame.names, specs, strict=True)]
