"""The review screen, headless: a game analysed in the worker, its marks, the chart's clicks,
the board's marks, cancelling, playing on, and an analysis that travels in the save."""

from __future__ import annotations

from typing import Any

import pygame
from test_ui_support import ScriptedWorker, click, drawn_text, key, make_app

from ai.review.analysis import review_session
from ai.tasks import Task
from ai.worker import Failed, Finished, Progressed
from game import savefile
from game.registry import get_kit
from game.review import BAD, GameReview
from game.session import Session
from play.review import LINE_STEP_S, stepped
from ui.scenes.play import PlayScene
from ui.scenes.review import ReviewScene

#: X's a3 (the fifth move) turns a draw into a loss; O then wins down the c file.
BLUNDER_GAME = ["b2", "a1", "a2", "c2", "a3", "c1", "b1", "c3"]
BLUNDER_INDEX = 4


class TaskWorker(ScriptedWorker):
    """A scripted worker that also takes tasks (and never answers unless told)."""

    def __init__(self) -> None:
        super().__init__()
        self.tasks: list[Task[Any, Any]] = []

    def submit_task(self, task: Task[Any, Any]) -> int:
        self.tasks.append(task)
        self.submitted.append((len(self.submitted) + 1, None, task))
        return len(self.submitted)

    def reply(self, reply: Any) -> None:
        self._out.append(reply)


def finished_game() -> Session:
    session = Session(get_kit("tictactoe"))
    for text in BLUNDER_GAME:
        session.play_text(text)
    assert session.is_over
    return session


def open_review(app: Any, session: Session) -> ReviewScene:
    """The play screen on ``session``, then its Review key (E)."""
    app.open_play(session)
    app.step([], 0.02)
    app.step([key(pygame.K_e)], 0.02)
    scene = app.scene
    assert isinstance(scene, ReviewScene), getattr(scene, "message", None)
    return scene


def reviewed(tmp_path: Any, monkeypatch: Any) -> tuple[Any, ReviewScene]:
    """A finished tic-tac-toe game analysed by the real (thread) worker."""
    app = make_app(tmp_path, monkeypatch, size=(1100, 720))
    scene = open_review(app, finished_game())
    assert app.run_until(lambda: scene.model.review is not None, timeout_s=60)
    app.run_frames(2)
    return app, scene


def test_a_finished_game_shows_the_blunder_marked(tmp_path, monkeypatch):
    app, scene = reviewed(tmp_path, monkeypatch)
    try:
        review = scene.model.review
        row = review.row_at(BLUNDER_INDEX)
        assert row is not None and row.move == "a3" and row.severity == BAD
        assert row.mark == "turns a draw into a loss"
        assert scene.model.row is row  # the first error is selected
        seen = drawn_text(app, monkeypatch)
        assert any(text.startswith("Turns a draw into a loss") for text in seen), seen
        assert "a3?" in seen and "3." in seen  # X's third move, on the list's line "3."
        assert any("X played a3?" in text for text in seen)
        assert app.errors == []
    finally:
        app.close()


def test_clicking_the_chart_selects_that_decision_and_rings_its_best_move(
        tmp_path, monkeypatch):
    app, scene = reviewed(tmp_path, monkeypatch)
    try:
        scene.model.select(0)
        chart = scene.chart
        assert chart is not None
        target = next(i for i, r in enumerate(scene.model.rows) if r.index == BLUNDER_INDEX)
        app.step([click((chart.x(target), chart.plot.centery))], 0.02)
        assert scene.model.selected == target
        row = scene.model.row
        session = scene.session
        state = session.state_at(row.index)
        best = session.parse_move_text(state, row.best_move)
        played = session.parse_move_text(state, row.move)
        ctx = scene.context()
        assert ctx.highlight_move == best
        assert ctx.move_values == {best: row.value_before, played: row.value_after}
        assert ctx.interactive is False
        # A click on the move list selects too.
        first = scene.moves.index_at(scene.moves._cell(0, 0).center)
        assert first == 0
        app.step([click(scene.moves._cell(0, 0).center)], 0.02)
        assert scene.model.selected == 0
        assert app.errors == []
    finally:
        app.close()


def test_cancelling_the_analysis_leaves_the_game_alone(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    worker = TaskWorker()
    app._worker = worker
    try:
        session = finished_game()
        moves = session.moves
        scene = open_review(app, session)
        assert scene.model.running and len(worker.tasks) == 1
        job = worker.last
        worker.reply(Progressed(job, value=(2, 8)))
        seen = drawn_text(app, monkeypatch)
        assert "Analysing move 3 of 8 …" in seen
        app.step([key(pygame.K_ESCAPE)], 0.02)  # Esc cancels first, the screen stays
        assert app.scene is scene and not scene.model.running
        assert scene.message.text == "Analysis cancelled"
        assert worker.cancelled_up_to == job
        # The cancelled job's late answer is never shown.
        worker.reply(Finished(job, value=review_session(finished_game())))
        app.step([], 0.02)
        assert scene.model.review is None
        assert session.moves == moves and scene.session is session
        app.step([key(pygame.K_ESCAPE)], 0.02)  # now Esc goes back to the game
        assert isinstance(app.scene, PlayScene) and app.scene.session is session
        assert app.errors == []
    finally:
        app.close()


def test_a_failed_analysis_says_why_in_one_line(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    worker = TaskWorker()
    app._worker = worker
    try:
        scene = open_review(app, finished_game())
        worker.reply(Failed(worker.last, "the search broke"))
        app.step([], 0.02)
        assert scene.message.error and scene.message.text == (
            "Analysis failed: the search broke")
        assert scene.model.review is None and not scene.model.running
        assert app.errors == []
    finally:
        app.close()


def test_a_game_without_moves_says_so_and_searches_nothing(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    worker = TaskWorker()
    app._worker = worker
    try:
        scene = open_review(app, Session(get_kit("tictactoe")))
        assert worker.tasks == [] and not scene.model.running
        assert "No moves to review yet" in scene.message.text
        app.run_frames(2)
        assert app.errors == []
    finally:
        app.close()


def test_play_on_from_here_starts_at_the_selected_position(tmp_path, monkeypatch):
    app, scene = reviewed(tmp_path, monkeypatch)
    try:
        original = scene.session
        row = scene.model.row
        assert row is not None and row.index == BLUNDER_INDEX
        app.step([key(pygame.K_p)], 0.02)  # the game is over: no question
        play = app.scene
        assert isinstance(play, PlayScene)
        session = play.session
        assert session is not original
        assert session.ply == row.index
        assert session.current.key() == original.state_at(row.index).key()
        assert session.seats[row.side].is_human
        assert session.seats[1 - row.side].level == "Master"
        assert original.ply == len(BLUNDER_GAME)  # the reviewed game is untouched
        assert app.errors == []
    finally:
        app.close()


def test_the_line_steps_on_the_board_and_esc_stops_it(tmp_path, monkeypatch):
    app, scene = reviewed(tmp_path, monkeypatch)
    try:
        row = scene.model.row
        app.step([key(pygame.K_l)], 0.02)
        start = scene.session.state_at(row.index)
        first = scene.session.parse_move_text(start, row.line[0])
        shown = scene.model.shown()
        assert shown.last_move == first and shown.state.key() == start.apply(first).key()
        app.run_frames(int(LINE_STEP_S / 0.05) + 2, 0.05)
        assert scene.model.line_step == 2
        app.step([key(pygame.K_ESCAPE)], 0.02)
        assert app.scene is scene and not scene.model.line
        assert scene.model.shown().state is start
        assert app.errors == []
    finally:
        app.close()


def test_a_saved_analysis_reopens_without_searching(tmp_path, monkeypatch):
    session = finished_game()
    review = review_session(session)
    path = tmp_path / "reviewed.kibitz.txt"
    savefile.save_file(session, path, review)
    review = savefile.load_review(path.read_text(encoding="utf-8"))[1]  # as saved
    app = make_app(tmp_path, monkeypatch)
    worker = TaskWorker()
    app._worker = worker
    try:
        app.open_play(Session(get_kit("tictactoe")))
        play = app.scene
        assert play.files.load_file(path)
        assert "with its analysis" in play.message.text
        app.step([key(pygame.K_e)], 0.02)
        scene = app.scene
        assert isinstance(scene, ReviewScene)
        assert worker.tasks == [] and not scene.model.running
        assert scene.model.review == review
        # Saving from the review screen writes the game with its analysis again.
        again = tmp_path / "again.kibitz.txt"
        assert scene.files.save_to(again)
        loaded, kept = savefile.load_review(again.read_text(encoding="utf-8"))
        assert kept == review and loaded.moves == session.moves
        assert app.errors == []
    finally:
        app.close()


def test_an_analysis_made_on_the_review_screen_comes_back_to_the_game(tmp_path, monkeypatch):
    app, scene = reviewed(tmp_path, monkeypatch)
    try:
        review = scene.model.review
        app.step([key(pygame.K_ESCAPE)], 0.02)
        play = app.scene
        assert isinstance(play, PlayScene)
        assert play.files.review() is review
        play.match.history.undo()  # the game no longer holds every move reviewed
        assert play.files.review() is None
    finally:
        app.close()


def test_the_search_depth_steps_and_a_solved_game_has_none(tmp_path, monkeypatch):
    app, scene = reviewed(tmp_path, monkeypatch)
    try:
        app.step([key(pygame.K_EQUALS)], 0.02)
        assert "exact search" in scene.message.text
        settings = scene.model.settings
        assert stepped(settings, +1) is None
        from ai.review.analysis import ReviewSettings
        assert stepped(ReviewSettings("Master", 6, None), +1).depth == 7
        assert stepped(ReviewSettings("Master", 1, None), -1).depth == 1
        assert stepped(ReviewSettings("Master", None, 1.0), +1).time_s == 2.0
    finally:
        app.close()


def test_a_review_draws_at_small_and_large_sizes(tmp_path, monkeypatch):
    app, scene = reviewed(tmp_path, monkeypatch)
    try:
        for size in ((640, 480), (1600, 1000)):
            app._resize(size)
            for k in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_END, pygame.K_F1):
                app.step([key(k)], 0.02)
        assert app.errors == []
        assert isinstance(scene.model.review, GameReview)
    finally:
        app.close()
