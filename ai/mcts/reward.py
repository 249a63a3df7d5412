"""A finished playout's reward, in the units the game is played for.

- won, drawn or lost (the default): +1, 0, -1 by the sign of the finished game's
  ``returns()``;
- a game scored by its final margin (the profile's ``margin``: discs, seeds): the margin
  scaled like a probability, a win always above a draw and a bigger win above a smaller one,
  ``sign(m) * (1 + |m| / bound) / 2`` with ``bound`` the largest margin (the profile's value
  bounds), so a reward stays in [-1, 1];
- a game scored in points (the profile's ``points``: single, double, triple game): the points
  themselves, in [-bound, bound].

A game may say its own reward instead (the profile's ``playout_reward``). One place per game:
its profile. Rewards are zero-sum, given from player 0's point of view.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ai.profiles import Profile
from game.core import State

#: A finished game's reward for player 0 (player 1's is its negative).
RewardFn = Callable[[State], float]

RESULT, MARGIN, POINTS, CUSTOM = "result", "margin", "points", "custom"


@dataclass(frozen=True)
class Reward:
    """How playouts are scored: the function, what it counts, and its half-range (the UCB
    exploration term is scaled by it)."""

    score: RewardFn
    kind: str = RESULT
    scale: float = 1.0


def result_reward(state: State) -> float:
    r = state.returns()[0]
    return 1.0 if r > 0 else -1.0 if r < 0 else 0.0


def reward_for(profile: Profile) -> Reward:
    """The reward of the game whose profile this is."""
    bound = max(abs(profile.value_bounds[0]), abs(profile.value_bounds[1]))
    own = profile.playout_reward
    if own is not None:
        return Reward(own, CUSTOM, bound if profile.points else 1.0)
    margin = profile.margin
    if margin is not None:
        def scaled(state: State) -> float:
            m = margin(state, 0)
            if m == 0:
                return 0.0
            half = 0.5 + 0.5 * min(abs(m), bound) / bound
            return half if m > 0 else -half

        return Reward(scaled, MARGIN, 1.0)
    if profile.points:
        def points(state: State) -> float:
            return float(state.returns()[0])

        return Reward(points, POINTS, bound)
    return Reward(result_reward, RESULT, 1.0)
