"""The depth chart draws alpha-beta's best case as counted on the position's own tree, and only
beside a search it bounds: a tree with chance layers has no b^(d/2) to reach, so beside
expectiminimax the line would promise a saving the search cannot make; and a uniform tree's
formula, beside a real tree, could sit above the leaves alpha-beta looked at."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from ai.lab.depth_chart import depth_chart, has_best_case  # noqa: E402
from ai.lab.search import lab_config  # noqa: E402
from game.registry import get_game, get_kit  # noqa: E402
from ui.lab import depth_plot, depth_refs  # noqa: E402

BEST_CASE = "alpha-beta's best case on this tree"


def drawn_legend(monkeypatch, rows, algorithm: str) -> list[str]:
    pygame.font.init()
    drawn: list[str] = []
    real = depth_plot.draw_text
    monkeypatch.setattr(depth_plot, "draw_text", lambda surface, text, *a, **k: drawn.append(
        text) or real(surface, text, *a, **k))
    depth_plot.draw_depth_chart(pygame.Surface((1200, 800)), pygame.Rect(0, 0, 1200, 800), rows,
                                rows[0].branching, 16, "", None, algorithm)
    return drawn


def test_the_best_case_line_is_drawn_beside_alpha_beta_only(monkeypatch) -> None:
    othello = get_game("othello").initial_state()
    rows = depth_chart(othello, lab_config(get_kit("othello"), "Master", 3), 3)
    assert BEST_CASE in drawn_legend(monkeypatch, rows, "alpha-beta")
    backgammon = get_game("backgammon").parse_position("4HPwATDgc/ABMA 31")
    config = lab_config(get_kit("backgammon"), "Intermediate", 2, backgammon)
    assert config.algorithm == "expectiminimax"
    rows = depth_chart(backgammon, config, 2)
    assert all(r.fewest_leaves is None and r.best_case_leaves is None for r in rows)
    assert all("best_case_leaves" not in r.to_json() for r in rows)
    drawn = drawn_legend(monkeypatch, rows, depth_plot.algorithm_label(config.algorithm))
    assert BEST_CASE not in drawn
    assert "its leaves b^d" in drawn and "leaves" in drawn  # the other series stay keyed


def test_the_best_case_line_never_sits_above_the_leaves_looked_at() -> None:
    """At Othello's start (4 moves, each answered by 3) the uniform formula with b = 4.4 asked
    for 4.4 leaves at depth 1 and 22.8 at depth 3, where alpha-beta looked at 4 and 20: the
    line drawn is the real tree's, and alpha-beta's leaves are never below it."""
    othello = get_game("othello").initial_state()
    rows = depth_chart(othello, lab_config(get_kit("othello"), "Master", 5), 5)
    assert rows[2].best_case_leaves > rows[2].leaves  # the uniform formula's claim, replaced
    assert all(r.fewest_leaves <= r.leaves for r in rows)
    assert depth_refs.best_case_points(rows) == ([1, 2, 3, 4, 5], [4.0, 6.0, 18.0, 29.0, 124.0])
    assert [r.to_json()["fewest_leaves"] for r in rows] == [4, 6, 18, 29, 124]


def test_the_best_case_line_stops_where_the_tree_is_too_big_to_walk(monkeypatch) -> None:
    """Depth 3 of Othello's start is a tree of 73 nodes, depth 4 one of 317 (a uniform tree
    of its b would have 111 and 489): with room for 120, the line stops at depth 3 and the
    footnote says where."""
    monkeypatch.setattr("ai.lab.minimal_tree.DEFAULT_TREE_BUDGET", 120)
    othello = get_game("othello").initial_state()
    rows = depth_chart(othello, lab_config(get_kit("othello"), "Master", 5), 5)
    assert [r.fewest_leaves for r in rows] == [4, 6, 18, None, None]
    assert "counted on this tree to depth 3," in depth_refs.reference_notes(rows, 4.4)[1]
    assert len(depth_refs.reference_notes(rows[:3])) == 1  # counted to the last depth: no ○
    nodes, leaves, counted = depth_refs.minimax_references(rows, rows[0].branching)
    assert counted == {1, 2, 3}
    assert nodes[:3] == [5, 17, 73] and leaves[:3] == [4, 12, 56]  # the tree's own counts
    assert nodes[3] == pytest.approx(rows[3].tree_nodes)  # beyond: the uniform tree's


def test_leaves_below_the_line_are_put_down_to_the_transposition_table() -> None:
    """Tic-tac-toe's depth 4 from the empty board: alpha-beta with its table looks at 85
    leaves where any search without one needs 110; with the table off it looks at 191. The
    chart says why the line was beaten instead of leaving it a riddle."""
    board = get_game("tictactoe").initial_state()
    config = lab_config(get_kit("tictactoe"), "Master", 4)
    with_table = depth_chart(board, config, 4)
    assert (with_table[3].leaves, with_table[3].fewest_leaves) == (85, 110)
    assert "depth 4: the transposition table" in depth_refs.reference_notes(with_table)[-1]
    without = depth_chart(board, config.with_refinements(tt=False), 4)
    assert all(r.leaves >= r.fewest_leaves for r in without)
    assert len(depth_refs.reference_notes(without)) == 1


def test_minimax_is_drawn_above_what_alpha_beta_searched() -> None:
    """The empty tic-tac-toe board has 9 moves, so minimax's depth 1 is 10 nodes and 9
    leaves; a uniform tree of its b = 6.3 had 7.3 and 6.3, below alpha-beta's own 10 and 9,
    a picture that taught alpha-beta searching more than minimax."""
    board = get_game("tictactoe").initial_state()
    rows = depth_chart(board, lab_config(get_kit("tictactoe"), "Master", 4), 4)
    assert rows[0].tree_nodes < rows[0].nodes  # the uniform reference, replaced
    nodes, leaves, counted = depth_refs.minimax_references(rows, rows[0].branching)
    assert counted == {1, 2, 3, 4}
    assert nodes == [10, 82, 586, 3610] and leaves == [9, 72, 504, 3024]
    assert all(n >= r.nodes and n_leaves >= r.leaves
               for n, n_leaves, r in zip(nodes, leaves, rows, strict=True))


def test_the_charts_name_alpha_beta_with_its_hyphen() -> None:
    assert depth_plot.algorithm_label("alphabeta") == "alpha-beta"
    assert depth_plot.algorithm_label("expectiminimax") == "expectiminimax"
    assert not has_best_case("expectiminimax")
    assert has_best_case("minimax") and has_best_case("alphabeta") and has_best_case("mtdf")


def test_the_pane_says_it_counts_and_takes_each_counted_row_in_its_place() -> None:
    """After the search the pane hears which depth is being counted (its status says so,
    not "Searching depth 4") and each counted row replaces its depth's row."""
    from types import SimpleNamespace

    from ui.lab.defaults import defaults_for
    from ui.lab.depth_pane import DepthPane

    othello = get_game("othello").initial_state()
    pane = DepthPane(SimpleNamespace(game_id="othello", kit=get_kit("othello"), state=othello,
                                     level="Master",
                                     defaults=defaults_for(get_kit("othello"), othello)))
    heard: list[tuple[str, int, int | None]] = []

    def progress(item) -> None:
        pane._progress(item)
        heard.append((type(item).__name__, len(pane.rows), pane.counting))

    rows = depth_chart(othello, lab_config(get_kit("othello"), "Master", 3), 3, progress=progress)
    assert heard == [("DepthRow", 1, None), ("DepthRow", 2, None), ("DepthRow", 3, None),
                     ("CountingTree", 3, 1), ("DepthRow", 3, 1),
                     ("CountingTree", 3, 2), ("DepthRow", 3, 2),
                     ("CountingTree", 3, 3), ("DepthRow", 3, 3)]
    assert pane.rows == rows and [r.fewest_leaves for r in pane.rows] == [4, 6, 18]


def test_beside_quiescence_the_tree_is_counted_for_the_series_without_it() -> None:
    """Kalah's start: 6 moves, one of which sows into the store and moves again, so minimax's
    depth 1 is 7 nodes; a uniform tree of b = 5.3 drew 6.3, under alpha-beta's 7. The plain
    series gets the counts; the quiescence series, whose leaves lie past the depth, none."""
    kalah = get_game("kalah").initial_state()
    config = lab_config(get_kit("kalah"), "Master", 3)
    rows = depth_chart(kalah, config, 3, with_quiescence=True)
    plain, quiet = depth_plot.split_series(rows)
    assert [r.minimax_nodes for r in plain][:1] == [7]
    assert all(r.minimax_nodes is not None and r.fewest_leaves <= r.leaves for r in plain)
    assert all(r.minimax_nodes is None and r.fewest_leaves is None for r in quiet)
    alone = depth_chart(kalah, config, 2)  # quiescence on, one series: not counted
    assert config.refinements.quiescence and all(r.fewest_leaves is None for r in alone)
