"""The game record in the side panel: numbered turns, scrollable, drawn a screenful at a time.

The record uses the form players write: a number per pair of turns, then each side's move
(``1. d3 c5``; backgammon ``1. 31: 8/5 6/5  52: 13/11 13/8``, where the dice belong to the
turn and are not moves of their own). It is kept up to date incrementally as moves are played
or taken back, and each entry is put into words only when it scrolls into view, so a game of
ten thousand moves costs a frame no more than a game of ten.

The view fills the height it is given and never cuts a move short: a long move (backgammon's
"bar/23 24/22 6/1*") goes on under itself in its column, and the list shows as many whole
turns as fit. Scrolling counts turns (one-column: entries), whatever their height on screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.core import Move, State
from game.session import Session
from ui import theme
from ui.assets import font
from ui.text import wrap
from ui.widgets import draw_text


@dataclass(frozen=True)
class Entry:
    """One player's turn in the record."""

    index: int  # its place in the record, from 0
    number: int  # the turn pair it belongs to, from 1
    side: int  # 0 or 1
    state: State  # the position it was played in
    move: Move


class MoveRecord:
    """The numbered turns of a game; ``sync`` follows the session's history."""

    def __init__(self, describe: Callable[[State, Move], str],
                 side_of: Callable[[State, Move], int | None] | None = None) -> None:
        self.describe = describe
        #: Who made a move at a position where no player is to move (a cube action); None
        #: for a chance outcome (a dice roll), which is not an entry of its own.
        self.side_of = side_of or (lambda state, move: None)
        self._states: list[State] = []  # every history position seen, chance events included
        self._moves: list[Move] = []
        self._entries: list[Entry] = []
        self._entry_at: list[int] = []  # per history index: entries made before it
        self._rows: list[list[Entry | None]] = []
        self._texts: dict[int, str] = {}  # entry index -> words, filled lazily

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def rows(self) -> int:
        return len(self._rows)

    @property
    def entries(self) -> list[Entry]:
        return self._entries

    def sync(self, session: Session) -> None:
        """Bring the record up to the session's history, reading only its changed end (cheap
        when moves were added or taken back, whatever the length of the game)."""
        known = min(len(self._states), session.ply)
        width = 4
        while True:
            start = max(0, known - width)
            tail = session.history_since(start)
            keep = next((i for i in range(start, known)
                         if tail[i - start][0] is not self._states[i]
                         or tail[i - start][1] != self._moves[i]), known)
            if keep > start or start == 0:
                break
            width *= 4  # the histories part before this window: look further back
        if keep < len(self._states):
            self._truncate(keep)
        for state, move in tail[keep - start:]:
            self._append(state, move)

    def _truncate(self, keep: int) -> None:
        n_entries = self._entry_at[keep] if keep < len(self._entry_at) else len(self._entries)
        for entry in self._entries[n_entries:]:
            self._texts.pop(entry.index, None)
        del self._states[keep:]
        del self._moves[keep:]
        del self._entry_at[keep:]
        del self._entries[n_entries:]
        self._rows = []
        for entry in self._entries:  # rows are few per entry; rebuilt from the kept entries
            self._place(entry)

    def _append(self, state: State, move: Move) -> None:
        self._entry_at.append(len(self._entries))
        self._states.append(state)
        self._moves.append(move)
        mover = state.current_player()
        side = mover if mover in (0, 1) else self.side_of(state, move)
        if side is None or side not in (0, 1):
            return  # a dice roll: shown with the turn it belongs to, not as a move
        entry = Entry(len(self._entries), self.next_number(side), side, state, move)
        self._entries.append(entry)
        self._place(entry)

    def next_number(self, side: int) -> int:
        """The turn number the next move of ``side`` (0 or 1) gets in the record: the number
        the top bar shows, so the screen counts moves one way."""
        last = self._rows[-1] if self._rows else None
        if last is None or side == 0 or last[1] is not None:
            return len(self._rows) + 1
        return len(self._rows)

    def entry_from(self, history_index: int) -> Entry | None:
        """The entry of the session's move ``history_index``; for a chance outcome (a roll),
        the entry of the turn it opens. None past the record's end. (The review numbers its
        decisions by the turns this record gives them.)"""
        if not 0 <= history_index < len(self._entry_at):
            return None
        n = self._entry_at[history_index]
        return self._entries[n] if n < len(self._entries) else None

    def _place(self, entry: Entry) -> None:
        if entry.number > len(self._rows):
            self._rows.append([None, None])
        self._rows[entry.number - 1][entry.side] = entry

    def row(self, index: int) -> list[Entry | None]:
        return self._rows[index]

    def text(self, entry: Entry) -> str:
        key = entry.index
        text = self._texts.get(key)
        if text is None:
            try:
                text = self.describe(entry.state, entry.move)
            except Exception:  # noqa: BLE001 - one odd entry must not break the frame
                text = str(entry.move)
            self._texts[key] = text
        return text


class MoveListView:
    """Draws a MoveRecord into a rectangle, with scrolling (wheel, PgUp/PgDn, Home/End)."""

    def __init__(self, record: MoveRecord, sample: str = "pass") -> None:
        self.record = record
        #: A typically wide entry, to decide between two columns and one line per turn.
        self.sample = sample
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.size = 12
        #: Items (turns, or entries in one column) hidden below the view (0 = the latest
        #: moves are shown and stay in view).
        self.from_end = 0
        #: A line under the heading about the game so far ("Opening: Tiger"), or "".
        self.caption = ""
        #: A line after the last move when there is room (a forfeit: why the game ended).
        self.footer = ""
        #: (item, columns, width, size) -> (its entries, their wrapped lines).
        self._wrapped: dict[tuple[int, bool, int, int],
                            tuple[tuple[Entry | None, ...], list[list[str]]]] = {}

    # ---- geometry -----------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, size: int) -> None:
        self.rect = rect
        self.size = size

    @property
    def line_h(self) -> int:
        return int(self.size * 1.35)

    @property
    def header_lines(self) -> int:
        """The heading, and the caption under it when there is one."""
        return 2 if self.caption else 1

    @property
    def visible_lines(self) -> int:
        """Screen lines for moves: the rectangle's height below the heading, all of it."""
        body = self.rect.height - self.header_lines * self.line_h - self.line_h // 3
        return max(0, body // self.line_h)

    def _number_w(self) -> int:
        digits = len(str(max(1, self.record.rows)))
        return font(self.size).size("8" * digits + ". ")[0]

    def two_columns(self) -> bool:
        f = font(self.size)
        room = self.rect.width - self._number_w()
        return room >= 2 * f.size(self.sample)[0] + f.size("  ")[0]

    def total_lines(self) -> int:
        """Items in the list: turns in two columns, entries in one."""
        return self.record.rows if self.two_columns() else len(self.record)

    # ---- wrapping -----------------------------------------------------------------------
    def cells(self, index: int) -> list[list[str]]:
        """Item ``index`` as drawn: two columns, each entry's lines; one column, the lines of
        "number. move" (the move wrapped beside its number). Words only for what is asked."""
        two = self.two_columns()
        entries = tuple(self.record.row(index)) if two else (self.record.entries[index],)
        key = (index, two, self.rect.width, self.size)
        cached = self._wrapped.get(key)
        # The same entries, not only the same place: a move taken back and another played
        # puts a new entry where the old one was.
        if cached is not None and all(a is b for a, b in zip(cached[0], entries, strict=True)):
            return cached[1]
        f, num_w = font(self.size), self._number_w()
        if two:
            col_w = (self.rect.width - num_w) // 2 - 6
            out = [wrap(self.record.text(e), f, col_w) if e else ["…" if k == 0 else ""]
                   for k, e in enumerate(entries)]
        else:
            out = [wrap(self._entry_text(self.record.entries[index]), f, self.rect.width - num_w)]
        if len(self._wrapped) > 512:
            self._wrapped.clear()  # a resize or a long scroll: keep the memory bounded
        self._wrapped[key] = (entries, out)
        return out

    def height(self, index: int) -> int:
        """Screen lines item ``index`` takes."""
        return max(len(c) for c in self.cells(index))

    # ---- scrolling ----------------------------------------------------------------------
    def window(self) -> tuple[int, int]:
        """(first, end) of the items on screen: back from the newest one not scrolled past,
        as many whole items as the height holds (at least one)."""
        total = self.total_lines()
        end = max(0, total - self.from_end)
        room, first = self.visible_lines, end
        while first > 0 and room > 0:
            h = self.height(first - 1)
            if h > room and first < end:
                break
            room -= h
            first -= 1
        return first, end

    def _most_from_end(self) -> int:
        """The largest scroll: the first item at the top, as many after it as fit."""
        total, room, n = self.total_lines(), self.visible_lines, 0
        while n < total and room > 0:
            h = self.height(n)
            if h > room and n:
                break
            room -= h
            n += 1
        return max(0, total - max(1, n))

    def scroll(self, lines: int) -> None:
        """Positive = back towards the start of the game (in items)."""
        self.from_end = max(0, min(self._most_from_end(), self.from_end + lines))

    def page(self, direction: int) -> None:
        first, end = self.window()
        self.scroll(direction * max(1, end - first - 1))

    def to_start(self) -> None:
        self.scroll(self.total_lines())

    def to_end(self) -> None:
        self.from_end = 0

    def handle_wheel(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEWHEEL:
            return False
        try:
            pos = pygame.mouse.get_pos()
        except pygame.error:
            return False
        if not self.rect.collidepoint(pos):
            return False
        self.scroll(3 * int(event.y))
        return True

    def first_visible(self) -> int:
        return self.window()[0]

    # ---- drawing ------------------------------------------------------------------------
    def lines(self) -> list[str]:
        """The items on screen now, each as one text (also what tests read)."""
        first, end = self.window()
        return [self._line_text(i) for i in range(first, end)]

    def _line_text(self, index: int) -> str:
        if self.two_columns():
            a, b = self.record.row(index)
            left = self.record.text(a) if a else "…"
            right = self.record.text(b) if b else ""
            return f"{index + 1}. {left}  {right}".rstrip()
        return self._entry_text(self.record.entries[index])

    def _entry_text(self, entry: Entry) -> str:
        mark = "." if entry.side == 0 or entry is self._first_of_row(entry) else "…"
        return f"{entry.number}{mark} {self.record.text(entry)}"

    def _first_of_row(self, entry: Entry) -> Entry | None:
        a, b = self.record.row(entry.number - 1)
        return a or b

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        if r.height < 2 * self.line_h or r.width <= 0:
            return
        dim, text_col = theme.color("text_dim"), theme.color("text")
        pygame.draw.line(surface, theme.color("panel_border"), r.topleft, r.topright, 1)
        total = self.total_lines()
        title = f"Moves ({len(self.record)})"
        if self.from_end:
            title += f" · {self.from_end} more below, End to follow"
        draw_text(surface, title, (r.x, r.y + self.line_h // 3), self.size, dim,
                  max_width=r.width)
        if self.caption:
            draw_text(surface, self.caption, (r.x, r.y + self.line_h + self.line_h // 3),
                      self.size, theme.color("accent"), max_width=r.width)
        if not total:
            return
        y = r.y + self.header_lines * self.line_h + self.line_h // 3
        first, end = self.window()
        two = self.two_columns()
        num_w = self._number_w()
        col_w = (r.width - num_w) // 2
        clip = surface.get_clip()
        surface.set_clip(r.clip(clip) if clip else r)  # an item taller than the list
        try:
            for i in range(first, end):
                col = theme.color("accent") if i == total - 1 else text_col
                cells = self.cells(i)
                if two:
                    draw_text(surface, f"{i + 1}.", (r.x, y), self.size, dim)
                    for k, cell in enumerate(cells):
                        for n, ln in enumerate(cell):
                            draw_text(surface, ln, (r.x + num_w + k * col_w, y + n * self.line_h),
                                      self.size, col)
                else:
                    for n, ln in enumerate(cells[0]):
                        draw_text(surface, ln, (r.x + (num_w if n else 0), y + n * self.line_h),
                                  self.size, col)
                y += self.height(i) * self.line_h
            if self.footer and not self.from_end and y + self.line_h <= r.bottom:
                draw_text(surface, self.footer, (r.x, y), self.size, theme.color("accent"),
                          max_width=r.width)
        finally:
            surface.set_clip(clip)
        if first > 0:
            draw_text(surface, "▲", (r.right, r.y + self.line_h // 3), self.size, dim,
                      anchor="topright")
