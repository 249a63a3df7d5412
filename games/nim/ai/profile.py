"""Nim and Grundy's game as the AI sees them: Sprague-Grundy theory knows the winner of every
position; the solver also knows how long the game lasts where it is small enough."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from ai.profiles import RANDOM_NOISE, Profile, Solver, ValueLabel, win_label
from ai.searchbase import is_win_score
from games.nim.ai.solver import solve_nim


@dataclass(frozen=True)
class NimProfile(Profile):
    game_id: str = "nim"
    unit: str = "plies to the result"
    solver: str | None = "nim-solver"
    solve_exactly: Solver | None = solve_nim

    def value_label(self, value: float, *, exact: bool,
                    decimals: int | None = None) -> ValueLabel:
        if is_win_score(value):
            return win_label(value)
        # The evaluator (and the solver) know the winner from Sprague-Grundy theory but not
        # how long the game lasts: +1 wins, -1 loses with perfect play.
        if value >= 1:
            return ValueLabel("W", "win with perfect play")
        if value <= -1:
            return ValueLabel("L", "loss against perfect play")
        return ValueLabel("?", "unknown: no result within the search depth")

    def noise_text(self, level_name: str, noise: float) -> str | None:
        if 0 < noise < RANDOM_NOISE:
            return f"{level_name}: picks at random among the moves its search rates best"
        return super().noise_text(level_name, noise)

    def match_options(self, options: Mapping[str, object], rng: random.Random
                      ) -> dict[str, object]:
        """Random heaps (two to four, up to nine coins) unless the options fix them."""
        out = dict(options)
        if "heaps" not in out:
            out["heaps"] = tuple(rng.randint(1, 9) for _ in range(rng.randint(2, 4)))
        return out




PROFILE = NimProfile()
