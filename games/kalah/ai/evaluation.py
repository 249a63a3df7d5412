"""Kalah's evaluation: the final margin a position promises, in seeds, for one player.

The seeds already in the stores are banked for good, so the store difference is the base, and
with quiescence search it is the whole of the default evaluation: every feature tried on top
of it was measured and none paid (``python main.py match --game kalah --a Advanced --b
Advanced-threats``, games/kalah/README.md). Captures and extra turns, the features that looked
likeliest to help, are exactly what quiescence search already plays out at the horizon.

``ThreatsEvaluator`` keeps the measured alternative, so the measurement can be repeated:
- seeds on one's own side (the sweep at the end gives them to their owner, but sowing sends
  them across);
- moves that end in one's own store (another turn) for the side to move;
- the biggest capture the side to move has on the board.
"""

from __future__ import annotations

from typing import cast

from game.core import State
from games.kalah.ai.noisy import noisy_moves
from games.kalah.rules import KalahState

#: Weights of the alternative's features (seeds per unit of each).
SIDE_WEIGHT = 0.25
EXTRA_TURN_WEIGHT = 0.5
CAPTURE_WEIGHT = 0.5


class KalahEvaluator:
    """The store difference: what is banked."""

    title = "store difference"

    def evaluate(self, state: State, player: int) -> float:
        # The search hands over the positions of its own game's tree: Kalah's.
        stores = cast(KalahState, state).stores
        return float(stores[player] - stores[1 - player])


def _threats(state: KalahState) -> tuple[int, int]:
    """(moves earning another turn, seeds of the biggest capture) for the side to move."""
    pits = state.pits
    m = len(pits) >> 1
    p = state.to_move
    length = 2 * m + 1
    extra = 0
    biggest = 0
    for pit in noisy_moves(state):
        seeds = pits[p * m + pit]
        last = (pit + seeds) % length
        if last == m:
            extra += 1
        elif not biggest:  # captures come biggest first: the opposite pit's seeds, and one
            facing = pits[(1 - p) * m + (m - 1 - last)] if seeds < length else 1
            biggest = facing + 1
    return extra, biggest


class ThreatsEvaluator:
    """The store difference plus the features above (measured weaker: a benchmark)."""

    title = "stores, sides, threats"

    def evaluate(self, state: State, player: int) -> float:
        kalah = cast(KalahState, state)  # the search's positions are Kalah's
        pits = kalah.pits
        m = len(pits) >> 1
        own = sum(pits[player * m : player * m + m])
        other = sum(pits) - own
        value = (kalah.stores[player] - kalah.stores[1 - player]) + SIDE_WEIGHT * (own - other)
        extra, capture = _threats(kalah)
        threat = EXTRA_TURN_WEIGHT * extra + CAPTURE_WEIGHT * capture
        return value + threat if kalah.to_move == player else value - threat
