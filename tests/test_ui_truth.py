"""Issue 8's "what was seen", reproduced: every number on the play screen is about the position
shown, and two searches of one position are told apart.

A scripted worker stands in for the search process, so each test replays exactly the sequence of
replies that produced the wrong screen (a finished depth, then a deeper depth's progress naming
another move; a search cancelled by undo) instead of hoping a real search hits it. What is
checked is what the window draws: every string passed to draw_text during a frame.
"""

from __future__ import annotations

import re
import threading
from contextlib import contextmanager

import pygame
import pytest
from test_ui_support import (
    click,
    drawn_text,
    key,
    make_app,
    playing,
    scripted_playing,
    seats,
    start_game,
)

from games.backgammon.ui.play import LOADING


def named_as_best(texts: list[str], move_text: str) -> bool:
    return any(re.search(rf"\bbest {re.escape(move_text)}(\s|$|\()", t) for t in texts)


def test_backgammon_opening_52_board_values_hint_and_panel_agree(tmp_path, monkeypatch):
    with scripted_playing(tmp_path, monkeypatch, game="backgammon", seats=seats("human", "human"),
                          show_values=True, animations=False) as (app, worker, scene):
        scene.session.play((5, 2))  # the opening roll: White plays 5-2
        scene.match.position_changed(animate=False)
        app.step([], 0.02)
        state = scene.session.current
        game = scene.session.game
        by_text = {game.format_move(state, m): m for m in state.legal_moves()}
        a, b = by_text["13/11 13/8"], by_text["24/22 13/8"]
        values_job = worker.last
        assert values_job >= 1  # the values pass started by itself (Values on, human to move)
        # depth 3 finished: 13/11 13/8 is best; then depth 4's progress says 24/22 13/8
        values = {m: -0.30 for m in state.legal_moves()}
        values[a], values[b] = -0.217, -0.25
        worker.result(values_job, "depth", a, -0.217, 3, values)
        worker.progress(values_job, 4, b, -0.16)
        texts = drawn_text(app, monkeypatch)
        board = scene.context().move_values
        assert board is not None and max(board, key=board.get) == a
        assert named_as_best(texts, "13/11 13/8"), texts
        assert not named_as_best(texts, "24/22 13/8"), texts  # the panel must not contradict
        # A hint from a deeper search that prefers 24/22 13/8: both are on screen, labelled.
        app.step([key(pygame.K_h)], 0.02)
        hint_job = worker.last
        assert hint_job > values_job
        worker.result(hint_job, "done", b, -0.16, 5)
        app.step([], 0.02)
        texts = drawn_text(app, monkeypatch)
        board = scene.context().move_values
        assert board is not None and max(board, key=board.get) == a  # still depth 3's values
        assert scene.context().highlight_move == b  # the hint arrow
        assert not named_as_best(texts, "24/22 13/8"), texts
        assert any("Hint" in t and "depth 5" in t and "24/22 13/8" in t for t in texts), texts
        assert any("depth 3" in t for t in texts), texts  # the board values' own depth
        assert app.errors == []


def test_othello_board_values_and_panel_agree_during_a_deeper_pass(tmp_path, monkeypatch):
    with scripted_playing(tmp_path, monkeypatch, game="othello",
                          seats=seats("human", "human"), show_values=True) as (app, worker, scene):
        app.step([], 0.02)
        state = scene.session.current
        game = scene.session.game
        by_text = {game.format_move(state, m): m for m in state.legal_moves()}
        job = worker.last
        values = {m: -2.0 for m in state.legal_moves()}
        values[by_text["d3"]] = 1.0
        worker.result(job, "depth", by_text["d3"], 1.0, 6, values)
        worker.progress(job, 7, by_text["c4"], 3.0)
        texts = drawn_text(app, monkeypatch)
        assert named_as_best(texts, "d3") and not named_as_best(texts, "c4"), texts
        assert app.errors == []


def test_undo_mid_search_leaves_no_stale_move_on_screen(tmp_path, monkeypatch):
    with scripted_playing(tmp_path, monkeypatch, game="othello",
                          seats=seats("human", "Master"), animations=False) as (app, worker, scene):
        start = scene.session.current
        game = scene.session.game
        f5 = game.parse_move(start, "f5")
        assert scene.play_move(f5)
        app.run_frames(5, 0.1)
        job = worker.last
        assert job >= 1 and scene.match.jobs.current is not None  # the AI (White) is searching
        reply = scene.session.current
        f4 = game.parse_move(reply, "f4")
        worker.progress(job, 9, f4, 2.0)
        worker.result(job, "depth", f4, 2.0, 8)
        texts = drawn_text(app, monkeypatch)
        assert any(re.search(r"\bf4\b", t) for t in texts), texts  # shown while it is true
        app.step([key(pygame.K_u)], 0.02)
        assert scene.session.ply == 0
        assert game.format_move(start, f4) not in {game.format_move(start, m)
                                                   for m in start.legal_moves()}
        texts = drawn_text(app, monkeypatch)
        assert not any(re.search(r"\bf4\b", t) for t in texts), texts
        assert app.errors == []


def test_a_hint_does_not_outlive_its_position(tmp_path, monkeypatch):
    with scripted_playing(tmp_path, monkeypatch, game="othello",
                          seats=seats("human", "human"), animations=False) as (app, worker, scene):
        start = scene.session.current
        d3 = scene.session.game.parse_move(start, "d3")
        app.step([key(pygame.K_h)], 0.02)
        worker.result(worker.last, "done", d3, 1.0, 9)
        app.step([], 0.02)
        assert scene.context().highlight_move == d3
        assert any("Hint" in t for t in drawn_text(app, monkeypatch))
        assert scene.play_move(d3)
        app.run_frames(400, 0.02)  # 8 s: the hint message has faded too
        texts = drawn_text(app, monkeypatch)
        assert scene.context().highlight_move is None
        buttons = {b.text for b in scene.geometry.buttons}
        assert not any(t.startswith("Hint") and t not in buttons for t in texts), texts
        assert app.errors == []


def test_values_of_the_previous_position_vanish_when_the_ai_moves(tmp_path, monkeypatch):
    with scripted_playing(tmp_path, monkeypatch, game="othello",
                          seats=seats("human", "Master"), show_values=True,
                          animations=False) as (app, worker, scene):
        start = scene.session.current
        values = {m: 0.5 for m in start.legal_moves()}
        d3 = scene.session.game.parse_move(start, "d3")
        values[d3] = 4.0
        worker.result(worker.last, "done", d3, 4.0, 6, values)
        app.step([], 0.02)
        assert scene.context().move_values == values
        assert scene.play_move(d3)
        app.run_frames(3, 0.1)
        texts = drawn_text(app, monkeypatch)
        assert scene.context().move_values is None
        assert not any("values" in t.lower() and "d3" in t for t in texts), texts
        assert not named_as_best(texts, "d3"), texts


# ---- backgammon conventions -------------------------------------------------------------
@contextmanager
def _human_backgammon(tmp_path, monkeypatch):
    """Two humans at backgammon, White to play an opening 5-2; closes the app after."""
    with playing(tmp_path, monkeypatch, size=(1100, 720), game="backgammon",
                 seats=seats("human", "human"), animations=False,
                 show_values=False) as (app, scene):
        scene.session.play((5, 2))  # White opens with 5-2
        scene.match.position_changed(animate=False)
        app.step([], 0.02)
        yield app, scene


def _click_step(app, scene, src: int, dst: int) -> None:
    view, state, ctx = scene.view, scene.session.current, scene.context()
    app.step([click(view.location_center(scene.geometry.board_rect, state, src, ctx))], 0.02)
    app.step([click(view.location_center(scene.geometry.board_rect, state, dst, ctx))], 0.02)


def _partial_steps(scene) -> list:
    turn = scene.view._turn
    return list(turn.steps) if turn is not None else []


def _status_pips(scene) -> tuple[int, int]:
    text = scene.view.status_text(scene.session.current)
    found = re.search(r"White (\d+) · Red (\d+)", text)
    assert found, text
    return int(found[1]), int(found[2])


def test_backgammon_undo_takes_back_one_checker_then_whole_turns(tmp_path, monkeypatch):
    with _human_backgammon(tmp_path, monkeypatch) as (app, scene):
        assert _status_pips(scene) == (167, 167)
        ply = scene.session.ply
        _click_step(app, scene, 13, 8)  # the 5 of 5-2
        assert scene.session.ply == ply  # half a turn is not a move yet
        assert _partial_steps(scene) == [(13, 8)]
        app.step([key(pygame.K_u)], 0.02)
        assert _partial_steps(scene) == []
        assert scene.session.ply == ply  # only the checker came back, not the opening roll
        _click_step(app, scene, 13, 11)
        _click_step(app, scene, 13, 8)
        assert scene.session.ply == ply + 1
        assert scene.session.moves_text()[-1] == "13/11 13/8"
        app.run_frames(40, 0.05)  # Red's roll
        assert scene.session.is_human_turn and scene.session.current.to_move == 1
        app.step([key(pygame.K_u)], 0.02)  # no checker moved by Red: the whole turn goes
        assert scene.session.ply == ply and scene.session.current.to_move == 0
        assert app.errors == []


def test_backgammon_pip_counts_agree_mid_turn(tmp_path, monkeypatch):
    with _human_backgammon(tmp_path, monkeypatch) as (app, scene):
        _click_step(app, scene, 13, 8)
        assert _partial_steps(scene) == [(13, 8)]
        assert _status_pips(scene) == (162, 167)  # the status line counts the board as drawn


def test_backgammon_move_list_uses_turn_numbers_and_dice(tmp_path, monkeypatch):
    with _human_backgammon(tmp_path, monkeypatch) as (app, scene):
        _click_step(app, scene, 13, 11)
        _click_step(app, scene, 13, 8)
        app.run_frames(40, 0.05)
        state = scene.session.current
        red = state.legal_moves()[0]
        dice = "".join(map(str, state.dice))
        red_text = scene.session.game.format_move(state, red)
        assert scene.play_move(red)
        app.step([], 0.02)
        assert scene.moves_view.lines() == [f"1. 52: 13/11 13/8  {dice}: {red_text}"]
        assert not any(line.startswith("roll") for line in scene.moves_view.lines())


def test_start_screen_says_the_opening_roll_decides(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, game="backgammon", first=1,
                   seats=seats("human", "Beginner"))
    try:
        rows = [w for w in app.scene.widgets if getattr(w, "label", "") == "First move"]
        assert len(rows) == 1 and rows[0].text == "the opening roll decides"
        scene = start_game(app)
        assert scene.session.seats[0].is_human  # Player A is White whatever "first" said
    finally:
        app.close()


@pytest.mark.parametrize("game", ["othello", "tictactoe"])
def test_a_refused_click_says_why(tmp_path, monkeypatch, game):
    with playing(tmp_path, monkeypatch, game=game, seats=seats("human", "human"),
                 animations=False) as (app, scene):
        if game == "othello":
            from games.othello.ui.board import OthelloGeometry

            geo = OthelloGeometry(scene.geometry.board_rect)
            app.step([click(geo.square_center(27))], 0.02)  # d4: a starting disc
            assert "d4 is taken" in scene.message.text
            app.step([click(geo.square_center(0))], 0.02)  # a1: flips nothing
            assert "a1 flips no discs" in scene.message.text
        else:
            from games.tictactoe.ui.board import TicTacToeView

            scene.play_move(4)
            app.step([click(TicTacToeView.cell_rect(scene.geometry.board_rect, 4).center)], 0.02)
            assert "b2 is taken" in scene.message.text
        assert scene.session.ply == (0 if game == "othello" else 1)


# ---- never lose a game by accident; a calm window; a long game -----------------------------
def test_escape_keeps_the_game_and_the_menu_resumes_it(tmp_path, monkeypatch):
    from ui.scenes.menu import MenuScene

    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):
        scene.play_move(4)
        app.step([key(pygame.K_ESCAPE)], 0.02)
        assert isinstance(app.scene, MenuScene) and app.suspended is scene
        assert any(getattr(w, "text", "") == "Resume Tic-tac-toe" for w in app.scene.widgets)
        app.step([key(pygame.K_RETURN)], 0.02)  # Play would end the game: asked first
        assert isinstance(app.scene, MenuScene) and app.scene.dialog is not None
        app.step([key(pygame.K_ESCAPE)], 0.02)  # keep it
        assert app.scene.dialog is None and app.suspended is scene
        app.step([key(pygame.K_ESCAPE)], 0.02)  # Esc on the menu resumes
        assert app.scene is scene and scene.session.moves_text() == ["b2"]
        app.step([key(pygame.K_n)], 0.02)  # N asks too; Esc keeps playing
        app.step([key(pygame.K_ESCAPE)], 0.02)
        assert app.scene is scene and scene.session.ply == 1 and scene.dialog is None
        assert app.errors == []


def test_an_idle_window_asks_for_no_frames(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, game="othello", seats=seats("human", "human"))
    try:
        assert app.scene.next_frame_in() is None  # the start screen, untouched
        scene = start_game(app)
        app.run_frames(400, 0.02)  # the "new game" message fades
        assert scene.next_frame_in() is None  # waiting for the human: nothing moves
        scene.play_move(scene.session.current.legal_moves()[0])
        assert scene.next_frame_in() == 0.0  # the flip animation runs at the full rate
        frames = app.drawn_frames
        app.run_frames(5, 0.02)
        assert app.drawn_frames == frames + 5
    finally:
        app.close()


class _History:
    """A stand-in session: a list of (position, move) pairs."""

    def __init__(self, pairs: tuple) -> None:
        self.pairs = pairs

    @property
    def ply(self) -> int:
        return len(self.pairs)

    def history_since(self, start: int) -> tuple:
        return self.pairs[max(0, start):]


class _Ply:
    """A stand-in position: whose turn it is is all a move record needs."""

    def __init__(self, player: int) -> None:
        self.player = player

    def current_player(self) -> int:
        return self.player


def test_a_ten_thousand_move_list_formats_only_what_is_on_screen(tmp_path, monkeypatch):
    from ui.movelist import MoveListView, MoveRecord

    app = make_app(tmp_path, monkeypatch)  # a display for the fonts
    try:
        calls = []

        def describe(state, move):
            calls.append(move)
            return f"m{move}"

        history = tuple((_Ply(i % 2), i + 1) for i in range(10_000))
        record = MoveRecord(describe)
        record.sync(_History(history))
        view = MoveListView(record, "m10000")
        view.layout(pygame.Rect(0, 0, 300, 300), 14)
        view.draw(app.screen)
        shown = view.lines()
        assert len(record) == 10_000 and record.rows == 5_000 and 0 < len(shown) < 30
        assert shown[-1] == "5000. m9999  m10000"
        assert len(set(calls)) <= 2 * len(shown)  # words only for the rows on screen
        view.to_start()
        assert view.lines()[0] == "1. m1  m2"
        view.scroll(-3)
        assert view.lines()[0] == "4. m7  m8"
        view.to_end()
        record.sync(_History(history[:-3]))  # three moves taken back: the record follows
        assert view.lines()[-1] == "4999. m9997"
        record.sync(_History(history))
        assert view.lines()[-1] == "5000. m9999  m10000"
        changed = history[:100] + tuple((_Ply(i % 2), -i) for i in range(100, 10_000))
        record.sync(_History(changed))  # another game from move 100 on (a load)
        assert view.lines()[-1] == "5000. m-9998  m-9999"
    finally:
        app.close()


def test_a_noisy_level_says_its_pick_is_random(tmp_path, monkeypatch):
    """Casual plays c3 where its own search rates b2 best: the panel names both and why."""
    with scripted_playing(tmp_path, monkeypatch, game="tictactoe",
                          seats=seats("Casual", "human"), animations=False) as (app, worker, scene):
        app.run_frames(20, 0.05)
        job = worker.last
        assert job >= 1 and scene.match.jobs.current is not None
        b2, c3 = 4, 8
        worker.result(job, "depth", b2, 1.0, 2, {b2: 1.0, c3: -1.0, 0: 0.0})
        worker.result(job, "done", c3, -1.0, 2, {b2: 1.0, c3: -1.0, 0: 0.0})
        texts = drawn_text(app, monkeypatch)
        assert any("Its best was b2" in t for t in texts), texts
        assert any("picks at random" in t for t in texts), texts
        app.run_frames(20, 0.05)
        assert scene.session.moves_text() == ["c3"]  # the move played is the one named
        assert app.errors == []


def test_a_cancelled_search_stops_saying_it_searches(tmp_path, monkeypatch):
    with scripted_playing(tmp_path, monkeypatch, game="othello",
                          seats=seats("human", "human"), animations=False) as (app, worker, scene):
        scene.play_move(scene.session.game.parse_move(scene.session.current, "d3"))
        app.step([key(pygame.K_h)], 0.02)
        worker.progress(worker.last, 5, None, 0.0)
        assert any(t.startswith("Hint: searching") for t in drawn_text(app, monkeypatch))
        app.step([key(pygame.K_ESCAPE)], 0.02)  # the menu stops the search; Esc resumes
        app.step([key(pygame.K_ESCAPE)], 0.02)
        assert app.scene is scene and scene.match.jobs.current is None
        assert not any(t.startswith("Hint") and "search" in t
                       for t in drawn_text(app, monkeypatch))
        assert app.errors == []


def test_the_real_loop_draws_nothing_while_nothing_changes(tmp_path, monkeypatch):
    import time

    app = make_app(tmp_path, monkeypatch, game="othello", seats=seats("human", "human"))
    try:
        app.run_frames(2)
        pygame.event.clear()  # the window's own start-up events (shown, exposed)
        frames = app.drawn_frames
        stop = time.perf_counter() + 0.6
        app.run_loop(until=lambda: time.perf_counter() > stop)
        assert app.drawn_frames == frames  # the start screen sat still: no frame drawn
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                             buttons=(0, 0, 0)))
        stop = time.perf_counter() + 0.2
        app.run_loop(until=lambda: time.perf_counter() > stop)
        assert app.drawn_frames == frames + 1  # one event, one frame
    finally:
        app.close()


def _network_rows(app, monkeypatch) -> list[str]:
    """The panel's network rows once its view has arrived (it is computed off the window's
    thread; the frames before show the loading line)."""
    text = drawn_text(app, monkeypatch)
    if LOADING in text:
        assert app.scene.match.knowledge.belief.wait(60)
        text = drawn_text(app, monkeypatch)
    start = text.index(next(t for t in text if t.startswith("Network, for ")))
    return text[start:start + 12]


def test_backgammon_panel_shows_the_networks_chances_for_the_shown_position(
        tmp_path, monkeypatch):
    from games.backgammon.ui.insight import insight

    with _human_backgammon(tmp_path, monkeypatch) as (app, scene):
        opening = insight(scene.session.current)
        rows = _network_rows(app, monkeypatch)
        assert rows[0] == "Network, for White (to move)"
        assert f"{opening.equity:+.3f} points" in rows
        w, wg, wbg = opening.probs[:3]
        assert f"Wins {w:.0%}" in rows and f"gammons {wg:.0%} · bg {wbg:.0%}" in rows
        assert opening.moves[0][0] in rows  # the best candidate of 5-2 with its equity
        _click_step(app, scene, 13, 11)
        _click_step(app, scene, 13, 8)
        app.run_frames(40, 0.05)  # Red's roll
        assert scene.session.current.to_move == 1
        after = insight(scene.session.current)
        rows = _network_rows(app, monkeypatch)
        assert rows[0] == "Network, for Red (to move)"
        assert f"{after.equity:+.3f} points" in rows and after.equity != opening.equity
        app.step([key(pygame.K_u)], 0.02)  # undo: back to White's 5-2, and its figures
        assert LOADING not in drawn_text(app, monkeypatch)  # kept: shown at once
        rows = _network_rows(app, monkeypatch)
        assert rows[0] == "Network, for White (to move)"
        assert f"{opening.equity:+.3f} points" in rows
        assert app.errors == []


def test_backgammon_panel_computes_the_networks_view_off_the_windows_thread(
        tmp_path, monkeypatch):
    """Its first time loads numpy and the network: the window's thread must not wait. The
    view is held back here until the frame drawn meanwhile has been seen."""
    import games.backgammon.ui.play as backgammon_play

    threads, release = [], threading.Event()
    real = backgammon_play.insight

    def held_back(*args, **kwargs):
        threads.append(threading.current_thread())
        release.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(backgammon_play, "insight", held_back)
    with _human_backgammon(tmp_path, monkeypatch) as (app, scene):
        assert LOADING in drawn_text(app, monkeypatch)  # the frame came; the view did not
        release.set()
        assert _network_rows(app, monkeypatch)[0] == "Network, for White (to move)"
        assert threads and all(t is not threading.main_thread() for t in threads)
        assert app.errors == []


def test_a_calm_window_draws_the_networks_view_when_it_arrives(tmp_path, monkeypatch):
    """The window sleeps when nothing is pending; a view that arrives after the last frame
    (the frame drew "loading") must still wake it once to be drawn (it once stayed on
    "loading" until the next input)."""
    import games.backgammon.ui.play as backgammon_play

    release = threading.Event()
    real = backgammon_play.insight

    def held_back(*args, **kwargs):
        release.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(backgammon_play, "insight", held_back)
    with _human_backgammon(tmp_path, monkeypatch) as (app, scene):
        app.step([], 0.02)  # the frame drawn while the view is on its way
        release.set()
        assert scene.match.knowledge.belief.wait(30)  # arrived after the last frame
        assert scene.next_frame_in() == 0.0  # so the window owes a frame
        assert _network_rows(app, monkeypatch)[0] == "Network, for White (to move)"
        assert scene.next_frame_in() is None  # shown: calm again
