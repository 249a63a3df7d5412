"""docs/lab.md's teacher path for the horizon effect: in a Kalah game, T, then G for the
example, then the depth chart, which marks the turned verdict with ◆ (issue 41, item 13)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from game.registry import get_game, get_kit
from tests.test_ui_support import make_app
from ui import scene_record
from ui.lab import lab_scene


@pytest.fixture
def app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    a = make_app(tmp_path, monkeypatch, size=(1280, 720))
    yield a
    a.close()


def test_the_horizon_examples_depth_chart_draws_its_diamond(app: Any) -> None:
    scene = lab_scene(app, get_game("kalah").initial_state(), get_kit("kalah"), "tree")
    app.switch(scene)
    scene.next_example()
    scene.select("depth")
    assert app.run_until(lambda: scene._shown and not scene.jobs.busy, timeout_s=60)
    app.run_frames(2)
    with scene_record.recording(app.screen) as rec:
        app.step([], 0.02)
    # Under depth 2's column: the move without quiescence, marked (◆1: pit 1, the verdict turned).
    assert [t.text for t in rec.texts if t.text.startswith("◆")] == ["◆1"]
    assert rec.find("horizon effect: one more ply turned the verdict")
    assert rec.find("“horizon”")  # the example is named while it shows
