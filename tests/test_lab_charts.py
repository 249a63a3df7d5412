"""The depth chart and the compare bars count like against like, and name what they show
(issue "The lab tells the truth": Compare said the refinements hurt; the depth chart plotted
leaves against nodes, drew a classroom tree's depth-1 value as 0, and called every change of
move the horizon effect)."""

from __future__ import annotations

import math

import pytest

from ai.engine import search_to_depth
from ai.lab.compare import compare
from ai.lab.depth_chart import DepthRow, depth_chart, horizon_swing, uniform_tree
from ai.lab.search import TEACHING, lab_config
from ai.searchbase import WIN
from game.registry import get_game, get_kit


def row(value: float, has_value: bool = True) -> DepthRow:
    return DepthRow(1, value, "", "a1", 1, 1, 0.0, 1.0, False, False, has_value=has_value)


def test_uniform_tree_references() -> None:
    nodes, leaves, best = uniform_tree(3.0, 2)
    assert (nodes, leaves, best) == (1 + 3 + 9, 9, 3 + 3 - 1)
    nodes, leaves, best = uniform_tree(3.0, 3)
    assert (nodes, leaves, best) == (40, 27, 9 + 3 - 1)  # Knuth and Moore: b^2 + b^1 - 1


def test_the_horizon_effect_is_a_turned_verdict_not_any_new_move() -> None:
    assert horizon_swing(row(5.0), -6.0)  # one more ply sees a loss coming
    assert not horizon_swing(row(5.0), 7.0)  # same verdict, a bit better
    assert not horizon_swing(row(5.0), -1.0)  # crosses zero, but only just
    assert not horizon_swing(row(1.4), -1.2, min_swing=6.4)  # Othello's odd-even wobble
    assert horizon_swing(row(0.5), -(WIN - 4))  # a proven loss appears
    assert not horizon_swing(row(0.0, has_value=False), 3.0)  # no value before: no swing


def test_depth_chart_series_are_like_against_like() -> None:
    state = get_game("othello").initial_state()
    rows = depth_chart(state, lab_config(get_kit("othello"), "Master", 4), 4)
    assert [r.depth for r in rows] == [1, 2, 3, 4]
    for r in rows:
        nodes, leaves, best = uniform_tree(r.branching, r.depth)
        assert r.tree_nodes == pytest.approx(nodes) and r.b_pow_d == pytest.approx(leaves)
        assert r.best_case_leaves == pytest.approx(best)
        assert 0 < r.leaves < r.nodes <= r.total_nodes
        assert r.has_value and not r.horizon  # an evaluation's wobble is no horizon effect
    # Alpha-beta with good ordering at depth 4 looks at fewer leaves than minimax's b^d.
    assert rows[-1].leaves < rows[-1].b_pow_d
    assert math.isclose(rows[0].tree_nodes, 1 + rows[0].branching)


def test_classroom_depth_chart_has_no_made_up_values() -> None:
    """Above its leaves a classroom tree has no numbers: depth 1 of the textbook tree has no
    value (it used to be drawn as 0), depth 2 reaches the leaves: 3, proven."""
    state = get_game("classroom").initial_state(example="textbook")
    rows = depth_chart(state, lab_config(get_kit("classroom"), TEACHING, 2, state), 2)
    assert [(r.depth, r.has_value) for r in rows] == [(1, False), (2, True)]
    assert rows[0].value_text.startswith("no value")
    assert rows[1].value == 3 and rows[1].exact and not rows[1].horizon


def test_backgammon_depth_chart_leaves_out_the_depths_it_takes_over() -> None:
    """An even depth of the network search ends on a chance layer and takes the odd depth's
    answer over: charted, it was a pass of one node between 2,590 and 60,000 (a zigzag that
    taught that searching deeper can cost nothing)."""
    state = get_game("backgammon").parse_position("sGfwATDgc/ABMA 31 1")
    rows = depth_chart(state, lab_config(get_kit("backgammon"), "Master", 6), 6)
    assert [r.depth for r in rows] == [1, 3, 5]
    assert rows[0].nodes < rows[1].nodes < rows[2].nodes
    assert rows[2].total_nodes == sum(r.nodes for r in rows) + 2  # the two taken over: 1 each


def test_compare_counts_a_taken_over_depth_as_the_search_below_it() -> None:
    """At depth 4 the network search's last pass is one node (it takes depth 3 over): a bar
    of one node beside minimax's would teach that the search cost nothing."""
    from ai.lab.compare_notes import refinement_notes

    state = get_game("backgammon").parse_position("sGfwATDgc/ABMA 31 1")
    rows = compare(state, get_kit("backgammon"), 4, base=lab_config(get_kit("backgammon"), "Master", 4),
                   level="Master")
    network = next(r for r in rows if r.label.endswith("(Master plays)"))
    assert network.status == "done" and network.taken_over
    below = search_to_depth(state, lab_config(get_kit("backgammon"), "Master", 3), 3, None)
    assert network.final_nodes == below.stats.nodes_per_depth[-1] + 1
    assert any("takes depth 3's answer over" in n for n in refinement_notes(rows))


def test_compare_counts_the_final_pass_and_the_total() -> None:
    """Othello from the start at depth 3, Master's evaluator: the bars (final passes) show
    ordering paying (73, 51, 31 nodes); iterative deepening's shallower passes are counted
    apart, and the level's own row says it plays."""
    state = get_game("othello").initial_state()
    rows = compare(state, get_kit("othello"), 3, base=lab_config(get_kit("othello"), "Master", 3),
                   level="Master")
    assert [r.final_nodes for r in rows] == [73, 51, 31, 31, 31, 45]
    assert [r.passes for r in rows] == [1, 1, 3, 3, 3, 3]
    assert all(r.nodes >= r.final_nodes for r in rows)
    assert rows[4].label.endswith("(Master plays)")
    assert sum(r.label.endswith("plays)") for r in rows) == 1


def test_a_chart_asked_for_a_depth_it_takes_over_ends_finished_not_stopped(tmp_path,
                                                                           monkeypatch) -> None:
    """Deepest 6 on backgammon's network search: depth 6 ends on a chance layer and is taken
    over from depth 5, so the chart ends at 5. The pane said "Stopped at depth 5: the next
    depth was estimated to take too long", which was false; it now says why 6 is not drawn."""
    from tests.test_ui_support import make_app
    from ui.lab import lab_scene

    state = get_game("backgammon").parse_position("sGfwATDgc/ABMA 31 1")
    rows = depth_chart(state, lab_config(get_kit("backgammon"), "Master", 6), 6)
    assert rows[-1].depth == 5 and rows[-1].next_taken_over
    assert rows[-1].to_json()["next_taken_over"] is True
    app = make_app(tmp_path, monkeypatch, size=(1280, 720))
    try:
        scene = lab_scene(app, state, get_kit("backgammon"), "depth")
        app.switch(scene)
        app.run_frames(1)
        assert app.run_until(lambda: not scene.jobs.busy, timeout_s=90)
        pane = scene.pane("depth")
        said: list[str] = []
        monkeypatch.setattr(pane.ctx, "show_message", lambda text, *a: said.append(text))
        pane.max_depth = 6
        pane._done(rows)
        assert not said
        assert pane._done_text() == "Done: depths 1 to 5 (6 ends on a chance layer: 5's answer)"
        pane.max_depth = 7  # deeper than the chart went: that one was cut short
        pane._done(rows)
        assert said and said[0].startswith("Stopped at depth 5")
    finally:
        app.close()
