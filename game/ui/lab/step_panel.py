"""Step mode's side panel: the code with its running line, the current event in words, the
window, and the values on the path from the root to the current node (rising as children
return)."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.assets import font
from game.ui.lab import style
from game.ui.lab.pseudocode import draw_pseudocode, pseudocode_lines
from game.ui.lab.stepper import Stepper
from game.ui.widgets import draw_text, wrap_text

SHAPE_GLYPH = {"max": "▲", "min": "▼", "chance": "●", "leaf": "■"}


def node_name(recording: Any, nid: int) -> str:
    """"root" or the path of moves, e.g. "b·b1"."""
    moves = [recording.nodes[i].move or "?" for i in recording.path_to(nid)[1:]]
    return "·".join(moves) if moves else "root"


def _section(recording: Any, stepper: Stepper) -> str:
    """Which function of the code runs now: MAX-VALUE at max nodes, MIN-VALUE at min nodes;
    a leaf is tested in the function its parent called (MIN-VALUE below a max node)."""
    if stepper.current is None:
        return ""
    node = recording.nodes[stepper.current]
    kind = node.kind
    if kind in ("leaf", "chance") and node.parent is not None:
        parent_kind = recording.nodes[node.parent].kind
        kind = {"max": "min", "min": "max"}.get(parent_kind, "")
    return {"max": "MAX", "min": "MIN"}.get(kind, "")


def event_text(recording: Any, stepper: Stepper) -> str:
    """The event just replayed, in words."""
    if stepper.position == 0:
        return "Press → Step (or N) to start the search."
    ev = stepper.events[stepper.position - 1]
    node = recording.nodes[ev.node]
    name = node_name(recording, ev.node)
    value = style.value_text(ev.value, recording.game_id)
    window = style.window_text(ev.alpha, ev.beta, recording.game_id)
    if ev.kind == "enter":
        return f"Enter {name} ({node.kind}) with window {window}" if ev.alpha is not None or \
            ev.beta is not None else f"Enter {name} ({node.kind})"
    if ev.kind == "leaf":
        return f"Evaluate leaf {name}: {value}"
    if ev.kind == "update":
        return f"Back up into {name}: best so far {value}, window now {window}"
    if ev.kind == "cutoff":
        skipped = f", skipping {node.pruned} sibling(s)" if node.pruned else ""
        return f"Cutoff at {name}: {value} is outside the window {window}{skipped}"
    if ev.kind == "tt_hit":
        return f"Table hit at {name}: value {value} reused"
    if ev.kind == "exit":
        return f"Return from {name}: {value}"
    return f"{ev.kind} {name}"


def draw_step_panel(surface: pygame.Surface, rect: pygame.Rect, recording: Any,
                    stepper: Stepper, size: int) -> int:
    """Draw into ``rect``; returns the y below the drawn content."""
    small = max(10, int(size * 0.86))
    y = rect.y
    title = {"minimax": "Minimax", "alphabeta": "Alpha-beta",
             "expectiminimax": "Expectiminimax"}.get(recording.algorithm, recording.algorithm)
    draw_text(surface, f"{title} (textbook)", (rect.x, y), size,
              theme.color("accent"), bold=True, max_width=rect.width)
    y += int(size * 1.5)
    try:
        lines = pseudocode_lines(recording.algorithm)
    except KeyError:
        lines = [("", f"({recording.algorithm}: no textbook version)")]
    code_size = max(10, int(small * 0.95))
    code_h = min(int(rect.height * 0.62), len(lines) * int(code_size * 1.32) + code_size)
    code_rect = pygame.Rect(rect.x + 4, y, rect.width - 8, code_h)
    y = draw_pseudocode(surface, code_rect, lines, stepper.line, code_size,
                        _section(recording, stepper))
    y += small // 2
    pygame.draw.line(surface, theme.color("panel_border"), (rect.x, y), (rect.right, y), 1)
    y += small // 2
    total = len(stepper.events)
    draw_text(surface, f"Step {stepper.position} of {total}", (rect.x, y), small,
              theme.color("text_dim"))
    y += int(small * 1.4)
    f = font(small)
    for ln in wrap_text(event_text(recording, stepper), f, rect.width)[:3]:
        draw_text(surface, ln, (rect.x, y), small, style.TEXT)
        y += int(small * 1.3)
    window = stepper.current_window()
    if window is not None and window != (None, None):
        draw_text(surface, f"Current window (α, β) = {style.window_text(*window, recording.game_id)}",
                  (rect.x, y), small, style.PV, bold=True, max_width=rect.width)
        y += int(small * 1.4)
    path = stepper.path_to_current()
    if path:
        draw_text(surface, "Values on the path (rising to the root):", (rect.x, y), small,
                  theme.color("text_dim"), max_width=rect.width)
        y += int(small * 1.35)
        for nid in path[-6:]:
            node = recording.nodes[nid]
            shown = stepper.shown_value(nid)
            label = node.move or "root"
            text = f"{SHAPE_GLYPH.get(node.kind, '')} {label}: {style.value_text(shown, recording.game_id)}"
            if y + small > rect.bottom:
                break
            draw_text(surface, text, (rect.x + small, y), small,
                      style.KIND_COLOR.get(node.kind, style.TEXT), max_width=rect.width)
            y += int(small * 1.3)
    return y
