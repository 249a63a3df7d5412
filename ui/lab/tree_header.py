"""The tree pane's header (the recording's figures) and legend, shared with the PNG export."""

from __future__ import annotations

from collections.abc import Callable, Collection

import pygame

from ai.api import BOOK
from ai.lab import mcts_text
from ai.lab.compare_notes import taken_over_note
from ai.lab.recording import SearchRecording
from ai.lab.transpositions import no_saving_note
from ui.assets import font
from ui.lab import probes, style
from ui.text import wrap
from ui.widgets import draw_text


def header_lines(rec: SearchRecording) -> tuple[str, str]:
    """The recording's figures and its "not recorded" note (worked out once: counting
    20,000 nodes every frame would cost the frame rate)."""
    # A solver's proof has no depth limit: its depth would read as a horizon it never had.
    how = ("from the opening book" if rec.answered_by == BOOK else
           "exact, no depth limit" if rec.solved else f"depth {rec.depth}")
    if rec.searched_depth:  # the tree is the depth below's: say so where the depth is named
        how = f"depth {rec.searched_depth} ({taken_over_note(rec.searched_depth)})"
    parts = [f"{rec.algorithm_label} · {how}", f"{rec.node_count:,} nodes",
             f"{rec.leaves:,} leaves", style.pruning_text(rec.nodes) + rec.filtered_text(),
             _value_text(rec), _move_text(rec)]
    if mcts_text.is_mcts(rec):  # no depth, no cutoffs: iterations, visits, means
        parts = mcts_text.header_parts(rec)
    table = _table_note(rec)
    if table:
        parts.append(table)
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
        budget = rec.options.get("node_budget", len(rec.nodes))
        note = (f"{rec.truncated:,} nodes not recorded (node budget {budget:,}): "
                "their subtrees are missing from the picture")
    played = played_text(rec)  # first, once the figures are in their places
    return "   ".join([played, *parts] if played else parts), note


def _table_note(rec: SearchRecording) -> str:
    """Why the table, switched on, saves nothing in this search (its tree has no repeated
    position with plies below it), else "": equal counts with and without it would otherwise
    read as a switch that does nothing."""
    if not rec.options.get("use_tt") or rec.solved or not rec.nodes \
            or rec.stats.get("tt_hits", 0):  # hits: the earlier passes' moves, reused
        return ""
    return no_saving_note(rec.nodes[0].state, rec.depth)


def played_text(rec: SearchRecording) -> str:
    """The level's own move when the tree is drawn at another depth than it plays ("Drawn at
    depth 2 (Master plays at depth 7 in its 4 s a move: f2)"), else "": the tree's move alone
    would read as the level's."""
    played = getattr(rec, "played", None)
    if played is None or (played.depth == rec.depth and played.move == rec.move):
        return ""
    if played.depth == 0 and rec.solved and played.move == rec.move:
        return ""  # both the solver's answer
    drawn = "Drawn exactly" if rec.solved else f"Drawn at depth {rec.depth}"
    return f"{drawn} ({played.level} plays {played.how}: {played.move})"


def _value_text(rec: SearchRecording) -> str:
    """The value; beside a noisy level's move, whose value it is and the root's (the search's
    best): "value −1" alone under a root reading 0 read as the tree contradicting itself."""
    value = f"value {style.value_text(rec.value, rec.kit)}"
    best = getattr(rec, "best_move", None)
    if best is None or not rec.nodes or rec.nodes[0].value is None:
        return value
    return (f"{value} ({rec.move}; the root's "
            f"{style.value_text(rec.nodes[0].value, rec.kit)} is {best}'s)")


def _move_text(rec: SearchRecording) -> str:
    """The move played, and the search's best beside it when the level's noise chose another:
    the tree's principal variation leads to the best, so the move alone read as the search
    contradicting its own tree."""
    best = getattr(rec, "best_move", None)
    if best is None:
        return f"move {rec.move or '—'}{_edge_words(rec)}"
    return f"move {rec.move} (the level's noise; the search's best: {best})"


def _edge_words(rec: SearchRecording) -> str:
    """Where the tree labels its edges other than by the move (Nim: the heaps a move leaves),
    the played move's edge and what edges say: " → 4 (edges: the heaps left)"; else ""."""
    if rec.kit is None:  # a recording of a game the registry does not know
        return ""
    words = rec.kit.edge_words
    edge = next((style.edge_text(rec.nodes[c], rec.kit) for c in rec.nodes[0].children
                 if rec.nodes[c].move == rec.move), None) if rec.nodes else None
    if not words or edge is None or edge == rec.move:
        return ""
    return f" → {edge} (edges: {words})"


def break_figures(figures: list[str], f: pygame.font.Font, width: int) -> list[str]:
    """The header's figures joined three spaces apart, on as many lines as ``width`` needs;
    a figure wider than a line on its own (a projector's text) is broken between words."""
    lines: list[str] = []
    for figure in figures:
        if lines and f.size(lines[-1] + "   " + figure)[0] <= width:
            lines[-1] += "   " + figure
        elif f.size(figure)[0] > width:
            lines += wrap(figure, f, width)
        else:
            lines.append(figure)
    return lines


def draw_legend(surface: pygame.Surface, canvas: pygame.Rect, size: int,
                keys: Collection[str]) -> None:
    """The key to the shapes, bottom-left of the canvas (also in exported pictures); items
    that do not fit the width are left out from the end (the least needed last). ``keys``:
    the marks the tree holds (TreeView.legend_keys); max, min and leaf are always keyed, the
    rest only when present (a key to "skipped by a cutoff" under a search that pruned nothing
    would teach that it did), so their room goes to the marks that are."""
    r = max(5, size // 2)
    y = canvas.bottom - r - 8
    back = pygame.Rect(canvas.x + 2, y - r - 6, canvas.width - 4, 2 * r + 12)
    pygame.draw.rect(surface, (22, 24, 30), back, border_radius=6)

    def shape(kind: str) -> Callable[[int], object]:
        return lambda x: style.draw_shape(surface, kind, (x + r, y), r, style.KIND_COLOR[kind],
                                          (20, 22, 28), 1)

    kinds = ("max", "min", "chance", "leaf") if "chance" in keys else ("max", "min", "leaf")
    items: list[tuple[Callable[[int], object] | None, str]] = [(shape(k), k) for k in kinds]
    optional: list[tuple[str, Callable[[int], object] | None, str]] = [
        ("quiescence", lambda x: style.draw_dashed_ring(surface, style.QUIESCENCE, (x + r, y),
                                                        r - 1, 2),
         "quiescence (past the dashed line)"),
        ("skipped", lambda x: style.draw_shape(surface, "leaf", (x + r, y), r,
                                               style.SKIPPED_FILL, style.STUB, 1),
         "skipped by a cutoff"),
        ("pv", lambda x: pygame.draw.line(surface, style.PV, (x, y), (x + 2 * r, y), 3),
         "principal variation"),
        ("tt", lambda x: pygame.draw.circle(surface, style.TT, (x + r, y), max(3, r // 2)),
         "table hit"),
        ("research", None, "↻ re-searched (probe dashed)"),
        ("collapsed", None, "▸n collapsed"),
        ("unrecorded", None, "+n not recorded (node budget)"),
    ]
    items += [(mark, label) for key, mark, label in optional if key in keys]
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
