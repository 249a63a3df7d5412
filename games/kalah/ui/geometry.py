"""Where a Kalah board's slots sit in a rectangle, and where a pile's stones lie in a well."""

from __future__ import annotations

import math

import pygame

from games.kalah.rules import Slot

#: The golden angle: a sunflower pile's stones never line up.
GOLDEN = math.pi * (3 - math.sqrt(5))


class KalahGeometry:
    """Where every slot sits in ``rect`` for a board of ``m`` pits a side (sizes in columns:
    a pit's row is 1.3 columns high, a well and the count's strip outside it)."""

    def __init__(self, rect: pygame.Rect, m: int) -> None:
        self.m = m
        self.col = col = max(12.0, min(rect.width / (m + 2.6), rect.height / 5.3, 140.0))
        self.pad = 0.3 * col
        board = pygame.Rect(0, 0, round((m + 2) * col + 2 * self.pad),
                            round(2.6 * col + 2 * self.pad))
        board.center = rect.center
        self.board, self.mid = board, board.centery
        self.well_r = 0.41 * col
        self.lines = (board.y - 0.25 * col, board.y - 0.72 * col,  # numbers, names: North
                      board.bottom + 0.25 * col, board.bottom + 0.72 * col)  # and South

    def column(self, slot: Slot) -> tuple[int, int]:
        """(column 0..m+1 from the left, row: 1 South, -1 North, 0 a store)."""
        m = self.m
        if slot == m:
            return m + 1, 0
        if slot == 2 * m + 1:
            return 0, 0
        return (1 + slot, 1) if slot < m else (2 * m + 1 - slot, -1)

    def center(self, slot: Slot) -> tuple[int, int]:
        c, row = self.column(slot)
        x = self.board.x + self.pad + (c + 0.5) * self.col
        return round(x), round(self.mid + row * 0.47 * self.col)

    def count_pos(self, slot: Slot) -> tuple[int, int]:
        c, row = self.column(slot)
        x = round(self.board.x + self.pad + (c + 0.5) * self.col)
        if row == 0:  # a store's count at its owner's end
            row = 1 if slot == self.m else -1
        return x, round(self.mid + row * 1.09 * self.col)

    def store_rect(self, slot: Slot) -> pygame.Rect:
        c, _ = self.column(slot)
        r = pygame.Rect(0, 0, round(0.84 * self.col), round(2.56 * self.col))
        r.center = (round(self.board.x + self.pad + (c + 0.5) * self.col), self.mid)
        return r

    def seed_area(self, slot: Slot) -> tuple[tuple[int, int], float, float]:
        """Centre and half-axes of the oval a slot's stones fill."""
        if self.column(slot)[1]:
            return self.center(slot), self.well_r * 0.7, self.well_r * 0.7
        r = self.store_rect(slot)
        sign = -1 if slot == self.m else 1  # away from the count
        return (r.centerx, round(r.centery + sign * 0.2 * self.col)), r.width * 0.3, r.height * 0.33

    def cell(self, slot: Slot) -> pygame.Rect:
        """A pit's clickable area: its column across its row."""
        c, row = self.column(slot)
        x = round(self.board.x + self.pad + c * self.col)
        top = self.mid if row > 0 else round(self.mid - 1.3 * self.col)
        return pygame.Rect(x, top, round(self.col), round(1.3 * self.col))

    def slot_at(self, pos: tuple[int, int]) -> Slot | None:
        """The pit (not a store) under ``pos``, else None."""
        for slot in range(2 * self.m + 2):
            if self.column(slot)[1] and self.cell(slot).collidepoint(pos):
                return slot
        return None


def stone_spots(n: int, layer: int, centre: tuple[int, int], rx: float, ry: float
                ) -> list[tuple[int, int]]:
    """Where the stones of a count ``n`` lie: a sunflower pile of ``layer`` stones that grows
    from the middle (each stone keeping its place as more arrive), then a second, tighter
    layer on top; at most two layers are drawn."""
    cx, cy = centre
    spots = []
    for k in range(min(n, 2 * layer)):
        upper, j = divmod(k, layer)
        r, a = math.sqrt((j + 0.5) / layer) * (1 - 0.2 * upper), (j + upper / 2) * GOLDEN
        spots.append((round(cx + rx * r * math.cos(a)), round(cy + ry * r * math.sin(a))))
    return spots
