"""Quiescence search: minimax and alpha-beta agree with it on, a plain oracle agrees with
minimax, a game without noisy moves is searched as before, the lab's recording shows the nodes
past the depth limit, and the horizon example turns out as the lecture says."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from ai.api import Limits, Refinements, SearchConfig
from ai.engine import make_searcher
from ai.lab.record import record_search
from ai.searchbase import QUIESCENCE_PLIES
from game.core import TERMINAL, State
from game.registry import get_kit
from games.kalah.ai.evaluation import KalahEvaluator
from games.kalah.ai.noisy import noisy_moves
from games.kalah.ai.solver import KalahSolver
from games.kalah.rules import GAME, KalahState, sow


def kalah_positions(count: int, seed: int) -> list[KalahState]:
    rng = random.Random(seed)
    out: list[KalahState] = []
    while len(out) < count:
        state = GAME.initial_state(pits=rng.randint(3, 6), seeds=rng.randint(2, 5),
                                   empty_capture=rng.random() < 0.5)
        for _ in range(rng.randint(0, 14)):
            if state.current_player() == TERMINAL:
                break
            state = state.apply(rng.choice(state.legal_moves()))
        if state.current_player() != TERMINAL:
            out.append(state)
    return out


def config(depth: int, **switches: bool) -> SearchConfig:
    return SearchConfig("kalah", "alphabeta", Limits(depth=depth),
                        Refinements.from_options(switches))


def oracle(state: State, view: int, depth: int) -> float:
    """Depth-limited minimax with quiescence at its leaves, written plainly: the value of
    ``state`` for ``view``. At the limit: the best of the stand-pat and the noisy moves."""
    evaluate = KalahEvaluator().evaluate

    def quiet(s: State, qply: int) -> float:  # for the mover of s
        mover = s.current_player()
        values = [evaluate(s, mover)]
        for move in (noisy_moves(s) if qply < QUIESCENCE_PLIES else ()):
            child = s.apply(move)
            if child.current_player() == TERMINAL:
                values.append(float(child.margin(mover)))
            else:
                v = quiet(child, qply + 1)
                values.append(v if child.current_player() == mover else -v)
        return max(values)

    def value(s: State, d: int) -> float:  # for view
        mover = s.current_player()
        if mover == TERMINAL:
            return float(s.margin(view))
        if d == 0:
            v = quiet(s, 0)
            return v if mover == view else -v
        children = [value(s.apply(m), d - 1) for m in s.legal_moves()]
        return max(children) if mover == view else min(children)

    return value(state, depth)


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_minimax_with_quiescence_equals_the_plain_oracle(depth: int) -> None:
    for state in kalah_positions(6, seed=depth):
        got = make_searcher(replace(config(depth), algorithm="minimax")).search(
            state, Limits(depth=depth))
        assert got.score == pytest.approx(oracle(state, state.current_player(), depth))


def test_alphabeta_with_quiescence_equals_minimax_with_it_under_every_switch() -> None:
    for state, depth in itertools.product(kalah_positions(8, seed=11), (1, 2, 3, 4)):
        want = make_searcher(replace(config(depth), algorithm="minimax")).search(
            state, Limits(depth=depth))
        for tt, ordering, pvs in itertools.product((False, True), repeat=3):
            got = make_searcher(config(depth, use_tt=tt, use_ordering=ordering, use_pvs=pvs)
                                ).search(state, Limits(depth=depth))
            assert got.score == pytest.approx(want.score), (tt, ordering, pvs, depth)
            assert dict(want.root_values)[got.move] == pytest.approx(want.score)


def test_quiescence_goes_past_the_limit_only_when_switched_on_and_changes_values() -> None:
    changed = 0
    for state in kalah_positions(12, seed=5):
        on = make_searcher(config(2)).search(state, Limits(depth=2))
        off = make_searcher(config(2, use_quiescence=False)).search(state, Limits(depth=2))
        assert off.stats.quiescence_nodes == 0
        changed += on.score != pytest.approx(off.score)
        assert on.stats.nodes >= on.stats.quiescence_nodes
    assert changed, "quiescence never changed a value: it is not searching"


def test_a_game_without_noisy_moves_is_searched_exactly_as_before() -> None:
    othello = get_kit("othello").rules()
    state = othello.initial_state()
    for move in ("f5", "d6", "c3"):
        state = state.apply(othello.parse_move(state, move))
    base = SearchConfig("othello", "alphabeta", Limits(depth=4))
    on = make_searcher(base).search(state, base.limits)
    off = make_searcher(base.with_refinements(quiescence=False)).search(state, base.limits)
    assert (on.score, on.move, on.stats.nodes) == (off.score, off.move, off.stats.nodes)
    assert on.stats.quiescence_nodes == 0


def test_the_horizon_example_walks_into_a_capture_without_quiescence() -> None:
    example = get_kit("kalah").examples()["horizon"]
    state = GAME.parse_position(example.text)
    plain = make_searcher(config(1, use_quiescence=False)).search(state, Limits(depth=1))
    quiet = make_searcher(config(1)).search(state, Limits(depth=1))
    assert (GAME.format_move(state, plain.move), plain.score) == ("3", 5.0)
    assert (GAME.format_move(state, quiet.move), quiet.score) == ("1", 0.0)
    after = state.apply(plain.move)  # South to move, with a capture of 3 on the board
    assert after.current_player() == 0
    assert max(sow(after, m).captured for m in after.legal_moves()) == 3
    exact = dict(KalahSolver().root_values(state) or ())
    assert exact[plain.move] == -6 and exact[quiet.move] == 0 == max(exact.values())


def test_the_recording_marks_the_nodes_past_the_depth_limit() -> None:
    example = get_kit("kalah").examples()["horizon"]
    state = GAME.parse_position(example.text)
    search = make_searcher(config(1, use_tt=False)).search(state, Limits(depth=1))
    recording = record_search(state, config(1, use_tt=False))
    nodes = recording.nodes
    assert recording.root.value == pytest.approx(search.score)
    beyond = [n for n in nodes if n.parent is not None and nodes[n.parent].stand_pat is not None]
    assert len(beyond) == recording.quiescence_nodes == search.stats.quiescence_nodes > 0
    for node in nodes:
        if node.stand_pat is not None:  # a horizon node quiescence went on from
            # It searched its noisy moves, or its stand-pat alone was a cutoff.
            assert node.depth == 0 and node.kind in ("max", "min")
            assert node.children or (node.cutoff and node.skipped)
            assert all(nodes[c].quiescence for c in node.children)
        if node.depth > 0:
            assert not node.quiescence
    plain = record_search(state, config(1, use_tt=False, use_quiescence=False))
    assert not any(n.quiescence or n.stand_pat is not None for n in plain.nodes)


def test_the_horizon_examples_depth_chart_marks_the_turned_verdict() -> None:
    """The chart the lab opens on the example (teaching mode, its depth and three more, with
    and without quiescence): one ply more turns the verdict without quiescence, never with it."""
    from ai.lab.depth_chart import depth_chart
    from ai.lab.search import TEACHING, lab_config

    example = get_kit("kalah").examples()["horizon"]
    state = GAME.parse_position(example.text)
    depth = example.depth + 3
    rows = depth_chart(state, lab_config(get_kit("kalah"), TEACHING, depth, state), depth,
                       with_quiescence=True)
    plain = [r.depth for r in rows if r.quiescence is False and r.horizon]
    quiet = [r.depth for r in rows if r.quiescence is True and r.horizon]
    assert plain == [2] and quiet == []
