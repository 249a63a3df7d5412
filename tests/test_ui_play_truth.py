"""What the play screen says, checked through the drawn-scene record: no message about a game
that has ended, key tips only for commands that can run, one value per move, the time the AI
spent after a ponder hit."""

from __future__ import annotations

import re

import pygame
from test_ui_cube import RED_DOUBLE_PASS, cube_game
from test_ui_support import (
    click,
    key,
    make_app,
    playing,
    scripted_playing,
    seats,
    start_game,
)

from ai.api import Result, Stats
from ai.worker import Finished
from game.registry import get_kit
from games.nim.ui.board import NimView, heaps_of
from ui import scene_record
from ui.panel import PanelLine, draw_panel, fmt_int
from ui.slider import Slider


def frame(app):
    with scene_record.recording(app.screen) as rec:
        app.step([], 0.02)
    return rec


def heap_click(scene, heap: int) -> tuple[int, int]:
    """A point on the board's column of ``heap`` (an empty heap has no coin to click)."""
    rect = scene.geometry.board_rect
    heaps = heaps_of(scene.session.game, scene.session.current)
    view = NimView(scene.session.game)
    y = rect.centery
    for x in range(rect.left, rect.right):
        if view._column_at(rect, heaps, (x, y)) == heap:
            return x, y
    raise AssertionError(f"no column for heap {heap + 1}")


def test_a_games_end_clears_the_message_about_an_empty_heap(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="nim", nim_heaps="2,1", nim_max_take=0,
                 seats=seats("human", "human"), animations=False) as (app, scene):
        state = scene.session.current
        empty_second = next(m for m in state.legal_moves()
                            if heaps_of(scene.session.game, state.apply(m)) == [2, 0])
        assert scene.play_move(empty_second)
        app.step([click(heap_click(scene, 1))], 0.02)
        assert frame(app).find("Heap 2 is empty")  # the refusal is shown while it is news
        last = scene.session.current.legal_moves()
        assert scene.play_move(next(m for m in last if scene.session.current.apply(m).is_over()))
        assert scene.session.is_over
        rec = frame(app)
        assert rec.of_kind("banner") and not rec.find("Heap 2 is empty")


def test_a_finished_game_offers_no_hint_key_in_the_panel(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="nim", nim_heaps="2,1", nim_max_take=0,
                 seats=seats("human", "human"), animations=False) as (app, scene):
        assert frame(app).find("H: a hint")  # while the hint can run
        for _ in range(3):
            if not scene.session.is_over:
                assert scene.play_move(scene.session.current.legal_moves()[0])
        assert scene.session.is_over
        assert not scene.commands.named("Hint").enabled()
        rec = frame(app)
        assert not rec.find("H: a hint") and not rec.find("V: every move")


def test_after_a_dropped_double_enter_says_the_game_is_over_not_that_dice_roll(
        tmp_path, monkeypatch):
    with cube_game(tmp_path, monkeypatch, RED_DOUBLE_PASS) as (app, scene):
        assert app.run_until(lambda: scene.session.stakes.offered_by == 1, timeout_s=10)
        app.step([key(pygame.K_p)], 0.02)  # White drops: the game ends
        assert scene.session.is_over
        rec = frame(app)
        assert rec.find("White drops the cube") and not rec.find("roll by themselves")
        app.step([key(pygame.K_RETURN)], 0.02)
        rec = frame(app)
        assert not rec.find("roll by themselves")
        assert rec.find("The game is over")


def test_a_ponder_hit_stays_on_screen_and_the_panel_times_only_the_ais_own_search(
        tmp_path, monkeypatch):
    """Kalah's Master ponders the human's expected answer to the end (20 s of the human's
    time); the human plays it: the panel's Time is what the AI spent after that move (none),
    the pondered time a row of its own, and the hit's message stays as long as messages do."""
    with scripted_playing(tmp_path, monkeypatch, game="kalah",
                          seats=seats("Master", "human"), ponder=True,
                          animations=False) as (app, worker, scene):
        app.step([], 0.02)
        state = scene.session.current
        first = next(m for m in state.legal_moves() if state.apply(m).current_player() == 1)
        after = state.apply(first)
        reply = next(m for m in after.legal_moves() if after.apply(m).current_player() == 0)
        move_job = worker.last
        worker._out.append(Finished(move_job, result=Result(
            first, 1.0, 9, True, (first, reply), Stats(nodes=10, time_s=2.0))))
        assert app.run_until(lambda: scene.session.is_human_turn, timeout_s=5, dt=0.05)
        app.run_frames(3, 0.05)
        ponder_job, pondered, _ = worker.submitted[-1]
        assert ponder_job != move_job and pondered.key() == after.apply(reply).key()
        app.run_frames(400, 0.05)  # the human thinks 20 s; the ponder ends meanwhile
        worker._out.append(Finished(ponder_job, result=Result(
            2, 1.0, 14, True, (2,), Stats(nodes=400_000, time_s=20.0))))
        app.run_frames(2, 0.05)
        assert scene.play_move(reply)
        shown = " ".join(frame(app).strings())
        assert re.search(r"Time:? 0\.00 s", shown), shown
        assert re.search(r"Pondered:? 20\.00 s, your time", shown), shown
        assert "20.00 s" not in shown.replace("20.00 s, your time", "")
        assert frame(app).find("Ponder hit", kind="message")
        app.run_frames(60, 0.05)  # three seconds: the AI has moved, the message stays
        assert frame(app).find("Ponder hit", kind="message")


def test_hint_advises_take_or_drop_when_the_ai_doubles(tmp_path, monkeypatch):
    with cube_game(tmp_path, monkeypatch, RED_DOUBLE_PASS) as (app, scene):
        assert app.run_until(lambda: scene.session.stakes.offered_by == 1, timeout_s=10)
        app.run_frames(5, 0.05)
        hint = next(b for b in scene.geometry.buttons if b.command.name == "Hint")
        assert hint.enabled  # the button as drawn
        app.step([key(pygame.K_h)], 0.02)
        advice = " ".join(t.shown for t in frame(app).of_kind("message"))
        assert advice.startswith("Hint: drop — taking is worth "), advice
        assert "dropping \u22121.00" in advice and scene.session.stakes.offered_by == 1


def backgammon_against_the_ai(tmp_path, monkeypatch, **settings):
    return playing(tmp_path, monkeypatch, size=(1100, 720), game="backgammon",
                   seats=seats("human", "Casual"), animations=False, **settings)


def test_backgammon_shows_one_value_per_move_on_the_board_and_in_the_panel(
        tmp_path, monkeypatch):
    """The board's values (a search) and the panel's candidate moves used to be two sources
    side by side ("24/21* 24/20 +0.11" on the board, "+0.100 points" in the panel)."""
    with backgammon_against_the_ai(tmp_path, monkeypatch, show_values=True) as (app, scene):
        assert app.run_until(lambda: scene.session.is_human_turn
                             and scene.session.current.dice is not None
                             and scene.match.knowledge.values_settled(), timeout_s=60)
        rec = frame(app)
        on_board = {m["move"]: m["value"] for m in rec.marks_of("move-value")}
        assert len(on_board) >= 2
        panel = scene.geometry.panel_rect
        said = " ".join(t.shown for t in rec.texts if panel.contains(t.box))
        assert "search, as on the board" in said  # the panel names the values' search
        for move, value in on_board.items():
            found = re.findall(re.escape(move) + r":? ([+\-\u2212]?\d+\.\d+)", said)
            assert found, (move, said)
            assert {v.replace("\u2212", "-") for v in found} == {value.replace("\u2212", "-")}


def test_backgammon_point_numbers_stay_the_humans_on_the_ais_turn(tmp_path, monkeypatch):
    with backgammon_against_the_ai(tmp_path, monkeypatch) as (app, scene):
        def labels(mover: int):
            assert app.run_until(lambda: scene.session.current.current_player() == mover,
                                 timeout_s=60, dt=0.01)
            return [(m["number"], m.rect) for m in frame(app).marks_of("point-label")]

        white = labels(0)
        assert scene.play_move(scene.session.current.legal_moves()[0])
        red = labels(1)
        assert len(white) == 24 and white == red
        # the human's (White's, at the bottom) numbering: 1 at the bottom right
        one = next(rect for number, rect in white if number == 1)
        board = scene.geometry.board_rect
        assert one[0] > board.centerx and one[1] > board.centery


def test_a_node_rate_never_wraps_at_its_thousands_separator():
    """The panel's search figures, run together in a narrow panel, wrap at spaces only
    between words: "15 400/s" stays on one line at every width."""
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((400, 600))
    figures = PanelLine("Algorithm: alphabeta; Depth: 4; Nodes: 15 400 (15 400/s); "
                        "Time: 1.00 s".replace("15 400", fmt_int(15_400)), "text")
    for width in range(140, 400, 3):
        screen.fill((0, 0, 0))
        with scene_record.recording(screen) as rec:
            draw_panel(screen, pygame.Rect(0, 0, width, 600), [], [figures], 0.0)
        shown = rec.strings()
        for line, after in zip(shown, shown[1:], strict=False):
            assert not (re.search(r"\d$", line) and re.match(r"\d{3}\b", after)), (width, shown)


HYPHEN_AS_MINUS = re.compile(r"(?<![\w)])-\d")


def test_values_on_screen_write_one_minus_sign(tmp_path, monkeypatch):
    """Kalah's values for South at the start are mostly below zero: board, panel and the
    status line write them with U+2212, as the lab writes its infinities, not a hyphen."""
    with playing(tmp_path, monkeypatch, game="kalah", seats=seats("human", "Casual"),
                 animations=False, show_values=True) as (app, scene):
        assert app.run_until(lambda: scene.session.is_human_turn
                             and scene.match.knowledge.values_settled(), timeout_s=60)
        shown = frame(app).strings()
        assert any("\u2212" in text for text in shown)
        assert not [text for text in shown if HYPHEN_AS_MINUS.search(text)]


def test_a_slider_writes_a_negative_weight_with_the_minus_sign():
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((400, 100))
    slider = Slider("Mobility", -2.0, 2.0, 0.25, -1.0, lambda v: None, fmt="×{:.2f}")
    slider.rect = pygame.Rect(0, 0, 400, 40)
    with scene_record.recording(screen) as rec:
        slider.draw(screen)
    assert rec.find("×\u22121.00") and not rec.find("×-1.00")


def test_pause_is_a_button_only_when_two_ais_play(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="tictactoe", seats=seats("human", "Casual"),
                 animations=False) as (app, scene):
        assert not frame(app).find("Pause")
        app.step([key(pygame.K_SPACE)], 0.02)
        assert not scene.match.paused
        assert "Only a game of AI against AI pauses" in scene.message.text
    with playing(tmp_path, monkeypatch, game="tictactoe", seats=seats("Casual", "Casual"),
                 animations=False) as (app, scene):
        assert frame(app).find("Pause")


def backgammon_left_for_the_menu(tmp_path, monkeypatch):
    """A backgammon game with a move played, waiting on the menu (Esc)."""
    app = make_app(tmp_path, monkeypatch, size=(800, 600), game="backgammon",
                   seats=seats("human", "Casual"), animations=False)
    scene = start_game(app)
    assert app.run_until(lambda: scene.session.current.current_player() == 0, timeout_s=60)
    assert scene.play_move(scene.session.current.legal_moves()[0])
    app.step([key(pygame.K_ESCAPE)], 0.02)
    assert app.suspended is scene
    return app


def test_resume_on_another_games_tab_names_the_game_it_resumes(tmp_path, monkeypatch):
    app = backgammon_left_for_the_menu(tmp_path, monkeypatch)
    try:
        app.scene._set_game(get_kit("tictactoe"))
        (resume,) = frame(app).find("Resume")
        assert resume.shown == "Resume Backgammon"
        assert frame(app).find("Tic-tac-toe")  # the tab shown is another game's
    finally:
        app.close()


def test_choosing_pick_search_keeps_the_menu_rows_in_place(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, size=(800, 600), game="nim")
    try:
        def rows():
            found: dict[str, tuple] = {}
            for t in frame(app).texts:  # the first of each: the Nim tab, not a Nim option
                if t.shown in ("Kibitz", "Nim", "Player A", "Player B"):
                    found.setdefault(t.shown, t.rect)
            return found

        before = rows()
        app.scene._set_seat(0, "custom")  # what the Player A choice does
        after = rows()
        assert after["Player A"] == before["Player A"] and after["Nim"] == before["Nim"]
        assert after["Kibitz"] == before["Kibitz"]
        assert after["Player B"][1] > before["Player B"][1]  # the new rows go below Player A
        assert after["Player B"][3] == before["Player B"][3]  # at the same size
    finally:
        app.close()


def test_the_cube_turn_line_is_whole_in_a_small_window(tmp_path, monkeypatch):
    with cube_game(tmp_path, monkeypatch, "u20DECDM3Q0GAA") as (app, scene):
        from test_ui_support import resize

        resize(app, 640, 480)
        app.run_frames(20, 0.05)
        (turn,) = frame(app).find("Double (O) or Roll")
        assert not turn.cut and turn.size >= 10
