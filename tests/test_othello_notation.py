"""GGF records, the one reader for every Othello notation, and opening names."""

from __future__ import annotations

import pytest

from game.core import NotationError
from games.othello.game import GAME
from games.othello.ggf import (
    GgfGame,
    format_ggf,
    format_ggf_file,
    parse_ggf,
    read_othello,
)
from games.othello.openings import NAMED_OPENINGS, book_opening_name, opening_name
from games.othello.rules import PASS, final_score, parse_square, parse_transcript

START_BO = "8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *"
#: The nine-move wipe-out, written as a GGS server would (move annotations, ratings, times).
WIPEOUT = (
    "(;GM[Othello]PC[GGS/os]DT[2003.06.12_10:32:11.CEST]PB[alice]PW[bob]RB[1800.12]"
    f"RW[1725.40]TI[05:00//02:00]TY[8]RE[+64.000]BO[{START_BO}]"
    "B[D3//0.01]W[C3/-2.50/1.2]B[B3]W[D2]B[E1]W[D6]B[D7]W[E3]B[F4];)"
)


def _sq(names: str) -> list[int]:
    return [PASS if n == "pa" else parse_square(n) for n in names.split()]


def test_reads_a_server_record() -> None:
    (game,) = parse_ggf(WIPEOUT)
    assert game.start == GAME.initial_state()
    assert game.moves == _sq("d3 c3 b3 d2 e1 d6 d7 e3 f4")
    assert game.tags["PB"] == "alice" and game.tags["PW"] == "bob" and game.tags["RE"] == "+64.000"
    end = game.final()
    assert end.is_over() and final_score(end) == (64, 0)


def test_round_trip_and_result_filled_in() -> None:
    (game,) = parse_ggf(WIPEOUT)
    text = format_ggf(game)
    assert text.startswith("(;GM[Othello]PC[GGS/os]")
    assert "BO[" + START_BO + "]" in text and text.endswith("B[F4];)")
    assert "RE[+64.000]" in text
    (again,) = parse_ggf(text)
    assert again.moves == game.moves and again.tags == game.tags


def test_files_of_games_passes_and_escapes() -> None:
    # A position where White must pass: Black plays twice in a row, the record says PA.
    start = GAME.parse_position("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOXXXXXXXO-XXXXXXX---XXXXX-------- O")
    assert start.to_move == 1 and not start.must_pass()
    moves = [start.legal_moves()[0]]
    after = start.apply(moves[0])
    while not after.is_over():
        move = after.legal_moves()[0]
        moves.append(move)
        after = after.apply(move)
    tricky = GgfGame(start, moves, {"PB": "a]b\\c", "PW": "x"})
    text = format_ggf_file([tricky, parse_ggf(WIPEOUT)[0]])
    assert text.count("\n") == 2 and "PB[a\\]b\\\\c]" in text
    first, second = parse_ggf(text)
    assert first.tags["PB"] == "a]b\\c" and first.start == start and first.moves == moves
    assert second.moves == _sq("d3 c3 b3 d2 e1 d6 d7 e3 f4")
    if PASS in moves:
        assert "[PA]" in text


def test_forced_pass_left_out_is_inserted() -> None:
    record = "(;GM[Othello]TY[8]BO[8 " + "-" * 8 + " " + " ".join(
        ["--------"] * 2) + " ---O*--- ---*O--- " + " ".join(["--------"] * 3) + " *]"
    record += "B[F5]W[D6];)"
    (game,) = parse_ggf(record)
    assert game.moves == _sq("f5 d6")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (WIPEOUT.replace("W[C3/", "B[C3/"), "GGF game 1, move 2: B.* White is to move"),
        (WIPEOUT.replace("B[B3]", "B[A1]"), "move 3 \\(a1\\): a1 does not flip"),
        (WIPEOUT.replace("TY[8]", "TY[8a]"), "not plain 8x8 Othello"),
        (WIPEOUT.replace("GM[Othello]", "GM[Chess]"), "not Othello"),
        (WIPEOUT[:-2], "no closing ;\\)"),
        (WIPEOUT.replace("BO[8 ", "BO[10 "), "8x8 board"),
        (WIPEOUT.replace("B[E1]", "B[Z9]"), "'Z9' is not a square"),
        ("(;GM[Othello]PB[x;)", "no closing"),
    ],
)
def test_bad_records_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_ggf(text)


def test_one_reader_for_board_transcript_and_ggf() -> None:
    board = GAME.format_position(GAME.initial_state().apply(parse_square("f5")))
    assert read_othello(board).notation == "board"
    record = read_othello("f5 d6 c3 d3 c4")
    assert record.notation == "transcript" and record.moves == _sq("f5 d6 c3 d3 c4")
    ggf = read_othello("some header text\n" + WIPEOUT)
    assert ggf.notation == "GGF" and ggf.final().is_over()
    # The rules' position parser takes all three, giving the position reached.
    assert GAME.parse_position("f5d6c3d3c4") == record.final()
    assert GAME.parse_position(WIPEOUT) == ggf.final()


def test_reader_says_which_notation_failed_and_why() -> None:
    with pytest.raises(NotationError) as info:
        read_othello("f5 d6 zz")
    text = str(info.value)
    assert "not a board and side to move" in text
    assert "not a transcript (move 3: 'zz' is not a square a1..h8)" in text
    with pytest.raises(NotationError, match="GGF: GGF game 1"):
        read_othello("(;GM[Othello]B[Q1];)")
    with pytest.raises(NotationError, match="nothing to read"):
        read_othello("   ")


def test_opening_names() -> None:
    def name(transcript: str) -> str | None:
        return opening_name(parse_transcript(transcript))

    assert name("f5d6c3d3c4") == "Tiger"
    assert name("f5d6c3d3c4f4c5b3c2") == "Rose-Bill"
    assert name("f5d6c3d3c4f4") == "Tiger"  # a move past a named line keeps its name
    assert name("f5f6") == "Diagonal Opening"
    assert name("f5f4") == "Parallel Opening"
    assert name("f5d6") == "Perpendicular Opening"
    assert name("f5d6c5f4e3c6e6") == "Inoue"
    assert name("f5f6e6f4c3") == "Buffalo / Kenichi Variation"
    assert name("f5") is None and name("") is None
    # The same openings begun on the other three first moves (mirror images).
    assert name("c4e3f6e6f5") == "Tiger"
    assert name("d3c5f6f5e6") == "Tiger"
    assert name("e6f4c3c4d3") == "Tiger"
    # Every line of the list is a legal game and is recognised as itself.
    for moves, opening in NAMED_OPENINGS:
        assert opening_name(parse_transcript(moves.replace(" ", ""))) == opening


def test_load_takes_a_ggf_record_with_its_moves(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from game import savefile as session_mod

    path = tmp_path / "game.ggf"
    path.write_text("(;GM[Othello]TY[8]B[F5]W[D6]B[C3];)\n" + WIPEOUT + "\n")
    loaded = session_mod.load_file(path)
    assert loaded.game_id == "othello" and list(loaded.moves) == _sq("f5 d6 c3")
    with pytest.raises(ValueError, match="not a usable GGF game: GGF game 1, move 2"):
        session_mod.load("(;GM[Othello]B[F5]B[D6];)")


def test_book_opening_name_is_none_once_the_game_leaves_every_named_line() -> None:
    def name(transcript: str) -> str | None:
        return book_opening_name(parse_transcript(transcript))

    assert name("f5d6c3d3c4") == "Tiger"
    assert name("f5d6c3d3c4f4") == "Tiger"  # still on the Stephenson, Rose-Bill ... lines
    assert name("f5d6c3d3c4f4f6") == "Stephenson"
    assert name("f5d6c3d3c4g6") is None  # no named line goes on with g6 (opening_name: Tiger)
    assert opening_name(parse_transcript("f5d6c3d3c4g6")) == "Tiger"
    assert name("c4e3f6e6f5") == "Tiger"  # mirror images too
    assert name("e6f4c3c4d3f7") is None and name("e6f4c3c4d3c2") == "Aubrey / Tanaka"
    assert name("") is None and name("f5") is None
