"""How a search tree looks: one shape per node kind, so the tree reads without colour.

max = a triangle pointing up (the player who wants the value up), min = a triangle pointing
down, chance = a circle, leaf (evaluated position) = a square, and a cutoff stub = a small
hatched grey box on a dashed edge. Colour is only a second cue (blue / orange / violet / grey,
a palette that stays distinct under the common forms of colour blindness).
"""

from __future__ import annotations

import math
from functools import cache

import pygame

KINDS = ("max", "min", "chance", "leaf")

KIND_COLOR: dict[str, tuple[int, int, int]] = {
    "max": (86, 160, 240),
    "min": (236, 140, 60),
    "chance": (176, 132, 230),
    "leaf": (200, 204, 212),
}
KIND_NAME: dict[str, str] = {
    "max": "max (root player to move)",
    "min": "min (opponent to move)",
    "chance": "chance (dice)",
    "leaf": "leaf (evaluated)",
}
BG = (28, 31, 38)
EDGE = (104, 112, 128)
PV = (240, 196, 72)
STUB = (110, 114, 122)
TEXT = (226, 230, 238)
DIM = (140, 146, 160)
TT = (120, 210, 150)
UNVISITED = (70, 76, 88)
CURRENT = (255, 255, 255)


def shape_points(kind: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The outline of a node of ``kind`` centred at (cx, cy) with half-size ``r``."""
    if kind == "max":
        return [(cx, cy - r), (cx + r, cy + 0.8 * r), (cx - r, cy + 0.8 * r)]
    if kind == "min":
        return [(cx - r, cy - 0.8 * r), (cx + r, cy - 0.8 * r), (cx, cy + r)]
    if kind == "chance":
        return [(cx + r * math.cos(a * math.pi / 8), cy + r * math.sin(a * math.pi / 8))
                for a in range(16)]
    if kind == "leaf":
        s = 0.8 * r
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    raise ValueError(f"unknown node kind {kind!r}")


def draw_shape(surface: pygame.Surface, kind: str, center: tuple[float, float], r: float,
               fill: tuple[int, ...] | None, outline: tuple[int, ...], width: int = 2) -> None:
    """One node: filled (``fill``) or hollow (``fill`` None: not yet visited in step mode)."""
    cx, cy = center
    if r < 2.5:
        surface.fill(fill or outline, (int(cx - 1), int(cy - 1), 3, 3))
        return
    if kind == "chance":
        if fill is not None:
            pygame.draw.circle(surface, fill, (cx, cy), r)
        pygame.draw.circle(surface, outline, (cx, cy), r, width)
        return
    pts = shape_points(kind, cx, cy, r)
    if fill is not None:
        pygame.draw.polygon(surface, fill, pts)
    pygame.draw.polygon(surface, outline, pts, width)


def draw_stub(surface: pygame.Surface, center: tuple[float, float], r: float) -> pygame.Rect:
    """A hatched grey box: the siblings a cutoff never searched."""
    box = pygame.Rect(0, 0, int(2 * r), int(1.4 * r))
    box.center = (int(center[0]), int(center[1]))
    pygame.draw.rect(surface, STUB, box, 1)
    if r >= 4:
        step = max(3, int(r / 2))
        for off in range(-box.height, box.width, step):
            a = (box.x + max(0, off), box.bottom - max(0, -off) - 1)
            b = (box.x + min(box.width, off + box.height) - 1,
                 box.bottom - min(box.height, off + box.height))
            pygame.draw.line(surface, STUB, a, b, 1)
    return box


def draw_dashed(surface: pygame.Surface, color: tuple[int, ...], a: tuple[float, float],
                b: tuple[float, float], dash: float = 5.0) -> None:
    """A dashed line (cutoff edges): pattern as well as grey, for colour-blind readers."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    n = max(1, int(length / dash))
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        pygame.draw.line(surface, color, (a[0] + dx * t0, a[1] + dy * t0),
                         (a[0] + dx * t1, a[1] + dy * t1), 1)


#: A value cut short by the window is a bound: "at most" (≤) or "at least" (≥).
BOUND_PREFIX = {"upper": "≤", "lower": "≥", "exact": ""}


@cache
def _profile(game_id: str):  # -> ai.profiles.Profile | None
    from ai.profiles import Profile, profile_for

    try:
        profile = profile_for(game_id)
    except ValueError:
        return None
    # A teaching tree has no unit: its values are the plain numbers written on the slide.
    return None if type(profile) is Profile else profile


def value_text(value: float | None, game_id: str = "") -> str:
    """A node value, short, in the game's terms: "W5", "+4" (discs), "+0.12" (points a
    game); a teaching tree's values as written: "3", "2.2"."""
    if value is None:
        return "—"
    if math.isinf(value):
        return "+∞" if value > 0 else "−∞"
    value = round(value, 6)  # a window edge 1e-9 off a whole number is that number
    profile = _profile(game_id) if game_id else None
    if profile is not None:
        return profile.value_label(value, exact=False).short
    return f"{value:.4g}" if value != int(value) else str(int(value))


def bound_text(value: float | None, infinite_sign: int, game_id: str = "") -> str:
    if value is None:
        return "+∞" if infinite_sign > 0 else "−∞"
    if math.isinf(value) or abs(value) >= 1e9:
        return "+∞" if value > 0 else "−∞"
    return value_text(value, game_id)


#: Narrower than this, a window is a principal-variation "null window" (alpha, alpha + ε).
NULL_WINDOW = 1e-6


def window_text(alpha: float | None, beta: float | None, game_id: str = "") -> str:
    """The (alpha, beta) window a node was entered with, e.g. "(3, +∞)"; a null window
    (PVS's "is this move better than alpha?") as "(3, 3+ε)"."""
    low = bound_text(alpha, -1, game_id)
    if alpha is not None and beta is not None and 0 < beta - alpha < NULL_WINDOW:
        return f"({low}, {low}+ε)"
    if alpha is not None and beta is not None and 0 < alpha - beta < NULL_WINDOW:
        high = bound_text(beta, 1, game_id)
        return f"({high}−ε, {high})"
    return f"({low}, {bound_text(beta, 1, game_id)})"


def probability_text(p: float | None) -> str:
    """A chance edge's probability as a reader expects it: 1/36, 1/18, 0.9."""
    if p is None:
        return ""
    for den in (2, 3, 4, 6, 8, 9, 12, 18, 36):
        num = p * den
        if abs(num - round(num)) < 1e-9 and round(num) >= 1 and den > 2 and p < 0.5:
            return f"{int(round(num))}/{den}"
    return f"{p:.2g}"
