"""A read-only copy of the search tree, for the lab to draw and for tests to check against
the searcher's own statistics.

Each node carries its move, N, W, mean, who it counts for (``view``), and UCB1's two terms
relative to its parent at the moment of the snapshot (None for the root and for a chance
node's outcomes, which are drawn, not selected).
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.mcts.tree import Node
from ai.mcts.ucb import ucb_parts
from game.core import Move


@dataclass(frozen=True)
class NodeSnapshot:
    move: Move | None
    #: Who is to move at the node: 0, 1, CHANCE or TERMINAL (game.core).
    player: int
    #: Whose point of view ``w`` and ``mean`` take: the player who chose the move into it.
    view: int
    n: int
    w: float
    #: Moves not expanded yet (0 at chance nodes and finished games).
    untried: int
    children: tuple[NodeSnapshot, ...]
    #: UCB1's terms as the parent would compare them now (None: root, chance outcome).
    exploitation: float | None = None
    exploration: float | None = None
    #: A chance outcome's probability (None for a move).
    probability: float | None = None

    @property
    def mean(self) -> float:
        return self.w / self.n if self.n else 0.0

    @property
    def ucb(self) -> float | None:
        if self.exploitation is None or self.exploration is None:
            return None
        return self.exploitation + self.exploration

    def size(self) -> int:
        return 1 + sum(c.size() for c in self.children)


def snapshot(root: Node, c: float, scale: float = 1.0, max_depth: int | None = None,
             min_visits: int = 0) -> NodeSnapshot:
    """The tree under ``root`` (to ``max_depth`` levels; children with fewer than
    ``min_visits`` visits left out), children in the order they were made."""
    return _copy(root, None, c, scale, max_depth, min_visits, 0)


def _copy(node: Node, parent: Node | None, c: float, scale: float, max_depth: int | None,
          min_visits: int, depth: int) -> NodeSnapshot:
    exploit: float | None = None
    explore: float | None = None
    prob: float | None = None
    if parent is not None and parent.chance:
        prob = node.prob
    elif parent is not None:
        parts = ucb_parts(parent.n, node.n, node.w, c, scale)
        exploit, explore = parts.exploitation, parts.exploration
    below: tuple[NodeSnapshot, ...] = ()
    if max_depth is None or depth < max_depth:
        below = tuple(_copy(child, node, c, scale, max_depth, min_visits, depth + 1)
                      for child in node.children if child.n >= min_visits)
    return NodeSnapshot(node.move, node.player, node.view, node.n, node.w, len(node.untried),
                        below, exploit, explore, prob)
