"""The side panel's lines (``PanelLine``, made by ui.panel) and their drawing into the
room the play screen gives them.

The panel used to draw line after line until it reached its bottom and then stop: whatever
came next vanished without a trace ("Why White played" lost its value and cutoffs; backgammon's
"Candidate moves" heading sat over an empty list). Here every line is measured first, wrapped
whole, and fitted by three rules, in order:

1. everything fits: all of it is drawn, in full;
2. it does not: sections, from the last (least about the board) up, are drawn compact, their
   label/value rows run together as one wrapped sentence — the same facts in fewer lines;
3. still too much: the sections are drawn in order as far as they fit and the last row says
   what is left ("… 6 more lines: Why White played h3"), so nothing goes silently.

A heading (or a sub-heading such as "Candidate moves") is never drawn without the first line
of what it heads.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ui import theme
from ui.assets import font
from ui.text import width as text_width
from ui.text import wrap
from ui.widgets import draw_text


@dataclass(frozen=True)
class PanelLine:
    """One line of the panel: a heading, a label/value row, or free text."""

    text: str
    #: "heading" | "subheading" (heads a list, drawn dim) | "row" | "text" | "dim" | "accent"
    #: | "rule"; ui.panel_view never draws a heading or sub-heading without its next line.
    kind: str = "text"
    value: str = ""  # the right-hand column of a "row"


#: Kinds that head what follows them: never drawn alone at the bottom of the panel.
HEADINGS = frozenset({"heading", "subheading"})


@dataclass(frozen=True)
class Metrics:
    """The panel's text sizes and line heights for one window size."""

    small: int  # the text size of everything below the players' rows
    width: int  # room for a line

    @property
    def row_h(self) -> int:
        return int(self.small * 1.45)

    @property
    def step(self) -> int:
        """Line height of wrapped text (tighter than a row: the lines belong together)."""
        return int(self.small * 1.35)


@dataclass(frozen=True)
class Block:
    """One panel line measured for drawing: its wrapped lines and its height."""

    kind: str
    lines: tuple[str, ...] = ()  # heading/text lines, or a row's label (lines of its own)
    value: tuple[str, ...] = ()  # a row's value: one line beside the label, or lines below
    beside: bool = True  # a row whose value fits on the label's line
    height: int = 0

    @property
    def count(self) -> int:
        """Lines of text it shows (what the overflow note counts)."""
        if self.kind == "rule":
            return 0
        if self.kind == "row":
            return len(self.lines) + (0 if self.beside else len(self.value))
        return max(1, len(self.lines))


def measure(item: PanelLine, m: Metrics) -> Block:
    """``item`` laid out in the panel's width: nothing cut, long text on more lines."""
    if item.kind == "rule":
        return Block("rule", height=m.small)
    if item.kind == "heading":
        lines = tuple(wrap(item.text, font(m.small, True), m.width))
        return Block("heading", lines, height=len(lines) * m.row_h)
    if item.kind == "accent" and item.text == "thinking":
        return Block("thinking", (item.text,), height=m.row_h)
    if item.kind == "row":
        label_w = text_width(font(m.small), item.text)
        value_font = font(m.small, True)
        if text_width(value_font, item.value) <= m.width - label_w - 8:
            return Block("row", (item.text,), (item.value,), True, m.row_h)
        # Too long beside its label ("-2 discs (predicted final margin)"): the value goes on
        # lines of its own below, indented, whole rather than cut short.
        label = tuple(wrap(item.text, font(m.small), m.width))
        value = tuple(wrap(item.value, value_font, m.width - m.small))
        return Block("row", label, value, False, (len(label) + len(value)) * m.row_h)
    lines = tuple(wrap(item.text, font(m.small), m.width))
    return Block(item.kind, lines, height=len(lines) * m.step)


def sections(lines: Sequence[PanelLine]) -> list[list[PanelLine]]:
    """The lines cut at each rule; a rule starts the section it separates from the one above
    (so a section left out takes its rule with it)."""
    out: list[list[PanelLine]] = [[]]
    for item in lines:
        if item.kind == "rule" and out[-1]:
            out.append([])
        out[-1].append(item)
    return [s for s in out if s]


def compact(section: Sequence[PanelLine]) -> list[PanelLine]:
    """The section with each run of label/value rows as one sentence ("Algorithm: alphabeta;
    Depth: 4; Nodes: 534 ..."): every fact kept, in about half the lines. Semicolons, since
    values hold " · " themselves ("gammons 8% · bg 1%")."""
    out: list[PanelLine] = []
    run: list[str] = []
    for item in [*section, None]:
        if item is not None and item.kind == "row":
            run.append(f"{item.text}: {item.value}" if item.value else item.text)
            continue
        if run:
            out.append(PanelLine("; ".join(run), "text"))
            run = []
        if item is not None:
            out.append(item)
    return out


def plan(lines: Sequence[PanelLine], m: Metrics, room: int) -> list[Block]:
    """The blocks to draw in ``room`` pixels, the overflow note (an "accent" block) last when
    not all of it fits."""
    parts = sections(lines)
    forms = [[measure(item, m) for item in part] for part in parts]

    def total() -> int:
        return sum(b.height for form in forms for b in form)

    for i in range(len(parts) - 1, -1, -1):  # rule 2: compact from the last section up
        if total() <= room:
            break
        forms[i] = [measure(item, m) for item in compact(parts[i])]
    flat = [b for form in forms for b in form]
    if total() <= room:
        return flat
    # Rule 3: as far as it fits above the note, the note naming what follows when there is
    # room for that, else only counting it.
    reserve = m.step
    while True:
        shown = _prefix(flat, room - reserve)
        used = sum(b.height for b in shown)
        notes = overflow_notes(flat[len(shown):])
        for i, text in enumerate(notes):
            note_lines = tuple(wrap(text, font(m.small), m.width))
            note = Block("accent", note_lines, height=len(note_lines) * m.step)
            # Nothing left to give up: the shortest note, even in less room than a line.
            if used + note.height <= room or (not shown and i == len(notes) - 1):
                return [*shown, note]
        reserve += m.step


def _prefix(flat: Sequence[Block], room: int) -> list[Block]:
    """The longest run of ``flat`` from its start within ``room`` pixels in which no heading
    (nor a rule) is the last block: a heading comes only with the first line it heads."""
    shown: list[Block] = []
    used = 0
    for b in flat:
        if used + b.height > room:
            break
        shown.append(b)
        used += b.height
    while shown and shown[-1].kind in ("rule", *HEADINGS):
        shown.pop()
    return shown


def overflow_notes(rest: Sequence[Block]) -> list[str]:
    """What the panel could not show, longest first: how many lines and the first heading
    among them ("… 9 more lines: Why White played 21/12*"), or only how many."""
    n = sum(b.count for b in rest)
    count = f"… {n} more line{'' if n == 1 else 's'}"
    ahead = next((" ".join(b.lines) for b in rest if b.kind == "heading" and b.lines), "")
    # Cut inside a section, its heading is just above: the note need not repeat it.
    return [f"{count}: {ahead}" if ahead else f"{count} not shown", count]


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    players: list[tuple[str, str, bool]],
    lines: list[PanelLine],
    now: float,
    bottom_limit: int | None = None,
) -> int:
    """Draw the panel into ``rect``; ``players`` = (side name, who, to move). Returns the y
    below the drawn content (the move list goes underneath, so the less room the lines
    need, the more the move list gets)."""
    pad = max(10, rect.width // 22)
    size = theme.text_size(surface.get_height())
    m = Metrics(max(11, int(size * 0.85)), rect.width - 2 * pad)
    line = int(size * 1.5)
    x, y = rect.x + pad, rect.y + pad
    limit = bottom_limit if bottom_limit is not None else rect.bottom
    dim, text, accent = theme.color("text_dim"), theme.color("text"), theme.color("accent")

    for side, who, to_move in players:
        marker = "▶ " if to_move else "   "
        col = accent if to_move else text
        name_w = font(size, True).size(f"{marker}{side}")[0]
        draw_text(surface, f"{marker}{side}", (x, y), size, col, bold=True, max_width=m.width)
        draw_text(surface, who, (rect.right - pad, y + (size - m.small) // 2), m.small, dim,
                  anchor="topright", max_width=max(10, m.width - name_w - pad))
        y += line
    y += line // 3
    pygame.draw.line(surface, theme.color("panel_border"), (x, y), (rect.right - pad, y), 1)
    y += line // 2
    for b in plan(lines, m, limit - y):
        draw_block(surface, b, x, y, m, now)
        y += b.height
    return y + m.small // 2


def draw_block(surface: pygame.Surface, b: Block, x: int, y: int, m: Metrics,
               now: float) -> None:
    """One measured block at (x, y)."""
    dim, text, accent = theme.color("text_dim"), theme.color("text"), theme.color("accent")
    if b.kind == "rule":
        yy = y + m.small // 2
        pygame.draw.line(surface, theme.color("panel_border"), (x, yy), (x + m.width, yy), 1)
    elif b.kind == "heading":
        for i, ln in enumerate(b.lines):
            draw_text(surface, ln, (x, y + i * m.row_h), m.small, text, bold=True)
    elif b.kind == "thinking":
        _draw_thinking(surface, x, x + m.width, y, m.small, now)
    elif b.kind == "row":
        _draw_row(surface, b, x, y, m)
    else:
        col = {"dim": dim, "subheading": dim, "accent": accent}.get(b.kind, text)
        for i, ln in enumerate(b.lines):
            draw_text(surface, ln, (x, y + i * m.step), m.small, col)


def _draw_row(surface: pygame.Surface, b: Block, x: int, y: int, m: Metrics) -> None:
    """A label with its value at the right, or with the value's lines indented below."""
    dim, text = theme.color("text_dim"), theme.color("text")
    for ln in b.lines:
        draw_text(surface, ln, (x, y), m.small, dim)
        if b.beside:
            draw_text(surface, b.value[0] if b.value else "", (x + m.width, y), m.small, text,
                      bold=True, anchor="topright")
            return
        y += m.row_h
    for ln in b.value:
        draw_text(surface, ln, (x + m.small, y), m.small, text, bold=True)
        y += m.row_h


def _draw_thinking(surface: pygame.Surface, x: int, right: int, y: int, small: int,
                   now: float) -> None:
    """"thinking..." with a turning clock hand at the right, so a long search visibly lives."""
    accent = theme.color("accent")
    dots = "." * (1 + int(now * 3) % 3)
    draw_text(surface, f"thinking{dots}", (x, y), small, accent, bold=True)
    cx, cy, r = right - small // 2, y + small // 2 + 1, small // 2
    a = now * 6.0
    pygame.draw.circle(surface, theme.color("panel_border"), (cx, cy), r, 2)
    pygame.draw.line(surface, accent, (cx, cy), (cx + r * math.cos(a), cy + r * math.sin(a)), 3)
