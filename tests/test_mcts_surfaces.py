"""Monte Carlo tree search through the program's surfaces: run_search on the games with
passes, extra turns and dice; analyze, engine, match and bench; the menu's "pick search"."""

from __future__ import annotations

import json
import random

import pytest

from ai.api import Limits, SearchConfig
from ai.engine import run_search
from ai.kit import get_level, levels_of
from ai.levels import search_levels
from ai.mcts import keep
from cli.engine import handle
from game.core import CHANCE, TERMINAL
from game.registry import get_kit, playable_kits
from play.setup import describe_seat, search_config
from tests.test_cli import run_main
from ui.scenes.play_setup import seat_from_setting
from ui.settings import SeatSetting


@pytest.mark.parametrize("game_id,iterations", [("othello", 30), ("kalah", 30),
                                                ("backgammon", 2)])
def test_mcts_plays_legal_games_to_the_end(game_id: str, iterations: int) -> None:
    """Passes (Othello), extra turns (Kalah) and dice (backgammon) as the rules give them:
    every move the search names is legal where it is played, and the game ends."""
    keep.forget()
    state = get_kit(game_id).rules().initial_state()
    dice = random.Random(7)
    config = SearchConfig(game_id, "mcts", Limits(iterations=iterations), seed=3)
    for _ in range(2000):
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            state = state.apply(dice.choices([o for o, _ in outcomes],
                                             [p for _, p in outcomes])[0])
            continue
        result = run_search(state, config)
        assert result.move in state.legal_moves()
        assert result.algorithm == "mcts"
        state = state.apply(result.move)
    assert state.current_player() == TERMINAL
    keep.forget()


def test_analyze_reports_visits_means_ucb_parts_and_rates(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "analyze", "--game", "tictactoe", "--algorithm", "mcts",
                              "--iterations", "300", "--seed", "4")
    assert code == 0, err
    report = json.loads(out)
    mcts = report["mcts"]
    assert report["algorithm"] == "mcts" and report["limits"]["iterations"] == 300
    assert mcts["iterations"] == mcts["root_visits"] == 300
    assert sum(m["visits"] for m in mcts["moves"]) == 300
    assert mcts["moves"][0]["move"] == report["best_move"]  # the move by visits
    first = mcts["moves"][0]
    assert first["ucb"] == pytest.approx(first["exploitation"] + first["exploration"], abs=1e-5)
    assert mcts["principal_line_by_visits"][0] == report["best_move"]
    assert mcts["iterations_per_s"] > 0 and mcts["playouts_per_s"] > 0
    # A mean reward, said as one: not in plies, discs or open lines.
    assert report["value_text"].startswith("mean ") and "% score" in report["value_text"]


def test_analyze_takes_a_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "analyze", "--game", "othello", "--algorithm", "mcts",
                              "--time", "0.2")
    assert code == 0, err
    report = json.loads(out)
    assert report["mcts"]["iterations"] > 0 and "discs" not in report["value_text"]
    assert "weighted by the margin" in report["value_text"]


def test_the_engine_answers_an_mcts_request() -> None:
    answer = handle({"game": "nim", "position": "2,3 1", "algorithm": "mcts",
                     "iterations": 500, "seed": 1})
    assert answer["move"] == "2:1"  # evening the heaps wins
    mcts = answer["mcts"]
    assert isinstance(mcts, dict) and mcts["iterations"] == 500
    bad = pytest.raises(ValueError, handle, {"game": "nim", "algorithm": "mcts",
                                             "iterations": 0})
    assert "iterations" in str(bad.value)


def test_search_levels_are_parsed_for_every_game_with_levels() -> None:
    (one_second,) = search_levels("MCTS-1s", ())
    assert one_second.algorithm == "mcts" and one_second.time_s == 1.0
    (ten_k,) = search_levels("mcts-10k", ())
    assert ten_k.iterations == 10_000 and ten_k.time_s is None
    assert search_levels("MCTS-0.5s", ())[0].time_s == 0.5
    assert search_levels("MCTS-", ()) == () and search_levels("Master", ()) == ()
    for kit in playable_kits():
        assert get_level(kit, "MCTS-10k").config(kit).limits.iterations == 10_000


def test_ab_levels_are_masters_search_at_a_time_with_no_solver_and_no_book() -> None:
    """MCTS's opponent at equal time searches as Master does (same algorithm and evaluator)
    for the given seconds, and nothing but search answers for it."""
    for kit in playable_kits():
        master = get_level(kit, "Master")
        equal_time = get_level(kit, "AB-1.5s")
        assert equal_time.algorithm == master.algorithm
        assert equal_time.evaluator == master.evaluator
        assert equal_time.use_evaluator == master.use_evaluator
        limits = equal_time.config(kit).limits
        assert (limits.time_s, limits.depth, limits.iterations) == (1.5, None, None)
        assert not equal_time.exact and not equal_time.book and equal_time.noise == 0.0
    assert search_levels("AB-10k", levels_of(get_kit("othello"))) == ()  # time only
    assert search_levels("AB-1s", ()) == ()  # no Master to take the recipe from


def test_match_plays_mcts_levels(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "match", "--game", "tictactoe", "--a", "MCTS-1k",
                              "--b", "Beginner", "--games", "2", "--jobs", "1", "--seed", "3",
                              "--json")
    assert code == 0, err
    assert json.loads(out)["games"] == 2


def test_bench_mcts_prints_iterations_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "bench", "mcts", "--repeat", "1", "--games", "nim")
    assert code == 0, err
    figures = json.loads(out.strip().splitlines()[-1])["mcts"]
    (row,) = figures.values()
    assert row["game"] == "nim" and row["iterations_per_s"] > 0


def test_pick_search_offers_mcts_with_a_time_a_move() -> None:
    seat = seat_from_setting(SeatSetting("custom", algorithm="mcts", time_s=2.0))
    assert seat.time_s == 2.0 and seat.depth is None
    config = search_config(get_kit("othello"), seat)
    assert config is not None and config.algorithm == "mcts"
    assert config.limits.time_s == 2.0 and config.limits.depth is None
    assert describe_seat(seat) == "AI · mcts 2 s"


def test_the_menu_offers_mcts_with_a_time_a_move(tmp_path, monkeypatch) -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from test_ui_support import make_app

    from ui.widgets import Choice

    app = make_app(tmp_path, monkeypatch, size=(1280, 720), game="othello",
                   seats=[SeatSetting("human"), SeatSetting("custom")])
    try:
        menu = app.scene
        menu._set_seat_field(1, "algorithm", "mcts")
        labels = [w.label for w in menu.widgets if isinstance(w, Choice)]
        assert "   time a move" in labels and "   depth" not in labels
        row = next(w for w in menu.widgets if isinstance(w, Choice)
                   and w.label == "   time a move")
        assert ("mcts" in [v for v, _ in next(
            w for w in menu.widgets if isinstance(w, Choice)
            and w.label == "   algorithm").options])
        assert row.value == 1.0
        menu._set_seat_field(1, "algorithm", "alphabeta")
        labels = [w.label for w in menu.widgets if isinstance(w, Choice)]
        assert "   depth" in labels and "   time a move" not in labels
        assert app.errors == []
    finally:
        app.close()


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_the_worker_runs_and_cancels_mcts(mode: str) -> None:
    """Through the same worker as the other searchers: its progress, its anytime answers, and
    a cancel that answers with the best move so far."""
    import time

    from ai.worker import SearchWorker

    state = get_kit("othello").rules().initial_state()
    worker = SearchWorker(mode)
    try:
        job = worker.submit(state, SearchConfig("othello", "mcts", Limits(time_s=600.0)))
        seen = []
        end = time.monotonic() + 30
        while not any(r.kind == "progress" for r in seen):
            assert time.monotonic() < end
            seen += worker.poll()
            time.sleep(0.01)
        worker.cancel()
        while not any(r.kind in ("done", "error") for r in seen):
            assert time.monotonic() < end
            seen += worker.poll()
            time.sleep(0.01)
        final = next(r for r in seen if r.kind in ("done", "error"))
        assert final.kind == "done" and final.job_id == job
        assert final.result.move in state.legal_moves() and not final.result.complete
        assert final.result.algorithm == "mcts"
    finally:
        worker.close()


def test_a_pick_search_mcts_seat_plays_on_the_play_screen(tmp_path, monkeypatch) -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from test_ui_support import playing

    from ui.panel import PanelText

    mcts = SeatSetting("custom", algorithm="mcts", time_s=0.5)
    with playing(tmp_path, monkeypatch, game="tictactoe", seats=[mcts, mcts]) as (app, scene):
        assert app.run_until(lambda: scene.session.ply == 2, timeout_s=20)
        assert app.errors == []
        report = scene.match.knowledge.last_move_search
        assert report is not None and report.algorithm == "mcts"
        text = PanelText(scene.session.kit, lambda s, m: str(m)).bare_value(report,
                                                                             report.score)
        assert text.startswith("mean ") and "plies" not in text  # the panel's words
