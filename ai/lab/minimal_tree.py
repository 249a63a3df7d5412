"""Alpha-beta's best case on the real tree: the fewest leaves any search must look at to know a
position's value at a depth (Knuth and Moore's minimal tree), counted on this position's own
tree rather than on a uniform tree of its average branching factor.

The uniform formula b^ceil(d/2) + b^floor(d/2) - 1 is only as good as b: near the start of
Othello, where the root has 4 moves and each reply 3, it asked for 22.8 leaves at depth 3
while alpha-beta looked at 20, a "best case" beaten in plain sight. Counted on the real tree,
no search without a transposition table can go below it.

How it is counted: plain minimax walks the whole tree once (so this is for small trees: the
lab's chart stops its line where the tree outgrows DEFAULT_TREE_BUDGET), and a light tracer
keeps each node's value and mover. Then a proof is priced bottom-up. To know a node's exact
value one needs an exact proof of one child that has it and, for every other child, only a
proof that it is no better; to prove a bound one needs every child of a node whose mover is
held to it, and the cheapest qualifying child of a node whose mover reaches it. Alpha-beta
that always tries the right move first (there, the cheapest refutation) examines exactly such
a proof; on a uniform tree it is Knuth and Moore's formula.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ai.api import Cancel, Limits, SearchConfig
from ai.engine import make_searcher
from ai.trace import Tracer
from game.core import State

#: Nodes of the whole tree the count may walk: past this it gives up. About a second of
#: traced minimax on Othello (50 us a node); Othello's start is walked to depth 6 (9,913
#: nodes), a middle game of some 13 moves a turn to depth 3.
DEFAULT_TREE_BUDGET = 20_000


@dataclass(eq=False)
class Node:
    """A node of the walked tree: its value in player 0's view (the maximizer), whether
    player 0 moves there, and its children (none: a leaf, at the depth limit or the end)."""

    value: float = 0.0
    maximizer: bool = True
    children: list[Node] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.children:
            values = [c.value for c in self.children]
            self.value = max(values) if self.maximizer else min(values)


@dataclass(frozen=True)
class TreeCount:
    """One depth's whole tree, walked: minimax's nodes (the root too) and leaves, and the
    fewest leaves that prove its value (alpha-beta's best case)."""

    nodes: int
    leaves: int
    fewest_leaves: int


class TreeTooBig(Exception):
    """The whole tree has more nodes than the count may walk."""


class _ValueTracer(Tracer):
    """Hears plain minimax (ai.trace's calls) and builds the tree of values it walked; every
    other call is the protocol's, which does nothing."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.nodes = 0
        self.leaves = 0
        #: The open nodes: whether player 0 moves there, the view its value comes in, and the
        #: children it has returned so far.
        self.stack: list[tuple[bool, int, list[Node]]] = []
        self.root: Node | None = None

    def enter(self, state: State, view: int, depth: int, alpha: float, beta: float) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise TreeTooBig
        self.stack.append((state.current_player() == 0, view, []))

    def leave(self, value: float) -> None:
        maximizer, view, children = self.stack.pop()
        self.leaves += not children
        node = Node(value if view == 0 else -value, maximizer, children)
        if self.stack:
            self.stack[-1][2].append(node)
        else:
            self.root = node


def value_tree(state: State, config: SearchConfig, depth: int, budget: int,
               cancel: Cancel | None = None) -> tuple[Node, int, int] | None:
    """The whole tree to ``depth`` with the values ``config``'s search gives its leaves,
    walked by plain minimax (no table, no quiescence, no noise), with its nodes and leaves;
    None when cancelled. Raises TreeTooBig."""
    minimax = replace(config.with_refinements(tt=False, quiescence=False), algorithm="minimax",
                      noise=0.0, exact=False)
    searcher = make_searcher(minimax)
    tracer = _ValueTracer(budget)
    searcher.set_tracer(tracer)
    result = searcher.search(state, Limits(depth=depth), cancel)
    if not result.complete or tracer.root is None:
        return None
    return tracer.root, tracer.nodes, tracer.leaves


def fewest_leaves(node: Node) -> int:
    """The leaves of the smallest proof of ``node``'s exact value."""
    if not node.children:
        return 1
    bounds = [_bound_leaves(c, node.value, node.maximizer) for c in node.children]
    return sum(bounds) + min(fewest_leaves(c) - b for c, b in zip(node.children, bounds,
                                                                    strict=True)
                             if c.value == node.value)


def _bound_leaves(node: Node, bound: float, at_most: bool) -> int:
    """The leaves of the smallest proof that ``node``'s value is at most ``bound`` (else at
    least): its mover, if held to the bound, must be held at every child; if not, one child
    that keeps the bound is enough."""
    if not node.children:
        return 1
    if node.maximizer == at_most:  # the mover wants past the bound: every move is refuted
        return sum(_bound_leaves(c, bound, at_most) for c in node.children)
    return min(_bound_leaves(c, bound, at_most) for c in node.children
               if (c.value <= bound if at_most else c.value >= bound))


def walkable(expected_nodes: float, budget: int | None = None) -> bool:
    """Whether a tree expected to have this many nodes is worth walking: one that overflows
    the budget (None: DEFAULT_TREE_BUDGET) costs as much as the budget before it gives up."""
    return expected_nodes <= (budget or DEFAULT_TREE_BUDGET)


def count_tree(state: State, config: SearchConfig, depth: int, budget: int | None = None,
               cancel: Cancel | None = None) -> TreeCount | None:
    """This position's tree to ``depth``, counted; None when the whole tree is bigger than
    ``budget`` nodes (None: DEFAULT_TREE_BUDGET) or the count was cancelled."""
    try:
        walked = value_tree(state, config, depth, budget or DEFAULT_TREE_BUDGET, cancel)
    except TreeTooBig:
        return None
    if walked is None:
        return None
    root, nodes, leaves = walked
    return TreeCount(nodes, leaves, fewest_leaves(root))
