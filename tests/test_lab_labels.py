"""What the lab's lines say is what is on screen: the example shown is named (and what it
teaches) for as long as it shows, the evaluation view names what it edits, not a level, and the
slider the mouse edits carries the ▸ marker. Read through the drawn-scene record."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.registry import get_kit
from game.seat import Seat
from game.session import Session
from tests.test_ui_support import make_app
from ui import scene_record
from ui.lab import lab_scene, teaching_scene


@pytest.fixture
def app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    a = make_app(tmp_path, monkeypatch, size=(1280, 720))
    yield a
    a.close()


def _frame(app: Any, events: list[Any] | None = None) -> Any:
    with scene_record.recording(app.screen) as rec:
        app.step(events or [], 0.02)
    return rec


def test_the_example_shown_is_named_with_its_lesson_after_the_message_fades(app: Any) -> None:
    scene = teaching_scene(app, get_kit("classroom"), "worst-case")
    app.switch(scene)
    _frame(app)
    scene.next_example()  # worst-case-rescaled
    app.step([], 30.0)  # long after the message faded
    rescaled = " ".join(t.text for t in _frame(app).of_kind("example"))
    assert "worst-case-rescaled" in rescaled and "70, 80" in rescaled
    assert not scene.message.visible(app.now)
    scene.set_state(scene.game.parse_position("[[2,3,4,5],[1,6,7,8]]"))
    plain = " ".join(t.text for t in _frame(app).of_kind("example"))
    assert "“worst-case”" in plain and plain != rescaled
    scene.set_state(scene.game.parse_position("[[1,2],[3,4]]"))  # a tree of one's own
    assert not _frame(app).of_kind("example")


def test_the_evaluation_view_names_what_it_edits_not_a_level(app: Any) -> None:
    session = Session(get_kit("othello"), {}, (Seat.human(), Seat.ai_level("Master")))
    scene = lab_scene(app, session, get_kit("othello"), "evaluation")
    app.switch(scene)
    shown = _frame(app).joined()
    assert "Editing: the hand-made evaluation" in shown
    assert "Level: Master" not in shown
    scene.step_level(1)
    assert scene.level == "Master"  # the other views' level is left alone
    scene.select("tree")
    scene.jobs.cancel()
    assert "Level: Master" in _frame(app).joined()


def test_the_slider_the_mouse_drags_carries_the_focus_marker(app: Any) -> None:
    session = Session(get_kit("tictactoe"), {}, (Seat.human(), Seat.human()))
    scene = lab_scene(app, session, get_kit("tictactoe"), "evaluation")
    app.switch(scene)
    _frame(app)
    pane = scene.pane()
    centre = pane.sliders[2]
    track = centre.track()
    knob_x = track.x + int(track.width * (centre.value - centre.lo) / (centre.hi - centre.lo))
    press = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(knob_x, track.centery), button=1)
    drag = pygame.event.Event(pygame.MOUSEMOTION, pos=(track.right, track.centery),
                              rel=(1, 0), buttons=(1, 0, 0))
    rec = _frame(app, [press, drag])
    assert pane.weights[2] > 1.0
    marked = [t.text for t in rec.texts if t.text.startswith("▸ ")]
    assert marked == ["▸ centre"]
