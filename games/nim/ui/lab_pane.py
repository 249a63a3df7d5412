"""Nim made visible: every heap in binary, the nim-sum row, and why the winning move wins.

Bouton's rule: the player to move loses exactly when the XOR of the heap sizes (the nim-sum)
is 0. In binary that is "every column holds an even number of ones"; a winning move changes
one heap so that every column becomes even again. With a take limit k a heap of n counts as
n mod (k + 1), and in Grundy's game as its Grundy value; the same XOR rule then applies to
those values (Sprague-Grundy), so the table shows them in place of the sizes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from games.nim.ai.table import NimTable, nim_table
from games.nim.rules import NimState
from ui import theme
from ui.assets import font
from ui.boards.base import ViewContext
from ui.lab import style
from ui.lab.export import DrawnIntoRect
from ui.widgets import draw_text, wrap_text

if TYPE_CHECKING:
    from ui.lab.pane import LabContext

ODD = (236, 140, 60)
ONE = (86, 160, 240)


def explanation(table: NimTable) -> list[str]:
    """Why the position is won or lost, in the words a teacher would use."""
    lines = [table.rule[0].upper() + table.rule[1:] + "."]
    what = "values" if table.grundy else "heap sizes"
    x = table.nim_sum
    if x == 0:
        lines.append(f"Nim-sum of the {what} = 0: every column has an even number of ones. "
                     "Every move breaks that, and the opponent can always restore it.")
    else:
        lines.append(f"Nim-sum of the {what} = {x} (binary {table.nim_sum_bits}): some column "
                     "is odd. A winning move makes every column even again.")
    if table.misere:
        lines.append("Misère play: the same rule while some heap counts 2 or more; once "
                     "every heap counts at most 1, leave an odd number of ones instead.")
    if table.winning_moves:
        targets = [f"heap {r.heap} → {r.target}" for r in table.rows if r.target is not None]
        lines.append("The player to move wins: "
                     + ", ".join(table.winning_moves[:8])
                     + (f" (values to aim for: {', '.join(targets)})" if targets else ""))
    else:
        lines.append("The player to move loses with best play: no move leaves the nim-sum at 0.")
    return lines


class NimPane(DrawnIntoRect):
    title = "Nim in binary"

    def __init__(self, ctx: LabContext) -> None:
        self.ctx = ctx
        self.rect = pygame.Rect(0, 0, 800, 600)

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect

    def on_show(self) -> None:
        pass

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw_into(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, style.BG, rect, border_radius=8)
        state = self.ctx.state
        if not isinstance(state, NimState):  # the pane is Nim's lab's: its states are Nim's
            return
        if (self.ctx.board_view is not None and rect.width > 900
                and not getattr(self.ctx, "presentation", False)):
            # The heaps themselves on the right, so the bits stay tied to the coins (not in
            # presentation mode: the board's labels are sized for its box, too small to read
            # from afar, and the table already gives every heap's size).
            board = pygame.Rect(rect.x + rect.width * 0.55, rect.y + 10, rect.width * 0.43,
                                rect.height * 0.5)
            self.ctx.board_view.draw(surface, board, state, ViewContext())
            rect = pygame.Rect(rect.x, rect.y, int(rect.width * 0.55), rect.height)
        table = nim_table(state)
        bits_n = table.width
        # The scene's sizes (presentation mode makes them projector-sized): body and labels.
        size, small = self.ctx.text_size, self.ctx.small_size
        pad = size
        x0, y = rect.x + pad, rect.y + pad
        value_head = "counts as" if table.grundy else ""
        cell = int(size * 2.2)
        label_w = int(size * 6)
        size_w = int(size * 4.5)
        bits_x = x0 + label_w + size_w + (int(size * 7) if table.grundy else 0)
        draw_text(surface, "Heap", (x0, y), size, style.DIM, bold=True)
        draw_text(surface, "coins", (x0 + label_w, y), size, style.DIM, bold=True)
        if table.grundy:
            draw_text(surface, value_head, (x0 + label_w + size_w, y), size, style.DIM,
                      bold=True)
        for b in range(bits_n):
            weight = 1 << (bits_n - 1 - b)
            draw_text(surface, str(weight), (bits_x + b * cell + cell // 2, y), size,
                      style.DIM, bold=True, anchor="midtop")
        y += int(size * 1.8)
        top_bits = y
        for row in table.rows:
            draw_text(surface, f"Heap {row.heap}", (x0, y + cell // 2), size, style.TEXT,
                      anchor="midleft")
            draw_text(surface, str(row.size), (x0 + label_w, y + cell // 2), size, style.TEXT,
                      bold=True, anchor="midleft")
            if table.grundy:
                draw_text(surface, str(row.value), (x0 + label_w + size_w, y + cell // 2), size,
                          style.PV, bold=True, anchor="midleft")
            self._bits(surface, bits_x, y, cell, row.value, bits_n, size)
            if row.target is not None:
                draw_text(surface, f"→ {row.target} wins", (bits_x + bits_n * cell + size,
                                                             y + cell // 2),
                          small, style.PV, anchor="midleft")
            y += cell + 4
        pygame.draw.line(surface, style.TEXT, (x0, y + 2), (bits_x + bits_n * cell, y + 2), 2)
        y += 8
        draw_text(surface, "nim-sum (XOR)", (x0, y + cell // 2), size, style.PV, bold=True,
                  anchor="midleft")
        self._bits(surface, bits_x, y, cell, table.nim_sum, bits_n, size)
        draw_text(surface, f"= {table.nim_sum}", (bits_x + bits_n * cell + size, y + cell // 2),
                  size, style.PV, bold=True, anchor="midleft")
        # Odd columns: outlined and labelled (shape, not only colour).
        for b, odd in enumerate(table.odd_columns):
            if odd:
                col_rect = pygame.Rect(bits_x + b * cell - 2, top_bits - 4, cell + 4,
                                       y + cell - top_bits + 8)
                pygame.draw.rect(surface, ODD, col_rect, 2, border_radius=6)
                draw_text(surface, "odd", (col_rect.centerx, col_rect.bottom + 2), small,
                          ODD, anchor="midtop")
        y += cell + int(size * 2.2)

        key = "Filled square = 1, hollow = 0. A column with an odd number of ones makes the " \
              "nim-sum non-zero."
        key_lines = wrap_text(key, font(small), rect.right - pad - x0)
        key_h = int(small * 1.35) * len(key_lines)
        # The words beside the table where the pane is wide enough (presentation mode's large
        # text would push the last of them, who wins and how, off the bottom), else below it.
        targets = [f"→ {r.target} wins" for r in table.rows if r.target is not None]
        table_right = bits_x + bits_n * cell + size + max(
            [font(small).size(t)[0] for t in targets] + [font(size, True).size("= 99")[0]])
        text_x, text_y = x0, y
        if rect.right - pad - (table_right + 2 * size) >= 16 * size:
            text_x, text_y = table_right + 2 * size, rect.y + pad
        width = rect.right - pad - text_x
        for para in explanation(table):  # above the key, never over it
            for ln in wrap_text(para, font(size), width):
                if text_y + size > rect.bottom - pad - key_h:
                    break
                draw_text(surface, ln, (text_x, text_y), size, style.TEXT)
                text_y += int(size * 1.35)
            text_y += size // 2
        y = rect.bottom - pad - int(small * 1.35) * (len(key_lines) - 1)
        for ln in key_lines:  # wrapped: the whole sentence, never cut short
            draw_text(surface, ln, (x0, y), small, theme.color("text_dim"),
                      anchor="bottomleft")
            y += int(small * 1.35)

    @staticmethod
    def _bits(surface: pygame.Surface, x: int, y: int, cell: int, value: int, bits: int,
              size: int) -> None:
        for b in range(bits):
            bit = (value >> (bits - 1 - b)) & 1
            r = pygame.Rect(x + b * cell + 3, y + 3, cell - 6, cell - 6)
            if bit:
                pygame.draw.rect(surface, ONE, r, border_radius=4)
            else:
                pygame.draw.rect(surface, style.UNVISITED, r, 2, border_radius=4)
            draw_text(surface, str(bit), r.center, size, (20, 20, 24) if bit else style.DIM,
                      bold=True, anchor="center")
