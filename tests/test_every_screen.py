"""What the lab and the play screen draw, read off the drawn-scene record (issue "Every screen
checked"): step mode's lit line is on the projector's screen at every step, Fit shows the whole
tree, a tree opens with its root in sight, and the layout sweep finds nothing on any screen."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from ai.kit import game_ai
from cli.bench_layout import sweep_game
from game.registry import all_kits, get_kit
from game.seat import Seat
from game.session import Session
from tests.test_ui_support import key, make_app
from ui import scene_record
from ui.lab import lab_scene, teaching_scene
from ui.layout_check import code_line, findings, tree_fit


def _frame(app: Any) -> scene_record.SceneRecord:
    app.step([], 0.02)
    with scene_record.recording(app.screen) as rec:
        app.step([], 0.02)
    return rec


def _settled(app: Any) -> None:
    app.step([], 0.02)
    assert app.run_until(lambda: not app.scene.jobs.busy, timeout_s=60)


def test_presentation_mode_lights_the_running_line_at_every_step_of_the_textbook_tree(
        tmp_path: Any, monkeypatch: Any) -> None:
    """Before: at 1280x720 in presentation mode only MAX-VALUE fitted, so every MIN-VALUE step
    (4, 14, 24 ...) lit no line and the running line was below the screen."""
    app = make_app(tmp_path, monkeypatch, size=(1280, 720), lab_presentation=True)
    try:
        app.switch(teaching_scene(app, get_kit("classroom"), "textbook"))
        _settled(app)
        app.step([key(pygame.K_s)], 0.02)
        lit_in_min = []
        for step in range(1, 60):
            app.step([key(pygame.K_n)], 0.02)
            rec = _frame(app)
            assert code_line(rec) == [], f"step {step}"
            cut = [t.shown for t in rec.of_kind("code") if t.cut]
            assert cut == [], f"step {step}: {cut}"
            (panel,) = rec.marks_of("code-panel")
            if panel["lit"]:  # the function it is in is named, by its first line or above
                names = [t.shown for t in rec.of_kind("code") if "function" in t.shown]
                names += [t.shown for t in rec.of_kind("code-more") if "above" in t.shown]
                if any("MIN-VALUE" in n for n in names) and not any(
                        "MAX-VALUE(s" in n for n in names):
                    lit_in_min.append(step)
        assert 4 in lit_in_min and 14 in lit_in_min
    finally:
        app.close()


def _master_lab(app: Any, game_id: str, view: str = "tree") -> Any:
    kit = get_kit(game_id)
    session = Session(get_kit(game_id), dict(game_ai(kit).speed.ui_options),
                      (Seat.human(), Seat.ai_level("Master")))
    app.switch(lab_scene(app, session, get_kit(game_id), view))
    _settled(app)
    return app.scene


@pytest.mark.parametrize("game_id", ["kalah", "tictactoe"])
@pytest.mark.parametrize("presentation", [False, True])
def test_the_tree_opens_with_its_root_in_sight_and_fit_shows_every_row(
        tmp_path: Any, monkeypatch: Any, game_id: str, presentation: bool) -> None:
    """Before: Kalah and tic-tac-toe against Master opened with the root off screen, and
    after Fit (F) the lowest rows stayed behind the legend."""
    app = make_app(tmp_path, monkeypatch, size=(1280, 720), lab_presentation=presentation)
    try:
        _master_lab(app, game_id)
        opened = _frame(app)
        assert tree_fit(opened) == []
        assert any(m["root"] for m in opened.marks_of("tree-node"))
        app.step([key(pygame.K_f)], 0.02)
        fitted = _frame(app)
        (area,) = fitted.marks_of("tree-area")
        assert area["fitted"]
        assert tree_fit(fitted) == []
        rows = {m["row"] for m in fitted.marks_of("tree-node")}
        assert rows == set(range(area["rows"]))
    finally:
        app.close()


def test_a_wide_tree_opens_with_the_root_and_the_chosen_move_whole(
        tmp_path: Any, monkeypatch: Any) -> None:
    """Before: 18 root moves at 1100x720 opened with the search's choice (6/1*) half behind
    the canvas's left edge and its value unseen: leaning toward it stopped a whole slot short
    of the root's side, and the chosen move paid for it."""
    app = make_app(tmp_path, monkeypatch, size=(1100, 720))
    try:
        kit = get_kit("backgammon")
        session = Session.from_position(kit, "4HPiQSDgc/ABMA 32",
                                        (Seat.human(), Seat.ai_level("Casual")), None, {})
        app.switch(lab_scene(app, session, kit, "tree"))
        _settled(app)
        rec = _frame(app)
        (area,) = rec.marks_of("tree-area")
        assert not area["fitted"]  # too wide to fit with its labels: the opened view leans
        pv = app.scene.pane("tree").view.shape.recording.principal_variation()
        nodes = {m["nid"]: m for m in rec.marks_of("tree-node")}
        assert area.box.contains(nodes[0].box)
        assert area.box.contains(nodes[pv[1]].box), (nodes[pv[1]].box, area.box)
    finally:
        app.close()


def test_fit_shows_all_of_nim_seven_in_teaching_mode(tmp_path: Any, monkeypatch: Any) -> None:
    app = make_app(tmp_path, monkeypatch, size=(1280, 720))
    try:
        game = get_kit("nim").rules()
        state = game.initial_state(heaps=(7,), max_take=3)
        app.switch(lab_scene(app, state, get_kit("nim"), level="Teaching"))
        _settled(app)
        app.step([key(pygame.K_f)], 0.02)
        rec = _frame(app)
        assert rec.marks_of("tree-area")[0]["fitted"]
        assert tree_fit(rec) == []
    finally:
        app.close()


@pytest.mark.parametrize("game_id", [k.id for k in all_kits()])
def test_the_layout_sweep_finds_nothing_on_any_screen(game_id: str) -> None:
    """Every screen of the game at 1280x720 and 1920x1080, normal and presentation mode:
    nothing cut, drawn over another text, off the screen or too small, the lit code line and
    the tree in sight (what ``python main.py bench layout`` prints for people)."""
    found = [f"{row.screen} {row.size[0]}x{row.size[1]} {row.mode}: {f}"
             for row in sweep_game(get_kit(game_id)) for f in row.findings]
    assert found == []


def test_the_sweep_reads_what_it_claims() -> None:
    """A frame with a finding is reported: the sweep is not blind to the defects it counts."""
    pygame.display.init()
    pygame.font.init()
    try:
        screen = pygame.display.set_mode((200, 100))
        with scene_record.recording(screen) as rec:
            from ui.widgets import draw_text

            draw_text(screen, "Ordering", (0, 0), 20, max_width=40)
        assert [f.check for f in findings(rec)] == ["cut"]
    finally:
        pygame.display.quit()
