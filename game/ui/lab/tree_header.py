"""The tree pane's header (the recording's figures) and legend, shared with the PNG export."""

from __future__ import annotations

from typing import Any

import pygame

from ai.api import BOOK
from game.ui.assets import font
from game.ui.lab import probes, style
from game.ui.widgets import draw_text


def header_lines(rec: Any) -> tuple[str, str]:
    """The recording's figures and its "not recorded" note (worked out once: counting
    20,000 nodes every frame would cost the frame rate)."""
    # A solver's proof has no depth limit: its depth would read as a horizon it never had.
    how = ("from the opening book" if rec.answered_by == BOOK else
           "exact, no depth limit" if rec.solved else f"depth {rec.depth}")
    parts = [f"{rec.algorithm_label} · {how}", f"{rec.node_count:,} nodes",
             f"{rec.leaves:,} leaves", style.pruning_text(rec.nodes) + rec.filtered_text(),
             f"value {style.value_text(rec.value, rec.game_id)}", f"move {rec.move or '—'}"]
    if len(rec.passes) > 1 and not rec.solved:
        parts.insert(2, f"(all {len(rec.passes)} passes: {rec.total_nodes:,})")
    if getattr(rec, "probes", None):
        parts.insert(2, probes.summary(rec))
    past = rec.quiescence_nodes
    if past:
        parts.insert(3 if len(rec.passes) > 1 else 2,
                     f"({past:,} past the depth limit: quiescence)")
    note = ""
    if rec.truncated:
        note = (f"{rec.truncated:,} nodes not recorded (node budget {len(rec.nodes):,}): "
                "their subtrees are missing from the picture")
    return "   ".join(parts), note


def break_figures(figures: list[str], f: Any, width: int) -> list[str]:
    """The header's figures joined three spaces apart, on as many lines as ``width`` needs."""
    lines: list[str] = []
    for figure in figures:
        if lines and f.size(lines[-1] + "   " + figure)[0] <= width:
            lines[-1] += "   " + figure
        else:
            lines.append(figure)
    return lines


def draw_legend(surface: pygame.Surface, canvas: pygame.Rect, size: int,
                quiescence: bool = False, chance: bool = True) -> None:
    """The key to the shapes, bottom-left of the canvas (also in exported pictures); items
    that do not fit the width are left out from the end (the least needed last).
    ``quiescence``: the tree has nodes searched past the depth limit (their ring is keyed
    right after the shapes; a tree without them does not mention it). ``chance``: keys the
    chance node's circle (False: the tree has none, and its room goes to the rest)."""
    r = max(5, size // 2)
    y = canvas.bottom - r - 8
    back = pygame.Rect(canvas.x + 2, y - r - 6, canvas.width - 4, 2 * r + 12)
    pygame.draw.rect(surface, (22, 24, 30), back, border_radius=6)

    def shape(kind: str) -> Any:
        return lambda x: style.draw_shape(surface, kind, (x + r, y), r, style.KIND_COLOR[kind],
                                          (20, 22, 28), 1)

    kinds = ("max", "min", "chance", "leaf") if chance else ("max", "min", "leaf")
    items: list[tuple[Any, str]] = [(shape(k), k) for k in kinds]
    if quiescence:
        items.append((lambda x: style.draw_dashed_ring(surface, style.QUIESCENCE, (x + r, y),
                                                       r - 1, 2),
                      "quiescence (past the dashed line)"))
    items += [
        (lambda x: style.draw_shape(surface, "leaf", (x + r, y), r, style.SKIPPED_FILL,
                                    style.STUB, 1), "skipped by a cutoff"),
        (lambda x: pygame.draw.line(surface, style.PV, (x, y), (x + 2 * r, y), 3),
         "principal variation"),
        (lambda x: pygame.draw.circle(surface, style.TT, (x + r, y), max(3, r // 2)),
         "table hit"),
        (None, "↻ re-searched (probe dashed)"),
        (None, "▸n collapsed"),
    ]
    f = font(size)
    x = canvas.x + 10
    for mark, label in items:
        width = (2 * r + 4 if mark else 0) + f.size(label)[0]
        if x + width > canvas.right - 8:
            break
        if mark is not None:
            mark(x)
            x += 2 * r + 4
        x = draw_text(surface, label, (x, y), size, style.DIM, anchor="midleft").right + 12
