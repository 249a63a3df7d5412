"""The transposition table's switch shows what it saves, or says why it cannot (issue 41,
item 14: 93 -> 93 nodes with and without it, and nothing said why). A table saves work only
where a position comes again with plies left below it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ai.engine import run_search
from ai.lab.compare import compare
from ai.lab.compare_notes import refinement_notes
from ai.lab.search import TEACHING, lab_config
from ai.lab.transpositions import first_repeat, pays_from
from game.registry import get_game, get_kit
from tests.test_ui_support import make_app
from ui import scene_record
from ui.lab import lab_scene
from ui.lab.defaults import defaults_for

NOTE = "no position repeats before depth 4: the table saves nothing here"


def test_positions_first_repeat_where_the_move_orders_can_meet() -> None:
    # Tic-tac-toe: X a, O b, X c meets X c, O b, X a after three plies; Nim's heaps after two.
    assert first_repeat(get_game("tictactoe").initial_state(), 6) == 3
    assert first_repeat(get_game("nim").initial_state(), 6) == 2
    assert pays_from(get_game("tictactoe").initial_state(), 3) is None
    assert pays_from(get_game("tictactoe").initial_state(), 4) == 4


@pytest.mark.parametrize("game_id", ["tictactoe", "othello"])
def test_the_lab_opens_teaching_mode_where_the_table_saves_nodes(game_id: str) -> None:
    state = get_game(game_id).initial_state()
    depth = defaults_for(get_kit(game_id), state, level=TEACHING).depth
    plain = lab_config(get_kit(game_id), TEACHING, depth, state)
    without = run_search(state, plain).stats.nodes
    with_table = run_search(state, plain.with_refinements(tt=True)).stats.nodes
    assert with_table < without


@pytest.fixture
def app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    a = make_app(tmp_path, monkeypatch, size=(1280, 720))
    yield a
    a.close()


def _recorded(app: Any, scene: Any, depth: int) -> tuple[Any, str]:
    pane = scene.pane("tree")
    pane.depth, pane.use_tt = depth, True
    pane.record()
    assert app.run_until(lambda: not scene.jobs.busy, timeout_s=60)
    with scene_record.recording(app.screen) as rec:
        app.step([], 0.02)
    return pane.recording, rec.joined()


def test_a_table_that_cannot_pay_says_so_in_the_tree_header(app: Any) -> None:
    state = get_game("tictactoe").initial_state()
    scene = lab_scene(app, state, get_kit("tictactoe"), "tree", level=TEACHING)
    app.switch(scene)
    assert app.run_until(lambda: scene._shown and not scene.jobs.busy, timeout_s=60)
    shallow, shown = _recorded(app, scene, 3)
    assert shallow.options["use_tt"] and NOTE in shown
    deep, shown = _recorded(app, scene, 4)
    assert "saves nothing" not in shown
    plain = lab_config(get_kit("tictactoe"), TEACHING, 4, state)
    assert deep.node_count < run_search(state, plain).stats.nodes


def test_the_compare_note_says_why_the_table_saved_nothing() -> None:
    state = get_game("othello").initial_state()
    rows = compare(state, get_kit("othello"), 2, base=lab_config(get_kit("othello"), TEACHING, 2, state))
    table = next(r for r in rows if r.label.startswith("+ transposition table"))
    before = rows[rows.index(table) - 1]
    assert table.final_nodes == before.final_nodes
    assert any(NOTE in note for note in refinement_notes(rows))
