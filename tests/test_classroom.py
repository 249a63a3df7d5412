"""Classroom trees: the notation, the State protocol, and the worked answers of the named
examples, computed by the textbook algorithms (ai.lab.textbook) and by the searchers that play."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from ai.api import Limits, Refinements, SearchConfig
from ai.lab import textbook
from ai.lab.record import record_search
from game.core import CHANCE, TERMINAL, IllegalMoveError, NotationError
from game.registry import get_game
from games.classroom.rules import EXAMPLES, GAME, height, parse_tree

TEXTBOOK = "[[3,12,8],[2,4,6],[14,5,2]]"


def leaf_problem(log: list[float] | None = None) -> textbook.Problem:
    """MAX is player 0; a leaf is worth its number (a cut-off inner node: 0). ``log`` collects
    the leaves in the order an algorithm looks at them."""

    def leaf_value(state, depth_left):  # type: ignore[no-untyped-def]
        value = state.leaf_value()
        value = 0.0 if value is None else value
        if log is not None:
            log.append(value)
        return value

    return textbook.Problem(0, leaf_value)


def run(algorithm: str, text: str, **switches: bool):  # type: ignore[no-untyped-def]
    """A recording of the real searcher on a classroom tree, searched to its leaves."""
    state = GAME.parse_position(text)
    config = SearchConfig("classroom", algorithm, Limits(depth=height(state.tree)),
                          Refinements.from_options(switches))
    return record_search(state, config)


TEXTBOOK_SWITCHES = {"use_tt": False, "use_ordering": False, "use_pvs": False}

# --------------------------------------------------------------------------- notation


def test_registry_and_round_trip() -> None:
    assert get_game("classroom") is GAME
    for named in EXAMPLES.values():
        state = GAME.parse_position(named.text)
        assert GAME.parse_position(GAME.format_position(state)) == state
    inner = GAME.parse_position(TEXTBOOK + " @b")
    assert inner.node == (2.0, 4.0, 6.0)
    assert GAME.format_position(inner) == TEXTBOOK + " @b"
    assert GAME.parse_position(GAME.format_position(inner)) == inner


def test_chance_notation_and_fractions() -> None:
    state = GAME.parse_position("[{1/6: 1, 5/6: [2, -3.5]}, 4]")
    chance = state.apply(0)
    assert chance.current_player() == CHANCE
    outcomes = chance.chance_outcomes()
    assert [m for m, _ in outcomes] == [0, 1]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert outcomes[0][1] == pytest.approx(1 / 6)
    # The roll passes the turn through: MIN moves after MAX's move and the roll.
    assert chance.apply(1).current_player() == 1
    assert chance.apply(1).apply(1).returns() == (-3.5, 3.5)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("[1,2", "expected ']'"),
        ("[]", "empty node"),
        ("[1,,2]", "column 4"),
        ("[{0.5: 1, 0.4: 2}]", "sum to 0.9"),
        ("[x]", "unexpected 'x'"),
        ("[1/2]", "not a fraction"),
        ("7", "starts with MAX"),
        ("[1] @c", "leaves the tree"),
        ("[1e999]", "1e9"),
        ("[{0: 1, 1: 2}]", "(0, 1]"),
        ("[" * 20 + "1" + "]" * 20, "levels deep"),
    ],
)
def test_bad_trees_are_one_line_errors(text: str, words: str) -> None:
    with pytest.raises(NotationError) as err:
        GAME.parse_position(text)
    assert words in str(err.value)
    assert "\n" not in str(err.value)


def test_protocol_and_illegal_moves() -> None:
    state = GAME.initial_state()
    assert GAME.format_position(state) == TEXTBOOK
    assert state.current_player() == 0 and state.legal_moves() == (0, 1, 2)
    b = state.apply(GAME.parse_move(state, "b"))
    assert b.current_player() == 1 and GAME.format_move(b, 2) == "c"
    leaf = b.apply(2)
    assert leaf.current_player() == TERMINAL and leaf.returns() == (6.0, -6.0)
    assert leaf.legal_moves() == () and GAME.describe_result(leaf) == "Leaf reached: 6 for MAX"
    with pytest.raises(IllegalMoveError):
        leaf.apply(0)
    with pytest.raises(IllegalMoveError):
        state.apply(3)
    with pytest.raises(IllegalMoveError):
        GAME.parse_move(b, "d")
    with pytest.raises(ValueError, match="unknown classroom example"):
        GAME.initial_state(example="nope")
    with pytest.raises(ValueError, match="unknown classroom option"):
        GAME.initial_state(colour="red")
    assert GAME.initial_state(tree="[[1,2],[3]]").node == ((1.0, 2.0), (3.0,))


# --------------------------------------------------------------------------- worked answers


def test_textbook_tree_worked_answer() -> None:
    # max(min(3,12,8), min(2,4,6), min(14,5,2)) = max(3, 2, 2) = 3: MAX plays a.
    state = GAME.parse_position(EXAMPLES["textbook"].text)
    assert textbook.minimax(state, 2, leaf_problem()) == 3
    log: list[float] = []
    assert textbook.alphabeta(state, 2, leaf_problem(log)) == 3
    # b stops at its first leaf: 2 <= alpha 3, so 4 and 6 are never looked at.
    assert log == [3, 12, 8, 2, 14, 5, 2]
    for algorithm in ("minimax", "alphabeta", "expectiminimax"):
        rec = run(algorithm, EXAMPLES["textbook"].text, **TEXTBOOK_SWITCHES)
        assert (rec.value, rec.move) == (3, "a")
    rec = run("alphabeta", EXAMPLES["textbook"].text, **TEXTBOOK_SWITCHES)
    assert rec.evaluated_leaves == [3, 12, 8, 2, 14, 5, 2]
    b = rec.nodes[rec.root.children[1]]
    assert (b.move, b.value, b.pruned, b.cutoff, b.bound) == ("b", 2, 2, True, "upper")
    # The engine as it plays (table, ordering, null windows) skips the same two leaves here.
    assert run("alphabeta", EXAMPLES["textbook"].text).evaluated_leaves == [3, 12, 8, 2, 14, 5, 2]


def test_four_ply_tree_worked_answer() -> None:
    # a: min(max(min(5,6), min(7,4)), max(min(3,2), min(8,9))) = min(max(5,4), max(2,8)) = 5
    # b: min(max(min(1,3), min(6,2)), max(min(9,7), min(4,5))) = min(max(1,2), max(7,4)) = 2
    # Alpha-beta: in a's second MAX node, 8 >= beta 5 ends it (9 was already its last leaf to
    # look at); under b, the leaf 1 <= alpha 5 (the root's alpha, three plies up: a deep
    # cutoff) skips 3, then 2 <= 5 ends b's first MAX node, and b (2 <= 5) skips its second
    # MAX node with the leaves 9, 7, 4, 5.
    text = EXAMPLES["four-ply"].text
    state = GAME.parse_position(text)
    assert textbook.minimax(state, 4, leaf_problem()) == 5
    log: list[float] = []
    assert textbook.alphabeta(state, 4, leaf_problem(log)) == 5
    assert log == [5, 6, 7, 4, 3, 2, 8, 9, 1, 6, 2]
    rec = run("alphabeta", text, **TEXTBOOK_SWITCHES)
    assert (rec.value, rec.move) == (5, "a")
    assert rec.evaluated_leaves == log
    # The deep cutoff: the MIN node at path b-a-a returns 1 after one leaf, skipping one.
    deep = [n for n in rec.nodes if n.kind == "min" and n.depth == 1 and n.value == 1]
    assert len(deep) == 1 and deep[0].pruned == 1 and deep[0].alpha == 5
    assert run("minimax", text).evaluated_leaves == [5, 6, 7, 4, 3, 2, 8, 9, 1, 3, 6, 2, 9, 7, 4, 5]


def test_order_preserving_change_flips_expectiminimax_not_minimax() -> None:
    before, after = EXAMPLES["chance"].text, EXAMPLES["chance-rescaled"].text
    # Expectiminimax: a = 0.9*min(2,3) + 0.1*min(4,5) = 2.2; b = 0.9*min(1,6) + 0.1*min(7,8) = 1.6.
    # Rescaled (7 -> 70, 8 -> 80, order kept): b = 0.9*1 + 0.1*70 = 7.9 > 2.2.
    for text, move, value in ((before, 0, 2.2), (after, 1, 7.9)):
        state = GAME.parse_position(text)
        m, v = textbook.decision(state, 3, leaf_problem(), "expectiminimax")
        assert (m, v) == (move, pytest.approx(value))
        for algorithm in ("minimax", "expectiminimax"):
            rec = run(algorithm, text)
            assert rec.move == "ab"[move] and rec.value == pytest.approx(value)
    # Minimax knows no probabilities: it only compares values, so read the roll as a choice
    # against MAX (worst case). Then a = min(2,3,4,5) = 2 and b = min(1,6,7,8) = 1 (or
    # min(1,6,70,80) = 1): a both times, because order is all minimax looks at.
    for name in ("worst-case", "worst-case-rescaled"):
        text = EXAMPLES[name].text
        state = GAME.parse_position(text)
        assert textbook.decision(state, 2, leaf_problem(), "minimax") == (0, 2)
        for algorithm in ("minimax", "alphabeta"):
            rec = run(algorithm, text)
            assert (rec.move, rec.value) == ("a", 2)
    assert EXAMPLES["worst-case-rescaled"].text == "[[2,3,4,5],[1,6,70,80]]"


def test_minimax_refuses_chance_nodes() -> None:
    state = GAME.parse_position(EXAMPLES["chance"].text)
    with pytest.raises(ValueError, match="expectiminimax"):
        textbook.minimax(state, 3, leaf_problem())


def test_parse_tree_shapes() -> None:
    assert parse_tree("[1, [2, 3]]") == (1.0, (2.0, 3.0))
    assert height(parse_tree(EXAMPLES["four-ply"].text)) == 4
    assert height(parse_tree(EXAMPLES["chance"].text)) == 3


def test_a_min_node_searched_on_its_own_keeps_max_and_min() -> None:
    """Values stay MAX's even when the search starts at one of MIN's nodes."""
    state = GAME.parse_position(TEXTBOOK + " @c")  # MIN chooses among 14, 5, 2
    rec = record_search(state, SearchConfig("classroom", "alphabeta", Limits(depth=1),
                                            Refinements.from_options(TEXTBOOK_SWITCHES)))
    assert (rec.max_player, rec.root.kind, rec.value, rec.move) == (0, "min", 2, "c")
    assert rec.evaluated_leaves == [14, 5, 2]
    # MIN's window narrows from above: beta falls 14, 5, 2.
    ups = [e.beta for e in rec.events if e.kind == "update"]
    assert ups == [14, 5, 2]


# --------------------------------------------------------------------------- random trees


def _tree_text(draw, depth: int, chance_ok: bool) -> str:  # type: ignore[no-untyped-def]
    if depth == 0 or draw(st.integers(0, 4)) == 0:
        return str(draw(st.integers(-9, 9)))
    if chance_ok and draw(st.integers(0, 3)) == 0:
        weights = draw(st.lists(st.integers(1, 4), min_size=1, max_size=3))
        total = sum(weights)
        return "{" + ", ".join(
            f"{w}/{total}: {_tree_text(draw, depth - 1, chance_ok)}" for w in weights
        ) + "}"
    n = draw(st.integers(1, 3))
    return "[" + ",".join(_tree_text(draw, depth - 1, chance_ok) for _ in range(n)) + "]"


@st.composite
def trees(draw, chance: bool):  # type: ignore[no-untyped-def]
    n = draw(st.integers(1, 3))
    return "[" + ",".join(_tree_text(draw, 3, chance) for _ in range(n)) + "]"


@settings(max_examples=60, deadline=None)
@given(text=trees(chance=False), depth=st.integers(1, 4))
def test_random_trees_agree_with_the_textbook(text: str, depth: int) -> None:
    state = GAME.parse_position(text)
    log: list[float] = []
    expected = textbook.minimax(state, depth, leaf_problem())
    assert textbook.alphabeta(state, depth, leaf_problem(log)) == expected
    bare = SearchConfig("classroom", "alphabeta", Limits(depth=depth),
                        Refinements.from_options(TEXTBOOK_SWITCHES))
    rec = record_search(state, bare)
    assert rec.value == expected and rec.evaluated_leaves == log
    for algorithm in ("minimax", "alphabeta", "expectiminimax"):
        assert record_search(state, SearchConfig("classroom", algorithm,
                                                 Limits(depth=depth))).value == expected


@settings(max_examples=60, deadline=None)
@given(text=trees(chance=True), depth=st.integers(1, 5))
# Star1 under MIN: the bounds are MAX's (leaves -1..0) and MIN sees them as 0..1; with them
# unturned, Star1 cut B off and the search said 0 where min(0, -0.5) is -0.5.
@example(text="[[{1/2: [0], 1/2: 0},{1/2: 0, 1/2: -1}]]", depth=3)
def test_random_chance_trees_agree_with_the_textbook(text: str, depth: int) -> None:
    state = GAME.parse_position(text)
    expected = textbook.expectiminimax(state, depth, leaf_problem())
    for algorithm, switches in (("minimax", {}), ("alphabeta", {}), ("expectiminimax", {}),
                                ("expectiminimax", {"use_star1": False, "use_tt": False})):
        rec = record_search(state, SearchConfig("classroom", algorithm, Limits(depth=depth),
                                                Refinements.from_options(switches)))
        assert rec.value == pytest.approx(expected)
