"""The textbook's trees as the AI sees them."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from ai.profiles import Profile, ValueLabel
from game.core import State
from games.classroom.rules import ClassroomState


def _largest_leaf(state: State) -> float:
    """The largest leaf value, either sign, of the tree ``state`` is in (1 for all zeros)."""
    assert isinstance(state, ClassroomState)
    low, high = state.value_bounds()
    return max(abs(low), abs(high)) or 1.0


@dataclass(frozen=True)
class ClassroomProfile(Profile):
    """Classroom trees (games.classroom.rules): a leaf is worth the number written on it, so a
    finished game scores its ``returns()`` unchanged, as on the slides."""

    game_id: str = "classroom"
    unit: str = "for MAX (the leaf values)"
    #: MAX is the tree's MAX even when a search starts at one of MIN's nodes.
    max_player: int | None = 0
    points: bool = True
    #: The notation's limit on leaf values (Star1 needs bounds that always hold).
    value_bounds: tuple[float, float] = (-1e9, 1e9)

    #: MCTS's rewards are the leaves themselves: UCB1 weighs exploration by the tree's
    #: largest leaf, not by the notation's billion.
    reward_scale: Callable[[State], float] | None = _largest_leaf

    def value_label(self, value: float, *, exact: bool,
                    decimals: int | None = None) -> ValueLabel:
        if not math.isfinite(value):
            return ValueLabel("?", "unknown")
        short = str(int(value)) if value == int(value) else f"{value:.3g}"
        return ValueLabel(short, f"{short} for MAX")



PROFILE = ClassroomProfile()
