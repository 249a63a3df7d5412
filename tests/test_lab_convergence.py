"""The lab's convergence chart (issue 44): MCTS's root moves against iterations, the minimax
line where the position can be searched to its end, what the screen draws of it, and the
layout sweep's verdict on its screen."""

from __future__ import annotations

from typing import Any

import pytest

from ai.api import Limits
from ai.engine import make_searcher
from ai.kit import profile_for
from ai.lab.convergence import convergence, mcts_config, minimax_value
from ai.lab.search import default_level, lab_config
from ai.mcts.reward import reward_for
from ai.mcts.searcher import MctsSearcher
from cli.bench_layout import sweep_game
from game.registry import get_kit
from tests.test_ui_support import make_app
from ui import scene_record
from ui.lab import lab_scene
from ui.layout_check import findings


def _last(series: object) -> object:
    assert isinstance(series, list)
    return series[-1]


def _config(game_id: str, state: Any) -> Any:
    kit = get_kit(game_id)
    return lab_config(kit, default_level(kit), None, state)


def test_the_last_point_is_the_final_search_root_statistics() -> None:
    """A fresh searcher with the chart's config, searched as long, has the same root."""
    kit = get_kit("tictactoe")
    game = kit.rules()
    state = game.initial_state()
    config = _config("tictactoe", state)
    chart = convergence(state, config, 700)
    searcher = make_searcher(mcts_config(config))
    assert isinstance(searcher, MctsSearcher)
    searcher.owner = None
    result = searcher.search(state, Limits(iterations=700))
    assert searcher.root is not None
    expected = {game.format_move(state, c.move): (c.n, c.w) for c in searcher.root.children}
    last = chart.points[-1]
    assert last.iterations == 700
    assert {m.move: (m.n, m.w) for m in last.moves} == expected
    assert chart.best == game.format_move(state, result.move)
    # the points double: 16, 32, ... 512, then the end
    assert [p.iterations for p in chart.points] == [16, 32, 64, 128, 256, 512, 700]
    assert all(sum(m.n for m in p.moves) == p.iterations for p in chart.points)


def test_the_minimax_line_is_the_games_value_in_reward_units() -> None:
    ttt = get_kit("tictactoe")
    reward = reward_for(profile_for(ttt))
    assert minimax_value(ttt.rules().initial_state(), reward).value == 0.0  # a draw
    nim = get_kit("nim")
    game = nim.rules()
    won = game.initial_state(heaps=(5,), max_take=3)  # 5 mod 4 = 1: the mover wins
    lost = game.initial_state(heaps=(4,), max_take=3)
    nim_reward = reward_for(profile_for(nim))
    assert minimax_value(won, nim_reward).value == 1.0
    assert minimax_value(lost, nim_reward).value == -1.0
    too_big = minimax_value(ttt.rules().initial_state(), reward, budget=100)
    assert too_big.value is None and "not solvable here" in too_big.reason


def test_a_game_with_dice_says_it_is_not_solvable() -> None:
    kit = get_kit("backgammon")
    game = kit.rules()
    state = game.initial_state()
    state = state.apply(state.chance_outcomes()[0][0])
    mm = minimax_value(state, reward_for(profile_for(kit)))
    assert mm.value is None and "dice" in mm.reason


def test_the_chart_draws_a_line_per_top_move_and_the_minimax_line(
        tmp_path: Any, monkeypatch: Any) -> None:
    app = make_app(tmp_path, monkeypatch, size=(1280, 720))
    kit = get_kit("tictactoe")
    try:
        app.switch(lab_scene(app, kit.rules().initial_state(), kit, "convergence"))
        app.step([], 0.02)
        assert app.run_until(lambda: not app.scene.jobs.busy, timeout_s=60)
        app.step([], 0.02)
        with scene_record.recording(app.screen) as rec:
            app.step([], 0.02)
        pane = app.scene.pane()
        chart = pane.chart_data
        assert chart is not None
        lines = rec.marks_of("convergence-line")
        by_visits = sorted(chart.points[-1].moves, key=lambda m: -m.n)[:5]
        assert [m["move"] for m in lines] == [m.move for m in by_visits]
        for mark, stat in zip(lines, by_visits, strict=True):
            assert _last(mark["visits"]) == stat.n
            assert _last(mark["means"]) == pytest.approx(stat.mean)
            assert _last(mark["iterations"]) == chart.points[-1].iterations
        assert len({(m["colour"], m["dash"]) for m in lines}) == len(lines)
        (minimax,) = rec.marks_of("convergence-minimax")
        assert minimax["value"] == 0.0
        assert rec.find("minimax 0")
        assert findings(rec) == []
    finally:
        app.close()


@pytest.mark.parametrize("game_id", ["tictactoe", "othello"])
def test_the_sweep_finds_nothing_on_the_convergence_chart(game_id: str) -> None:
    """1280x720 in both modes, and the smallest window, 640x480 (presentation mode there
    cuts every view's text: its 20 px labels do not fit a window that small)."""
    kit = get_kit(game_id)
    rows = (sweep_game(kit, only={"lab convergence"}, sizes=((1280, 720),))
            + sweep_game(kit, only={"lab convergence"}, sizes=((640, 480),), modes=("normal",)))
    assert rows
    assert [f"{r.size} {r.mode}: {f}" for r in rows for f in r.findings] == []


def test_the_slides_tree_converges_on_the_chart_to_its_minimax_line_three(
        tmp_path: Any, monkeypatch: Any) -> None:
    """The teaching tree in the MCTS view: the chart runs (it refused a tree once, its
    leaves on no known scale), the minimax line is the slides' 3 and the left move leads."""
    from ui.lab import teaching_scene

    app = make_app(tmp_path, monkeypatch, size=(1280, 720))
    try:
        scene = teaching_scene(app, get_kit("classroom"), "textbook")
        app.switch(scene)
        app.step([], 0.02)
        assert app.run_until(lambda: not scene.jobs.busy, timeout_s=60)
        scene.select("convergence")
        app.step([], 0.02)
        assert app.run_until(lambda: scene.pane().chart_data is not None, timeout_s=60)
        chart = scene.pane().chart_data
        assert chart.minimax.value == 3.0 and chart.best == "a"
        app.step([], 0.02)
        with scene_record.recording(app.screen) as rec:
            app.step([], 0.02)
        (minimax,) = rec.marks_of("convergence-minimax")
        assert minimax["value"] == 3.0 and findings(rec) == []
    finally:
        app.close()
