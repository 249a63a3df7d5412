"""Zobrist keys: the incremental key equals a fresh one after every move of random games, a move
XORs exactly what it changes, two move orders that meet share a key, and the lab's view and
``explain --zobrist`` show it."""

from __future__ import annotations

import json
import random

import pygame
import pytest

import main
from game.registry import get_kit
from game.seat import Seat
from game.session import Session
from game.zobrist import ZobristKeys, find_transposition, hex_key, report
from tests.test_ui_support import key, make_app
from ui.kit import lab_views
from ui.lab import lab_scene

BOARD_GAMES = ("tictactoe", "othello", "kalah")


@pytest.mark.parametrize("game_id", BOARD_GAMES)
def test_incremental_key_equals_a_fresh_one_after_every_move(game_id: str) -> None:
    """Twenty random games each: Othello's passes and Kalah's extra turns keep the side number
    right (the turn does not pass), captures and flips change several squares at once."""
    kit = get_kit(game_id)
    rng = random.Random(7)
    seen: dict[int, object] = {}
    for _ in range(20):
        state = kit.rules().initial_state()
        board = kit.piece_board(state)
        keys = ZobristKeys.for_board(board)
        running = keys.key(board)
        while state.current_player() >= 0:
            state = state.apply(rng.choice(list(state.legal_moves())))
            after = kit.piece_board(state)
            running = keys.change(running, board, after).after
            board = after
            assert running == keys.key(board)
            # No two different positions met in these games share a key.
            assert seen.setdefault(running, state.key()) == state.key()


def test_a_move_xors_exactly_what_it_changes() -> None:
    """Othello's d3 from the start: the white disc on d4 turns (out white, in black), a black
    disc arrives on d3, and the turn passes: four numbers."""
    kit = get_kit("othello")
    game = kit.rules()
    start = game.initial_state()
    shown = report(start, game.parse_move(start, "d3"), kit.piece_board)
    change = shown.change
    assert [t.name(shown.board) for t in change.removed] == ["white on d4"]
    assert [t.name(shown.board) for t in change.added] == ["black on d3", "black on d4"]
    assert change.side is not None and len(change.terms) == 4
    assert shown.fresh_after == change.after != change.before
    xor = change.before
    for term in change.terms:
        xor ^= term.number
    assert xor == change.after
    # The start's key is the XOR of its four discs' numbers; the side number is not in it.
    assert len(shown.terms) == 4 and all(t.square >= 0 for t in shown.terms)


def test_the_side_to_move_is_part_of_the_key() -> None:
    kit = get_kit("tictactoe")
    game = kit.rules()
    x_to_move = game.parse_position("X-O-X-O-- X")
    o_to_move = game.parse_position("X-OXX-O-- O")
    keys = ZobristKeys.for_board(kit.piece_board(x_to_move))
    board = kit.piece_board(x_to_move)
    swapped = type(board)(board.squares, board.pieces, board.placed, True)
    assert keys.key(board) != keys.key(swapped)
    assert keys.key(swapped) == keys.key(board) ^ keys.side_number
    assert keys.key(kit.piece_board(o_to_move)) != keys.key(board)


def test_two_orders_meet_on_one_key() -> None:
    kit = get_kit("othello")
    game = kit.rules()
    start = game.initial_state()
    found = find_transposition(start)
    assert found is not None
    names = [game.format_move(None, m) for m in found.first]
    assert names == ["d3", "c3", "c4"]
    assert [game.format_move(None, m) for m in found.second] == ["c4", "c3", "d3"]
    shown = report(start, None, kit.piece_board)
    assert shown.first_keys[-1].after == shown.second_keys[-1].after
    assert shown.first_keys[0].after != shown.second_keys[0].after
    # Kalah from the start: extra turns and sowing keep any three-move orders apart.
    kalah = get_kit("kalah")
    assert find_transposition(kalah.rules().initial_state()) is None


def test_explain_zobrist_text_json_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code = main.main(["explain", "--game", "othello", "--zobrist", "--move", "d3"])
    out = capsys.readouterr().out
    assert code == 0 and "Move d3 updates it with 4 XORs:" in out
    assert "out: white on d4" in out and "(the same)" in out
    assert "Two orders, one position: d3 c3 c4 and c4 c3 d3" in out
    code = main.main(["explain", "--game", "tictactoe", "--zobrist", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["move"] == "a1" and data["fresh_after"] == data["change"]["after"]
    assert data["transposition"]["first_keys"][-1] == data["transposition"]["second_keys"][-1]
    assert main.main(["explain", "--game", "othello", "--zobrist", "--move", "a1"]) != 0
    err = capsys.readouterr().err
    assert "--move: a1" in err and "Traceback" not in err and len(err.splitlines()) == 1
    assert main.main(["explain", "--game", "nim", "--zobrist"]) != 0
    assert "not described as pieces on squares" in capsys.readouterr().err


def test_lab_view_is_offered_where_a_board_has_pieces() -> None:
    assert "zobrist" in [v.name for v in lab_views(get_kit("othello"))]
    assert "zobrist" in [v.name for v in lab_views(get_kit("kalah"))]
    assert "zobrist" not in [v.name for v in lab_views(get_kit("nim"))]
    assert "zobrist" not in [v.name for v in lab_views(get_kit("backgammon"))]


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, size=(1280, 720))
    yield a
    a.close()


def test_lab_view_arrows_choose_the_move_and_it_draws(app, tmp_path) -> None:
    session = Session(get_kit("othello"), {}, (Seat.human(), Seat.human()))
    scene = lab_scene(app, session, get_kit("othello"), "zobrist")
    app.switch(scene)
    app.run_frames(2)
    pane = scene.pane()
    first = pane.report()
    assert hex_key(first.key) and first.move == session.current.legal_moves()[0]
    app.step([key(pygame.K_RIGHT)], 0.016)
    app.run_frames(1)
    second = pane.report()
    assert second.move == session.current.legal_moves()[1]
    assert second.change.before == first.change.before != second.change.after
    app.step([key(pygame.K_LEFT)], 0.016)
    assert pane.report().move == first.move
    path = tmp_path / "zobrist.png"
    pane.export_png(str(path))
    assert path.read_bytes()[:4] == b"\x89PNG"
    assert not app.errors


def test_a_kit_that_loses_its_pieces_on_the_way_is_named_as_such() -> None:
    """A kit describes its game's positions as pieces; one position it cannot describe (a
    kit's bug) is said as a ValueError, not as an error deep inside the key arithmetic."""
    kit = get_kit("tictactoe")
    state = kit.rules().initial_state()
    move = state.legal_moves()[0]

    def first_only(position):
        return kit.piece_board(position) if position is state else None

    with pytest.raises(ValueError, match="pieces"):
        report(state, move, first_only)
