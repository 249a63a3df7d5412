"""Step mode's side panel: the code with its running line, the current event in words, the
window, and the values on the path from the root to the current node (rising as children
return)."""

from __future__ import annotations

import pygame

from ai.lab.compare_notes import aspiration_note
from ai.lab.recording import RecordedNode, SearchRecording, StepEvent
from ai.lab.search import noisy_words
from ui import theme
from ui.assets import font
from ui.lab import probes, style
from ui.lab.pseudocode import (
    TITLES,
    draw_pseudocode,
    mover_window,
    panel_lines,
    shown_window,
    step_code,
)
from ui.lab.stepper import Stepper
from ui.text import first_fitting
from ui.widgets import draw_text, wrap_text

SHAPE_GLYPH = {"max": "▲", "min": "▼", "chance": "●", "leaf": "■"}


def node_name(recording: SearchRecording, nid: int) -> str:
    """"root" or the path of moves, e.g. "b·b1"."""
    moves = [recording.nodes[i].move or "?" for i in recording.path_to(nid)[1:]]
    return "·".join(moves) if moves else "root"


def _section(recording: SearchRecording, stepper: Stepper) -> str:
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


def event_text(recording: SearchRecording, stepper: Stepper) -> str:
    """The event just replayed, in words."""
    if stepper.position == 0:
        return "Press → Step (or N) to start the search."
    ev = stepper.events[stepper.position - 1]
    node = recording.nodes[ev.node]
    name = node_name(recording, ev.node)
    value = style.value_text(ev.value, recording.kit)
    window = style.window_text(ev.alpha, ev.beta, recording.kit)
    if ev.kind in ("probe", "bound"):
        return probes.event_text(recording, ev.kind,
                                 probes.probe_index(stepper.events, stepper.position))
    if getattr(node, "quiescence", False):
        said = _quiescence_text(recording, ev, node, name, value)
        if said:
            return said
    if ev.kind == "enter":
        return f"Enter {name} ({node.kind}) with {_window_phrase(window)}" if \
            ev.alpha is not None or ev.beta is not None else f"Enter {name} ({node.kind})"
    if ev.kind == "leaf":
        return f"Evaluate leaf {name}: {value}"
    if ev.kind == "update":
        # A search that keeps no window (minimax, backgammon's network search) has none to name.
        narrowed = (f"; now {_window_phrase(window)}" if getattr(recording, "windows", True)
                    else "")
        return f"Back up into {name}: best so far {value}{narrowed}"
    if ev.kind == "cutoff":
        skipped = f", skipping {node.pruned} sibling(s)" if node.pruned else ""
        return f"Cutoff at {name}: {value} is outside {_window_phrase(window)}{skipped}"
    if ev.kind == "tt_hit":
        return f"Table hit at {name}: value {value} reused"
    if ev.kind == "research":
        return _research_text(recording, stepper, name, window)
    if ev.kind == "exit":
        return f"Return from {name}: {value}"
    return f"{ev.kind} {name}"


def _research_text(recording: SearchRecording, stepper: Stepper, name: str, window: str) -> str:
    """A move searched again: the root's whole pass after its aspiration window failed (the
    step before it was the root's own), or one move after PVS's null-window probe said
    "better" (the step before it returned that probe)."""
    first_try = getattr(recording, "first_try", None)
    before = stepper.events[stepper.position - 2] if stepper.position >= 2 else None
    if first_try is not None and stepper.current == 0 and before is not None and \
            before.node == 0:
        note = aspiration_note(first_try, *probes.precise_texts(recording.kit))
        return (f"The {note}, outside it: that was a failed first try. The root's moves are "
                f"searched again with {_window_phrase(window)}")
    return (f"Re-search at {name}: the null-window probe said \"better\", so the move is "
            f"searched again with {_window_phrase(window)}")


def _window_phrase(window: str) -> str:
    """A window_text in a sentence, whose it is said (the recording's windows are MAX's,
    as the tree's values are): "MAX's window (3, +∞)", "MAX's null window at 3"."""
    return f"MAX's {window}" if window.startswith("null") else f"MAX's window {window}"


def _quiescence_text(recording: SearchRecording, ev: StepEvent, node: RecordedNode, name: str,
                     value: str) -> str:
    """A step of quiescence search (past the depth limit), in words; "" where the common
    wording fits."""
    one, several = noisy_words(recording.kit)
    if ev.kind == "enter":
        where = ("past the depth limit" if recording.plies_past_limit(node.id)
                 else "at the depth limit")
        return (f"Quiescence at {name}, {where}: {one} is on the board, so its value would "
                f"jump one ply later; only {several} are searched on")
    if ev.line == "stand-pat":
        return (f"Stand pat at {name}: its static value {value} is the least its mover is "
                f"sure of (it may decline every one of them)")
    if ev.kind == "leaf":
        return (f"Quiet at {name}, past the depth limit: none of its moves is {one}, so its "
                f"static value {value} stands" if not node.terminal else
                f"Game over at {name}, past the depth limit: {value}")
    if ev.kind == "cutoff":
        return f"Cutoff at {name} (quiescence): {value} is outside the window"
    return ""


def mover_note(recording: SearchRecording, panel: str, node: RecordedNode,
               window: tuple[float | None, float | None] | None) -> str:
    """The labelled note under MAX's window where the negamax code holds the mover's view
    (a MIN node): its window and values there are MAX's negated; "" elsewhere."""
    held = mover_window(panel, node, window)
    if held is None:
        return ""
    return (f"Negamax code, MIN's view: here it holds (α, β) = "
            f"{style.window_text(*held, recording.kit)} and every value negated")


def _draw_mover_note(surface: pygame.Surface, rect: pygame.Rect, y: int, small: int,
                     recording: SearchRecording, panel: str, node: RecordedNode,
                     window: tuple[float | None, float | None] | None) -> int:
    note = mover_note(recording, panel, node, window)
    for ln in wrap_text(note, font(small), rect.width) if note else ():
        draw_text(surface, ln, (rect.x, y), small, theme.color("text_dim"),
                  max_width=rect.width)
        y += int(small * 1.3)
    return y


def draw_step_panel(surface: pygame.Surface, rect: pygame.Rect, recording: SearchRecording,
                    stepper: Stepper, size: int, small: int = 0, negamax: bool = False) -> int:
    """Draw into ``rect``; returns the y below the drawn content. The code is the code that
    ran (pseudocode.panel_for: the textbook's, or the engine's negamax, PVS or expectiminimax
    with alpha-beta and Star1), never drawn below ``small`` (presentation mode's minimum):
    a line too wide is broken instead. ``negamax``: plain alpha-beta in the engine's
    one-function form."""
    small = small or max(10, int(size * 0.86))
    panel, line = step_code(recording, stepper.events, stepper.position, negamax)
    y = rect.y
    draw_text(surface, TITLES.get(panel, panel), (rect.x, y), size,
              theme.color("accent"), bold=True, max_width=rect.width)
    y += int(size * 1.5)
    lines = panel_lines(panel)
    # The code is what the class reads: most of the panel, with room kept under it for the
    # step's words (the step, three lines of what it did, the window on two).
    words_h = int(small * (1.4 + 5 * 1.3 + 1))
    code_h = max(5 * int(small * 1.32),  # the lit line and a little around it, at least
                 min(int(rect.height * 0.7), len(lines) * int(small * 1.32) + small,
                     rect.bottom - y - words_h))
    code_rect = pygame.Rect(rect.x + 4, y, rect.width - 8, code_h)
    section = _section(recording, stepper) if panel.startswith("alphabeta") else ""
    y = draw_pseudocode(surface, code_rect, lines, line, small, section,
                        min_size=small if small >= 18 else 0)
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
    node = recording.nodes[stepper.current] if stepper.current is not None else None
    window = shown_window(panel, node, stepper.current_window()) if node is not None else None
    last = stepper.events[stepper.position - 1] if stepper.position else None
    if last is not None and last.kind == "bound":  # MTD(f)'s bounds, not a window
        index = probes.probe_index(stepper.events, stepper.position)
        for ln in wrap_text(f"Known: {probes.interval(recording, index)}",
                            font(small, bold=True), rect.width):
            draw_text(surface, ln, (rect.x, y), small, style.PV, bold=True,
                      max_width=rect.width)
            y += int(small * 1.3)
        window = None
    if node is not None and window is not None and window != (None, None):
        text = style.window_text(*window, recording.kit)
        for ln in wrap_text(f"Window (α, β) for MAX: {text}", font(small, bold=True),
                            rect.width):
            draw_text(surface, ln, (rect.x, y), small, style.PV, bold=True,
                      max_width=rect.width)
            y += int(small * 1.3)
        y = _draw_mover_note(surface, rect, y, small, recording, panel, node,
                             stepper.current_window())
        y += int(small * 0.1)
    rows = stepper.path_to_current()[-6:]
    row_h = int(small * 1.3)
    heading_h = int(small * 1.35)
    room = (rect.bottom - y - heading_h) // row_h  # rows that fit under the heading
    # No heading over an empty list, nor over a lone "… n more" when the panel is full.
    if rows and (room >= len(rows) or room >= 2):
        # A projector's large text takes the shorter wordings.
        heading = first_fitting(("Values on the path (rising to the root):",), font(small),
                                rect.width, "Values up to the root:")
        draw_text(surface, heading, (rect.x, y), small, theme.color("text_dim"),
                  max_width=rect.width)
        y += heading_h
        # Too many for the room: the nodes nearest the current one, the rest counted.
        hidden = len(rows) - room + 1 if len(rows) > room else 0
        if hidden:
            more = first_fitting((f"… {hidden} more toward the root (a taller window shows "
                                  "them)",), font(small), rect.width - small,
                                 f"… {hidden} more toward the root")
            draw_text(surface, more, (rect.x + small, y), small, theme.color("text_dim"),
                      max_width=rect.width - small)
            y += row_h
        for nid in rows[hidden:]:
            node = recording.nodes[nid]
            shown = stepper.shown_value(nid)
            label = node.move or "root"
            text = f"{SHAPE_GLYPH.get(node.kind, '')} {label}: {style.value_text(shown, recording.kit)}"
            draw_text(surface, text, (rect.x + small, y), small,
                      style.KIND_COLOR.get(node.kind, style.TEXT), max_width=rect.width)
            y += row_h
    return y
