"""How a Monte Carlo tree search's value reads to a person: a mean reward, never the game's
own units (a mean of scaled margins is not a number of discs, a mean of results is not a
number of plies to the end).

- won/drawn/lost: "mean +0.24 (62% score)": the score counts a win 1 and a draw ½, so it
  is (1 + mean) / 2;
- a margin scaled like a probability: "mean +0.24 (62% score, weighted by the margin)";
- points: "mean +0.43 points a game" (a mean of the playouts' points).
"""

from __future__ import annotations

from ai.mcts.reward import MARGIN, POINTS, reward_for
from ai.profiles import Profile, ValueLabel, signed


def mean_label(profile: Profile, value: float) -> ValueLabel:
    """A mean reward from the root mover's view, in words."""
    kind = reward_for(profile).kind
    short = signed(value, 2)
    if kind == POINTS:
        return ValueLabel(short, f"mean {short} {profile.unit}")
    score = round(50 * (1 + max(-1.0, min(1.0, value))))
    weighted = ", weighted by the margin" if kind == MARGIN else ""
    return ValueLabel(short, f"mean {short} ({score}% score{weighted})")


def value_label(profile: Profile, value: float, *, exact: bool, algorithm: str
                ) -> ValueLabel:
    """A searcher's value in words: a mean reward for "mcts", else the game's own words."""
    if algorithm == "mcts":
        return mean_label(profile, value)
    return profile.value_label(value, exact=exact)
