"""The compare bars, drawn onto any surface (the screen or a PNG); the depth chart is
depth_plot.py (re-exported here), their shared parts plot.py.

Both plots use log scales where the quantities span orders of magnitude (nodes, seconds), and
say so on the axis; every axis has a title with its unit. Series differ by pattern as well as
colour (solid, dashed, dotted lines; filled and hollow markers) for colour-blind readers.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import pygame

from ai.lab.compare import CompareRow
from ai.lab.compare_mcts import mcts_notes
from ai.lab.compare_notes import agreement_text, counting_note, label_head, refinement_notes
from ai.lab.mcts_text import mean_text
from game.kit import GameKit
from ui.assets import font
from ui.lab import style

# The depth chart and the shared parts, where the panes and the tests have always found them.
from ui.lab.depth_plot import (
    WIN_VALUE,
    answer_changes,
    draw_depth_chart,
    horizon_rows,
    squash,
    valued,
)
from ui.lab.plot import (
    AXIS,
    BAD,
    BAR_NODES,
    BAR_TIME,
    GOOD,
    GRID,
    LogAxis,
    seconds_text,
    si,
)
from ui.lab.verdict import compare_footer, draw_footer
from ui.text import first_fitting, two_lines
from ui.widgets import draw_centred_lines, draw_text

__all__ = ["AXIS", "BAD", "BAR_NODES", "BAR_TIME", "GOOD", "GRID", "WIN_VALUE", "LogAxis",
           "agree_text", "answer_changes", "draw_compare", "draw_depth_chart", "horizon_rows",
           "seconds_text", "si", "squash", "valued"]

# ---- compare ------------------------------------------------------------------------------
def agree_text(rows: Sequence[CompareRow], brief: bool = False) -> tuple[str, bool | None]:
    """The line under the bars (ai.lab's wording, ``brief`` or not) and whether the values
    agree: None, with no mark, until two searches have finished (a green tick over "No search
    finished" would say something was checked)."""
    done = [r for r in rows if r.status == "done" and r.algorithm != "mcts"]  # other units
    if len(done) < 2:
        return agreement_text(list(rows), brief), None
    ok = all(r.agree for r in done)
    return ("✓ " if ok else "✗ ") + agreement_text(list(rows), brief), ok


def draw_compare(surface: pygame.Surface, rect: pygame.Rect, rows: Sequence[CompareRow],
                 size: int, notes: Mapping[int, Sequence[str]] | None = None,
                 kit: GameKit | None = None) -> None:
    """Horizontal bars: nodes and time per algorithm on log scales, value and move beside.

    ``rows`` have label, nodes, final_nodes, passes, time_s, value, move (None while not run);
    ``notes`` maps a row index to a status text drawn instead of its bars ("running…",
    "skipped: ~40 s"), as its wordings, longest first: the longest that fits is drawn. The node bars are the final pass (like against like); a row that also
    searched the shallower depths (iterative deepening) shows its total after the bar.
    """
    notes = notes or {}
    small = max(10, int(size * 0.85))
    label_w = int(rect.width * 0.3)
    # The value column as wide as its widest "value · move" (a backgammon move is long),
    # between 12% and 25% of the chart; the bars give up the difference.
    widest = max((font(small).size(_value_move(r, kit))[0] for r in rows
                  if r.status == "done" and r.nodes), default=0)
    value_w = max(int(rect.width * 0.12), min(int(rect.width * 0.25), widest + small // 2))
    gap = size * 3  # room for the last tick label of the left plot
    plot_w = (rect.width - label_w - value_w - 3 * gap) // 2
    top = rect.y + int(size * 3.2)
    text, ok = agree_text([r for r in rows if r.status == "done"])
    # The notes give way before the bars do: every row keeps a line of its own.
    n = max(1, len(rows))
    # A row whose name needs two lines keeps the height for them (_row_label).
    two = any(font(small).size(r.label)[0] > label_w for r in rows)
    bars_least = int(size * 3.2 + size * 1.6 + small * 0.4 + n * small * (2.5 if two else 1.2))
    tone = style.DIM if ok is None else GOOD if ok else BAD  # dim: nothing compared yet
    notes_below = [*mcts_notes(list(rows)), *refinement_notes(list(rows)),
                   counting_note(list(rows))]
    most = min(rect.height // 2, rect.height - bars_least)
    footer = compare_footer(text, tone, notes_below, size, small, rect.width, most)
    if footer.height > most:  # the verdict, kept whole, would squeeze the rows' names
        brief, _ = agree_text([r for r in rows if r.status == "done"], brief=True)
        footer = compare_footer(brief, tone, notes_below, size, small, rect.width, most)
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
    titles = (("nodes, final pass (log)", "nodes, final pass", "nodes"), ("time (log)", "time"))
    for axis, x0, wordings, fmt in ((node_axis, nodes_x0, titles[0], si),
                                    (time_axis, time_x0, titles[1], seconds_text)):
        # A narrow window gets the shorter wording, never two titles run together.
        title = first_fitting(wordings, font(size, bold=True), plot_w + gap, wordings[-1])
        draw_text(surface, title, (x0 + plot_w // 2, rect.y + int(size * 0.4)), size,
                  style.TEXT, bold=True, anchor="midtop")
        # Many decades on a narrow plot (a slow search beside a fast one, backgammon's wide
        # value column) would set "10 ms" on "100 ms": a label is drawn only with room.
        last_right = -math.inf
        for v in axis.decades():
            x = axis(v)
            pygame.draw.line(surface, GRID, (x, top - 4), (x, bottom), 1)
            half = font(small).size(fmt(v))[0] / 2
            if x - half >= last_right + small // 2:
                draw_text(surface, fmt(v), (x, bottom + 4), small, AXIS, anchor="midtop")
                last_right = x + half
        pygame.draw.line(surface, AXIS, (x0, bottom), (x0 + plot_w, bottom), 1)
    draw_text(surface, "search", (rect.x, rect.y + int(size * 0.4)), size, style.TEXT,
              bold=True)
    draw_text(surface, "value · move", (rect.right, rect.y + int(size * 0.4)), size,
              style.TEXT, bold=True, anchor="topright")
    for i, r in enumerate(rows):
        y = top + i * row_h
        cy = y + row_h / 2
        bar_h = max(4, int(row_h * 0.5))
        probes = getattr(r, "probes", 0)
        label = f"{r.label} · {probes} probe{'s' if probes != 1 else ''}" if probes else r.label
        _row_label(surface, label, rect.x, cy, small, label_w, row_h)
        if i in notes or r.status != "done" or not r.nodes:
            note_wordings: Sequence[str] = notes.get(i, ("not run",))
            note = first_fitting(note_wordings, font(small), 2 * plot_w, note_wordings[-1])
            draw_text(surface, note, (nodes_x0 + 6, cy), small, style.DIM,
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
        vm = _value_move(r, kit)
        draw_text(surface, vm, (rect.right, cy), small, style.TEXT, anchor="midright",
                  max_width=value_w)
    draw_footer(surface, footer, rect.x, rect.bottom)


def _final(row: CompareRow) -> int:
    """The nodes of a row's final pass (rows made before the count existed: all nodes)."""
    return int(getattr(row, "final_nodes", 0) or row.nodes)


def _row_label(surface: pygame.Surface, label: str, x: int, cy: float, small: int,
               width: int, row_h: float) -> None:
    """A row's name: on two lines where the row is tall enough and the name too long for
    one ("expectiminimax, network batches and root filter (Master plays)"), cut only when
    even two lines cannot hold it; in a row too short for two, its head alone (the footer's
    verdict, kept whole, can take the room)."""
    line_h = int(small * 1.1)
    if 2 * small <= row_h < 2 * line_h:  # many rows (MCTS's too): the lines closer
        line_h = int(row_h // 2)
    if row_h >= 2 * line_h:
        lines = two_lines(label, font(small), width)
    else:  # one line: the name without its details rather than cut ("expectiminimax")
        lines = [first_fitting((label, label_head(label)), font(small), width, label_head(label))]
    draw_centred_lines(surface, lines, x, cy, small, style.TEXT, line_h, width)


def _value_move(row: CompareRow, kit: GameKit | None) -> str:
    if row.algorithm == "mcts":  # a mean reward, never the game's units
        return f"mean {mean_text(row.value)} · {row.move or '—'}"
    return f"{style.value_text(row.value, kit)} · {row.move or '—'}"
