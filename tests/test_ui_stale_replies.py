"""Late AI replies and moves at the wrong moment never reach the board, and never crash.

The monkey test once failed with "a roll is two dice 1-6 ..., got CubeAction(kind='double')":
its legality check replayed a backgammon money game's record with the board's ``apply``, which
took the cube decision ``double`` (a move of the session, not of the board) for a dice roll.
These tests pin down both sides of that: a cube game's record replays through the cube's rules,
and the play screen drops, with a log line, any AI move whose position is no longer on the
board (undo, new game, paste) or that comes when no move is due (a roll, a pending double).
"""

from __future__ import annotations

import logging

import pygame
import pytest
from test_ui_support import (
    key,
    playing,
    replay_is_legal,
    scripted_playing,
    seats,
)

from game.registry import get_kit
from game.session import Session
from games.backgammon.cube import Cube, CubeAction
from play.jobs import Job, Purpose

#: White (human) on roll with 3-1 at the start; Red is the AI.
BG_WHITE_31 = "4HPwATDgc/ABMA 31"


def _first_move_by_human(app, scene) -> None:
    """The human plays the first legal move of the shown position."""
    state = scene.session.current
    assert scene.session.is_human_turn
    assert scene.play_move(state.legal_moves()[0])


def _await_ai_job(app, worker, scene) -> Job:
    """Frames until the AI's move search of the shown position has been submitted."""
    for _ in range(200):
        if scene.match.jobs.running(Purpose.MOVE):
            break
        app.step([], 0.05)
    job = scene.match.jobs.current
    assert job is not None and job.purpose is Purpose.MOVE
    assert job.state.key() == scene.session.current.key()
    assert worker.last == job.id
    return job


# ---- the failure the monkey found --------------------------------------------------------

def test_a_cube_games_record_replays_through_the_cube_rules(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="backgammon", seats=seats("human", "human"),
                 bg_cube="on", animations=False) as (app, scene):
        assert app.run_until(lambda: scene.session.current.current_player() in (0, 1), 5)
        _first_move_by_human(app, scene)  # the opening roll's winner moves
        assert scene.match.stakes_turns.can_double()  # the other side, before his roll
        scene.match.stakes_turns.double()
        scene.match.stakes_turns.take()
        assert [m for m in scene.session.moves if isinstance(m, CubeAction)] == [
            CubeAction("double"), CubeAction("take")]
        assert scene.session.stakes == Cube(value=2, owner=1 - scene.session.current.to_move)
        # The old check applied CubeAction("double") to the board: IllegalMoveError.
        assert replay_is_legal(scene.session)
        app.run_frames(30, 0.05)  # the dice roll on after the take
        assert scene.session.current.dice is not None
        assert replay_is_legal(scene.session)
        assert app.errors == []


def test_the_replay_check_refuses_a_record_the_cube_forbids():
    session = Session(get_kit("backgammon"), start_state=_parse(BG_WHITE_31), stakes=Cube())
    session.play(session.current.legal_moves()[0])
    session.play_text("double")
    session.play_text("take")
    assert replay_is_legal(session)
    # Forge a record with a second double by the side that no longer owns the cube (the
    # session itself refuses to play it).
    session._moves.append(CubeAction("double"))
    session._states.append(session.current)
    assert not replay_is_legal(session)


def _parse(text: str):
    from game.registry import get_game

    return get_game("backgammon").parse_position(text)


# ---- late replies after the position changed -----------------------------------------------

def _human_first(game: str) -> dict:
    """Settings of a game where the human (the first seat) plays against the AI."""
    return {"game": game, "seats": seats("human", "Advanced"), "animations": False}


CHANGES = ("undo", "new game", "paste")


@pytest.mark.parametrize("game", ["tictactoe", "nim", "othello", "backgammon"])
@pytest.mark.parametrize("change", CHANGES)
def test_a_move_reply_that_arrives_after_the_position_changed_is_never_played(
        tmp_path, monkeypatch, game, change):
    with scripted_playing(tmp_path, monkeypatch, **_human_first(game)) as (app, worker, scene):
        if game == "backgammon":  # White (the human) to play 3-1, not the opening roll
            scene.replace_session(Session(get_kit("backgammon"), start_state=_parse(BG_WHITE_31),
                                          seats=scene.session.seats), "set up")
        human_state = scene.session.current
        _first_move_by_human(app, scene)
        job = _await_ai_job(app, worker, scene)
        ai_state = job.state
        late_move = ai_state.legal_moves()[0]
        if change == "undo":
            app.step([key(pygame.K_u)], 0.02)
            assert scene.session.current.key() == human_state.key()
        elif change == "new game":
            app.step([key(pygame.K_n)], 0.02)
            if scene.dialog is not None:
                app.step([key(pygame.K_y)], 0.02)
        else:
            app.clipboard["text"] = scene.session.game.format_position(ai_state)
            app.step([key(pygame.K_v, pygame.KMOD_CTRL)], 0.02)
            if scene.dialog is not None:
                app.step([key(pygame.K_y)], 0.02)
        plies = app.scene.session.ply
        # The search of the old position answers only now, with a move legal there.
        worker.result(job.id, "done", late_move, 0.0, 3)
        app.run_frames(40, 0.05)
        scene = app.scene
        assert app.errors == []
        assert scene.match.ai.pending is None
        # Since the change only dice may have rolled (a new backgammon game's opening roll):
        # no player's move was played, the late one least of all.
        later = scene.session.history_since(plies)
        assert all(s.current_player() not in (0, 1) for s, _ in later), later
        assert replay_is_legal(scene.session)
        if scene.match.jobs.current is not None:  # the AI searches the position on the board afresh
            assert scene.match.jobs.current.id != job.id
            assert scene.match.jobs.current.state.key() == scene.session.current.key()


# ---- no move where none is due -------------------------------------------------------------

def test_an_ai_move_for_another_position_is_dropped_with_a_log_line(
        tmp_path, monkeypatch, caplog):
    with scripted_playing(tmp_path, monkeypatch, **_human_first("tictactoe")) as (
            app, worker, scene):
        before = scene.session.current
        _first_move_by_human(app, scene)
        job = _await_ai_job(app, worker, scene)
        app.step([key(pygame.K_u)], 0.02)
        assert scene.session.current.key() == before.key()
        with caplog.at_level(logging.WARNING, logger="ui.scenes.play_ai"):
            assert not scene.match.ai.play_reply(job, job.state.legal_moves()[0])
        assert "the position changed since the search began" in caplog.text
        assert scene.session.current.key() == before.key() and app.errors == []


def test_no_move_is_played_at_a_roll_or_while_a_double_waits(tmp_path, monkeypatch, caplog):
    with scripted_playing(tmp_path, monkeypatch, game="backgammon",
                          seats=seats("human", "human"), bg_cube="on",
                          animations=False) as (app, worker, scene):
        session = Session(get_kit("backgammon"), start_state=_parse(BG_WHITE_31), seats=scene.session.seats,
                          stakes=Cube())
        scene.replace_session(session, "set up")
        decision = scene.session.current
        move = decision.legal_moves()[0]
        assert scene.play_move(move)
        roll = scene.session.current  # Red to roll: a chance node
        with caplog.at_level(logging.WARNING, logger="ui.scenes.play"):
            assert not scene.play_move(move)
        assert scene.session.current is roll
        assert scene.message.text == "Illegal move: no move is due now: the dice are to be rolled"
        assert "refused move" in caplog.text
        # A job of Red's would-be decision cannot be played at the roll either.
        job = Job(99, Purpose.MOVE, roll, None, "stale")
        assert job.stale_reason(move, scene.match.session) == "the dice are to be rolled"
        scene.match.stakes_turns.double()
        assert not scene.play_move(move)
        assert scene.message.text == "Illegal move: no move is due now: a double waits for its answer"
        assert scene.session.stakes.offered_by == 1 and app.errors == []
