"""Backgammon as the AI sees it: values are points a game (equity, -3..3), searched by
expectiminimax with a move filter."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ai.profiles import Profile, ValueLabel, signed


@dataclass(frozen=True)
class BackgammonProfile(Profile):
    game_id: str = "backgammon"
    unit: str = "points a game"
    default_algorithm: str = "expectiminimax"
    # (2, 3): one chance layer after an opening 3-1 takes ~0.1 s, two chance layers ~4 s.
    move_filter: tuple[int, int] | None = (2, 3)
    value_bounds: tuple[float, float] = (-3.0, 3.0)
    noise_unit: str = "points a game"
    points: bool = True
    book_origin: str = "rolled out by Kibitz"

    def value_label(self, value: float, *, exact: bool,
                    decimals: int | None = None) -> ValueLabel:
        if not math.isfinite(value):
            return ValueLabel("?", "unknown")
        short = signed(value, 2 if decimals is None else decimals)
        return ValueLabel(short, f"{short} points a game")



PROFILE = BackgammonProfile()
