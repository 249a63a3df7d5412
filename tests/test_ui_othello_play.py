"""The Othello play screen: the named opening under the move list, and the world-championship
result whole in the top bar even in a small window. What is checked is what the window draws."""

from __future__ import annotations

import pygame
import pytest
from test_ui_support import drawn_text, key, playing, seats

from game.registry import get_kit
from game.seat import Seat
from game.session import Session
from games.othello.game import GAME
from ui import scene_record
from ui.assets import font

TIGER = "f5 d6 c3 d3 c4"
#: Black has 36 discs, White 27, a1 is empty and neither side can play there.
ONE_EMPTY = "-XXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOXOOOXOOOXOOOOXOOXOOOOOXOXOOOOOOX X"
RESULT = "Black wins 37-27 (36-27 on the board; the empty square goes to the winner)"


def play_moves(scene, moves: str) -> None:
    for move in moves.split():
        scene.session.play_text(move)
    scene.match.position_changed(animate=False)


def openings_on_screen(app, monkeypatch) -> list[str]:
    return [t for t in drawn_text(app, monkeypatch) if t.startswith("Opening:")]


def test_the_move_list_names_the_opening_while_the_game_is_in_the_book(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="othello", seats=seats("human", "human"),
                 animations=False) as (app, scene):
        assert openings_on_screen(app, monkeypatch) == []  # no move yet, no name
        play_moves(scene, TIGER)
        assert openings_on_screen(app, monkeypatch) == ["Opening: Tiger"]
        app.step([key(pygame.K_u)], 0.02)  # undo c4: f5 d6 c3 d3 has no name of its own
        assert scene.session.ply == 4
        assert openings_on_screen(app, monkeypatch) == ["Opening: Perpendicular Opening"]
        play_moves(scene, "c4 f4")  # f4 is on the book's lines beyond the Tiger
        assert openings_on_screen(app, monkeypatch) == ["Opening: Tiger"]
        play_moves(scene, "f6")  # f5 d6 c3 d3 c4 f4 f6: a longer named line
        assert openings_on_screen(app, monkeypatch) == ["Opening: Stephenson"]


def test_the_name_goes_once_a_move_leaves_every_named_line(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="othello", seats=seats("human", "human"),
                 animations=False) as (app, scene):
        play_moves(scene, TIGER)
        state = scene.session.current
        book = {"f4", "b3"}  # the named lines' sixth moves after the Tiger
        off_book = next(m for m in (GAME.format_move(state, mv) for mv in state.legal_moves())
                        if m not in book)
        play_moves(scene, off_book)
        assert openings_on_screen(app, monkeypatch) == []


def test_a_game_from_a_pasted_position_has_no_opening_name(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="othello", seats=seats("human", "human"),
                 animations=False) as (app, scene):
        play_moves(scene, "f5 d6")
        start = scene.session.current
        scene.match.set_session(Session(get_kit("othello"), None, (Seat.human(), Seat.human()),
                                   start_state=start), own_position=True)
        play_moves(scene, "c3 d3 c4")  # the Tiger's moves, but not from the start
        assert openings_on_screen(app, monkeypatch) == []


def banner_drawing(app, monkeypatch, scene) -> list[tuple[str, int, int | None]]:
    """(text, size, None) of every result line the banner draws in one frame."""
    with scene_record.recording(app.screen) as rec:
        app.step([], 0.02)
    return [(t.shown, t.size, None) for t in rec.of_kind("banner")]


@pytest.mark.parametrize("size", [(1100, 720), (800, 600), (640, 480)])
def test_the_world_championship_result_is_shown_whole(tmp_path, monkeypatch, size):
    with playing(tmp_path, monkeypatch, size=size, game="othello",
                 seats=seats("human", "human"), animations=False) as (app, scene):
        scene.match.set_session(Session(get_kit("othello"), None, (Seat.human(), Seat.human()),
                                   start_state=GAME.parse_position(ONE_EMPTY)),
                           own_position=True)
        assert scene.session.result_text == RESULT
        lines = [(t, s, w) for t, s, w in banner_drawing(app, monkeypatch, scene)
                 if not t.startswith("N new game")]
        assert " ".join(t for t, _, _ in lines) == RESULT  # every word, in order
        room = scene.geometry.banner_rect.width
        for text, text_size, _ in lines:
            assert text_size >= 10  # readable
            assert font(text_size, True).size(text)[0] <= room  # drawn uncut
        status = scene.view.status_text(scene.session.current)
        assert status == "Black 36 \u2013 White 27 on the board \u00b7 game over"
        status_size = max(11, int(scene.geometry.text_size * 0.9))
        assert font(status_size).size(status)[0] <= scene.geometry.status_rect.width


@pytest.mark.parametrize("size", [(1100, 720), (800, 600), (640, 480)])
def test_a_white_win_banner_holds_its_text_and_the_keys_inside_its_border(
        tmp_path, monkeypatch, size):
    """Winner first in both scores; the banner as tall as its lines (no border through the
    text), the N / U / Esc reminder shown whole beside or below the result, the board
    below the banner."""
    white_wins = ONE_EMPTY.translate(str.maketrans("XO", "OX"))
    with playing(tmp_path, monkeypatch, size=size, game="othello",
                 seats=seats("human", "human"), animations=False) as (app, scene):
        scene.match.set_session(Session(get_kit("othello"), None, (Seat.human(), Seat.human()),
                                        start_state=GAME.parse_position(white_wins)),
                                own_position=True)
        with scene_record.recording(app.screen) as rec:
            app.step([], 0.02)
        result = "White wins 37-27 (36-27 on the board; the empty square goes to the winner)"
        banner = rec.of_kind("banner")
        assert " ".join(t.shown for t in banner) == result
        keys = rec.of_kind("banner-keys")
        assert [t.shown for t in keys] == ["N new game · U undo · Esc menu"]
        box = pygame.Rect(scene.geometry.banner_rect).inflate(-4, -4)  # inside the border
        for text in banner + keys:
            assert not text.cut and box.contains(text.box), (text.shown, text.rect, box)
        for a, b in zip(banner + keys, (banner + keys)[1:], strict=False):
            assert not a.box.colliderect(b.box), (a.shown, b.shown)
        assert not scene.geometry.banner_rect.colliderect(scene.geometry.board_rect)
