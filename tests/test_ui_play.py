"""The real event loop, driven headless with synthetic clicks and keys."""

from __future__ import annotations

import time

import pygame
from test_ui_support import (
    SLOW_AI,
    click,
    key,
    make_app,
    playing,
    replay_is_legal,
    resize,
    searching,
    seats,
    start_game,
)

from game.core import winner
from games.nim.ui.board import NimView, heaps_of
from games.tictactoe.ui.board import TicTacToeView


def test_tictactoe_against_master_to_the_end(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "Master")) as (app, scene):
        clicks = 0
        while not scene.session.is_over:
            assert app.run_until(lambda: scene.session.is_human_turn or scene.session.is_over)
            if scene.session.is_over:
                break
            app.run_frames(30, 0.02)  # let the last move's animation finish
            square = scene.session.current.legal_moves()[0]
            pos = TicTacToeView.cell_rect(scene.geometry.board_rect, square).center
            before = scene.session.ply
            app.step([click(pos)], 0.02)
            assert scene.session.ply == before + 1, scene.message.text
            clicks += 1
        assert clicks >= 3
        # perfect play never loses: X (the human, always taking the first free square) can't win
        assert winner(scene.session.current) != 0
        assert scene.session.result_text in ("Draw", "O wins")
        assert replay_is_legal(scene.session)
        assert app.errors == []


def test_nim_against_master_from_a_winning_start(tmp_path, monkeypatch):
    # 3^4^5 != 0: the first mover (the AI, player B moves first) wins with perfect play
    with playing(tmp_path, monkeypatch, game="nim", nim_heaps="3,4,5", nim_max_take=0,
                 seats=seats("human", "Master"), first=1) as (app, scene):
        assert scene.session.seats[0].level == "Master"
        while not scene.session.is_over:
            assert app.run_until(lambda: scene.session.is_human_turn or scene.session.is_over)
            if scene.session.is_over:
                break
            app.run_frames(30, 0.02)
            heaps = heaps_of(scene.session.game, scene.session.current)
            heap = next(i for i, h in enumerate(heaps) if h > 0)
            view = NimView(scene.session.game)
            top = view.coin_rect(scene.geometry.board_rect, heaps, heap, heaps[heap] - 1).center
            before = scene.session.ply
            app.step([click(top)], 0.02)
            assert scene.session.ply == before + 1, scene.message.text
            assert heaps_of(scene.session.game, scene.session.current)[heap] == heaps[heap] - 1
        assert winner(scene.session.current) == 0
        assert scene.session.result_text == "Player 1 wins"
        assert replay_is_legal(scene.session)
        assert app.errors == []


def test_undo_during_search_ignores_the_stale_reply(tmp_path, monkeypatch):
    # plain minimax to depth 12 on 8,8,8 takes far longer than this test: it must be cancelled
    with playing(tmp_path, monkeypatch, game="nim", nim_heaps="8,8,8", nim_max_take=0,
                 seats=seats("human", SLOW_AI)) as (app, scene):
        scene.play_move((0, 1))
        assert app.run_until(lambda: searching(scene))
        stale_job = scene.match.jobs.current.id
        started_at = scene.session.current
        app.step([key(pygame.K_u)], 0.02)
        assert scene.session.ply == 0 and scene.match.jobs.current is None
        assert scene.session.current is not started_at
        # the cancelled search ends with a "done" for its (now stale) id: it must be ignored
        assert app.run_until(lambda: stale_job not in scene.match.jobs.cancelled, timeout_s=10)
        assert scene.match.jobs.stale_replies >= 1
        assert len(scene.match.jobs.cancel_latencies_ms) == 1  # the worker confirmed that search stopped
        app.run_frames(20, 0.05)
        time.sleep(0.1)
        app.run_frames(5, 0.05)
        assert scene.session.ply == 0, "the AI played on a position no longer on the board"
        assert scene.session.is_human_turn
        assert app.errors == []


def test_move_now_plays_the_best_move_so_far(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="nim", nim_heaps="8,8,8", nim_max_take=0,
                 seats=seats("human", SLOW_AI)) as (app, scene):
        scene.play_move((0, 1))
        assert app.run_until(lambda: searching(scene, depth=1))
        app.step([key(pygame.K_m)], 0.02)
        assert app.run_until(lambda: scene.session.ply == 2, timeout_s=10)
        assert replay_is_legal(scene.session)


def test_corrupt_save_shows_a_message_and_keeps_the_game(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):
        scene.play_move(4)
        bad = tmp_path / "bad.kibitz.txt"
        bad.write_text("kibitz-save: 1\ngame: chess\nrubbish\n", encoding="utf-8")
        app.step([key(pygame.K_o, pygame.KMOD_CTRL)], 0.02)
        app.step([key(pygame.K_y)], 0.02)  # yes, load another game
        assert scene.dialog is not None  # the file chooser
        scene.dialog.focus = "field"
        scene.dialog.field.text = str(bad)
        app.step([key(pygame.K_RETURN)], 0.02)
        assert scene.dialog is None
        assert app.scene is scene and scene.session.ply == 1
        assert scene.message.error and "Cannot load" in scene.message.text
        # a missing file too
        assert not scene.files.load_file(tmp_path / "missing.txt")
        assert scene.session.ply == 1 and app.errors == []


def test_save_and_load_round_trip_through_the_dialogs(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):
        for sq in (4, 0, 8):
            scene.play_move(sq)
        path = tmp_path / "saves" / "mine.kibitz.txt"
        app.step([key(pygame.K_s, pygame.KMOD_CTRL)], 0.02)  # the chooser, in the saves folder
        app.step([key(pygame.K_a, pygame.KMOD_CTRL)], 0.02)
        app.step([pygame.event.Event(pygame.TEXTINPUT, text="mine")], 0.02)
        app.step([key(pygame.K_RETURN)], 0.02)
        assert scene.dialog is None
        assert path.read_text().startswith("kibitz-save: 1")
        app.step([key(pygame.K_n)], 0.02)
        assert scene.session.ply == 3  # a game in progress: asked first
        app.step([key(pygame.K_y)], 0.02)
        assert scene.session.ply == 0
        app.step([key(pygame.K_o, pygame.KMOD_CTRL)], 0.02)
        scene.dialog.focus = "field"
        scene.dialog.field.text = "mine.kibitz.txt"
        app.step([key(pygame.K_RETURN)], 0.02)
        assert app.scene.session.moves_text() == ["b2", "a1", "c3"]
        assert app.errors == []


def test_copy_and_paste_positions(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):
        scene.play_move(4)
        app.step([key(pygame.K_c, pygame.KMOD_CTRL)], 0.02)
        assert app.clipboard["text"] == "----X---- O"
        app.clipboard["text"] = "XXXXXXXXXOOO nonsense"
        app.step([key(pygame.K_v, pygame.KMOD_CTRL)], 0.02)
        app.step([key(pygame.K_y)], 0.02)
        assert scene.message.error and "Cannot paste" in scene.message.text
        assert scene.session.ply == 1
        app.clipboard["text"] = "XO-XO---- X"
        app.step([key(pygame.K_v, pygame.KMOD_CTRL)], 0.02)
        app.step([key(pygame.K_y)], 0.02)
        assert scene.session.game.format_position(scene.session.current) == "XO-XO---- X"
        # no clipboard: a text dialog takes the position instead
        # (the pasted position is the player's own: replacing it asks, once the text is read)
        app.clipboard["text"] = None
        app.step([key(pygame.K_v, pygame.KMOD_CTRL)], 0.02)
        assert scene.dialog is not None
        for ch in "---------":
            app.step([pygame.event.Event(pygame.TEXTINPUT, text=ch)], 0.02)
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=" X")], 0.02)
        app.step([key(pygame.K_RETURN)], 0.02)
        app.step([key(pygame.K_y)], 0.02)
        assert scene.session.game.format_position(scene.session.current) == "--------- X"
        assert app.errors == []


def test_undo_redo_against_the_ai_returns_to_the_human(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "Master")) as (app, scene):
        scene.play_move(4)
        assert app.run_until(lambda: scene.session.ply == 2)
        app.step([key(pygame.K_u)], 0.02)
        assert scene.session.ply == 0 and scene.session.is_human_turn
        app.step([key(pygame.K_r)], 0.02)
        assert scene.session.ply == 2 and scene.session.is_human_turn
        assert app.errors == []


def test_hint_and_move_values(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):
        for sq in (0, 4, 8):
            scene.play_move(sq)  # X a1 c3, O b2: O must not play a corner... any legal hint
        app.step([key(pygame.K_h)], 0.02)
        assert app.run_until(lambda: scene.match.knowledge.hint_move() is not None)
        assert scene.match.knowledge.hint_move() in scene.session.current.legal_moves()
        assert scene.context().highlight_move == scene.match.knowledge.hint_move()
        app.step([key(pygame.K_v)], 0.02)
        assert app.run_until(lambda: scene.context().move_values is not None)
        values = scene.context().move_values
        assert set(values) == set(scene.session.current.legal_moves())
        # O to move after X a1, O b2, X c3: an edge draws, a corner loses
        assert values[1] > values[2]
        assert app.errors == []


def test_board_view_errors_become_a_message(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):

        def boom(*a, **k):
            raise RuntimeError("view exploded")

        monkeypatch.setattr(scene.view, "handle_event", boom)
        app.step([click(scene.geometry.board_rect.center)], 0.02)
        assert scene.message.error and "view exploded" in scene.message.text
        monkeypatch.setattr(scene.view, "draw", boom)
        app.run_frames(3)
        assert app.errors == []


def test_resize_and_escape_to_menu(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):
        resize(app, 1300, 800)
        assert app.screen.get_size() == (1300, 800)
        assert scene.geometry.panel_rect.right <= 1300 and scene.geometry.board_rect.width > 500
        resize(app, 200, 100)
        assert app.screen.get_size() == (640, 480)
        app.step([key(pygame.K_ESCAPE)], 0.02)
        from ui.scenes.menu import MenuScene

        assert isinstance(app.scene, MenuScene)
        assert app.errors == []


def test_ai_vs_ai_pause_and_speed(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="tictactoe", seats=seats("Beginner", "Beginner"),
                 ai_delay_s=0.6) as (app, scene):
        app.step([key(pygame.K_SPACE)], 0.02)
        assert scene.match.paused
        app.run_frames(60, 0.05)
        time.sleep(0.05)
        app.run_frames(5, 0.05)
        assert scene.session.ply == 0
        app.step([key(pygame.K_MINUS)], 0.02)
        assert app.settings.ai_delay_s == 1.0
        app.step([key(pygame.K_PLUS)], 0.02)
        app.step([key(pygame.K_PLUS)], 0.02)
        assert app.settings.ai_delay_s == 0.4
        app.step([key(pygame.K_SPACE)], 0.02)
        assert app.run_until(lambda: scene.session.is_over, timeout_s=30, dt=0.1)
        assert replay_is_legal(scene.session) and app.errors == []


def test_backgammon_dice_are_rolled_by_the_scene(tmp_path, monkeypatch):
    """AI vs AI backgammon: the scene rolls at CHANCE nodes after a visible delay."""
    with playing(tmp_path, monkeypatch, game="backgammon",
                 seats=seats("Beginner", "Beginner"), ai_delay_s=0.0) as (app, scene):
        assert scene.session.current.current_player() == -1  # CHANCE: the opening roll
        app.run_frames(5, 0.05)  # 0.25 s: still showing "rolling"
        assert scene.session.ply == 0
        app.run_frames(20, 0.05)
        assert scene.session.ply >= 1
        assert scene.session.moves_text()[0].startswith("roll ")
        assert app.run_until(lambda: scene.session.ply >= 6, timeout_s=30, dt=0.1)
        texts = scene.session.moves_text()
        assert sum(t.startswith("roll ") for t in texts) >= 2
        assert replay_is_legal(scene.session) and app.errors == []


def test_closing_mid_search_stops_the_worker(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, game="nim", nim_heaps="8,8,8", nim_max_take=0,
                   seats=seats(SLOW_AI, "human"))
    scene = start_game(app)
    assert app.run_until(lambda: searching(scene))
    worker = app._worker
    app.step([pygame.event.Event(pygame.QUIT)], 0.02)
    assert not app.running
    app.close()
    assert app._worker is None
    assert not worker._thread.is_alive()  # close() joined the search thread
