"""The search lab's screens driven like a player would (headless, thread worker)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from ai.api import Limits, Refinements, SearchConfig
from ai.lab.tasks import RecordTask
from ai.worker import SearchWorker
from game.registry import get_game, get_kit
from game.seat import Seat
from game.session import Session
from games.nim.ai.table import nim_table
from tests.test_ui_support import click, key, make_app
from ui.lab import lab_commands, lab_scene, teaching_scene, why_no_lab
from ui.lab.charts import agree_text, answer_changes


def _session(game_id: str, moves: int = 0, **options) -> Session:
    s = Session(get_kit(game_id), options, (Seat.human(), Seat.human()))
    for _ in range(moves):
        s.play(s.current.legal_moves()[0])
    return s


def _shown(app, source, game_id: str, tab: str) -> Any:
    """The lab opened on ``tab`` and switched to, as the play screen's L key does."""
    scene = lab_scene(app, source, get_kit(game_id), tab)
    app.switch(scene)
    return scene


def _wait(app, scene) -> None:
    assert app.run_until(lambda: not scene.jobs.busy, timeout_s=60)
    app.run_frames(2)


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, size=(1200, 780))
    yield a
    a.close()


def test_tree_view_from_a_game_records_the_real_search_and_clicks_select(app) -> None:
    before = app.scene
    scene = _shown(app, _session("tictactoe", 2), "tictactoe", "tree")
    scene.pane().on_show()
    _wait(app, scene)
    pane = scene.pane()
    rec = pane.recording
    assert rec is not None and rec.game_id == "tictactoe" and rec.nodes[0].children
    assert rec.node_count == rec.stats["iteration_nodes"]
    view = pane.view
    target = next(c for c in rec.nodes[0].children
                  if view.camera.rect.inflate(-40, -40).collidepoint(view.camera.screen_pos(c)))
    x, y = view.camera.screen_pos(target)
    app.step([click((x, y))], 0.016)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(x), int(y)), button=1)], 0.016)
    assert view.selected == target
    assert not app.errors
    app.step([key(pygame.K_ESCAPE)], 0.016)
    assert app.scene is before


def test_a_recording_estimated_too_long_waits_for_a_second_press(app, monkeypatch) -> None:
    from ui.lab import tree_pane

    monkeypatch.setattr(tree_pane, "RECORD_MAX_S", 0.0)
    scene = _shown(app, _session("othello"), "othello", "tree")
    app.run_frames(1)
    _wait(app, scene)
    pane = scene.pane()
    assert pane.recording is None and pane.error.startswith("too long")
    assert "about" in scene.message.text and scene.message.error
    app.step([key(pygame.K_RETURN)], 0.016)  # "Search again": record anyway
    _wait(app, scene)
    assert pane.recording is not None and not pane.error


def test_step_mode_keys_walk_the_recording_and_back(app) -> None:
    scene = teaching_scene(app, get_kit("classroom"))
    app.switch(scene)
    scene.pane().on_show()
    _wait(app, scene)
    pane = scene.pane()
    app.step([key(pygame.K_s)], 0.016)
    assert pane.stepper is not None and pane.stepper.position == 0
    app.step([key(pygame.K_n)] * 5, 0.016)
    assert pane.stepper.position == 5
    app.step([key(pygame.K_b)] * 2, 0.016)
    assert pane.stepper.position == 3
    app.step([key(pygame.K_END)], 0.016)
    assert pane.stepper.at_end
    # At the end every recorded node shows its recorded value: the root says 3.
    assert pane.stepper.shown_value(0) == 3
    # Play at 64 steps a second runs the whole textbook tree within a second of frames.
    app.step([key(pygame.K_HOME)], 0.016)
    for _ in range(3):
        app.step([key(pygame.K_RIGHTBRACKET)], 0.016)
    app.step([key(pygame.K_SPACE)], 0.016)
    app.run_frames(90)
    assert pane.stepper.at_end and not pane.playing
    assert not app.errors


def test_classroom_tree_typed_by_the_user(app) -> None:
    scene = teaching_scene(app, get_kit("classroom"))
    app.switch(scene)
    scene.edit_tree()
    scene.dialog.field.text = "[[1,2],[5,0]]"
    app.step([key(pygame.K_RETURN)], 0.016)
    _wait(app, scene)
    rec = scene.pane().recording
    assert rec.value == 1 and rec.move == "a"
    # A lopsided tree is searched to its deepest leaf: c's roll and MIN's replies count.
    scene.edit_tree()
    scene.dialog.field.text = "[[1,2],[5,0],{0.5: [4,6], 0.5: [1,9]}]"
    app.step([key(pygame.K_RETURN)], 0.016)
    _wait(app, scene)
    assert scene.defaults.depth == 3
    assert scene.pane().recording.value == 2.5 and scene.pane().recording.move == "c"
    scene.edit_tree()
    scene.dialog.field.text = "[[1,2"
    app.step([key(pygame.K_RETURN)], 0.016)
    assert scene.message.error and "Not a tree" in scene.message.text


def test_compare_runs_every_row_and_the_values_agree(app) -> None:
    scene = _shown(app, _session("tictactoe", 2), "tictactoe", "compare")
    pane = scene.pane()
    pane.depth = 3
    pane.run()
    assert pane.running
    _wait(app, scene)
    # six alpha-beta family rows, then MCTS at their nodes and at their time
    assert [r.label for r in pane.rows] == pane.labels and len(pane.rows) == 8
    assert all(r.status == "done" for r in pane.rows)
    nodes = [r.nodes for r in pane.rows]
    assert nodes[0] == 1 + 7 + 7 * 6 + 7 * 6 * 5  # minimax: the full tree to depth 3
    assert min(nodes[1:]) < nodes[0]
    text, ok = agree_text(pane.rows)
    assert ok and text.startswith("✓") and "agree" in text
    app.run_frames(2)
    assert not app.errors


def test_compare_holds_back_a_search_estimated_too_long(app, monkeypatch) -> None:
    from ui.lab import compare_pane

    monkeypatch.setattr(compare_pane, "LONG_ROW_S", 0.0)  # every search is "too long" now
    scene = _shown(app, _session("othello"), "othello", "compare")
    pane = scene.pane()
    pane.depth = 6
    pane.run()
    _wait(app, scene)
    assert pane.rows[0].status == "too long"
    assert "estimated" in pane.notes()[0][0]
    app.run_frames(2)
    assert any(b.enabled for b in pane.widgets if getattr(b, "text", "").startswith("Run long"))


def test_compare_stop_button(app) -> None:
    scene = _shown(app, _session("othello"), "othello", "compare")
    pane = scene.pane()
    pane.depth = 9
    pane.run(force=True)  # minimax to depth 9: minutes, unless stopped
    app.run_frames(3)
    assert pane.running
    app.step([key(pygame.K_s)], 0.016)
    assert not pane.running and pane.stopped
    assert all(text in ("stopped", "waiting") or text.startswith("stopped")
               for i, wordings in pane.notes().items() if i >= len(pane.rows)
               for text in wordings)
    app.run_frames(2)
    assert not app.errors


def test_depth_chart_rows_and_horizon_marks(app) -> None:
    scene = _shown(app, _session("tictactoe", 2), "tictactoe", "depth")
    pane = scene.pane()
    pane.max_depth = 4
    pane.run()
    _wait(app, scene)
    assert [r.depth for r in pane.rows] == [1, 2, 3, 4]
    assert all(r.nodes > 0 for r in pane.rows)
    assert answer_changes(pane.rows) == {i for i, r in enumerate(pane.rows)
                                         if i and r.move != pane.rows[i - 1].move}
    app.run_frames(2)
    assert not app.errors


@pytest.mark.parametrize("options", [
    {"heaps": (7, 5), "max_take": 3},                       # counts as 3 and 1
    {"heaps": (7, 9), "variant": "grundy", "max_take": None},  # Grundy values 0 and 1
    {"heaps": (1, 1, 2), "max_take": None, "misere": True},
])
def test_nim_view_draws_every_rule(app, options) -> None:
    scene = _shown(app, _session("nim", 0, **options), "nim", "nim")
    app.run_frames(2)
    assert not app.errors
    from games.nim.ui.lab_pane import explanation

    text = " ".join(explanation(nim_table(scene.state)))
    assert ("misère" in text.lower()) == bool(options.get("misere"))


def test_nim_view_draws_the_binary_table(app) -> None:
    session = _session("nim", 0, heaps=(3, 4, 5), max_take=None)
    _shown(app, session, "nim", "nim")
    app.run_frames(2)
    assert not app.errors
    from games.nim.ui.lab_pane import explanation

    text = " ".join(explanation(nim_table(session.current)))
    assert "= 2 (binary 010)" in text and "1:2" in text  # take 2 from heap 1: 1 ^ 4 ^ 5 = 0


def test_export_button_writes_a_png(app, tmp_path) -> None:
    scene = teaching_scene(app, get_kit("classroom"))
    app.switch(scene)
    scene.pane().on_show()
    _wait(app, scene)
    app.step([key(pygame.K_p)], 0.016)
    saved = list((tmp_path / "saves").glob("classroom-tree-*.png"))
    assert len(saved) == 1 and saved[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_lab_commands_open_each_view(app) -> None:
    session = _session("nim", 0, heaps=(3, 4, 5))
    commands = lab_commands(get_kit("nim"))
    assert [c.key for c in commands] == ["t", "c", "d", "b"]
    assert [c.key for c in lab_commands(get_kit("othello"))] == ["t", "c", "d", "w", "k"]
    assert all(c.help for c in commands)
    assert all(pygame.key.key_code(c.key) for c in commands)
    assert why_no_lab(session) == ""
    assert "over" in why_no_lab(Session(get_kit("tictactoe"), None, (Seat.human(), Seat.human()),
                                        start_state=get_game("tictactoe").parse_position(
                                            "XXXOO---- O")))
    for command in commands:
        app.open_lab(session, session.kit, command.view)
    assert app.scene.view == "nim"
    app.run_frames(2)
    assert not app.errors


def test_menu_has_a_classroom_entry(app) -> None:
    menu = app.scene
    button = next(w for w in menu.widgets if getattr(w, "text", "") == "Lab")
    app.step([click(button.rect.center)], 0.016)
    assert app.scene.game_id == "classroom"
    assert app.run_until(lambda: app.scene.pane().recording is not None, timeout_s=30)
    rec = app.scene.pane().recording
    assert rec.value == 3  # the textbook tree, recorded on arrival
    # ...with the slides' alpha-beta (no table, ordering or PVS): the same leaves, the same
    # windows, so step mode walks exactly the course's example.
    assert rec.evaluated_leaves == [3, 12, 8, 2, 14, 5, 2]
    b = rec.nodes[rec.nodes[0].children[1]]
    assert (b.move, b.alpha, b.pruned) == ("b", 3, 2) and b.beta in (None, float("inf"))


def test_worker_runs_lab_tasks() -> None:
    state = get_game("classroom").initial_state()
    config = SearchConfig("classroom", "alphabeta", Limits(depth=2), exact=False)
    with SearchWorker("thread") as worker:
        job = worker.submit_task(RecordTask(state, config, 100))
        import time

        deadline = time.monotonic() + 30
        final = None
        while final is None and time.monotonic() < deadline:
            for reply in worker.poll():
                if reply.job_id == job and reply.kind in ("done", "error"):
                    final = reply
            time.sleep(0.01)
        assert final is not None and final.kind == "done"
        assert final.value.evaluated_leaves == [3, 12, 8, 2, 14, 5, 2]
        with pytest.raises(ValueError, match="not a worker task"):
            worker.submit_task("os:system")  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id, position", [
    ("tictactoe", "XXXOO---- O"),           # the game is over
    ("backgammon", "4HPwATDgc/ABMA"),       # dice not rolled yet
])
def test_every_view_explains_a_position_it_cannot_search(app, game_id, position) -> None:
    state = get_game(game_id).parse_position(position)
    scene = _shown(app, state, game_id, "tree")
    for view in scene.views:
        scene.select(view)
        _wait(app, scene)
        app.run_frames(2)
    assert not app.errors
    assert scene.pane("tree").error  # a one-line reason, shown on the canvas


def test_every_view_survives_window_resizes(app) -> None:
    scene = _shown(app, _session("nim", 0, heaps=(3, 4, 5)), "nim", "tree")
    app.run_frames(1)
    _wait(app, scene)
    for view in scene.views:
        scene.select(view)
        _wait(app, scene)
        for size in ((640, 480), (1920, 1080), (1000, 700)):
            app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])],
                     0.016)
            app.run_frames(1)
            assert scene.rect.size == size, (view, size)  # laid out again for the new size
            assert scene.rect.contains(scene.pane().rect), (view, size)
    assert not app.errors


def test_bench_lab_reports_frame_figures(capsys, monkeypatch, tmp_path) -> None:
    import json

    from main import main

    # The bench points these at temporary places; monkeypatch puts them back afterwards.
    monkeypatch.setenv("KIBITZ_SAVE_DIR", str(tmp_path))
    monkeypatch.setenv("KIBITZ_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert main(["bench", "lab", "--seconds", "1"]) == 0
    out = capsys.readouterr().out
    figures = json.loads(out.splitlines()[-1])
    # The budget, and the root's moves the budget reached first (recorded past it: ai.lab.tree_recorder).
    assert 20_000 < figures["nodes"] <= 20_000 + 9
    assert [z["zoom"] for z in figures["zooms"]][-1] == "whole tree fitted"
    # Frames in a second depend on the machine's load: the test asks only that each was timed.
    assert all(z["frames"] >= 1 and z["frame_ms_median"] > 0 for z in figures["zooms"])
    assert figures["zoom"]["wheel_steps"] >= 1 and figures["zoom"]["frames"] >= 1
    assert figures["zoom_frame_ms_median"] > 0 and figures["zoom_frame_ms_p99"] > 0


def test_a_forced_recording_stops_when_cancelled() -> None:
    import threading

    from ai.lab.tasks import record

    state = get_game("othello").initial_state()
    config = SearchConfig("othello", "minimax", Limits(depth=9),
                          Refinements(tt=False), exact=False)
    cancel = threading.Event()
    cancel.set()  # minimax to depth 9 on Othello: minutes, unless the searcher sees the cancel
    with pytest.raises(ValueError, match="stopped"):
        record(state, config, 20_000, force=True, cancel=cancel)


def test_tree_recording_stop_button_and_escape(app) -> None:
    # Twelve moves in: past Master's opening book (ten plies deep), so it searches.
    scene = _shown(app, _session("othello", 12), "othello", "tree")
    pane = scene.pane()
    pane.algorithm, pane.depth, pane.use_tt = "minimax", 9, False
    pane.error = "too long: ..."  # the teacher has seen the estimate: record anyway
    pane.record()
    app.run_frames(3)
    assert pane.recording_now()
    button = next(w for w in pane.widgets if getattr(w, "on_click", None) == pane.search_or_stop)
    assert button.text.startswith("Stop")
    app.step([key(pygame.K_ESCAPE)], 0.016)  # the first Esc stops the recording, stays here
    assert not pane.recording_now() and app.scene is scene
    assert pane.error.startswith("stopped") and scene.message.text == "Recording stopped"
    app.run_frames(2)
    button = next(w for w in pane.widgets if getattr(w, "on_click", None) == pane.search_or_stop)
    assert button.text.startswith("Search again") and not app.errors


def test_every_view_exports_by_key_and_by_button(app, tmp_path) -> None:
    scene = _shown(app, _session("nim", 0, heaps=(3, 4, 5), max_take=None), "nim", "tree")
    app.run_frames(1)
    _wait(app, scene)
    for view in ("tree", "compare", "depth", "nim"):
        scene.select(view)
        _wait(app, scene)
        app.step([key(pygame.K_p)], 0.016)
        button = next(b for b in scene.bar.tabs if b.text.startswith("Export"))
        app.step([click(button.rect.center)], 0.016)
        app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1)],
                 0.016)
        saved = list((tmp_path / "saves").glob(f"nim-{view}-*.png"))
        # Key and button within one second may share a file name: at least one, all PNGs.
        assert saved and all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in saved), view
        assert scene.message.text.startswith("Saved"), scene.message.text
    assert not app.errors
