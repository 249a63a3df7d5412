"""The five ways a backgammon game can end for the side to move, and the equity they make.

The network estimates these five chances; the cube, the panel and the engine protocol name them
in this order, and every equity in Kibitz (cubeless, in points a game) is computed from them
with the one formula below.
"""

from __future__ import annotations

from collections.abc import Sequence

#: The chances, in the network's output order: any win, a gammon win, a backgammon win, a
#: gammon loss, a backgammon loss (a gammon counts in "win" too, a backgammon in both).
OUTCOMES: tuple[str, ...] = ("win", "win_gammon", "win_backgammon", "lose_gammon",
                             "lose_backgammon")
#: Points a game = sum(weight * chance) - 1: a win 1 (2 p - 1 over wins and losses), a gammon
#: one more, a backgammon one more again, and the same against.
EQUITY_WEIGHTS: tuple[float, ...] = (2.0, 1.0, 1.0, -1.0, -1.0)


def cubeless_equity(chances: Sequence[float]) -> float:
    """Points a game for the side whose five chances these are."""
    return sum(w * p for w, p in zip(EQUITY_WEIGHTS, chances, strict=True)) - 1.0
