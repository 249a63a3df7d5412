"""The lab's tree on screen is the search the AI on screen plays: the seat's level, its
evaluator, the move and the value ``analyze --level`` gives at the same depth."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ai.lab.search import TEACHING
from cli.analyze import analyze
from cli.common import build_config
from game.registry import get_kit
from game.seat import Seat
from game.session import Session
from tests.test_ui_support import make_app
from ui.lab import lab_scene


@pytest.fixture
def app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    a = make_app(tmp_path, monkeypatch, size=(1280, 720))
    yield a
    a.close()


def _settle(app: Any, scene: Any) -> None:
    assert app.run_until(lambda: scene._shown and not scene.jobs.busy, timeout_s=90)
    app.run_frames(2)


def test_lab_tree_is_the_seats_search(app: Any) -> None:
    session = Session(get_kit("othello"), None, (Seat.human(), Seat.ai_level("Advanced")))
    scene = lab_scene(app, session, get_kit("othello"), "tree")
    app.switch(scene)
    _settle(app, scene)
    rec = scene.pane("tree").recording
    assert rec is not None and rec.level == "Advanced"
    # From the start Advanced answers from its opening book: the lab draws that answer.
    assert rec.description.startswith("Advanced's answer: its opening book")
    assert rec.answered_by == "opening-book" and len(rec.root.children) == 4
    config = build_config(get_kit("othello"), level="Advanced", depth=rec.depth)
    played = analyze(get_kit("othello"), None, {}, config, "Advanced")
    assert rec.move == played["best_move"]
    assert abs(rec.value - played["value"]) < 1e-6
    # Teaching mode is a choice of its own, and says so.
    scene.choose_level(TEACHING)
    _settle(app, scene)
    rec = scene.pane("tree").recording
    assert rec.level == TEACHING and rec.description.startswith(
        "Teaching mode: alphabeta, hand-made evaluation, no refinements")
    assert not rec.options["use_tt"] and not rec.options["use_ordering"]
