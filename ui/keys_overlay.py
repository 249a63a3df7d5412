"""The list of keys (F1 or ?) drawn over a screen: every key with what it does, read whole.

Shared by the play screen and the lab so both lists behave alike. The play screen's list once
cut every description at the overlay's edge ("Paste: start from a position on the cl…"); here
nothing is cut: the text shrinks from ``size`` down to ``small``, then the rows take two
columns, and a description — or a long key name — wraps under itself. Only when even that
cannot hold every row does the last line say how many rows are left out.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ui import scene_record, theme
from ui.assets import font
from ui.text import wrap
from ui.widgets import draw_text

#: Padding inside the overlay, left and right.
PAD = 12


@dataclass(frozen=True)
class KeyRow:
    """One key row laid out: the keys' lines, the description's lines."""

    keys: list[str]
    text: list[str]

    @property
    def height(self) -> int:
        """Screen lines the row takes."""
        return max(len(self.keys), len(self.text), 1)


@dataclass(frozen=True)
class KeysLayout:
    """The rows at one text size in one or two columns."""

    size: int
    columns: int
    key_w: int
    parts: list[list[KeyRow]]

    @property
    def line_h(self) -> int:
        return int(self.size * 1.3)


def column_width(r: pygame.Rect, columns: int) -> int:
    """The width of one of ``columns`` columns inside ``r``."""
    return (r.width - 2 * PAD) // columns


def lay_out(rows: list[tuple[str, str]], r: pygame.Rect, size: int, small: int
            ) -> tuple[KeysLayout, int]:
    """The largest size (and fewest columns) at which every row fits ``r``; else the
    smallest in two columns. Returns the layout and how many rows it cannot show."""
    laid: KeysLayout | None = None
    for columns in (1, 2):
        for fit in range(max(size, small), small - 1, -1):
            laid = _laid_out(rows, fit, columns, column_width(r, columns))
            capacity = r.height // laid.line_h - 2  # the title and a margin
            if max(sum(row.height for row in part) for part in laid.parts) <= capacity:
                return laid, 0
    assert laid is not None
    capacity = max(0, r.height // laid.line_h - 3)  # and a line for the note
    hidden = 0
    for part in laid.parts:
        used, keep = 0, []
        for row in part:
            if used + row.height > capacity:
                break
            keep.append(row)
            used += row.height
        hidden += len(part) - len(keep)
        part[:] = keep
    return laid, hidden


def _laid_out(rows: list[tuple[str, str]], size: int, columns: int, col_w: int) -> KeysLayout:
    """Each row wrapped in a column ``col_w`` wide: the keys column at most a third of it."""
    bold, f = font(size, True), font(size)
    widest = max((bold.size(k)[0] for k, _ in rows), default=0)
    key_w = min(col_w // 3, widest + 16)
    laid = [KeyRow(_key_lines(keys, bold, key_w - 8), wrap(text, f, col_w - key_w - PAD))
            for keys, text in rows]
    return KeysLayout(size, columns, key_w, _split(laid, columns))


def _key_lines(keys: str, f: pygame.font.Font, width: int) -> list[str]:
    """Key names in ``width``: whole alternatives per line ("Ctrl+V /" then "Shift+Ins")."""
    return wrap(keys.replace(" / ", "\u00a0/ "), f, width) if keys else [""]


def _split(laid: list[KeyRow], columns: int) -> list[list[KeyRow]]:
    """The rows in ``columns`` parts of about equal height, in order."""
    if columns == 1:
        return [laid]
    total = sum(row.height for row in laid)
    first: list[KeyRow] = []
    height = 0
    for i, row in enumerate(laid):
        if height >= total / 2:
            return [first, laid[i:]]
        first.append(row)
        height += row.height
    return [first, []]


def draw_keys_overlay(surface: pygame.Surface, r: pygame.Rect, rows: list[tuple[str, str]],
                      size: int, small: int) -> None:
    """Every key with what it does over ``r`` (F1 / ? again, Esc or a click closes it); the
    text is ``size`` px, down to ``small`` px, then in two columns, wrapped, never cut."""
    plate = pygame.Surface(r.size, pygame.SRCALPHA)
    plate.fill((12, 16, 24, 248))
    surface.blit(plate, r)
    scene_record.cover(surface, r)
    laid, hidden = lay_out(rows, r, size, small)
    accent, text = theme.color("accent"), theme.color("text")
    line_h, col_w = laid.line_h, column_width(r, laid.columns)
    y0 = r.y + line_h // 2
    draw_text(surface, "Keys", (r.x + PAD, y0), laid.size, accent, bold=True)
    bottom = y0 + line_h
    for c, part in enumerate(laid.parts):
        x, y = r.x + PAD + c * col_w, y0 + line_h
        for row in part:
            for i, ln in enumerate(row.keys):
                draw_text(surface, ln, (x, y + i * line_h), laid.size, accent, bold=True)
            for i, ln in enumerate(row.text):
                draw_text(surface, ln, (x + laid.key_w, y + i * line_h), laid.size, text)
            y += row.height * line_h
        bottom = max(bottom, y)
    if hidden:
        draw_text(surface, f"… {hidden} more: a larger window shows every key",
                  (r.x + PAD, bottom), laid.size, theme.color("text_dim"))
