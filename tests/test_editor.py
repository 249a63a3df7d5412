"""The evaluation editor: weights as shipped change nothing, edited weights change the values and
the choice, a match of the shipped weights against themselves is even, and the lab's view and
the ``--weights`` flag reach it."""

from __future__ import annotations

import json

import pygame
import pytest

import main
from ai.api import Limits, SearchConfig
from ai.engine import run_search
from ai.kit import game_ai
from ai.lab.editor import choices, default_scale, editor_config, features, quick_match
from game.registry import get_game, get_kit
from game.seat import Seat
from game.session import Session
from tests.random_positions import random_positions
from tests.test_ui_support import key, make_app
from ui.kit import lab_views
from ui.lab import lab_scene


@pytest.mark.parametrize("game_id", ["othello", "tictactoe"])
def test_the_shipped_weights_change_nothing(game_id: str) -> None:
    shipped = game_ai(get_kit(game_id)).evaluator(None)
    same = shipped.weighted(default_scale(get_kit(game_id)))
    for state in random_positions(game_id, 30, seed=5, max_plies=12):
        for player in (0, 1):
            assert same.evaluate(state, player) == pytest.approx(shipped.evaluate(state, player))


def test_edited_weights_change_the_choice() -> None:
    """Tic-tac-toe at depth 1 from the empty board, corners alone worth anything: a corner."""
    state = get_game("tictactoe").initial_state()
    chosen = choices(state, get_kit("tictactoe"), (0.0, 0.0, 0.0, 5.0), 1)
    assert chosen.edited_move in (0, 2, 6, 8)
    assert chosen.shipped_move == run_search(state, editor_config(get_kit("tictactoe"), 1, None)).move
    assert dict(chosen.edited_values)[4] == 0.0  # the centre is worth nothing now
    # The shipped half of an earlier answer is reused, not searched again.
    again = choices(state, get_kit("tictactoe"), default_scale(get_kit("tictactoe")), 1, chosen)
    assert again.shipped_values == chosen.shipped_values
    assert again.edited_move == chosen.shipped_move
    assert features(get_kit("tictactoe")) == ("my open lines", "opponent's open lines", "centre",
                                     "corners")
    assert features(get_kit("nim")) == () and features(get_kit("backgammon")) == ()


def test_a_match_of_the_shipped_weights_against_themselves_is_even() -> None:
    figures = quick_match(get_kit("othello"), default_scale(get_kit("othello")), 1, 6, seed=2)
    assert figures.games == 6 and figures.score == 0.5  # pairs: the same searches, swapped


def test_weights_flag(capsys: pytest.CaptureFixture[str]) -> None:
    code = main.main(["analyze", "--game", "tictactoe", "--algorithm", "alphabeta", "--depth",
                      "1", "--weights", "my open lines=0,opponent's open lines=0,corners=5"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["best_move"] in ("a1", "c1", "a3", "c3")
    assert main.main(["analyze", "--game", "othello", "--level", "Master", "--weights",
                      "corners=0"]) != 0
    err = capsys.readouterr().err
    assert "edits the hand-made evaluation" in err and len(err.splitlines()) == 1
    assert main.main(["analyze", "--game", "othello", "--depth", "1", "--weights",
                      "corners=lots"]) != 0
    assert "corners = 'lots' is not a plain decimal" in capsys.readouterr().err
    code = main.main(["match", "--game", "tictactoe", "--a", "Casual", "--b", "Casual",
                      "--weights", "corners=2", "--games", "2", "--seed", "1", "--jobs", "1"])
    assert code == 0 and "A's evaluation weighted: corners=2" in capsys.readouterr().out


def test_search_config_carries_the_weights() -> None:
    state = get_game("othello").initial_state()
    plain = run_search(state, SearchConfig("othello", "alphabeta", Limits(depth=2)))
    edited = run_search(state, SearchConfig("othello", "alphabeta", Limits(depth=2),
                                            evaluator_weights=(0, 0, 0, 0, 0, 0, 0, 0)))
    assert edited.score == 0.0 != plain.score


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, size=(1280, 720))
    yield a
    a.close()


def test_lab_view_sliders_search_again_and_play_the_match(app) -> None:
    assert "evaluation" in [v.name for v in lab_views(get_kit("tictactoe"))]
    assert "evaluation" not in [v.name for v in lab_views(get_kit("kalah"))]
    session = Session(get_kit("tictactoe"), {}, (Seat.human(), Seat.human()))
    scene = lab_scene(app, session, get_kit("tictactoe"), "evaluation")
    app.switch(scene)
    pane = scene.pane()
    assert app.run_until(lambda: pane.choice is not None, timeout_s=30)
    first = pane.choice
    # Down twice: the centre's slider; Right raises its weight by steps of 0.25.
    app.step([key(pygame.K_DOWN), key(pygame.K_DOWN)], 0.016)
    app.step([key(pygame.K_RIGHT)] * 8, 0.016)
    assert pane.weights == [1.0, 1.0, 2.0, 0.0]
    assert app.run_until(lambda: pane.choice is not first and not scene.jobs.busy,
                         timeout_s=30)
    app.step([key(pygame.K_m)], 0.016)
    assert pane.matching
    app.step([key(pygame.K_RIGHT)], 0.016)  # locked while the match plays
    assert pane.weights == [1.0, 1.0, 2.0, 0.0]
    assert app.run_until(lambda: not pane.matching, timeout_s=120)
    assert pane.match is not None and pane.match.games == 20
    app.step([key(pygame.K_r)], 0.016)
    assert pane.weights == list(default_scale(get_kit("tictactoe"))) and not app.errors
