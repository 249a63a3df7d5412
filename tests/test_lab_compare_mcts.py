"""MCTS beside alpha-beta in the lab's comparison (issue 44): at equal nodes (iterations =
the reference search's nodes) and at equal time, saying where the two agree on the move."""

from __future__ import annotations

import threading
from typing import Any

from ai.lab.compare_mcts import EQUAL_NODES, EQUAL_TIME, MIN_S, mcts_notes, reference_row
from ai.lab.compare_notes import agreement_text
from ai.lab.search import default_level, lab_config
from ai.lab.tasks import CompareTask
from game.registry import get_kit
from tests.test_ui_support import make_app
from ui import scene_record
from ui.lab import lab_scene
from ui.layout_check import findings


def _rows(game_id: str, position: str | None = None) -> list[Any]:
    kit = get_kit(game_id)
    game = kit.rules()
    state = game.parse_position(position) if position else game.initial_state()
    level = default_level(kit)
    base = lab_config(kit, level, 4, state)
    task = CompareTask(state, game_id, 4, base=base, level=level, with_mcts=True)
    got: list[Any] = []
    return task.run(threading.Event(), got.append)


def test_mcts_runs_at_the_reference_searchs_nodes_and_time() -> None:
    rows = _rows("tictactoe")
    nodes, timed = rows[-2:]
    assert (nodes.label, timed.label) == (EQUAL_NODES, EQUAL_TIME)
    ref = reference_row(rows[:-2])
    assert ref is not None and ref.label.endswith("plays)")
    assert nodes.nodes == ref.nodes  # one iteration per node of alpha-beta's whole search
    assert timed.time_s >= max(MIN_S, ref.time_s) * 0.9
    for r in (nodes, timed):
        assert r.algorithm == "mcts" and r.status == "done" and r.agree is None
        assert r.same_move == (r.move == ref.move) and r.reference == ref.label
    # the value check is among the alpha-beta family only (MCTS's is a mean reward)
    assert "MCTS" not in agreement_text(rows)
    notes = mcts_notes(rows)
    assert len(notes) == 2 and notes[0].startswith(f"MCTS at equal nodes ({ref.nodes:,}")
    for note, r in zip(notes, (nodes, timed), strict=True):
        assert ("the same move as alpha-beta" in note) == r.same_move
        assert (f"not alpha-beta's {ref.move}" in note) == (not r.same_move)


def test_the_compare_view_shows_the_mcts_rows_and_what_they_say(
        tmp_path: Any, monkeypatch: Any) -> None:
    app = make_app(tmp_path, monkeypatch, size=(1280, 720))
    kit = get_kit("tictactoe")
    try:
        app.switch(lab_scene(app, kit.rules().initial_state(), kit, "compare"))
        app.step([], 0.02)
        assert app.run_until(lambda: not app.scene.jobs.busy, timeout_s=60)
        app.step([], 0.02)
        with scene_record.recording(app.screen) as frame:
            app.step([], 0.02)
        assert frame.find(EQUAL_NODES) and frame.find(EQUAL_TIME)
        assert frame.find("MCTS at equal nodes") and frame.find("MCTS at equal time")
        assert frame.find("mean ")
        assert findings(frame) == []
    finally:
        app.close()


def test_in_teaching_mode_the_reference_is_the_most_refined_alpha_beta() -> None:
    kit = get_kit("tictactoe")
    state = kit.rules().initial_state()
    base = lab_config(kit, "Teaching", 3, state)
    rows = CompareTask(state, "tictactoe", 3, base=base, level=None,
                       with_mcts=True).run(threading.Event(), lambda row: None)
    ref = reference_row(rows[:-2])
    assert ref is not None and ref.algorithm == "alphabeta" and ref.label.startswith("+ PVS")
    assert rows[-2].reference == ref.label and rows[-2].nodes == ref.nodes
