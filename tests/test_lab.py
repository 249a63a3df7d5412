"""The lab's measurements: compare rows, estimates, the depth chart and branching factors."""

from __future__ import annotations

import threading

import pytest

from ai.api import Limits, Refinements, SearchConfig
from ai.lab.compare import CompareRow, compare, compare_specs, estimate
from ai.lab.compare_notes import agreement_text
from ai.lab.depth_chart import depth_chart
from ai.lab.growth import branching_factor, effective_branching_factor
from ai.lab.search import lab_config
from game.registry import get_game, get_kit

CLASSROOM = get_game("classroom")


def test_compare_textbook_tree() -> None:
    state = CLASSROOM.initial_state(example="textbook")
    rows = compare(state, get_kit("classroom"), 2)
    # A classroom tree has no level: no row is marked as the one that plays.
    assert [r.label for r in rows] == [
        "minimax", "alpha-beta, no ordering", "+ move ordering", "+ transposition table",
        "+ PVS", "MTD(f) + table",
    ]
    assert all(r.status == "done" and r.agree and r.value == 3 and r.move == "a" for r in rows)
    # 1 root + 3 MIN nodes + 9 leaves; alpha-beta skips the leaves 4 and 6. Ordering's
    # iterative deepening adds a depth-1 pass (4 nodes): counted in the total, not the bar.
    # MTD(f) needs two probes ("at least 3?" yes, "above 3?" no): 13 nodes, more than
    # alpha-beta's 11 on a tree this small.
    assert [r.nodes for r in rows[:2]] == [13, 11]
    assert [r.final_nodes for r in rows] == [13, 11, 11, 11, 11, 13]
    assert [r.nodes for r in rows[2:]] == [15, 15, 15, 18] and rows[2].passes == 2
    assert [r.probes for r in rows] == [0, 0, 0, 0, 0, 2]
    assert agreement_text(rows) == "All 6 finished searches agree: value 3 for MAX."
    assert rows[0].to_json()["switches"]["tt"] is False


def test_compare_with_dice() -> None:
    state = CLASSROOM.initial_state(example="chance-rescaled")
    rows = compare(state, get_kit("classroom"), 3)
    assert [r.label for r in rows] == [
        "minimax, rolls averaged (no pruning)", "expectiminimax (alpha-beta at decisions)",
        "+ Star1 pruning",
    ]
    assert all(r.move == "b" and r.value == pytest.approx(7.9) for r in rows)
    backgammon = get_game("backgammon").parse_position("4HPwATDgc/ABMA 31")
    specs = compare_specs(backgammon, get_kit("backgammon"), 3)
    assert specs[-1].label == "+ move filtering"
    assert specs[-1].config.refinements.move_filter and not specs[-2].config.refinements.move_filter
    # "(plays)" comes from the level's own configuration: Casual is the generic searcher
    # with every refinement; Master is the network's own searcher.
    base = lab_config(get_kit("backgammon"), "Casual", 3)
    specs = compare_specs(backgammon, get_kit("backgammon"), 3, base, "Casual")
    assert specs[-1].label == "+ move filtering (Casual plays)"
    specs = compare_specs(backgammon, get_kit("backgammon"), 3, lab_config(get_kit("backgammon"), "Master", 3),
                          "Master")
    assert [s.label for s in specs] == [
        "minimax, rolls averaged (no pruning)",
        "expectiminimax, network batches and root filter (Master plays)"]
    assert all(s.config.evaluator == "net" for s in specs)


def test_long_rows_are_estimated_not_run() -> None:
    state = get_game("othello").initial_state()
    rows = compare(state, get_kit("othello"), 7, max_row_s=0.02)
    minimax = rows[0]
    assert minimax.status == "too long" and minimax.nodes == 0 and minimax.value is None
    # How many depths the estimate probes depends on the clock (a busy machine probes fewer
    # and extrapolates lower: 7,724 nodes seen with the other core busy), so the bound is loose.
    assert minimax.estimate_nodes > 1_000 and minimax.estimate_s > 0.02
    assert minimax.agree is None
    done = CompareRow("+ PVS, aspiration (plays)", "alphabeta", {}, 7, "done", value=1.0,
                      value_text="+1 discs", agree=True)
    assert agreement_text([minimax, done]) == (
        "Only + PVS, aspiration (plays) finished (value +1 discs): nothing to compare it with.")


def test_estimate_is_exact_when_the_search_fits() -> None:
    state = get_game("tictactoe").parse_position("X---O---- X")
    config = SearchConfig("tictactoe", "alphabeta", Limits(depth=4),
                          Refinements(tt=False, ordering=False, pvs=False))
    guess = estimate(state, config)
    assert guess.result is not None and guess.measured_depth == 4
    assert guess.nodes == guess.result.stats.nodes


def test_backgammon_estimates_follow_the_network_searchs_own_shape() -> None:
    """Growth rates put two chance layers at 10 to 150 times their real cost (depth 3 is a
    hundred-odd times depth 1, depth 5 only tens of times depth 3), so the lab refused to
    record the two-layer search as "about 59 s". The searcher's own prediction, from depth 1
    alone or from depth 3, stays within a factor of four on these positions (an opening
    reply, a middle game, a double, a bear-off; 0.35 to 1.25 of the real count)."""
    from dataclasses import replace

    from ai.engine import node_predictor, run_search
    from ai.lab.search import lab_config

    game = get_game("backgammon")
    for position in ("sGfwATDgc/ABMA 31 1", "mGfkIwDGTnAwSA 54", "xh4wmBGYZ+QjAA 55 1",
                     "t7YBcAA/3wAAAA 61 1"):
        state = game.parse_position(position)
        config = replace(lab_config(get_kit("backgammon"), "Master", 5), use_book=False)
        searched = run_search(state, config).stats
        shallow = estimate(state, config, probe_s=0.0)  # depth 1 measured, the rest foretold
        assert shallow.measured_depth == 1 and shallow.result is None
        three = run_search(state, replace(config, limits=Limits(depth=3))).stats
        own = node_predictor(state, config)
        from_three = own([(1, three.nodes_per_depth[0], 0.01), (3, three.nodes, 0.1)], 5)
        for guess in (shallow.nodes, from_three):
            assert guess is not None and 0.25 < guess / searched.nodes < 4, position
        assert own([(3, three.nodes, 0.1), (1, 5, 0.0)], 4) == three.nodes + 1


def test_cancelled_compare_stops() -> None:
    cancel = threading.Event()
    cancel.set()
    rows = compare(CLASSROOM.initial_state(), get_kit("classroom"), 2, cancel=cancel)
    assert {r.status for r in rows} == {"stopped"}
    assert agreement_text(rows) == "No search finished."


def test_agreement_text_names_the_odd_one_out() -> None:
    base = {"ordering": True, "tt": True, "pvs": True, "aspiration": True, "star1": True}
    rows = [
        CompareRow("minimax", "minimax", {**base, "move_filter": False}, 3, "done", value=0.5,
                   value_text="+0.50 points a game", agree=True),
        CompareRow("+ move filtering (plays)", "expectiminimax", {**base, "move_filter": True},
                   3, "done", value=0.4, agree=False),
    ]
    text = agreement_text(rows)
    assert text.startswith("Values differ: + move filtering (plays) against minimax's +0.50")
    assert "heuristic" in text


def test_effective_branching_factor() -> None:
    assert effective_branching_factor(15, 3) == pytest.approx(2.0)  # 1 + 2 + 4 + 8
    assert effective_branching_factor(1 + 3 + 9, 2) == pytest.approx(3.0)
    assert effective_branching_factor(3, 2) == 1.0


def test_branching_factor() -> None:
    assert branching_factor(CLASSROOM.initial_state(example="textbook")) == pytest.approx(3.0)
    assert branching_factor(CLASSROOM.initial_state(example="four-ply")) == pytest.approx(2.0)
    # Backgammon: the 21 rolls and roughly 15-20 moves per roll.
    b = branching_factor(get_game("backgammon").parse_position("4HPwATDgc/ABMA 31"))
    assert 10 < b < 30


def test_depth_chart_four_ply_tree() -> None:
    state = CLASSROOM.initial_state(example="four-ply")
    config = SearchConfig("classroom", "alphabeta", Limits(depth=6),
                          Refinements(tt=False, ordering=False, pvs=False))
    rows = depth_chart(state, config, 6)
    # Each depth is one pass; depth 4 reaches every leaf and the chart stops there.
    assert [r.depth for r in rows] == [1, 2, 3, 4]
    assert rows[-1].exact and rows[-1].value == 5 and rows[-1].move == "a"
    assert rows[-1].nodes == 23 and rows[-1].total_nodes == 23
    assert [r.b_pow_d for r in rows] == pytest.approx([2, 4, 8, 16])
    assert rows[-1].b_pow_half_d == pytest.approx(4)
    assert not any(r.move_changed for r in rows)


def test_depth_chart_shows_the_answer_changing() -> None:
    """Seven empty squares: minimax visits 1 + 7 + 7*6 + ... nodes, and the value moves as
    the search looks further."""
    state = get_game("tictactoe").parse_position("X---O---- X")
    rows = depth_chart(state, SearchConfig("tictactoe", "minimax", Limits(depth=3)), 3)
    assert [r.depth for r in rows] == [1, 2, 3]
    assert [r.nodes for r in rows] == [1 + 7, 1 + 7 + 7 * 6, 1 + 7 + 7 * 6 + 7 * 6 * 5]
    assert len({r.value for r in rows}) > 1
    assert rows[0].to_json()["b"] > 1


def test_depth_chart_of_iterative_deepening() -> None:
    """Alpha-beta with ordering deepens anyway: one run, each depth's own pass reported."""
    state = get_game("othello").initial_state()
    config = SearchConfig("othello", "alphabeta", Limits(depth=5))
    rows = depth_chart(state, config, 5)
    assert [r.depth for r in rows] == [1, 2, 3, 4, 5]
    assert rows[0].nodes == 5  # the root and its four moves
    assert rows[-1].total_nodes == sum(r.nodes for r in rows)
    from ai.engine import make_searcher

    alone = make_searcher(config).search(state, config.limits)
    assert [r.nodes for r in rows] == list(alone.stats.nodes_per_depth)
    assert rows[-1].value == alone.score
    assert all(a.time_s <= b.time_s for a, b in zip(rows, rows[1:], strict=False))


def test_depth_chart_stops_when_cancelled() -> None:
    cancel = threading.Event()
    cancel.set()
    state = get_game("othello").initial_state()
    for algorithm in ("alphabeta", "minimax"):
        config = SearchConfig("othello", algorithm, Limits(depth=4))
        assert depth_chart(state, config, 4, cancel=cancel) == []


def test_a_backgammon_double_with_few_moves_opens_at_a_readable_depth() -> None:
    """The lab's first depth counted every ply as the root's moves: a double with 3 moves
    opened 7 plies deep, a search it then refused to record ("about 223 s"). A roll counts
    its 21 outcomes, so it opens where any backgammon position does."""
    from ui.lab.defaults import defaults_for

    game = get_game("backgammon")
    double = game.parse_position("4NvgATCwZ/ABMA 66")
    assert len(double.legal_moves()) == 3
    assert defaults_for(get_kit("backgammon"), double).depth == 3
    assert defaults_for(get_kit("backgammon"), game.parse_position("4HPwATDgc/ABMA 31")).depth == 3
    assert defaults_for(get_kit("othello"), get_game("othello").initial_state()).depth == 4
