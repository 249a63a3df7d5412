"""The play screen while a search runs: it leaves the worker the processor, and its panel
names a search's figures as the algorithm counts them."""

from __future__ import annotations

import time
from typing import Any

from test_ui_support import scripted_playing

from play.jobs import SEARCH_FRAME_S, Purpose
from play.knowledge import SearchReport
from ui.app import FPS
from ui.panel import PanelText, search_lines
from ui.settings import SeatSetting

MCTS = SeatSetting("custom", algorithm="mcts", time_s=1.0)


def test_a_running_search_is_drawn_at_its_figures_pace_not_60_fps(tmp_path, monkeypatch):
    """At 60 fps the window (and, under X, the server copying its frames) took most of a core
    from the lower-priority worker: an Othello MCTS move made 170-230 iterations a second in
    the app against about 900 headless. While the search runs and nothing moves, a frame is
    due only every SEARCH_FRAME_S."""
    with scripted_playing(tmp_path, monkeypatch, game="othello",
                          seats=[SeatSetting("human"), MCTS]) as (app, worker, scene):
        app.run_frames(400, 0.02)  # the "new game" message fades
        session = scene.session
        scene.play_move(session.game.parse_move(session.current, "d3"))
        assert app.run_until(lambda: scene.match.jobs.running(Purpose.MOVE), timeout_s=5)
        app.run_frames(40, 0.02)  # the move's animation ends; the search goes on
        assert scene.match.jobs.running(Purpose.MOVE)
        assert scene.next_frame_in() == SEARCH_FRAME_S > 1.0 / FPS
        frames, end = app.drawn_frames, time.perf_counter() + 0.6
        app.run_loop(until=lambda: time.perf_counter() >= end)  # the real, paced loop
        assert app.drawn_frames - frames <= 0.6 / SEARCH_FRAME_S + 2  # 60 fps: about 36
        assert scene.match.jobs.running(Purpose.MOVE) and app.errors == []


def _report(algorithm: str) -> Any:
    from game.registry import get_kit

    state = get_kit("othello").rules().initial_state()
    move = state.legal_moves()[0]
    return SearchReport(1, Purpose.MOVE, "AI", state.key(), state, 0, algorithm,
                        thinking=False, depth=3, nodes=900, elapsed_s=1.0, done_depth=3,
                        best=move, score=0.1, pv=(move,), cutoffs=0, finished=True,
                        complete=True)


def _rows(algorithm: str) -> list[str]:
    from game.registry import get_kit

    words = PanelText(get_kit("othello"), lambda s, m: str(m))
    return [line.text for line in search_lines(words, _report(algorithm), "AI")]


def test_the_panel_counts_an_mcts_search_in_iterations_without_cutoffs():
    rows = _rows("mcts")
    assert "Iterations" in rows and "Nodes" not in rows and "Cutoffs" not in rows
    rows = _rows("alphabeta")
    assert "Nodes" in rows and "Cutoffs" in rows and "Iterations" not in rows
