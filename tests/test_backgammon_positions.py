"""The search's position generator (games/backgammon/positions.py) by agreement: the same
positions as the rules' move generator, in the same order, on played positions, on any
positions hypothesis can build, and through the searcher (a traced search walks the general
generator, an untraced one the fast path: they must agree on every value)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.api import Limits
from ai.lab.tree_recorder import TreeRecorder
from games.backgammon import movegen as mg
from games.backgammon.ai.bench_rules import sample_positions
from games.backgammon.ai.net import Net, NetEvaluator
from games.backgammon.ai.ply import BackgammonPlySearcher
from games.backgammon.game import GAME
from games.backgammon.positions import pack, positions, unpack
from games.backgammon.rules import ROLLS, BackgammonState


def reference(me: list[int], opp: list[int], d1: int, d2: int) -> list[int]:
    return [pack(m, o) for _, m, o in mg.generate(me, opp, d1, d2)]


def test_played_positions_reach_what_generate_reaches_in_its_order() -> None:
    for p in sample_positions(400, seed=11):
        me, opp = mg.perspective(p.points, p.bar, p.off, p.to_move)
        before = (list(me), list(opp))
        for (d1, d2), _ in ROLLS:
            assert positions(me, opp, d1, d2) == reference(me, opp, d1, d2)
        assert (me, opp) == before  # left as they were


@st.composite
def sides(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    """Any two sides of 15 checkers that do not share a point: the bar, borne-off checkers and
    the home boards as likely as anything (places are drawn, not played to)."""
    me, opp = [0] * 26, [0] * 26
    for place in draw(st.lists(st.integers(0, 25), min_size=15, max_size=15)):
        me[place] += 1
    for place in draw(st.lists(st.integers(0, 25), min_size=15, max_size=15)):
        if 1 <= place <= 24 and me[place]:
            place = 25  # his checker cannot stand on my point: it is borne off instead
        opp[place] += 1
    return me, opp


@settings(max_examples=400, deadline=None)
@given(sides(), st.integers(1, 6), st.integers(1, 6))
def test_any_position_reaches_what_generate_reaches(position, d1: int, d2: int) -> None:
    me, opp = position
    assert positions(me, opp, d1, d2) == reference(me, opp, d1, d2)


@pytest.mark.parametrize(
    "me, opp, dice",
    [
        # one checker on the bar, the other die played by anyone (the entered checker too)
        ({25: 1, 13: 5, 6: 5, 8: 4}, {1: 2, 12: 5, 17: 3, 19: 5}, (6, 3)),
        # two on the bar, both dice enter; one of the entry points holds a blot
        ({25: 2, 13: 5, 6: 5, 8: 3}, {3: 1, 12: 5, 17: 4, 19: 5}, (5, 3)),
        # a double from the bar, the rest played on
        ({25: 1, 13: 5, 6: 5, 8: 4}, {2: 2, 12: 5, 17: 3, 19: 5}, (4, 4)),
        # a closed board: nothing moves
        ({25: 1, 13: 5, 6: 5, 8: 4}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 5}, (6, 6)),
        # bearing off becomes possible in the middle of a double
        ({7: 2, 6: 5, 5: 5, 4: 3}, {20: 5, 21: 5, 22: 5}, (1, 1)),
        # both dice through one blot to another: a double hit
        ({13: 5, 6: 5, 8: 5}, {10: 1, 4: 1, 17: 6, 19: 7}, (3, 4)),
    ],
)
def test_hand_made_positions(me: dict[int, int], opp: dict[int, int], dice) -> None:
    mine, theirs = [0] * 26, [0] * 26
    for place, n in me.items():
        mine[place] = n
    for place, n in opp.items():
        theirs[place] = n
    mine[0] = 15 - sum(mine)
    theirs[25] = 15 - sum(theirs)
    assert positions(mine, theirs, *dice) == reference(mine, theirs, *dice)


def test_a_packed_position_unpacks_to_its_sides() -> None:
    me = [0, 2, 0, 3, 0, 0, 5, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]
    opp = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 4, 0, 5, 0, 0, 0, 0, 0, 0]
    assert unpack(pack(me, opp)) == (me, opp)


def test_the_network_scores_packed_positions_as_it_scores_moves() -> None:
    net = Net.random(8, np.random.default_rng(3))
    p = sample_positions(5, seed=2)[3]
    me, opp = mg.perspective(p.points, p.bar, p.off, p.to_move)
    moves = [(m, o) for _, m, o in mg.generate(me, opp, 5, 2)]
    assert np.array_equal(net.after_positions(positions(me, opp, 5, 2)), net.after_moves(moves))


@pytest.mark.parametrize("depth", [3, 5])
def test_a_search_on_packed_positions_equals_the_traced_search_on_moves(depth: int) -> None:
    evaluator = NetEvaluator(Net.random(8, np.random.default_rng(5)))
    for p in sample_positions(12, seed=4)[:4 if depth == 5 else 12]:
        state = BackgammonState(p.points, p.bar, p.off, p.to_move, (6, 2))
        if len(state.legal_moves()) < 2:
            continue
        plain = BackgammonPlySearcher(evaluator).search(state, Limits(depth=depth))
        searcher = BackgammonPlySearcher(evaluator)
        searcher.set_tracer(TreeRecorder(GAME, state.to_move, 10**6, windows=False))
        traced = searcher.search(state, Limits(depth=depth))
        assert (plain.move, plain.score) == (traced.move, traced.score)


@dataclass
class CountingNet(Net):
    """The network, noting every position it is asked to score."""

    asked: list[int] = field(default_factory=list)

    def after_positions(self, found: list[int]) -> np.ndarray:
        self.asked.extend(found)
        return super().after_positions(found)


def test_a_two_layer_search_scores_each_position_once_and_counts_every_leaf() -> None:
    """Positions met again under other rolls and replies come from the search's own table:
    the network sees each one once, while the leaves counted are every position the tree
    reaches (the lab's counts), as many as a search that scores each anew would count."""
    net = CountingNet.random(8, np.random.default_rng(7))
    p = sample_positions(12, seed=4)[2]
    state = BackgammonState(p.points, p.bar, p.off, p.to_move, (6, 2))
    searcher = BackgammonPlySearcher(NetEvaluator(net))
    searcher.search(state, Limits(depth=5))
    assert net.asked and len(net.asked) == len(set(net.asked))
    assert searcher.stats.leaves > len(net.asked)  # the same positions under other rolls
