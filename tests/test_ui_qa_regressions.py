"""Regressions found by trying the app as a new player would (each failed before its fix)."""

from __future__ import annotations

import re

import pygame
from test_ui_support import (
    click,
    drawn_text,
    key,
    playing,
    scripted_playing,
    seats,
)

from games.tictactoe.ui.board import TicTacToeView
from ui.file_chooser import FileChooser


def _play_first_square(app, scene) -> None:
    square = scene.session.current.legal_moves()[0]
    app.step([click(TicTacToeView.cell_rect(scene.geometry.board_rect, square).center)], 0.02)
    assert scene.session.ply == 1


def test_the_y_that_answers_load_is_not_typed_into_the_file_chooser(tmp_path, monkeypatch):
    # SDL sends the Y key and then its text in one batch: the answer opened the chooser, and
    # the "y" used to land in its name field ("qa1.kibitz.txty").
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):
        _play_first_square(app, scene)
        app.step([key(pygame.K_o, pygame.KMOD_CTRL)], 0.02)
        app.step([key(pygame.K_y, text="y"), pygame.event.Event(pygame.TEXTINPUT, text="y")],
                 0.02)
        assert isinstance(scene.dialog, FileChooser)
        assert scene.dialog.field.text == ""
        assert scene.dialog.focus == "list"
        # typing afterwards still types
        app.step([pygame.event.Event(pygame.TEXTINPUT, text="y")], 0.02)
        assert scene.dialog.field.text == "y"
        assert app.errors == []


def test_a_noisy_pick_shows_the_level_rule_whole(tmp_path, monkeypatch):
    # The "Its best was ..." line and the rule were one text, cut after three rows: the panel
    # said "Casual: picks at random among moves" and never "within ... of the best".
    with scripted_playing(tmp_path, monkeypatch, game="tictactoe",
                          seats=seats("Casual", "human"), animations=False) as (app, worker, scene):
        app.run_frames(20, 0.05)
        job = worker.last
        assert job >= 1 and scene.match.jobs.current is not None
        b2, c3 = 4, 8
        values = {b2: -1.0, c3: -3.0, 0: -2.0}
        worker.result(job, "depth", b2, -1.0, 2, values)
        worker.result(job, "done", c3, -3.0, 2, values)
        texts = drawn_text(app, monkeypatch)
        shown = " ".join(texts)
        assert "Its best was b2" in shown, texts
        assert re.search(r"picks at random among moves within .+ of the best", shown), texts
        assert app.errors == []


def test_board_values_never_say_they_search_the_depth_they_finished(tmp_path, monkeypatch):
    # Between a finished depth and the next depth's first progress the panel read
    # "Board values: depth 5, full window ... searching depth 5…".
    with scripted_playing(tmp_path, monkeypatch, game="othello",
                          seats=seats("human", "human"), show_values=True) as (app, worker, scene):
        app.step([], 0.02)
        state = scene.session.current
        values = {m: 0.0 for m in state.legal_moves()}
        best = state.legal_moves()[0]
        worker.result(worker.last, "depth", best, 0.0, 5, values)
        texts = drawn_text(app, monkeypatch)
        assert any("Board values: depth 5" in t for t in texts), texts
        assert not any("searching depth 5" in t for t in texts), texts
        worker.progress(worker.last, 6, best, 0.0)
        texts = drawn_text(app, monkeypatch)
        assert any("searching depth 6" in t for t in texts), texts
        assert app.errors == []


def test_a_pasted_position_waits_in_the_menu_and_is_not_dropped_without_asking(
        tmp_path, monkeypatch):
    # A pasted position with no move played yet was dropped by Esc (no Resume) and by N.
    from ui.scenes.menu import MenuScene

    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):
        app.clipboard["text"] = "XO-XO---- X"
        app.step([key(pygame.K_v, pygame.KMOD_CTRL)], 0.02)
        assert scene.session.game.format_position(scene.session.current) == "XO-XO---- X"
        app.step([key(pygame.K_n, text="n")], 0.02)
        assert scene.dialog is not None  # asked first
        app.step([key(pygame.K_ESCAPE)], 0.02)
        app.step([key(pygame.K_ESCAPE)], 0.02)
        assert isinstance(app.scene, MenuScene) and app.suspended is scene
        app.step([key(pygame.K_ESCAPE)], 0.02)  # resume
        assert app.scene is scene
        assert scene.session.game.format_position(scene.session.current) == "XO-XO---- X"
        app.step([key(pygame.K_n, text="n"), key(pygame.K_y, text="y")], 0.02)
        assert scene.session.ply == 0 and not scene.match.in_progress  # a fresh game: nothing to keep
        assert app.errors == []


def test_the_menu_counts_moves_not_dice(tmp_path, monkeypatch):
    # The menu said "Your Backgammon game (7 moves)" where the move list held 3 turns.
    from ui.scenes.menu import MenuScene

    with playing(tmp_path, monkeypatch, game="backgammon",
                 seats=seats("human", "human")) as (app, scene):
        for _ in range(3):
            assert app.run_until(lambda: scene.session.is_human_turn, 5.0)
            scene.play_move(scene.session.current.legal_moves()[0])
        app.step([key(pygame.K_ESCAPE)], 0.02)
        assert isinstance(app.scene, MenuScene)
        app.step([key(pygame.K_RETURN)], 0.02)
        detail = app.scene.dialog.detail
        assert "(3 moves)" in detail, detail
        assert scene.session.ply > 3  # the rolls are in the history, not in the count
        assert app.errors == []


def test_new_game_in_nim_starts_from_the_same_heaps(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="nim", nim_heaps="2,5,6", nim_max_take=0,
                 seats=seats("human", "human")) as (app, scene):
        scene.play_move(scene.session.current.legal_moves()[0])
        scene.match.history.new_game(scene.view.new_game_options(scene.session.start))
        assert scene.session.ply == 0
        assert scene.session.game.format_position(scene.session.current).split()[0] == "2,5,6"
        assert app.errors == []


def test_the_top_bar_numbers_moves_as_the_move_list_does(tmp_path, monkeypatch):
    # After 1. a1 c1 2. b2 the top bar said "Move 4" while O's move goes on the row "2.".
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):
        assert scene.turn_text().startswith("Move 1 ")
        for square in (0, 2, 4):
            scene.play_move(square)
        app.step([], 0.02)
        assert scene.moves_view.lines()[-1].startswith("2.")
        assert scene.turn_text().startswith("Move 2 "), scene.turn_text()
        scene.play_move(8)
        assert scene.turn_text().startswith("Move 3 "), scene.turn_text()


def test_a_panel_sentence_without_room_is_not_cut_into_another_one(monkeypatch):
    # The panel once drew "Casual: picks at random among moves" and dropped the rest of the
    # level's rule for lack of room, which reads as a complete (and different) sentence. Now
    # a sentence is drawn whole or not at all, and a note says what is not shown.
    from ui import panel, panel_view

    pygame.init()
    surface = pygame.Surface((300, 400))
    drawn: list[str] = []
    original = panel_view.draw_text

    def recording(surface, text, *a, **k):
        drawn.append(str(text))
        return original(surface, text, *a, **k)

    monkeypatch.setattr(panel_view, "draw_text", recording)
    rule = "Casual: picks at random among moves within 10 discs of the best"
    lines = [panel.PanelLine(rule, "dim")]
    rect = pygame.Rect(0, 0, 200, 400)
    top = panel.draw_panel(surface, rect, [("Black", "Human", True)], [], 0.0)
    drawn.clear()
    panel.draw_panel(surface, rect, [("Black", "Human", True)], lines, 0.0,
                     bottom_limit=top + 30)
    cut = [t for t in drawn if t and "Black" not in t and t != "Human"]
    drawn.clear()
    panel.draw_panel(surface, rect, [("Black", "Human", True)], lines, 0.0)
    whole = [t for t in drawn if t and "Black" not in t and t != "Human"]
    assert " ".join(whole) == rule
    assert not any(t and rule.startswith(t) for t in cut), cut  # no part passes for the whole
    assert cut and re.match(r"… \d+ more line", cut[0]), cut
