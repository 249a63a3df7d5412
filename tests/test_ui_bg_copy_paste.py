"""Copy and paste a backgammon position on the play screen as GNU Backgammon's
``Position ID:Match ID``: the cube, the player on roll and the dice travel with the board."""

from __future__ import annotations

import pygame
from test_ui_support import key, playing, seats

from games.backgammon.cube import Cube
from games.backgammon.ids import parse_gnu_ids
from ui.scenes.play import PlayScene

GNU_MONEY = "NnsOADAWr5EBMA:UYkWAAAAAAAA"  # Red on roll with 5-5, Red owns a 2-cube


def _copy(app) -> str:
    app.step([key(pygame.K_c, pygame.KMOD_CTRL)], 0.02)
    return app.clipboard["text"]


def _paste(app, text: str) -> None:
    app.clipboard["text"] = text
    app.step([key(pygame.K_v, pygame.KMOD_CTRL)], 0.02)
    if app.scene.dialog is not None:  # "Replace this game with the pasted position?"
        app.step([key(pygame.K_y)], 0.02)


def test_copy_carries_the_cube_and_paste_restores_it(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="backgammon", seats=seats("human", "human"),
                 bg_cube="on", animations=False) as (app, scene):
        assert app.run_until(lambda: scene.session.current.current_player() in (0, 1), 5)
        scene.play_move(scene.session.current.legal_moves()[0])
        taker = scene.session.current.to_move  # on roll: doubles, and the other side takes
        scene.match.stakes_turns.double()
        scene.match.stakes_turns.take()
        cube, state = scene.session.stakes, scene.session.current
        assert cube == Cube(value=2, owner=1 - taker)
        text = _copy(app)
        assert scene.message.text == f"Copied: {text}"
        assert parse_gnu_ids(text).cube == cube and parse_gnu_ids(text).state == state
        app.step([key(pygame.K_n)], 0.02)  # a new game: the cube is fresh again
        if scene.dialog is not None:
            app.step([key(pygame.K_y)], 0.02)
        assert scene.session.stakes == Cube()
        _paste(app, text)
        assert app.scene is scene and scene.message.text == "Position pasted"
        assert scene.session.stakes == cube and scene.session.current.key() == state.key()
        assert scene.match.stakes_turns.turn_text() == ""  # the owner's opponent cannot double
        assert app.errors == []


def test_a_gnu_pair_with_a_turned_cube_opens_a_cube_game_from_a_cubeless_one(
        tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="backgammon", seats=seats("human", "human"),
                 animations=False) as (app, scene):
        assert scene.session.stakes is None
        _paste(app, " GNU Backgammon  Position ID: NnsOADAWr5EBMA\n"
                    "                 Match ID   : UYkWAAAAAAAA")
        pasted = app.scene
        assert isinstance(pasted, PlayScene) and pasted is not scene
        assert pasted.session.stakes == Cube(value=2, owner=1)
        assert pasted.session.current.dice == (5, 5) and pasted.session.current.to_move == 1
        assert pasted.message.text == "Position pasted"
        assert _copy(app) == GNU_MONEY
        assert app.errors == []


def test_a_bad_match_id_is_one_line_and_keeps_the_game(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="backgammon", seats=seats("human", "human"),
                 bg_cube="on", animations=False) as (app, scene):
        before = scene.session
        _paste(app, "NnsOADAWr5EBMA:UYkW*AAAAAAA")
        assert scene.message.text == ("Cannot paste: a Match ID is 12 Base64 characters, "
                                      "got 'UYkW*AAAAAAA'")
        assert scene.message.error and scene.session is before
        _paste(app, "4HPwATDgc/ABMA:QYkqASAAIAAA")
        assert scene.message.text.startswith("Cannot paste: Match ID: a 9-point match at 2-4")
        assert scene.session is before and app.errors == []
