"""What the lab's charts share: colours, number and time labels, and a log-scale axis.

Both plots (the compare bars, charts.py; the depth chart, depth_plot.py) use log scales where
the quantities span orders of magnitude (nodes, seconds), and dashed as well as solid lines:
a pattern, not only a colour, tells series apart for colour-blind readers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

GRID = (52, 57, 68)
AXIS = (150, 156, 170)
BAR_NODES = (86, 160, 240)
BAR_TIME = (236, 140, 60)
GOOD = (110, 200, 120)
BAD = (230, 96, 90)


def si(n: float) -> str:
    """1 234 -> "1.2k"; axis labels and bar ends."""
    n = float(n)
    for unit, div in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if abs(n) >= div:
            v = n / div
            return f"{v:.0f}{unit}" if v >= 100 or v == int(v) else f"{v:.1f}{unit}"
    return f"{n:.0f}" if n == int(n) else f"{n:.2g}"


def seconds_text(s: float) -> str:
    if s >= 1:
        return f"{s:.1f} s" if s < 100 else f"{s:.0f} s"
    if s >= 0.001:
        return f"{s * 1000:.0f} ms" if s >= 0.01 else f"{s * 1000:.1f} ms"
    return f"{s * 1e6:.0f} µs"


class LogAxis:
    """Maps positive values to pixels on a base-10 log scale spanning whole decades."""

    def __init__(self, lo: float, hi: float, p0: float, p1: float) -> None:
        lo = max(lo, 1e-9)
        hi = max(hi, lo * 10)
        self.d0 = math.floor(math.log10(lo))
        self.d1 = math.ceil(math.log10(hi))
        if self.d1 == self.d0:
            self.d1 += 1
        self.p0, self.p1 = p0, p1

    def __call__(self, v: float) -> float:
        t = (math.log10(max(v, 10.0 ** self.d0)) - self.d0) / (self.d1 - self.d0)
        return self.p0 + (self.p1 - self.p0) * t

    def decades(self) -> list[float]:
        return [10.0 ** d for d in range(self.d0, self.d1 + 1)]


def dashed(surface: pygame.Surface, col: tuple, pts: Sequence[tuple[float, float]],
            dash: float, width: int = 2) -> None:
    for a, b in zip(pts, pts[1:], strict=False):
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        n = max(1, int(length / dash))
        for i in range(0, n, 2):
            t0, t1 = i / n, min(1.0, (i + 1) / n)
            pygame.draw.line(surface, col, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                             (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)
