"""The depth chart's references beside the measured search: minimax's nodes and leaves, and
alpha-beta's best case. Where the chart walked the position's own tree (ai.lab.depth_chart's
``minimax_nodes`` and ``fewest_leaves``) they are that tree's counts; elsewhere minimax's are
a uniform tree's formulas and the best case is not drawn. The footnotes say which is which.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.lab.depth_chart import DepthRow, uniform_tree


def minimax_references(rows: Sequence[DepthRow], branching: float
                       ) -> tuple[list[float], list[float], set[int]]:
    """Minimax's nodes and leaves at each row's depth: counted on the position's own tree
    where it was walked whole (ai.lab.depth_chart ``minimax_nodes``), else a uniform tree's
    1 + b + ... + b^d and b^d, which near the root can fall below what alpha-beta searched
    (tic-tac-toe's 9 first moves against b = 6.3); and the depths that were counted."""
    nodes, leaves, counted = [], [], set()
    for r in rows:
        walked_nodes = getattr(r, "minimax_nodes", None)
        walked_leaves = getattr(r, "minimax_leaves", None)  # walked with the nodes
        if walked_nodes is not None and walked_leaves is not None:
            nodes.append(float(walked_nodes))
            leaves.append(float(walked_leaves))
            counted.add(r.depth)
        else:
            tree_nodes, tree_leaves, _ = uniform_tree(branching, r.depth)
            nodes.append(tree_nodes)
            leaves.append(tree_leaves)
    return nodes, leaves, counted


def best_case_points(rows: Sequence[DepthRow]) -> tuple[list[int], list[float]]:
    """The depths where the chart counted alpha-beta's best case on the position's own tree,
    and those counts (ai.lab.depth_chart ``fewest_leaves``): none beside expectiminimax or
    quiescence search, and none past the depth whose whole tree was too big to walk."""
    counted = [(r.depth, fewest) for r in rows
               if (fewest := getattr(r, "fewest_leaves", None)) is not None]
    return [depth for depth, _ in counted], [float(fewest) for _, fewest in counted]


def reference_notes(rows: Sequence[DepthRow], branching: float = 0.0) -> list[str]:
    """The footnotes on the counted references: what the best case is, where the counting
    stops if it does (minimax's lines go on as a uniform tree's), and why the search went
    below the best case if it did (its transposition table: the tree is a graph, and a
    position reached again by another move order is answered without its leaves)."""
    depths, counts = best_case_points(rows)
    if not depths:
        return []
    notes = ["Best case: the fewest leaves any search without a table must see, on this tree"]
    if depths[-1] < max(r.depth for r in rows):
        notes.append(f"● counted on this tree to depth {depths[-1]}, where it is small enough to "
                     f"walk whole; ○ minimax's beyond: a uniform tree's, b = {branching:.1f}")
    by_depth = dict(zip(depths, counts, strict=True))
    below = [r.depth for r in rows if r.depth in by_depth and r.leaves < by_depth[r.depth]]
    if below:
        at = ", ".join(str(d) for d in below)
        notes.append(f"Below it at depth {at}: the transposition table answered positions that "
                     "another move order had reached, without their leaves")
    return notes
