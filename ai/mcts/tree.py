"""The search tree: decision nodes with their untried moves, chance nodes with their outcomes.

Statistics, as every other module reads them:

- ``n``: the iterations whose path went through the node;
- ``w``: the sum of those iterations' rewards from the point of view of ``view``, the player
  who chose the move into the node (for the root: the player to move there, so its mean is
  the root's value; for an outcome of a chance node: the chance node's own ``view``, so an
  outcome's mean averages into its chance node's).

The invariant the tests check (and ``check_counts`` states in code): a node's ``n`` is the sum
of its children's ``n`` plus its own visits, which are 1 for a node made by an expansion (the
iteration that made it played out from it) and 0 for a fresh search's root; a finished game's
node has no children and every visit is its own (the iteration ended there).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from game.core import CHANCE, TERMINAL, Move, State


class Node:
    """One position of the tree. ``__slots__``: a search makes tens of thousands of them."""

    __slots__ = ("move", "state", "player", "view", "n", "w", "children", "untried",
                 "outcomes", "cumulative", "by_outcome", "prob", "own")

    def __init__(self, move: Move | None, state: State, view: int, prob: float = 1.0) -> None:
        self.move = move
        self.state = state
        #: Who is to move here: 0, 1, CHANCE or TERMINAL.
        self.player = state.current_player()
        self.view = view
        self.n = 0
        self.w = 0.0
        #: Children in the order they were made (expansion order): selection's ties go to
        #: the first.
        self.children: list[Node] = []
        #: Decision node: the moves not expanded yet.
        self.untried: list[Move] = list(state.legal_moves()) if self.player >= 0 else []
        #: Chance node: the outcomes with their probabilities, and their running sums (for
        #: sampling), and the children made so far by outcome (None elsewhere: a decision
        #: node carries no empty dictionary, a search makes hundreds of thousands of them).
        self.outcomes: tuple[tuple[Move, float], ...] = ()
        self.cumulative: list[float] | None = None
        self.by_outcome: dict[Move, Node] | None = None
        if self.player == CHANCE:
            self.outcomes = state.chance_outcomes()
            total = 0.0
            self.cumulative = []
            for _, p in self.outcomes:
                total += p
                self.cumulative.append(total)
            self.by_outcome = {}
        #: An outcome's probability (1 for a move).
        self.prob = prob
        #: Visits that ended here (the expansion's one; every visit of a finished game).
        self.own = 0

    @property
    def mean(self) -> float:
        """W / N from ``view``'s side (0 before the first visit)."""
        return self.w / self.n if self.n else 0.0

    @property
    def terminal(self) -> bool:
        return self.player == TERMINAL

    @property
    def chance(self) -> bool:
        return self.player == CHANCE

    def expand(self, rng: random.Random) -> Node:
        """A child for one untried move, chosen uniformly (the move leaves ``untried``)."""
        untried = self.untried
        i = rng.randrange(len(untried))
        move = untried[i]
        untried[i] = untried[-1]
        untried.pop()
        child = Node(move, self.state.apply(move), self.player)
        self.children.append(child)
        return child

    def sample(self, rng: random.Random, grow: bool = True) -> tuple[Node | None, bool]:
        """A chance node's outcome drawn by its probability: its child, and whether the child
        is new (made now: this iteration's expansion); (None, False) for an outcome not in
        the tree when ``grow`` is False (the tree is full)."""
        cumulative = self.cumulative
        by_outcome = self.by_outcome
        assert cumulative is not None and by_outcome is not None
        x = rng.random() * cumulative[-1]
        i = 0
        last = len(cumulative) - 1
        while i < last and cumulative[i] <= x:
            i += 1
        outcome, prob = self.outcomes[i]
        child = by_outcome.get(outcome)
        if child is not None:
            return child, False
        if not grow:
            return None, False
        child = Node(outcome, self.state.apply(outcome), self.view, prob)
        by_outcome[outcome] = child
        self.children.append(child)
        return child, True

    def walk(self) -> Iterator[Node]:
        """This node and every node below it, depth first."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def size(self) -> int:
        return sum(1 for _ in self.walk())


def check_counts(root: Node) -> list[str]:
    """Every node where N differs from its children's N plus its own visits (empty: none)."""
    bad = []
    for node in root.walk():
        below = sum(c.n for c in node.children)
        if node.n != below + node.own:
            bad.append(f"{node.move!r}: N={node.n}, children {below}, own {node.own}")
    return bad


def principal_line(root: Node) -> tuple[Move, ...]:
    """The moves by most visits from the root, up to a chance node or a leaf (a line that runs
    past a chance node cannot be replayed without its dice)."""
    line = []
    node = root
    while node.children and not node.chance:
        node = most_visited(node)
        assert node.move is not None
        line.append(node.move)
    return tuple(line)


def most_visited(node: Node) -> Node:
    """The child with the most visits; a tie goes to the higher mean, then the first made."""
    best = node.children[0]
    for child in node.children[1:]:
        if child.n > best.n or (child.n == best.n and child.mean > best.mean):
            best = child
    return best


def decided(root: Node, iterations_left: float) -> bool:
    """Whether ``iterations_left`` more iterations could not change the most visited root
    move: the root has one legal move, or every move has been tried and the leader's lead in
    visits is more than all of them could give the second ("smart pruning", as Leela Zero
    calls it). A search with time to spare stops here: the move it would play is settled."""
    if len(root.children) + len(root.untried) == 1:
        return True
    if root.untried or len(root.children) < 2:
        return False
    first = second = 0
    for child in root.children:
        if child.n > first:
            first, second = child.n, first
        elif child.n > second:
            second = child.n
    return first - second > iterations_left
