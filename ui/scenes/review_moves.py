"""The review's move list: every decision with its mark, the selected one lit, a click
selecting one.

The list numbers the game's turns as the play screen's move list does (one MoveRecord,
ui.movelist, numbers both, so a move is "20." on either screen): a line is a turn, its
number first, the first player's decision on the left and the second's on the right
(``20. pass  g6``), each written as the play screen's list writes it (backgammon's with its
dice, ``52: 13/11 13/8``; a cube decision in brackets). Where the moves are too long for
half the width a line holds one decision (``1. 52: 13/11 13/8``, ``1… 41: 24/23 13/9``).
Each entry carries the players' annotation for its mark (?! ? ??) in the mark's colour, so
an error stands out in the list as it does on the chart. The list scrolls (wheel, or by
itself to keep the selected decision in view).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.review import NO_ERROR, ReviewRow
from ui import theme
from ui.assets import font
from ui.movelist import MoveRecord
from ui.review_chart import SYMBOLS, severity_colour
from ui.widgets import draw_text


@dataclass(frozen=True)
class Label:
    """A decision as the list writes it: its turn number and its words with the mark."""

    number: int
    words: str


@dataclass(frozen=True)
class Line:
    """One line of the list: a turn number and the decisions in its two columns."""

    number: int
    cells: tuple[int | None, int | None]


def turn_labels(record: MoveRecord, rows: Sequence[ReviewRow]) -> list[Label]:
    """Each row's turn number and words, from the record of the game's moves (a "no double"
    row, kept at the roll after it, takes the number of the turn that roll opens)."""
    out: list[Label] = []
    for row in rows:
        entry = record.entry_from(row.index)
        number = entry.number if entry is not None else record.next_number(row.side)
        if row.kind != "move":
            words = f"[{row.move}]"
        elif entry is not None and entry.side == row.side:
            words = record.text(entry)
        else:
            words = row.move
        out.append(Label(number, words + SYMBOLS.get(row.severity, "")))
    return out


def single_lines(rows: Sequence[ReviewRow], labels: Sequence[Label]) -> list[Line]:
    """One decision a line, in the left column."""
    return [Line(labels[i].number, (i, None)) for i in range(len(rows))]


def pair_lines(rows: Sequence[ReviewRow], labels: Sequence[Label]) -> list[Line]:
    """A turn a line, by side: the first player's decision on the left, the second's right
    of it (a side deciding twice in a turn, as a cube decision before a move does, takes a
    line of its own)."""
    lines: list[tuple[int, list[int | None]]] = []
    for i, row in enumerate(rows):
        column = 1 if row.side == 1 else 0
        number = labels[i].number
        last = lines[-1] if lines else None
        if (last is None or last[0] != number or last[1][column] is not None
                or (column == 0 and last[1][1] is not None)):
            lines.append((number, [None, None]))
        lines[-1][1][column] = i
    return [Line(number, (a, b)) for number, (a, b) in lines]


def single_texts(rows: Sequence[ReviewRow], labels: Sequence[Label]) -> list[str]:
    """Each decision on a line of its own: "12. e6??", the second player's "12… d3" (as the
    play screen's list: "." also when the turn's first player has no decision before it)."""
    opened: set[int] = set()  # turn numbers whose first player has decided
    out = []
    for row, label in zip(rows, labels, strict=True):
        first = row.side == 0 or label.number not in opened
        if row.side == 0:
            opened.add(label.number)
        out.append(f"{label.number}{'.' if first else '…'} {label.words}")
    return out


class ReviewMoveList:
    """Draws the review's decisions into a rectangle and tells which one a click is on."""

    def __init__(self, record: MoveRecord) -> None:
        #: The game's moves as the play screen records them: the turn numbers and words.
        self.record = record
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.size = 12
        self.first = 0  # the first line on screen
        self._lines: list[Line] = []
        self._rows: Sequence[ReviewRow] = ()
        self.labels: list[Label] = []
        self._single: list[str] = []
        self.paired = True

    def number_of(self, index: int) -> int:
        """The turn number of decision ``index``, as the list and the play screen write it."""
        if 0 <= index < len(self.labels):
            return self.labels[index].number
        return index + 1

    def layout(self, rect: pygame.Rect, size: int) -> None:
        if (rect, size) != (self.rect, self.size):
            self.rect, self.size = rect, size
            self._measure()

    def number_w(self) -> int:
        """The number column of two-column lines: room for the last turn's "88."."""
        last = self.labels[-1].number if self.labels else 1
        return font(self.size).size(f"{last}. ")[0]

    def _measure(self) -> None:
        """Two columns when every decision fits half the width beside the numbers, else
        one."""
        f = font(self.size, True)
        widest = max((f.size(label.words)[0] for label in self.labels), default=0)
        paired = widest <= (self.rect.width - self.number_w()) // 2 - 10
        if paired != self.paired or not self._lines:
            self.paired = paired
            self._lines = (pair_lines if paired else single_lines)(self._rows, self.labels)

    @property
    def line_h(self) -> int:
        return int(self.size * 1.4)

    @property
    def visible(self) -> int:
        """Lines that fit under the heading."""
        return max(1, (self.rect.height - self.line_h) // self.line_h)

    def set_rows(self, rows: Sequence[ReviewRow]) -> None:
        if rows is not self._rows:
            self._rows = rows
            self.labels = turn_labels(self.record, rows)
            self._single = single_texts(rows, self.labels)
            self._lines = []
            self._measure()
            self.first = 0

    def line_of(self, index: int) -> int:
        return next((n for n, line in enumerate(self._lines) if index in line.cells), 0)

    def follow(self, index: int) -> None:
        """Scroll so the decision ``index`` is on screen (with a line of context)."""
        n = self.line_of(index)
        if n < self.first + 1:
            self.first = max(0, n - 1)
        elif n > self.first + self.visible - 2:
            self.first = max(0, n - self.visible + 2)
        self.first = min(self.first, max(0, len(self._lines) - self.visible))

    def scroll(self, lines: int) -> None:
        self.first = max(0, min(max(0, len(self._lines) - self.visible), self.first + lines))

    def _cell(self, n: int, column: int) -> pygame.Rect:
        y = self.rect.y + self.line_h * (1 + n - self.first)
        if not self.paired:
            return pygame.Rect(self.rect.x, y, self.rect.width - 4, self.line_h)
        left = self.rect.x + self.number_w()
        half = (self.rect.right - left) // 2
        return pygame.Rect(left + column * half, y, half - 4, self.line_h)

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The decision whose entry is at ``pos`` (None: none there)."""
        for n in range(self.first, min(len(self._lines), self.first + self.visible)):
            for column, index in enumerate(self._lines[n].cells):
                if index is not None and self._cell(n, column).collidepoint(pos):
                    return index
        return None

    def draw(self, surface: pygame.Surface, selected: int) -> None:
        r, rows = self.rect, self._rows
        if r.height < 2 * self.line_h or r.width <= 0 or not rows:
            return
        marked = sum(1 for row in rows if row.severity > NO_ERROR)
        dim = theme.color("text_dim")
        arrows = ("▲" if self.first > 0 else "") + (
            "▼" if len(self._lines) > self.first + self.visible else "")
        room = r.width - (font(self.size).size(arrows)[0] + 4 if arrows else 0)
        draw_text(surface, f"{marked} of {len(rows)} marked", (r.x, r.y), self.size, dim,
                  max_width=room)
        if arrows:  # more above or below: the wheel or PgUp / PgDn scrolls
            draw_text(surface, arrows, (r.right, r.y), self.size, dim, anchor="topright")
        for n in range(self.first, min(len(self._lines), self.first + self.visible)):
            line = self._lines[n]
            if self.paired:
                y = self._cell(n, 0).centery
                draw_text(surface, f"{line.number}.", (r.x + 2, y), self.size, dim,
                          anchor="midleft", kind="move-number")
                if line.cells[0] is None:  # the turn's first player did not decide
                    draw_text(surface, "…", (self._cell(n, 0).x + 4, y), self.size, dim,
                              anchor="midleft")
            for column, index in enumerate(line.cells):
                if index is not None:
                    self._draw_entry(surface, self._cell(n, column), index, index == selected)

    def _draw_entry(self, surface: pygame.Surface, cell: pygame.Rect, index: int,
                    selected: bool) -> None:
        """One decision in its cell, lit when selected; a long one cut short keeps its
        mark visible at the cell's end (the panel writes it whole)."""
        row = self._rows[index]
        if selected:  # a light plate, framed: every mark's colour reads
            pygame.draw.rect(surface, theme.color("button_hover"), cell, border_radius=4)
            pygame.draw.rect(surface, theme.color("accent"), cell, 1, border_radius=4)
        colour: theme.Color = severity_colour(row.severity)
        if row.severity == NO_ERROR and row.forced:
            colour = theme.color("text_dim")
        text = self.labels[index].words if self.paired else self._single[index]
        bold = row.severity > NO_ERROR
        too_long = bold and font(self.size, True).size(text)[0] > cell.width - 6
        # Cut short, the entry leaves room for its mark at the cell's end.
        room = cell.width - 6 - (font(self.size, True).size(SYMBOLS[row.severity])[0] + 4
                                 if too_long else 0)
        draw_text(surface, text, (cell.x + 4, cell.centery), self.size, colour, bold=bold,
                  anchor="midleft", max_width=room, essential=False, kind="move-entry")
        if too_long:
            draw_text(surface, SYMBOLS[row.severity], (cell.right - 2, cell.centery),
                      self.size, colour, bold=True, anchor="midright")
