"""Othello rules: perft against the published counts, notation, passes, transcripts, properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import TERMINAL, IllegalMoveError, NotationError, winner
from game.registry import get_game
from games.othello.game import GAME
from games.othello.rules import (
    PASS,
    OthelloState,
    disc_counts,
    final_margin,
    final_score,
    flip_mask,
    flipped_squares,
    format_transcript,
    generate_moves,
    legal_mask,
    parse_square,
    parse_transcript,
    perft,
    play_transcript,
    square_name,
)

START = "---------------------------OX------XO--------------------------- X"
#: Black to move with no placement while White still has one: only "pass" is legal.
ONLY_PASS = "--X-OOO-X-XXXXXXXOOXOXXOXOXOOOXOXOOOOXOOXOOOOOOOOOOOOOOXOOOOOOO- X"
#: The game that ends after nine moves with White wiped out.
SHORT_GAME = "d3c3b3d2e1d6d7e3f4"


def _naive_flips(me: int, opp: int, sq: int) -> int:
    """Walk the eight rays square by square: an independent check of the bit tricks."""
    if (me | opp) >> sq & 1:
        return 0
    row, col = divmod(sq, 8)
    total = 0
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr == dc == 0:
                continue
            r, c, run = row + dr, col + dc, 0
            while 0 <= r < 8 and 0 <= c < 8 and opp >> (r * 8 + c) & 1:
                run |= 1 << (r * 8 + c)
                r, c = r + dr, c + dc
            if run and 0 <= r < 8 and 0 <= c < 8 and me >> (r * 8 + c) & 1:
                total |= run
    return total


# -- perft --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("depth", "leaves"),
    [(0, 1), (1, 4), (2, 12), (3, 56), (4, 244), (5, 1396), (6, 8200), (7, 55092)],
)
def test_perft_from_start(depth: int, leaves: int) -> None:
    assert perft(GAME.initial_state(), depth) == leaves


def test_perft_counts_pass_as_move_and_finished_game_as_leaf() -> None:
    s = GAME.parse_position(ONLY_PASS)
    after = s.apply(PASS)
    assert perft(s, 1) == 1
    assert perft(s, 2) == len(after.legal_moves()) == 5
    over = play_transcript(SHORT_GAME)
    assert perft(over, 1) == perft(over, 5) == 1
    with pytest.raises(ValueError):
        perft(s, -1)


# -- the start and basic moves -------------------------------------------------------------


def test_start_position() -> None:
    s = GAME.initial_state()
    assert get_game("othello") is GAME
    assert (GAME.id, GAME.name, GAME.player_names) == ("othello", "Othello", ("Black", "White"))
    assert GAME.format_position(s) == START
    assert s.current_player() == 0
    assert disc_counts(s) == (2, 2)
    assert [square_name(m) for m in s.legal_moves()] == ["d3", "c4", "f5", "e6"]
    assert legal_mask(s) == sum(1 << m for m in s.legal_moves())
    assert s.chance_outcomes() == ()


def test_move_flips_and_alternates() -> None:
    s = GAME.initial_state()
    d3 = parse_square("d3")
    assert d3 == 19
    assert flipped_squares(s, d3) == (27,)  # d4
    t = s.apply(d3)
    assert disc_counts(t) == (4, 1)
    assert t.current_player() == 1
    assert [square_name(m) for m in t.legal_moves()] == ["c3", "e3", "c5"]
    assert flipped_squares(s, PASS) == ()


def test_apply_errors_are_clear() -> None:
    s = GAME.initial_state()
    with pytest.raises(IllegalMoveError, match="d4 is already occupied"):
        s.apply(27)
    with pytest.raises(IllegalMoveError, match="a1 does not flip any disc"):
        s.apply(0)
    with pytest.raises(IllegalMoveError, match="passing is not allowed"):
        s.apply(PASS)
    for bad in (-1, 65, "d3", None, 2.5):
        with pytest.raises(IllegalMoveError, match="no such square"):
            s.apply(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="the game is over"):
        play_transcript(SHORT_GAME).apply(PASS)


def test_apply_never_mutates_and_states_are_values() -> None:
    s = GAME.initial_state()
    before = (s.me, s.opp, s.to_move, s.key(), GAME.format_position(s))
    for m in s.legal_moves():
        s.apply(m)
    with pytest.raises(IllegalMoveError):
        s.apply(0)
    assert (s.me, s.opp, s.to_move, s.key(), GAME.format_position(s)) == before
    with pytest.raises(AttributeError):
        s.me = 0  # type: ignore[misc]
    again = GAME.parse_position(START)
    assert again == s and hash(again) == hash(s) and again.key() == s.key()
    assert len({s, again, s.apply(19)}) == 2


# -- passes and the end of the game --------------------------------------------------------


def test_forced_pass() -> None:
    s = GAME.parse_position(ONLY_PASS)
    assert s.must_pass() and not s.is_over()
    assert s.current_player() == 0
    assert s.legal_moves() == (PASS,)
    assert legal_mask(s) == 0
    with pytest.raises(IllegalMoveError, match="Black has no move and must pass"):
        s.apply(63)  # empty h8, but Black flips nothing there
    assert GAME.parse_move(s, "pass") == PASS
    t = s.apply(PASS)
    assert t.current_player() == 1
    assert (t.me, t.opp) == (s.opp, s.me)
    assert [square_name(m) for m in t.legal_moves()] == ["a1", "b1", "d1", "h1", "h8"]


def test_game_ends_when_neither_side_can_move() -> None:
    s = play_transcript(SHORT_GAME)
    assert s.is_over() and s.current_player() == TERMINAL
    assert s.legal_moves() == ()
    assert disc_counts(s) == (13, 0)
    assert s.returns() == (1.0, -1.0)
    assert winner(s) == 0
    assert final_margin(s, 0) == 64 and final_margin(s, 1) == -64  # empties go to the winner
    assert final_score(s) == (64, 0)
    assert GAME.describe_result(s) == (
        "Black wins 64-0 (13-0 on the board; the 51 empty squares go to the winner)"
    )


def test_world_championship_rule_scores() -> None:
    """Empty squares go to the winner, are shared in a draw; a full board is scored as is."""
    white_wins = GAME.parse_position("O" * 33 + "X" * 31 + " X")
    assert final_score(white_wins) == (31, 33)
    assert GAME.describe_result(white_wins) == "White wins 33-31"
    # a1 empty and fenced by White discs only (row 1, row 2, file a, the long diagonal): nobody
    # can ever play there, so the game is over with Black ahead 36-27 on the board.
    white = {*range(1, 8), *range(8, 16), *range(16, 64, 8), *range(18, 64, 9)}
    cells = "".join("-" if i == 0 else "O" if i in white else "X" for i in range(64))
    hole = GAME.parse_position(cells + " O")
    assert hole.is_over() and disc_counts(hole) == (36, 27)
    assert final_score(hole) == (37, 27)
    assert final_margin(hole, 0) == 10 and final_margin(hole, 1) == -10
    assert GAME.describe_result(hole) == (
        "Black wins 37-27 (36-27 on the board; the empty square goes to the winner)"
    )


def test_a_white_win_gives_both_scores_winner_first() -> None:
    """The disc count on the board reads in the same order as the score before it."""
    white = {*range(1, 8), *range(8, 16), *range(16, 64, 8), *range(18, 64, 9)}
    cells = "".join("-" if i == 0 else "X" if i in white else "O" for i in range(64))
    hole = GAME.parse_position(cells + " X")
    assert hole.is_over() and disc_counts(hole) == (27, 36)
    assert GAME.describe_result(hole) == (
        "White wins 37-27 (36-27 on the board; the empty square goes to the winner)"
    )


def test_full_board_results() -> None:
    white_wins = GAME.parse_position("O" * 33 + "X" * 31 + " X")
    assert white_wins.is_over()
    assert white_wins.returns() == (-1.0, 1.0)
    assert final_margin(white_wins, 1) == 2
    draw = GAME.parse_position("XO" * 32 + " O")
    assert draw.is_over() and draw.returns() == (0.0, 0.0) and winner(draw) is None
    assert GAME.describe_result(draw) == "Draw, 32-32"
    # One hole that nobody can fill ends the game too.
    stuck = GAME.parse_position("-" + "X" * 63 + " O")
    assert stuck.is_over() and final_margin(stuck, 0) == 64


# -- notation -----------------------------------------------------------------------------


def test_position_round_trip_and_variants() -> None:
    s = play_transcript("f5d6c3d3c4")
    text = GAME.format_position(s)
    assert text == "------------------XO------XXX------OXX-----O-------------------- O"
    assert GAME.parse_position(text) == s
    rows = "\n".join(text[i : i + 8] for i in range(0, 64, 8)) + "\n" + text[-1]
    assert GAME.parse_position(rows) == s
    alt = text[:64].replace("X", "*").replace("-", ".") + " o"
    assert GAME.parse_position(alt) == s
    assert GAME.parse_position(START.lower()) == GAME.initial_state()
    assert GAME.options(s) == {}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "64 cells"),
        (START[:64], "64 cells"),
        (START[:63] + " X", "expected 64 cells"),
        (START[:64] + "- X", "expected 64 cells"),
        ("Z" + START[1:], "cell a1 is 'Z'"),
        (START[:64] + " B", "side to move"),
        ("-" * 64 + " X", "never empty"),
    ],
)
def test_malformed_positions_rejected(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        GAME.parse_position(text)


def test_moves_notation() -> None:
    s = GAME.initial_state()
    assert GAME.parse_move(s, " F5 ") == 37
    assert GAME.format_move(s, 37) == "f5"
    assert GAME.format_move(s, PASS) == "pass"
    assert square_name(0) == "a1" and square_name(7) == "h1" and square_name(63) == "h8"
    for bad in ("z9", "d", "d33", "i1", "a0", ""):
        with pytest.raises(NotationError):
            GAME.parse_move(s, bad)
    with pytest.raises(IllegalMoveError, match="does not flip"):
        GAME.parse_move(s, "a1")
    with pytest.raises(ValueError):
        GAME.initial_state(size=10)


# -- transcripts --------------------------------------------------------------------------


def test_transcript_play_through() -> None:
    moves = parse_transcript("f5d6c3d3c4")
    assert [square_name(m) for m in moves] == ["f5", "d6", "c3", "d3", "c4"]
    s = play_transcript("f5 D6 c3d3 c4")
    assert disc_counts(s) == (6, 3)
    assert s.to_move == 1
    assert format_transcript(moves) == "f5d6c3d3c4"


def test_transcript_inserts_forced_passes() -> None:
    prefix = GAME.parse_position(ONLY_PASS)
    moves = parse_transcript("a1", prefix)  # White's a1 comes after Black's forced pass
    assert moves == [PASS, 0]
    assert parse_transcript("pass a1", prefix) == [PASS, 0]
    assert format_transcript(moves) == "a1"


def test_transcript_errors() -> None:
    with pytest.raises(IllegalMoveError, match=r"move 3 \(a1\): a1 does not flip any disc"):
        parse_transcript("f5d6a1")
    with pytest.raises(NotationError, match="move 2"):
        parse_transcript("f5zz")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        parse_transcript(SHORT_GAME + "a1")


# -- properties ---------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_playouts(rng) -> None:  # type: ignore[no-untyped-def]
    s = GAME.initial_state()
    played: list[int] = []
    for _ in range(130):  # 60 placements plus passes can never exceed this
        if s.is_over():
            break
        moves = s.legal_moves()
        assert moves
        me, opp = s.me, s.opp
        naive = {sq for sq in range(64) if _naive_flips(me, opp, sq)}
        assert set(moves) == (naive or {PASS})
        for sq in range(64):
            if sq not in naive:
                with pytest.raises(IllegalMoveError):
                    s.apply(sq)
        move = rng.choice(moves)
        child = s.apply(move)
        if move != PASS:
            flips = flip_mask(me, opp, move)
            assert flips == _naive_flips(me, opp, move)
            assert len(flipped_squares(s, move)) == flips.bit_count() > 0
            assert sum(disc_counts(child)) == sum(disc_counts(s)) + 1
        assert GAME.parse_position(GAME.format_position(child)) == child
        played.append(move)
        s = child
    assert s.is_over()
    assert generate_moves(s.me, s.opp) == generate_moves(s.opp, s.me) == 0
    assert play_transcript(format_transcript(played)) == s
    assert parse_transcript(format_transcript(played)) == played


@settings(max_examples=50, deadline=None)
@given(st.lists(st.sampled_from("XO-"), min_size=64, max_size=64), st.sampled_from("XO"))
def test_format_parse_round_trip(cells: list[str], side: str) -> None:
    for sq in (27, 28, 35, 36):
        if cells[sq] == "-":
            cells[sq] = "X"
    text = "".join(cells) + " " + side
    s = GAME.parse_position(text)
    assert GAME.format_position(s) == text
    black, white = disc_counts(s)
    assert black == cells.count("X") and white == cells.count("O")
    assert OthelloState.from_colours(s.black, s.white, s.to_move) == s
