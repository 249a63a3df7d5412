"""Step mode's code panel: the algorithm as the course writes it, the running line lit.

The text comes from ai.lab.textbook.PSEUDOCODE (the same module students read and the tests use as
the oracle); each line carries the name the recorder puts in ``StepEvent.line``. Engine steps the
slides do not have (a table hit, Star1's chance cutoff, move filtering) are explained in words
under the code instead of being passed off as a line of it.

A search with quiescence search (a game with noisy moves, ai.quiescence) ran two functions: the
algorithm, whose depth limit calls QUIESCE (its listing says so: ``+quiescence`` panels), and
QUIESCE itself, past the limit. ``step_code`` picks the one the step ran in: QUIESCE's listing
while the step is at a node searched past the depth limit, with its "stand pat" line.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import pygame

from ai.lab.recording import RecordedNode, SearchRecording, StepEvent
from ai.lab.search import has_quiescence
from ai.lab.textbook import ENGINE_PSEUDOCODE, PSEUDOCODE, with_quiescence
from ai.quiescence import QUIESCENT_ALGORITHMS
from game.kit import GameKit
from ui import scene_record, theme
from ui.assets import font
from ui.lab import style
from ui.widgets import draw_text, wrap_text

#: Engine steps outside the textbook's code, in words.
OFF_PAGE: dict[str, str] = {
    "tt-hit": "Transposition table: this position was searched before to the same depth, "
              "so its stored value is reused and its subtree is skipped.",
    "chance-cutoff": "Star1 pruning: even if every remaining roll scored its best possible "
                     "value, this chance node could not change the decision, so the "
                     "remaining rolls are skipped.",
    "filter": "Move filtering: the moves are scored by a quick evaluation and only the best "
              "few are searched further.",
    "research": "Re-search: the null-window probe said this move is better than alpha, so it "
                "is searched again with the full window to learn its value.",
}

#: Each panel's title over its code.
TITLES = {
    "minimax": "Minimax (textbook)", "alphabeta": "Alpha-beta (textbook)",
    "expectiminimax": "Expectiminimax (textbook)", "negamax": "Alpha-beta as negamax",
    "mtdf": "MTD(f): null-window probes", "mtdf+quiescence": "MTD(f) + quiescence",
    "pvs": "PVS (NegaScout)", "expectiminimax-ab": "Expectiminimax + alpha-beta",
    "expectiminimax-star1": "Expectiminimax + Star1",
    "minimax+quiescence": "Minimax + quiescence",
    "alphabeta+quiescence": "Alpha-beta + quiescence",
    "negamax+quiescence": "Negamax + quiescence",
    "pvs+quiescence": "PVS + quiescence",
    "quiescence-minimax": "Quiescence (minimax)",
    "quiescence-alphabeta": "Quiescence (alpha-beta)",
    "quiescence-negamax": "Quiescence (negamax)",
}
#: Panels whose code holds the mover's values and windows (negamax form): at MIN's nodes
#: negated and swapped. The step panel still speaks MAX's view, as the tree does, and says
#: what the code holds there in a labelled note (``mover_window``).
MOVER_WINDOWS = ("negamax", "pvs", "negamax+quiescence", "pvs+quiescence", "quiescence-negamax")
#: Panels with no window at all: nothing is pruned, so the screen shows none.
NO_WINDOW = ("minimax", "expectiminimax", "minimax+quiescence", "quiescence-minimax")
#: The algorithm's panel -> the panel of the quiescence search it runs past the depth limit.
QUIESCE_PANEL = {"minimax": "quiescence-minimax", "alphabeta": "quiescence-alphabeta",
                 "mtdf": "quiescence-alphabeta",
                 "negamax": "quiescence-negamax", "pvs": "quiescence-negamax"}


def panel_for(recording: SearchRecording, negamax: bool = False) -> str:
    """The code that ran, for the recording: its algorithm and switches (``options``), the
    chance nodes in its tree, and whether it searched with windows at all. ``negamax``: show
    plain alpha-beta in the engine's one-function form instead of the textbook's two."""
    nodes = recording.nodes
    chance = any(n.kind == "chance" for n in nodes)
    windows = any(n.alpha is not None or n.beta is not None for n in nodes)
    probes = any(n.null_window for n in nodes)
    if recording.algorithm == "minimax" or not windows:
        return "expectiminimax" if chance else "minimax"
    if chance:
        star1 = recording.options.get("use_star1") and recording.algorithm == "expectiminimax"
        return "expectiminimax-star1" if star1 else "expectiminimax-ab"
    if recording.algorithm == "mtdf" and getattr(recording, "probes", None):
        return "mtdf"  # the driver, and the MAX-VALUE / MIN-VALUE its probes run
    if probes:
        return "pvs"
    return "negamax" if negamax else "alphabeta"


def panel_lines(panel: str) -> list[tuple[str, str]]:
    """(line name, text) of a panel: the textbook's or the engine's form (a ``+quiescence``
    panel: the algorithm's, calling QUIESCE at its depth limit)."""
    base, _, quiescence = panel.partition("+")
    code = PSEUDOCODE.get(base) or ENGINE_PSEUDOCODE[base]
    if quiescence:
        code = with_quiescence(code, windowed=base != "minimax")
    return [(str(name), str(text)) for name, text in code]


def ran_quiescence(recording: SearchRecording) -> bool:
    """Did the recorded search run quiescence search at its depth limit (a game with noisy
    moves, the switch on)? Then the algorithm's code calls QUIESCE there."""
    if any(getattr(n, "quiescence", False) for n in recording.nodes):
        return True
    return bool(recording.options.get("use_quiescence")) and recording.algorithm in (
        QUIESCENT_ALGORITHMS) and _noisy(recording.kit)


def _noisy(kit: GameKit | None) -> bool:
    if kit is None:  # a recording of a game the registry does not know
        return False
    try:
        return has_quiescence(kit)
    except ValueError:  # a game without an AI part
        return False


def step_code(recording: SearchRecording, events: Sequence[StepEvent], position: int,
              negamax: bool = False) -> tuple[str, str]:
    """(panel, line) for the step just replayed: the algorithm's code and line (panel_for,
    panel_line), or, at a node searched past the depth limit, QUIESCE's."""
    panel = panel_for(recording, negamax)
    if panel not in QUIESCE_PANEL or not ran_quiescence(recording):
        return panel, panel_line(panel, recording, events, position)
    ev = events[position - 1] if position > 0 else None
    node = recording.nodes[ev.node] if ev is not None else None
    if node is None or not getattr(node, "quiescence", False):
        line = panel_line(panel, recording, events, position)
        if line == "leaf" and not getattr(node, "terminal", False):
            line = "horizon"  # a quiet position at the depth limit: QUIESCE found no move
        return f"{panel}+quiescence", line
    q_panel = QUIESCE_PANEL[panel]
    return q_panel, quiescence_line(q_panel, node, events, position)


def quiescence_line(panel: str, node: RecordedNode, events: Sequence[StepEvent], position: int) -> str:
    """QUIESCE's line for the step just replayed at ``node`` (a node past the depth limit, or
    the horizon node quiescence went on from)."""
    ev = events[position - 1]
    if ev.line == "stand-pat":
        return "stand-pat"
    if ev.kind == "leaf" and getattr(node, "terminal", False):
        return "q-leaf"
    if ev.kind in ("enter", "leaf"):  # the test whether there is a noisy move to follow
        return "q-quiet"
    prefix = "q-" if panel == "quiescence-negamax" else f"q-{node.kind}-"
    if ev.kind == "cutoff":
        before = events[position - 2] if position >= 2 else None
        stand = before is not None and before.node == ev.node and before.line == "stand-pat"
        return prefix + ("stand" if stand else "cutoff")
    if ev.kind == "update":
        return prefix + "value"
    if ev.kind == "exit":
        return prefix + "return"
    return str(ev.line)


def panel_line(panel: str, recording: SearchRecording, events: Sequence[StepEvent], position: int) -> str:
    """The panel's line for the step just replayed (``events[position - 1]``). The textbook
    panels use the recorded names; the negamax forms fold MAX's and MIN's lines into one, and
    PVS tells its null-window probe and its re-search apart."""
    if position <= 0:
        return ""
    ev = events[position - 1]
    line = str(ev.line)
    if panel not in MOVER_WINDOWS:
        return line
    if line == "research":
        if ev.node == 0 and panel == "pvs" and recording.options.get("use_aspiration"):
            last = events[position - 2] if position >= 2 else None
            if last is not None and last.kind != "leaf" and last.node == 0:
                return "asp-research"  # the root's whole pass again, wider
        return "research"
    if panel == "pvs" and ev.kind == "enter" and ev.node == 0:
        # The root's first window (the node keeps the re-search's when that one failed).
        first = getattr(recording, "first_try", None) or recording.nodes[0]
        if first.alpha is not None and first.beta is not None:
            return "asp-window"
    if panel == "pvs" and ev.kind == "update" and position >= 2:
        child = recording.nodes[events[position - 2].node]
        if child.null_window:
            return "probe"
        if child.research:
            return "research"
    for role in ("init", "value", "cutoff", "return", "alpha", "beta"):
        if line.endswith("-" + role) and not line.startswith("chance"):
            return {"alpha": "raise", "beta": "raise"}.get(role, role)
    return line


def shown_window(panel: str, node: RecordedNode, window: tuple[float | None, float | None] | None
                 ) -> tuple[float | None, float | None] | None:
    """The window the step panel shows: none where the code has none (minimax, textbook
    expectiminimax, a chance node searched with every roll counting), else MAX's, in every
    panel: the tree's values, the step's sentence and this line speak one view (a teacher's
    tree is max(min(3, 12, 8), ...) = 3, MIN's nodes valued 3, 2, 2, never -3)."""
    if window is None or panel in NO_WINDOW:
        return None
    if node.kind == "chance" and panel == "expectiminimax-ab":
        return None
    return window


def mover_window(panel: str, node: RecordedNode, window: tuple[float | None, float | None] | None
                 ) -> tuple[float | None, float | None] | None:
    """What a negamax form's code holds at a MIN node instead of MAX's window: the mover's,
    negated and swapped ((3, +∞) for MAX is (−∞, −3) for MIN); None where the code holds
    MAX's window itself (a MAX node, a textbook panel) or none."""
    shown = shown_window(panel, node, window)
    if shown is None or panel not in MOVER_WINDOWS or node.kind != "min":
        return None
    alpha, beta = shown
    return (None if beta is None else -beta), (None if alpha is None else -alpha)


def lit_lines(lines: Sequence[tuple[str, str]], active: str, section: str = "") -> set[int]:
    """Indexes of the lines to light for ``active``. A name written in both functions (the
    leaf test of MAX-VALUE and MIN-VALUE) is lit only in the function named by ``section``
    ("MAX" or "MIN"): the one the parent called."""
    hits = [i for i, (name, _) in enumerate(lines) if active and name == active]
    if len(hits) < 2 or not section:
        return set(hits)
    header = ""
    chosen = set()
    for i, (name, text) in enumerate(lines):
        if not name and text.startswith("function"):
            header = text
        if i in hits and f"{section}-" in header:
            chosen.add(i)
    return chosen or set(hits)


def draw_pseudocode(surface: pygame.Surface, rect: pygame.Rect, lines: Sequence[tuple[str, str]],
                    active: str, size: int, section: str = "", min_size: int = 0) -> int:
    """Draw the code with line ``active`` highlighted; returns the y below what was drawn.
    A line too wide for the panel is first drawn a little smaller, then broken after a comma
    (or a space) onto an indented second line (the highlight covers both): a line of code
    cut short would hide its arguments (alpha, beta). Code taller than the panel shows the
    function the lit line is in (a projector's large text fits MAX-VALUE or MIN-VALUE, not
    both), with how many lines are above and below it: the running line is never off the
    panel."""
    texts = [text.replace("\t", "    ") for _, text in lines]
    size = fitted_size(texts, rect.width, size, smallest=max(9, min_size or size - 2))
    f = font(size)
    line_h = int(size * 1.32)
    on_lines = lit_lines(lines, active, section)
    rows = _broken(tuple(texts), size, rect.width - size)
    first, last = shown_lines(texts, rows, on_lines, max(1, rect.height // line_h))
    y = rect.y
    if first > 0:
        # A function's first line scrolled away: its name stays, so the class knows which
        # function the lit line is in (MAX-VALUE and MIN-VALUE have look-alike bodies).
        inside = _function_name(texts, first)
        where = f"{inside}: " if inside and not texts[first].startswith("function") else ""
        draw_text(surface, f"⋮ {where}{first} lines above", (rect.x + size, y), size,
                  theme.color("text_dim"), kind="code-more", max_width=rect.width - size)
        y += line_h
    lit = False
    for i in range(first, last):
        on = i in on_lines
        if on:
            lit = True
            box = pygame.Rect(rect.x - 4, y - 1, rect.width + 8, line_h * len(rows[i]))
            pygame.draw.rect(surface, theme.color("accent_dark"), box, border_radius=4)
            draw_text(surface, "▶", (rect.x - 2, y), size, style.PV)
            scene_record.note(surface, "code-lit", box, line=active, text=texts[i])
        for part in rows[i]:
            draw_text(surface, part, (rect.x + size, y), size,
                      style.CURRENT if on else style.TEXT, max_width=rect.width - size,
                      kind="code")
            y += line_h
    if last < len(texts):
        draw_text(surface, f"⋮ {len(texts) - last} lines below", (rect.x + size, y), size,
                  theme.color("text_dim"), kind="code-more")
        y += line_h
    scene_record.note(surface, "code-panel", rect, active=active, lit=lit,
                      lines=len(on_lines))
    if active and not lit:
        note = OFF_PAGE.get(active, f"(engine step: {active})")
        y += line_h // 3
        for ln in wrap_text("▶ " + note, f, rect.width):
            if y + line_h > rect.bottom:
                break
            draw_text(surface, ln, (rect.x, y), size, style.PV)
            y += line_h
    return y


@functools.lru_cache(maxsize=64)
def _broken(texts: tuple[str, ...], size: int, width: int) -> tuple[list[str], ...]:
    """Every line of code as display rows (break_line), kept: the panel is drawn each frame."""
    f = font(size)
    return tuple(break_line(text, f, width) for text in texts)


def _function_name(texts: Sequence[str], line: int) -> str:
    """The name of the function ``line`` is in ("MIN-VALUE"), or "" before any function."""
    for text in reversed(texts[:line + 1]):
        if text.startswith("function"):
            return text.split()[1].split("(")[0]
    return ""


def shown_lines(texts: Sequence[str], rows: Sequence[Sequence[str]], lit: set[int],
                room: int) -> tuple[int, int]:
    """The lines [first, last) of the code that fit ``room`` display rows: all of it when it
    fits, else the function holding the lit line (from its "function" line on), and where even
    that is too tall, a stretch with the lit line in it. A "lines above" / "below" row counts
    against the room."""
    heights = [len(r) for r in rows]
    if sum(heights) <= room:
        return 0, len(texts)
    starts = [i for i, t in enumerate(texts) if t.startswith("function")] or [0]
    target = min(lit) if lit else 0
    first = max([s for s in starts if s <= target], default=0)
    later = [s for s in starts if s > first]
    end = later[0] if later else len(texts)
    while end > first and not texts[end - 1].strip():
        end -= 1  # the blank line between two functions is not worth a row
    budget = room - (first > 0) - (end < len(texts))
    if sum(heights[first:end]) <= budget:
        return first, end
    # Too tall even alone: from the function's first line when the lit line is in reach of
    # it, else from a line or two above the lit one; then forward as far as the room allows.
    budget = max(heights[target], room - 2)
    if sum(heights[first:target + 1]) > budget:
        first = target
        while (first > 0 and target - first < 2
               and sum(heights[first - 1:target + 1]) <= budget):
            first -= 1
    last = target + 1
    while last < len(texts) and sum(heights[first:last + 1]) <= budget:
        last += 1
    return first, last


def fitted_size(texts: Sequence[str], width: int, size: int, smallest: int = 9) -> int:
    """The largest font size from ``size`` down to ``smallest`` at which every text, indented
    by the marker's column (one size), fits ``width`` pixels (``smallest`` if none does)."""
    while size > smallest and any(font(size).size(t)[0] + size > width for t in texts):
        size -= 1
    return size


def break_line(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """``text`` as display lines no wider than ``width``: broken after the last ", " that
    fits, the rest indented under the line's code plus four spaces."""
    if f.size(text)[0] <= width:
        return [text]
    indent = " " * (len(text) - len(text.lstrip()) + 4)
    cut = -1
    at = text.find(", ")
    while at >= 0 and f.size(text[:at + 1])[0] <= width:
        cut = at
        at = text.find(", ", at + 1)
    if cut > len(indent):
        return [text[:cut + 1], *break_line(indent + text[cut + 2:], f, width)]
    # No comma far enough in: after the last space that fits, if that shortens the line.
    at = text.rfind(" ", 0, len(text) - 1)
    while at > len(indent) and f.size(text[:at])[0] > width:
        at = text.rfind(" ", 0, at)
    if at <= len(indent):
        return [text]
    return [text[:at], *break_line(indent + text[at + 1:], f, width)]
