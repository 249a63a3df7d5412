"""The review's move list: every decision with its mark, the selected one lit, a click
selecting one.

A line holds the two players' decisions side by side, the first player's on the left
(``1. d3?!   2. c5``), numbered by decision as the panel and the chart number them; where
the moves are too long for half the width (backgammon's "24/20 8/4 6/2(2)") a line holds
one decision. Each
entry carries the players' annotation for its mark (?! ? ??) in the mark's colour, so an
error stands out in the list as it does on the chart. The list scrolls (wheel, or by
itself to keep the selected decision in view).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.review import NO_ERROR, ReviewRow
from game.ui import theme
from game.ui.assets import font
from game.ui.review_chart import SYMBOLS, severity_colour
from game.ui.widgets import draw_text

Line = tuple[int | None, int | None]


def single_lines(rows: Sequence[ReviewRow]) -> list[Line]:
    """One decision a line, in the left column."""
    return [(i, None) for i in range(len(rows))]


def pair_lines(rows: Sequence[ReviewRow]) -> list[Line]:
    """Row indexes two to a line, by side: the first player's decision starts a line, the
    second's goes right of it (a side deciding twice in a row, as a cube decision before a
    move does, takes a line of its own)."""
    lines: list[list[int | None]] = []
    for i, row in enumerate(rows):
        column = 1 if row.side == 1 else 0
        last = lines[-1] if lines else None
        if last is None or last[column] is not None or (column == 0 and last[1] is not None):
            lines.append([None, None])
        lines[-1][column] = i
    return [(a, b) for a, b in lines]


def entry_text(row: ReviewRow) -> str:
    """One decision as the list writes it: "23. e6??" (a cube decision in brackets)."""
    move = f"[{row.move}]" if row.kind != "move" else row.move
    return f"{row.ply}. {move}{SYMBOLS.get(row.severity, '')}"


class ReviewMoveList:
    """Draws the review's decisions into a rectangle and tells which one a click is on."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.size = 12
        self.first = 0  # the first line on screen
        self._lines: list[Line] = []
        self._rows: Sequence[ReviewRow] = ()
        self._widest = 0  # the widest entry at ``size``, in pixels
        self.paired = True

    def layout(self, rect: pygame.Rect, size: int) -> None:
        if (rect, size) != (self.rect, self.size):
            self.rect, self.size = rect, size
            self._measure()

    def _measure(self) -> None:
        """Two columns when every entry fits half the width, else one."""
        f = font(self.size, True)
        self._widest = max((f.size(entry_text(r))[0] for r in self._rows), default=0)
        paired = self._widest <= self.rect.width // 2 - 10
        if paired != self.paired or not self._lines:
            self.paired = paired
            self._lines = (pair_lines if paired else single_lines)(self._rows)

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
            self._lines = []
            self._measure()
            self.first = 0

    def line_of(self, index: int) -> int:
        return next((n for n, (a, b) in enumerate(self._lines) if index in (a, b)), 0)

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
        half = self.rect.width // 2 if self.paired else self.rect.width
        y = self.rect.y + self.line_h * (1 + n - self.first)
        return pygame.Rect(self.rect.x + column * half, y, half - 4, self.line_h)

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The decision whose entry is at ``pos`` (None: none there)."""
        for n in range(self.first, min(len(self._lines), self.first + self.visible)):
            for column, index in enumerate(self._lines[n]):
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
        f = font(self.size)
        for n in range(self.first, min(len(self._lines), self.first + self.visible)):
            for column, index in enumerate(self._lines[n]):
                if index is None:
                    continue
                cell, row = self._cell(n, column), rows[index]
                if index == selected:  # a light plate, framed: every mark's colour reads
                    pygame.draw.rect(surface, theme.color("button_hover"), cell, border_radius=4)
                    pygame.draw.rect(surface, theme.color("accent"), cell, 1, border_radius=4)
                colour = severity_colour(row.severity)
                if row.severity == NO_ERROR and row.forced:
                    colour = theme.color("text_dim")
                text = entry_text(row)
                draw_text(surface, text, (cell.x + 4, cell.centery), self.size, colour,
                          bold=row.severity > NO_ERROR, anchor="midleft",
                          max_width=cell.width - 6)
                if f.size(text)[0] > cell.width - 6 and row.severity > NO_ERROR:
                    # A long move cut short keeps its mark visible at the cell's end.
                    draw_text(surface, SYMBOLS[row.severity], (cell.right - 2, cell.centery),
                              self.size, colour, bold=True, anchor="midright")
