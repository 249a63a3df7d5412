"""UCB1, the selection rule of UCT, with its two terms kept apart (the lab draws them).

For a child c of a decision node p, from the point of view of p's mover::

    exploitation = W(c) / N(c)                       (the child's mean reward)
    exploration  = C * scale * sqrt(ln N(p) / N(c))  (large for a child seldom tried)
    UCB(c)       = exploitation + exploration

``scale`` is the reward's half-range (1 for win/draw/loss, 3 for a game scored in up to three
points) so one C means the same in every game. Selection takes the child with the highest UCB;
a tie goes to the child made first. A child is only selected once its node has no untried
moves left (expansion comes first), so every N(c) is at least 1 here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ai.mcts.tree import Node

#: The textbook constant for rewards in [-1, 1] scaled to [0, 1]: sqrt(2).
DEFAULT_C = math.sqrt(2.0)


@dataclass(frozen=True)
class UcbParts:
    """UCB1 of one child as its parent saw it: the two terms and their sum."""

    exploitation: float
    exploration: float

    @property
    def value(self) -> float:
        return self.exploitation + self.exploration


def ucb_parts(parent_n: int, child_n: int, child_w: float, c: float, scale: float = 1.0
              ) -> UcbParts:
    """The terms for a child with ``child_n`` visits and total reward ``child_w`` (from the
    parent's mover's side) under a parent with ``parent_n`` visits. An unvisited child's
    exploration is infinite (it is tried before any is tried twice)."""
    if child_n <= 0:
        return UcbParts(0.0, math.inf)
    explore = c * scale * math.sqrt(math.log(parent_n) / child_n) if parent_n > 1 else 0.0
    return UcbParts(child_w / child_n, explore)


def select(node: Node, c: float, scale: float) -> Node:
    """The child UCB1 picks (the hot path: the same arithmetic as ``ucb_parts``, inlined)."""
    k = c * scale * math.sqrt(math.log(node.n)) if node.n > 1 else 0.0
    best = node.children[0]
    best_value = -math.inf
    sqrt = math.sqrt
    for child in node.children:
        n = child.n
        value = child.w / n + k / sqrt(n)
        if value > best_value:
            best, best_value = child, value
    return best
