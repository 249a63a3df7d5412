"""Issue 18, the lab scene: it searches as the level on screen plays, says whose search it
shows, sleeps when nothing moves, and can be read from the back of a room.

Headless (SDL dummy driver, thread worker). Each test here fails on the lab before the
issue: it had no level, drew 60 frames a second whatever happened, and had one text size
(15 px body, 12 px labels at 720 px high) with no presentation mode.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame
import pytest

from ai.lab.search import TEACHING, default_level, lab_levels
from game.registry import get_game, get_kit
from game.seat import Seat
from game.session import Session
from play.jobs import SEARCH_FRAME_S
from tests.test_ui_support import click, key, make_app
from ui.lab import lab_scene, seat_level, teaching_scene
from ui.lab.bar import PRESENTATION_MIN_PX, PRESENTATION_SMALL_PX, PRESENTATION_TEXT_PX
from ui.lab.scene import LabScene
from ui.settings import Settings


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, size=(1280, 720))
    yield a
    a.close()


def _session(game_id: str, seats: tuple[Seat, Seat], **options: Any) -> Session:
    return Session(get_kit(game_id), options or None, seats)


def _settle(app: Any, scene: Any, timeout_s: float = 90) -> None:
    """Frames until the view's work is done, then two more (the last replies drawn)."""
    assert app.run_until(lambda: scene._shown and not scene.jobs.busy, timeout_s=timeout_s)
    app.run_frames(2)


# ---- the level ------------------------------------------------------------------------------
def test_the_lab_opened_from_a_game_shows_the_search_of_the_game_ai(app) -> None:
    session = _session("othello", (Seat.human(), Seat.ai_level("Casual")))
    scene = lab_scene(app, session, get_kit("othello"), "tree")
    assert scene.level == "Casual"  # not the default (Master): the AI on screen
    assert scene.search_line().startswith("Casual's search")
    # AI against AI: the seat to move is whose search would play now.
    both = _session("tictactoe", (Seat.ai_level("Beginner"), Seat.ai_level("Advanced")))
    assert seat_level(both) == "Beginner"
    both.play(both.current.legal_moves()[0])
    assert lab_scene(app, both, get_kit("tictactoe")).level == "Advanced"
    # No AI with a level (two people, or a bare position): the lab's default.
    people = _session("othello", (Seat.human(), Seat.human()))
    assert lab_scene(app, people, get_kit("othello")).level == default_level(get_kit("othello"))
    state = get_game("nim").initial_state()
    assert lab_scene(app, state, get_kit("nim")).level == default_level(get_kit("nim"))


def test_the_play_screens_lab_keys_open_the_lab_on_the_seats_level(app) -> None:
    """The play screen opens the lab through lab_commands: its level is the AI's."""
    from ui.lab import lab_commands

    session = _session("tictactoe", (Seat.human(), Seat.ai_level("Intermediate")))
    for command in lab_commands(get_kit("tictactoe")):
        app.open_lab(session, session.kit, command.view)
        assert isinstance(app.scene, LabScene) and app.scene.level == "Intermediate"


class _Pane:
    """A pane that only listens: what the scene tells it, in order."""

    def __init__(self, scene: Any, log: list[tuple[str, str]], name: str) -> None:
        self.ctx, self.log, self.name = scene, log, name

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect

    def on_show(self) -> None:
        pass

    def on_level(self, level: str) -> None:
        assert self.ctx.level == level  # the scene's level is set before panes hear of it
        self.log.append((self.name, level))

    def handle_event(self, event: Any) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


def test_a_level_picked_reaches_every_pane_made_so_far(app, monkeypatch) -> None:
    from ui.lab import scene as scene_module

    log: list[tuple[str, str]] = []
    monkeypatch.setattr(scene_module, "_make_pane", lambda name, s: _Pane(s, log, name))
    scene = lab_scene(app, _session("othello", (Seat.human(), Seat.ai_level("Master"))),
                     get_kit("othello"), "tree")
    app.switch(scene)
    app.run_frames(1)
    scene.select("compare")
    scene.select("depth")
    scene.select("tree")
    levels = lab_levels(get_kit("othello"))
    # The key: V is the next level, and the shown pane hears last (its work runs).
    app.step([key(pygame.K_v)], 0.016)
    following = levels[(levels.index("Master") + 1) % len(levels)]
    assert scene.level == following == TEACHING
    assert sorted(log) == sorted((n, following) for n in ("tree", "compare", "depth"))
    assert log[-1][0] == "tree"
    # Shift+V goes back; a click on the picker goes forward, a right-click back.
    app.step([key(pygame.K_v, mod=pygame.KMOD_SHIFT)], 0.016)
    assert scene.level == "Master" and log[-1] == ("tree", "Master")
    picker = scene.bar.level_button
    assert picker is not None and "Master" in picker.text
    app.step([click(picker.rect.center, button=3)], 0.016)
    assert scene.level == "Advanced" and log[-1] == ("tree", "Advanced")
    assert "Advanced" in scene.bar.level_button.text
    assert scene.search_line().startswith("Advanced's search")
    app.step([click(scene.bar.level_button.rect.center)], 0.016)
    assert scene.level == "Master"
    assert not app.errors


def test_classroom_trees_are_searched_in_teaching_mode_only(app) -> None:
    scene = teaching_scene(app, get_kit("classroom"))
    app.switch(scene)
    app.run_frames(1)
    assert scene.levels == (TEACHING,) and scene.level == TEACHING
    assert scene.bar.level_button is None  # nothing to pick
    assert scene.search_line().startswith("Teaching mode")
    app.step([key(pygame.K_v)], 0.016)
    assert scene.level == TEACHING and "teaching mode only" in scene.message.text
    assert not app.errors


# ---- idle means idle ------------------------------------------------------------------------
def _idle_turns(app: Any, turns: int) -> int:
    """Frames drawn by ``turns`` turns of the app's real loop with no input (its sleeps
    skipped: no event comes)."""
    app._wait_events = lambda seconds: []
    try:
        drawn = app.drawn_frames
        for _ in range(turns):
            app.step_calm()
        return app.drawn_frames - drawn
    finally:
        del app._wait_events


@pytest.mark.parametrize("game_id, view", [
    ("tictactoe", "tree"), ("tictactoe", "compare"), ("tictactoe", "depth"),
    ("nim", "nim"), ("classroom", "step"),
])
def test_a_settled_view_draws_nothing_while_nothing_happens(app, game_id, view) -> None:
    if game_id == "classroom":
        scene = teaching_scene(app, get_kit("classroom"))
    else:
        options = {"heaps": (3, 4, 5), "max_take": None} if game_id == "nim" else {}
        session = _session(game_id, (Seat.human(), Seat.ai_level("Master")), **options)
        scene = lab_scene(app, session, get_kit(game_id), view)
    app.switch(scene)
    _settle(app, scene)
    if view == "step":
        app.step([key(pygame.K_s)] + [key(pygame.K_n)] * 3, 0.016)
        assert scene.pane().stepper is not None
    app.now += 10.0  # every message has faded, the last input has settled
    app.run_frames(1)
    assert scene.next_frame_in() is None
    assert _idle_turns(app, 30) == 0  # the old lab: 30 frames drawn
    # Input wakes it (the list of keys opens), and it settles again.
    app.step([key(pygame.K_F1)], 0.016)
    assert scene.help_open and scene.next_frame_in() == 0.0
    app.now += 1.0
    assert scene.next_frame_in() is None and _idle_turns(app, 5) == 0
    assert not app.errors


def test_a_running_job_and_a_playing_step_mode_keep_drawing(app) -> None:
    scene = teaching_scene(app, get_kit("classroom"))
    app.switch(scene)
    app.run_frames(1)
    assert scene.jobs.busy and scene.next_frame_in() == SEARCH_FRAME_S  # not 60 fps
    _settle(app, scene)
    app.step([key(pygame.K_SPACE)], 0.016)  # step mode, playing
    assert scene.pane().playing
    app.now += 10.0
    assert scene.next_frame_in() == 0.0
    assert _idle_turns(app, 5) == 5


# ---- presentation mode ----------------------------------------------------------------------
@contextmanager
def _font_sizes() -> Iterator[list[tuple[int, str]]]:
    """Every text drawn while inside, as (px size, text): the font function every UI module
    imported is wrapped so each font it hands out records what it renders."""
    import ui.assets as assets

    original = assets.font
    drawn: list[tuple[int, str]] = []

    class Recording(pygame.font.Font):
        def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
            if str(text).strip():
                drawn.append((self.px, str(text)))
            return super().render(text, *args, **kwargs)

    cache: dict[tuple[int, bool], Recording] = {}

    def font(size: int, bold: bool = False) -> Recording:
        size = max(6, int(size))
        if (size, bold) not in cache:
            name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
            f = Recording(str(assets.asset_path("fonts", name)), size)
            f.px = size  # type: ignore[attr-defined]
            cache[(size, bold)] = f
        return cache[(size, bold)]

    patched = [m for m in list(sys.modules.values())
               if getattr(m, "__name__", "").split(".")[0] == "ui"
               and getattr(m, "font", None) is original]
    for m in patched:
        m.font = font  # type: ignore[attr-defined]
    try:
        yield drawn
    finally:
        for m in patched:
            m.font = original  # type: ignore[attr-defined]


def _presentation_app(tmp_path: Any, monkeypatch: Any) -> Any:
    return make_app(tmp_path, monkeypatch, size=(1280, 720), lab_presentation=True)


def test_presentation_mode_is_a_remembered_setting_and_a_key(app, tmp_path) -> None:
    assert Settings.from_dict({"lab_presentation": True}).lab_presentation
    assert not Settings().lab_presentation
    scene = teaching_scene(app, get_kit("classroom"))
    app.switch(scene)
    app.run_frames(1)
    normal = (scene.text_size, scene.small_size)
    app.step([key(pygame.K_F5)], 0.016)
    assert app.settings.lab_presentation and scene.presentation
    assert (scene.text_size, scene.small_size) == (PRESENTATION_TEXT_PX,
                                                   PRESENTATION_SMALL_PX)
    assert scene.text_size > normal[0] and scene.small_size > normal[1]
    # Shown in the list of keys (F1) and in the key hints under the view.
    rows = scene._commands().help_lines()
    assert any(keys == "F5" and "Presentation" in text for keys, text in rows)
    assert any(keys == "V" and "Level" in text for keys, text in
               lab_scene(app, get_game("othello").initial_state(), get_kit("othello"))
               ._commands().help_lines())
    with _font_sizes() as drawn:
        app.now += 10.0  # the message faded: the hint line shows
        app.step([], 0.016)
    assert any("F5: presentation mode" in text for _, text in drawn)
    app.step([key(pygame.K_F5)], 0.016)
    assert not app.settings.lab_presentation
    assert (scene.text_size, scene.small_size) == normal


@pytest.mark.parametrize("game_id, view", [
    ("tictactoe", "tree"), ("tictactoe", "compare"), ("tictactoe", "depth"),
    ("nim", "nim"), ("classroom", "step"), ("classroom", "keys"),
])
def test_presentation_mode_draws_no_lab_text_below_its_minimum(tmp_path, monkeypatch,
                                                                game_id, view) -> None:
    app = _presentation_app(tmp_path, monkeypatch)
    try:
        # Everything drawn from the start is recorded: a tree's labels are drawn once into
        # cached tiles, so a later frame alone would not show them.
        with _font_sizes() as drawn:
            if game_id == "classroom":
                scene = teaching_scene(app, get_kit("classroom"))
            else:
                options = {"heaps": (3, 4, 5), "max_take": None} if game_id == "nim" else {}
                session = _session(game_id, (Seat.human(), Seat.ai_level("Master")),
                                   **options)
                scene = lab_scene(app, session, get_kit(game_id), view)
            app.switch(scene)
            _settle(app, scene)
            if view == "step":
                app.step([key(pygame.K_s)] + [key(pygame.K_n)] * 6, 0.016)
            if view == "keys":
                app.step([key(pygame.K_F1)], 0.016)
            app.step([], 0.016)
        assert scene.text_size >= PRESENTATION_TEXT_PX
        assert drawn, "nothing was drawn"
        small = sorted({(px, text) for px, text in drawn if px < PRESENTATION_MIN_PX})
        assert not small, f"{view}: text below {PRESENTATION_MIN_PX} px: {small[:8]}"
        assert not app.errors
    finally:
        app.close()
