"""Where everything sits on the backgammon board for a given window rectangle.

Geometry is in "board numbering": the point numbers of the player shown at the bottom, whose
home board is bottom-right (1..6 right to left), outer board bottom-left (7..12), then 13..24
along the top from left to right, bear-off trays at the right. All sizes derive from one unit,
the point width, so the board scales to any window.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

#: Board width and height in point widths: frame, 12 points, bar, frame, tray, frame.
WIDTH_UNITS = 0.5 + 6 + 1.0 + 6 + 0.5 + 1.3 + 0.5
HEIGHT_UNITS = 0.6 + 5 + 1.6 + 5 + 0.6
TRIANGLE_UNITS = 4.6
MAX_SHOWN = 5  # checkers drawn in a point before the stack shows a count
MAX_SHOWN_BAR = 4


@dataclass
class Location:
    """What a click hit: a point (board numbering), the bar, a tray or a die."""

    kind: str  # "point", "bar", "tray", "die"
    value: int = 0  # point number, tray/bar half (0 = bottom, 1 = top) or die index


class BgGeometry:
    def __init__(self, rect: pygame.Rect) -> None:
        self.pw = max(8, int(min(rect.width / WIDTH_UNITS, rect.height / HEIGHT_UNITS)))
        pw = self.pw
        w, h = int(WIDTH_UNITS * pw), int(HEIGHT_UNITS * pw)
        self.outer = pygame.Rect(0, 0, w, h)
        self.outer.center = rect.center
        self.frame_v = int(0.6 * pw)  # top and bottom frame, where point numbers go
        self.frame_h = pw // 2
        self.left = self.outer.x + self.frame_h
        self.top = self.outer.y + self.frame_v
        self.bottom = self.outer.bottom - self.frame_v
        self.half_h = 5 * pw
        self.mid = (self.top + self.bottom) // 2
        self.bar = pygame.Rect(self.left + 6 * pw, self.top, pw, self.bottom - self.top)
        self.left_half = pygame.Rect(self.left, self.top, 6 * pw, self.bottom - self.top)
        self.right_half = pygame.Rect(self.bar.right, self.top, 6 * pw, self.bottom - self.top)
        tray_x = self.right_half.right + self.frame_h
        tray_w = int(1.3 * pw)
        self.tray_top = pygame.Rect(tray_x, self.top, tray_w, self.half_h)
        self.tray_bottom = pygame.Rect(tray_x, self.bottom - self.half_h, tray_w, self.half_h)
        self.tray_column = pygame.Rect(tray_x, self.top, tray_w, self.bottom - self.top)
        self.checker_d = max(4, int(pw * 0.94))
        self.tri_h = int(TRIANGLE_UNITS * pw)

    # ------------------------------------------------------------------ points

    @staticmethod
    def is_top(q: int) -> bool:
        return q >= 13

    def column_x(self, q: int) -> int:
        """Left edge of board point ``q``."""
        col = q - 13 if q >= 13 else 12 - q
        x = self.left + col * self.pw
        return x + self.pw if col >= 6 else x

    def point_rect(self, q: int) -> pygame.Rect:
        """The whole half-height column of point ``q`` (clickable area)."""
        y = self.top if self.is_top(q) else self.bottom - self.half_h
        return pygame.Rect(self.column_x(q), y, self.pw, self.half_h)

    def triangle(self, q: int) -> list[tuple[int, int]]:
        x = self.column_x(q)
        if self.is_top(q):
            return [(x, self.top), (x + self.pw, self.top), (x + self.pw // 2, self.top + self.tri_h)]
        return [
            (x, self.bottom),
            (x + self.pw, self.bottom),
            (x + self.pw // 2, self.bottom - self.tri_h),
        ]

    def slot(self, q: int, k: int) -> tuple[int, int]:
        """Centre of the ``k``-th checker (0 = at the edge) on point ``q``."""
        k = min(k, MAX_SHOWN - 1)
        cx = self.column_x(q) + self.pw // 2
        r = self.checker_d / 2
        if self.is_top(q):
            return cx, int(self.top + r + k * self.checker_d)
        return cx, int(self.bottom - r - k * self.checker_d)

    def label_pos(self, q: int) -> tuple[int, int]:
        cx = self.column_x(q) + self.pw // 2
        if self.is_top(q):
            return cx, self.outer.y + self.frame_v // 2
        return cx, self.outer.bottom - self.frame_v // 2

    # ------------------------------------------------------------------ bar and trays

    def bar_slot(self, top_half: bool, k: int) -> tuple[int, int]:
        """Bar checkers stack from the middle outward, each player in his own half."""
        k = min(k, MAX_SHOWN_BAR - 1)
        r = self.checker_d / 2
        gap = int(0.8 * self.pw)
        if top_half:
            return self.bar.centerx, int(self.mid - gap - r - k * self.checker_d)
        return self.bar.centerx, int(self.mid + gap + r + k * self.checker_d)

    def bar_half(self, top_half: bool) -> pygame.Rect:
        if top_half:
            return pygame.Rect(self.bar.x, self.top, self.bar.width, self.mid - self.top)
        return pygame.Rect(self.bar.x, self.mid, self.bar.width, self.bottom - self.mid)

    def tray(self, top_half: bool) -> pygame.Rect:
        return self.tray_top if top_half else self.tray_bottom

    def tray_slab(self, top_half: bool, k: int) -> pygame.Rect:
        """The ``k``-th borne-off checker, seen edge-on, stacked from the outer edge inward."""
        tray = self.tray(top_half)
        inner = tray.inflate(-max(4, self.pw // 6), -max(4, self.pw // 6))
        slab_h = max(2, inner.height // 15)
        y = inner.y + k * slab_h if top_half else inner.bottom - (k + 1) * slab_h
        return pygame.Rect(inner.x, y, inner.width, slab_h)

    # ------------------------------------------------------------------ dice

    def dice_rects(self, right_half: bool, count: int) -> list[pygame.Rect]:
        """Dice sit in the middle of the mover's half: the bottom player's on the right."""
        half = self.right_half if right_half else self.left_half
        size = int(self.pw * (0.95 if count <= 2 else 0.8))
        gap = int(self.pw * 0.25)
        total = count * size + (count - 1) * gap
        x = half.centerx - total // 2
        rects = []
        for i in range(count):
            r = pygame.Rect(x + i * (size + gap), 0, size, size)
            r.centery = self.mid
            rects.append(r)
        return rects

    # ------------------------------------------------------------------ hit testing

    def location_at(self, pos: tuple[int, int]) -> Location | None:
        x, y = pos
        if self.tray_column.collidepoint(pos):
            return Location("tray", 1 if y < self.mid else 0)
        if self.bar.collidepoint(pos):
            return Location("bar", 1 if y < self.mid else 0)
        for q in range(1, 25):
            if self.point_rect(q).collidepoint(pos):
                return Location("point", q)
        return None
