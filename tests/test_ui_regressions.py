"""Bugs found by play-testing the real app headless; each test failed before its fix."""

from __future__ import annotations

import json

import pygame
import pytest
from test_ui_support import SLOW_AI, click, key, make_app, playing, resize, searching, seats

from games.tictactoe.ui.board import TicTacToeView
from ui import theme
from ui.assets import font
from ui.settings import SeatSetting
from ui.widgets import WIN_SCORE, fit_text


def button(scene, name: str):
    return next(b for b in scene.geometry.buttons if b.text.startswith(name))


def close(c1, c2, tol=30) -> bool:
    return all(abs(int(a) - int(b)) <= tol for a, b in zip(c1[:3], c2[:3], strict=True))


def test_buttons_are_enabled_only_when_they_can_act(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="nim", nim_heaps="8,8,8", nim_max_take=0,
                 seats=seats("human", SLOW_AI)) as (app, scene):
        app.run_frames(2)
        # a fresh game: nothing to undo or redo, no AI search to cut short, a hint is possible
        assert not button(scene, "Undo").enabled and not button(scene, "Redo").enabled
        assert not button(scene, "Now!").enabled and button(scene, "Hint").enabled
        resize(app, 1200, 800)  # a new layout must not forget the states
        assert not button(scene, "Undo").enabled and not button(scene, "Redo").enabled
        scene.play_move((0, 1))
        assert app.run_until(lambda: searching(scene))
        app.run_frames(1)
        assert button(scene, "Now!").enabled and button(scene, "Undo").enabled
        assert not button(scene, "Hint").enabled  # hints are for the human's own turn
        app.step([key(pygame.K_u)], 0.02)
        assert button(scene, "Redo").enabled and not button(scene, "Undo").enabled
        assert not button(scene, "Now!").enabled
        assert app.errors == []


def test_ai_moves_update_the_button_states(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="tictactoe", seats=seats("Beginner", "Beginner"),
                 ai_delay_s=0.0) as (app, scene):
        assert app.run_until(lambda: scene.session.ply >= 2)
        app.run_frames(1)
        assert button(scene, "Undo").enabled and not button(scene, "Redo").enabled


def test_move_values_are_exact_for_every_move(tmp_path, monkeypatch):
    """After X a1 only b2 holds the draw for O; every other reply loses (not "<= 0")."""
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):
        scene.play_move(0)
        app.step([key(pygame.K_v)], 0.02)

        def settled():
            return scene.match.jobs.current is None and scene.context().move_values is not None

        assert app.run_until(settled)
        values = scene.context().move_values
        assert set(values) == set(scene.session.current.legal_moves())
        assert values[4] == 0
        assert all(v <= -WIN_SCORE for m, v in values.items() if m != 4), values
        # a hint search proves only the best move: its bounds must not replace the values
        app.step([key(pygame.K_h)], 0.02)
        assert app.run_until(lambda: scene.match.knowledge.hint_move() is not None)
        assert app.run_until(settled)
        values = scene.context().move_values
        assert values[4] == 0 and all(v <= -WIN_SCORE for m, v in values.items() if m != 4)
        assert app.errors == []


def test_game_over_banner_leaves_the_board_visible(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="tictactoe", seats=seats("human", "human"),
                 animations=False) as (app, scene):
        for sq in (3, 0, 4, 1, 5):  # X wins along the middle row
            scene.play_move(sq)
        app.run_frames(2)
        assert scene.session.result_text == "X wins"
        assert not scene.geometry.banner_rect.colliderect(scene.geometry.board_rect)
        # the winning line through a2-b2-c2 is visible, not hidden under an overlay
        a2 = TicTacToeView.cell_rect(scene.geometry.board_rect, 3)
        on_line = (a2.centerx + a2.width // 3, a2.centery)
        assert close(app.screen.get_at(on_line), theme.color("accent"))
        assert app.errors == []


def test_messages_do_not_cover_the_board(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="othello",
                 seats=seats("human", "human")) as (app, scene):
        for w, h in ((960, 660), (640, 480), (1920, 1080)):
            resize(app, w, h)
            assert not scene.geometry.message_rect.colliderect(scene.geometry.board_rect)
            assert app.screen.get_rect().contains(scene.geometry.message_rect)


def test_top_bar_uses_the_room_next_to_the_title(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, size=(640, 480), game="nim",
                 seats=seats("Beginner", "Beginner")) as (app, scene):
        app.step([key(pygame.K_SPACE)], 0.02)
        text = scene.turn_text()
        size = theme.text_size(app.screen.get_height())
        assert text.endswith("(paused)")
        assert fit_text(text, font(size), scene.geometry.banner_rect.width) == text


@pytest.mark.parametrize("size", [(640, 480), (800, 600)])
def test_menu_fits_the_window_with_every_row_open(tmp_path, monkeypatch, size):
    custom = SeatSetting("custom", algorithm="minimax", depth=4)
    app = make_app(tmp_path, monkeypatch, size=size, game="nim", seats=[custom, custom])
    try:
        menu = app.scene
        screen = app.screen.get_rect()
        rects = [w.rect for w in menu.widgets]
        assert len(rects) >= 15  # 4 games, 6 player rows, first move, 4 Nim rows, 4 buttons
        assert all(screen.contains(r) for r in rects)
        assert menu.message_rect.bottom <= menu.footer_top
        rows = sorted(rects, key=lambda r: r.y)
        for upper, lower in zip(rows, rows[1:], strict=False):
            assert upper.bottom <= lower.y or upper.y == lower.y  # no row overlaps the next
        play = next(w for w in menu.widgets if getattr(w, "text", "") == "Play")
        app.step([click(play.rect.center)], 0.02)
        from ui.scenes.play import PlayScene

        assert isinstance(app.scene, PlayScene)
    finally:
        app.close()


def test_nim_heap_labels_shorten_instead_of_being_cut(tmp_path, monkeypatch):
    from games.nim.ui.board import heap_label

    f = font(14)
    assert heap_label(2, 9, f, 400) == "Heap 3: 9"
    narrow = heap_label(2, 9, f, 36)
    assert "…" not in narrow and "9" in narrow and f.size(narrow)[0] <= 36
    assert heap_label(0, 12, f, 4) == "12"  # never less than the count itself


def test_corrupt_settings_file_is_reported_in_the_window(tmp_path, monkeypatch, capsys):
    from ui.app import App

    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text("{not json", encoding="utf-8")
    monkeypatch.setenv("KIBITZ_CONFIG_DIR", str(config))
    app = App((800, 600), worker_mode="thread")
    try:
        assert app.settings.game == "tictactoe"  # the defaults
        assert app.scene.message.error and "settings" in app.scene.message.text
        assert "warning" in capsys.readouterr().err
    finally:
        app.close()


def test_settings_are_remembered_between_runs(tmp_path, monkeypatch):
    from ui.app import App
    from ui.scenes.settings import SettingsScene

    monkeypatch.setenv("KIBITZ_CONFIG_DIR", str(tmp_path / "config"))
    app = App((800, 600), worker_mode="thread")
    try:
        menu = app.scene
        nim = next(w for w in menu.widgets if getattr(w, "text", "") == "Nim")
        app.step([click(nim.rect.center)], 0.02)
        app.open_settings()
        assert isinstance(app.scene, SettingsScene)
        sound = app.scene.widgets[0]
        app.step([click(sound.value_rect().move(-4, 0).midright)], 0.02)
        assert app.settings.sound is True
        app.step([key(pygame.K_ESCAPE)], 0.02)
    finally:
        app.close()
    saved = json.loads((tmp_path / "config" / "settings.json").read_text(encoding="utf-8"))
    assert saved["game"] == "nim" and saved["sound"] is True
    again = App((800, 600), worker_mode="thread")
    try:
        assert again.settings.game == "nim" and again.settings.sound is True
        assert not again.scene.message.text  # a good file brings no warning
    finally:
        again.close()


@pytest.mark.parametrize("action", ["new", "paste", "load"])
def test_ai_never_moves_on_a_replaced_position(tmp_path, monkeypatch, action):
    with playing(tmp_path, monkeypatch, game="nim", nim_heaps="8,8,8", nim_max_take=0,
                 seats=seats("human", SLOW_AI)) as (app, scene):
        if action == "load":
            path = tmp_path / "two.kibitz.txt"
            scene.play_move((0, 2))
            path.write_text(scene.session.save().replace("seat 2: ai algorithm=minimax depth=12",
                                                         "seat 2: human"), encoding="utf-8")
            scene.match.history.new_game(scene.view.new_game_options(scene.session.start))
        scene.play_move((0, 1))
        assert app.run_until(lambda: searching(scene))
        stale = scene.match.jobs.current.id
        if action == "new":
            app.step([key(pygame.K_n)], 0.02)
            app.step([key(pygame.K_y)], 0.02)
            expected = "8,8,8 1"
        elif action == "paste":
            app.clipboard["text"] = "5,6,7 1"
            app.step([key(pygame.K_v, pygame.KMOD_CTRL)], 0.02)
            app.step([key(pygame.K_y)], 0.02)
            expected = "5,6,7 1"
        else:
            assert scene.files.load_file(path)
            expected = "6,8,8 2"
        current = app.scene
        assert app.run_until(lambda: stale not in scene.match.jobs.cancelled, timeout_s=10)
        app.run_frames(10, 0.05)
        assert current.session.game.format_position(current.session.current) == expected
        assert current.session.ply == (1 if action == "load" else 0)
        assert app.errors == []


def test_tiny_scores_have_no_sign():
    from ui.widgets import format_score

    assert format_score(-0.0003) == "0.00" and format_score(0.004) == "0.00"
    assert format_score(-0.006) == "-0.01"


def test_move_now_also_skips_the_ai_vs_ai_pause(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="tictactoe", seats=seats("Beginner", "Beginner"),
                 ai_delay_s=3.0) as (app, scene):
        app.run_frames(2)
        assert scene.match.jobs.current is None and scene.session.ply == 0  # waiting out the 3 s pause
        assert button(scene, "Now!").enabled
        app.step([key(pygame.K_m)], 0.02)
        assert app.run_until(lambda: scene.session.ply == 1, dt=0.001)
        assert app.now < 3.0
        app.step([key(pygame.K_SPACE)], 0.02)
        assert not button(scene, "Now!").enabled  # paused: nothing to hurry


def test_othello_endgame_values_are_not_the_solvers_bounds(tmp_path, monkeypatch):
    """The endgame solver proves the best move only; the other moves still need values."""
    position = "XOOOO-O-XOOO-OO-XOOOOOOXXXXXOOO-XXOOXOXXOOOOXOXOOXXXOXOOOX-XXXXO X"
    with playing(tmp_path, monkeypatch, game="othello",
                 seats=seats("human", "human")) as (app, scene):
        assert scene.files.set_position_text(position)
        app.step([key(pygame.K_v)], 0.02)
        assert app.run_until(lambda: scene.match.jobs.current is None and scene.match.knowledge.values_settled())
        values = scene.context().move_values
        assert set(values) == set(scene.session.current.legal_moves()) and len(values) == 5
        # Black loses whatever: each move's exact final disc margin (not the solver's bound).
        assert values == {7: -10.0, 15: -14.0, 31: -10.0, 12: -14.0, 5: -14.0}, values
        assert app.errors == []
