"""Alpha-beta's best case counted on a real tree (ai.lab.minimal_tree): checked against a brute
force over every set of leaves, against Knuth and Moore's formula on uniform trees, and against
the leaves alpha-beta itself looks at."""

from __future__ import annotations

import itertools
import math

from hypothesis import given, settings
from hypothesis import strategies as st

import ai  # noqa: F401  (registers the games)
from ai.api import Limits, Refinements, SearchConfig
from ai.engine import search_to_depth
from ai.lab.minimal_tree import Node, TreeCount, count_tree, fewest_leaves
from game.registry import get_game

INF = math.inf


def leaves_of(node: Node) -> list[Node]:
    return [node] if not node.children else [x for c in node.children for x in leaves_of(c)]


def value_knowing(node: Node, known: set[int], unknown: float) -> float:
    """The node's value when only the leaves in ``known`` (by id) are looked at and every
    other leaf is taken as ``unknown``."""
    if not node.children:
        return node.value if id(node) in known else unknown
    values = [value_knowing(c, known, unknown) for c in node.children]
    return max(values) if node.maximizer else min(values)


def brute_force_fewest(root: Node) -> int:
    """The smallest set of leaves that fixes the root's value: minimax is monotone in every
    leaf, so a set fixes it when the unseen leaves at -inf and at +inf give the same value."""
    leaves = leaves_of(root)
    for size in range(1, len(leaves) + 1):
        for chosen in itertools.combinations(leaves, size):
            known = {id(leaf) for leaf in chosen}
            if value_knowing(root, known, -INF) == value_knowing(root, known, INF):
                return size
    raise AssertionError("no set of leaves fixes the value")


@st.composite
def trees(draw, height: int = 3) -> Node:
    """Any small tree: uneven branching, either player at any node (a Kalah extra turn moves
    twice), ties among the leaf values."""
    if height == 0 or draw(st.integers(0, 3)) == 0:
        return Node(float(draw(st.integers(-3, 3))))
    children = draw(st.lists(trees(height - 1), min_size=1, max_size=3))
    return Node(maximizer=draw(st.booleans()), children=children)


@settings(max_examples=150, deadline=None)
@given(trees().filter(lambda t: len(leaves_of(t)) <= 10))
def test_the_count_is_the_smallest_set_of_leaves_that_fixes_the_value(root: Node) -> None:
    assert fewest_leaves(root) == brute_force_fewest(root)


def uniform(values: list[int], b: int, maximizer: bool) -> Node:
    if len(values) == 1:
        return Node(float(values[0]))
    k = len(values) // b
    return Node(maximizer=maximizer, children=[
        uniform(values[i * k:(i + 1) * k], b, not maximizer) for i in range(b)])


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), st.integers(1, 4), st.data())
def test_on_a_uniform_tree_it_is_knuth_and_moores_formula(b: int, d: int, data) -> None:
    values = data.draw(st.lists(st.integers(-5, 5), min_size=b**d, max_size=b**d))
    root = uniform(values, b, True)
    assert fewest_leaves(root) == b ** math.ceil(d / 2) + b ** math.floor(d / 2) - 1


def test_the_textbook_tree_needs_five_of_its_nine_leaves() -> None:
    """max(min(3,12,8), min(2,4,6), min(14,5,2)): 3, 12 and 8 for the first reply, then one
    leaf below 3 in each other: 2, and the 2 of the last (alpha-beta in this order looks at
    7: it meets 14 and 5 before that 2)."""
    textbook = get_game("classroom").initial_state(example="textbook")
    config = SearchConfig("classroom", "alphabeta",
                          refinements=Refinements(tt=False, ordering=False))
    assert count_tree(textbook, config, 2) == TreeCount(nodes=13, leaves=9, fewest_leaves=5)
    assert search_to_depth(textbook, config, 2, None).stats.leaves == 7


@st.composite
def tree_texts(draw, height: int = 3) -> str:
    if height == 0 or draw(st.integers(0, 3)) == 0:
        return str(draw(st.integers(-9, 9)))
    return "[" + ",".join(draw(st.lists(tree_texts(height - 1), min_size=1, max_size=4))) + "]"


@settings(max_examples=80, deadline=None)
@given(tree_texts().filter(lambda t: t.startswith("[")), st.booleans(), st.booleans())
def test_no_search_without_a_table_looks_at_fewer_leaves(text: str, ordering: bool,
                                                          pvs: bool) -> None:
    state = get_game("classroom").initial_state(tree=text)
    depth = _height(text)
    tree = count_tree(state, SearchConfig("classroom", "minimax"), depth)
    assert tree is not None
    fewest = tree.fewest_leaves
    for algorithm in ("alphabeta", "mtdf", "minimax"):
        config = SearchConfig("classroom", algorithm, Limits(depth=depth),
                              Refinements(tt=False, ordering=ordering, pvs=pvs))
        result = search_to_depth(state, config, depth, None)
        looked_at = (result.stats.leaves_per_depth[-1] if result.stats.leaves_per_depth
                     else result.stats.leaves)
        assert looked_at >= fewest, algorithm
        if algorithm == "minimax":  # the walk counts the tree minimax searches
            assert (result.stats.nodes, looked_at) == (tree.nodes, tree.leaves)


def _height(text: str) -> int:
    height = deepest = 0
    for ch in text:
        height += (ch == "[") - (ch == "]")
        deepest = max(deepest, height)
    return deepest
