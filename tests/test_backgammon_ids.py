"""GNU Backgammon's ``Position ID:Match ID`` pair: known IDs, round trips, one-line errors, and
the pair in copy / paste, saves and ``analyze``.

Known Match IDs, worked out bit by bit from the GNU Backgammon manual's layout ("A technical
description of the Match ID": cube log2 in bits 1-4, owner 5-6 with 11 = centred, player on roll
7, Crawford 8, game state 9-11 with 001 = playing, turn 12, ...; little-endian bytes in Base64):
a fresh money game, cube 1 centred, no dice, is bytes 30 01 00 ... = ``MAEAAAAAAAAA`` with
player 0 on roll and 70 09 00 ... = ``cAkAAAAAAAAA`` with player 1 (on roll and to act); no game
started is 30 00 00 ... = ``MAAAAAAAAAAA``. ``NnsOADAWr5EBMA:UYkWAAAAAAAA`` is a pair copied from
GNU Backgammon in a money game (player 1 on roll with 5-5, holding a 2-cube), and the manual's
own example ``QYkqASAAIAAA`` is a 9-point match at 2-4.
"""

from __future__ import annotations

import json
import random

import pytest
from test_cli import run_main

from game.core import CHANCE, NotationError
from game.registry import get_game, get_kit
from game.savefile import SaveFormatError, load
from game.seat import Seat
from game.session import Session
from games.backgammon.cube import Cube
from games.backgammon.ids import gnu_ids, has_match_id, parse_gnu_ids, position_id
from games.backgammon.rules import BackgammonState

GAME = get_game("backgammon")
START_ID = "4HPwATDgc/ABMA"
GNU_MONEY = "NnsOADAWr5EBMA:UYkWAAAAAAAA"
HUMANS = (Seat.human(), Seat.human())


def test_a_fresh_money_game_has_the_manuals_match_ids() -> None:
    white = GAME.parse_position(START_ID)
    red = GAME.parse_position(f"{START_ID} 1")
    assert gnu_ids(white, Cube()) == f"{START_ID}:MAEAAAAAAAAA"
    assert gnu_ids(red, Cube()) == f"{START_ID}:cAkAAAAAAAAA"
    assert gnu_ids(GAME.initial_state()) == f"{START_ID}:MAAAAAAAAAAA"  # before the opening
    assert parse_gnu_ids(f"{START_ID}:cAkAAAAAAAAA").state == red
    assert parse_gnu_ids(f"{START_ID}:MAAAAAAAAAAA").state.opening


def test_a_pair_copied_from_gnu_backgammon_restores_cube_turn_and_dice() -> None:
    got = parse_gnu_ids(GNU_MONEY)
    assert got.cube == Cube(value=2, owner=1)
    assert (got.state.to_move, got.state.dice) == (1, (5, 5))
    assert position_id(got.state) == "NnsOADAWr5EBMA"
    assert GAME.format_position(got.state) == "NnsOADAWr5EBMA 55 1"
    assert gnu_ids(got.state, got.cube) == GNU_MONEY
    # GNU Backgammon's board header, as it prints it, reads the same.
    header = (" GNU Backgammon  Position ID: NnsOADAWr5EBMA\n"
              "                 Match ID   : UYkWAAAAAAAA\n")
    assert has_match_id(header) and parse_gnu_ids(header) == got
    assert parse_gnu_ids("Position ID: NnsOADAWr5EBMA Match ID: UYkWAAAAAAAA") == got
    assert parse_gnu_ids(" NnsOADAWr5EBMA : UYkWAAAAAAAA ") == got
    # The board's own notation reads the pair too (the cube is the session's to keep).
    assert GAME.parse_position(GNU_MONEY) == got.state
    assert not has_match_id(f"{START_ID} 31 1")


def _positions(count: int, seed: int) -> list[BackgammonState]:
    """Positions of random games: before rolls, with dice, and finished."""
    rng = random.Random(seed)
    out: list[BackgammonState] = []
    while len(out) < count:
        state = GAME.initial_state()
        while state.current_player() >= 0 or state.current_player() == CHANCE:
            if state.current_player() == CHANCE:
                outcomes = state.chance_outcomes()
                state = state.apply(rng.choice(outcomes)[0])
            else:
                state = state.apply(rng.choice(state.legal_moves()))
            if rng.random() < 0.1:
                out.append(state)
        out.append(state)  # the game's end
    return out


CUBES = [Cube(), Cube(value=2, owner=0), Cube(value=4, owner=1), Cube(value=64, owner=1),
         Cube(jacoby=True)]


def test_every_position_and_cube_round_trips() -> None:
    for i, state in enumerate(_positions(120, seed=3)):
        cube = CUBES[i % len(CUBES)]
        text = gnu_ids(state, cube)
        got = parse_gnu_ids(text, jacoby=cube.jacoby)
        assert got.state.key() == state.key(), text
        assert got.cube == cube, text
        if state.dice is None and not state.is_over() and cube.owner in (None, state.to_move):
            pending = Cube(cube.value, cube.owner, state.to_move, cube.jacoby)
            assert parse_gnu_ids(gnu_ids(state, pending), cube.jacoby).cube == pending
            dropped = pending.drop(1 - state.to_move)
            assert parse_gnu_ids(gnu_ids(state, dropped), cube.jacoby).cube == dropped


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (f"{START_ID}:cAkAAAAAAAA!", "a Match ID is 12 Base64 characters, got 'cAkAAAAAAAA!'"),
        (f"{START_ID}:cAkAAAA", "a Match ID is 12 Base64 characters"),
        ("4HPwATDgc/ABM:cAkAAAAAAAAA", "a position ID is 14 base64 characters"),
        (f"{START_ID}:QYkqASAAIAAA", "Match ID: a 9-point match at 2-4; only money games"),
        (f"{START_ID}:YAkAAAAAAAAA", "Match ID: cube owner 2"),  # owner bits 01 -> 10
        (f"{START_ID}:cAsAAAAAAAAA", "Match ID: a resignation"),  # game state 3
        (f"{START_ID}:cCkAAAAAAAAA", "Match ID: a resignation"),  # a single game offered
        (f"{START_ID}:cAEAAAAAAAAA", "Match ID: player 0 to act while player 1 is on roll"),
        (f"{START_ID}:cAoAAAAAAAAA", "Match ID: the game is over, yet no side has borne off"),
        (f"{START_ID}:cJEFAAAAAAAA", "Match ID: a double offered after the dice were rolled"),
        (f"{START_ID}:QBEAAAAAAAAA", "Match ID: a double offered by the player who does not"),
        (f"{START_ID}:cAkMAAAAAAAA", "Match ID: dice (0, 3) are not two dice 1-6"),
        (f"{START_ID}:MIAFAAAAAAAA", "Match ID: no game started, yet dice"),
        ("Match ID: cAkAAAAAAAAA", "a Match ID needs its Position ID"),
        (f"Position ID: {START_ID} Match ID: cAkAAAAAAAAA and more",
         "unexpected 'and more' beside the Position and Match IDs"),
    ],
)
def test_a_bad_pair_is_one_line_naming_what_failed(text: str, says: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_gnu_ids(text)
    message = str(err.value)
    assert says in message and "\n" not in message


def test_the_error_cases_above_are_what_their_bits_say() -> None:
    # Each bad Match ID above differs from a valid one in the field its error names.
    from games.backgammon.cube import decode_match_id

    assert decode_match_id("cAsAAAAAAAAA").state == 3
    assert decode_match_id("cCkAAAAAAAAA").resign == 1
    assert decode_match_id("cAEAAAAAAAAA").turn == 0
    assert decode_match_id("cAoAAAAAAAAA").state == 2
    doubled = decode_match_id("cJEFAAAAAAAA")
    assert doubled.cube.offered_by == 1 and doubled.dice == (3, 1)
    assert decode_match_id("QBEAAAAAAAAA").cube == Cube(owner=0, offered_by=1)
    assert decode_match_id("MIAFAAAAAAAA").state == 0


# ---- the pair in a session: paste, copy, save -----------------------------------------------

def test_a_pasted_pair_starts_a_session_with_its_cube() -> None:
    session = Session.from_position(get_kit("backgammon"), GNU_MONEY, HUMANS, None, {})
    assert session.stakes == Cube(value=2, owner=1)  # a turned cube brings the cube along
    assert session.position_text() == GNU_MONEY
    jacoby = Session.from_position(get_kit("backgammon"), GNU_MONEY, HUMANS, Cube(jacoby=True), {})
    assert jacoby.stakes == Cube(value=2, owner=1, jacoby=True)  # the screen's rule stays
    plain = Session.from_position(get_kit("backgammon"), f"{START_ID}:cAkAAAAAAAAA", HUMANS, None, {})
    assert plain.stakes is None and plain.current.to_move == 1  # a cubeless game stays so
    assert plain.position_text() == f"{START_ID}:cAkAAAAAAAAA"


def test_a_pasted_double_waits_for_its_answer_and_plays_on() -> None:
    state = GAME.parse_position(f"{START_ID} 1")
    text = gnu_ids(state, Cube(offered_by=1))
    session = Session.from_position(get_kit("backgammon"), text, HUMANS, Cube(), {})
    assert session.stakes.offered_by == 1 and session.seat_to_move() is HUMANS[0]
    session.play_text("take")
    assert session.stakes == Cube(value=2, owner=0)


def test_a_save_keeps_the_cube_a_pasted_game_started_with() -> None:
    session = Session.from_position(get_kit("backgammon"), GNU_MONEY, HUMANS, Cube(), {})
    text = session.save()
    assert "cube: on UYkWAAAAAAAA" in text.splitlines()
    again = load(text)
    assert again.stakes == Cube(value=2, owner=1) and again.position_text() == GNU_MONEY
    fresh = Session(get_kit("backgammon"), None, HUMANS, stakes=Cube())
    assert "cube: on" in fresh.save().splitlines()  # a fresh cube: the rule alone, as before
    broken = text.replace("cube: on UYkWAAAAAAAA", "cube: on UYkW!AAAAAAA")
    with pytest.raises(SaveFormatError, match=r"line \d+ \(cube\): a Match ID is 12 Base64"):
        load(broken)
    other = text.replace("cube: on UYkWAAAAAAAA", "cube: on UQkAAAAAAAAA")  # no dice rolled
    with pytest.raises(SaveFormatError, match="does not agree with the start position"):
        load(other)


def test_analyze_gives_the_gnu_pair(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "analyze", "--game", "backgammon", "--position",
                            GNU_MONEY, "--level", "Beginner")
    report = json.loads(out)
    assert code == 0 and report["position"] == "NnsOADAWr5EBMA 55 1"
    assert report["gnu_id"] == "NnsOADAWr5EBMA:cIkWAAAAAAAA"  # searched cubeless: cube centred
    assert parse_gnu_ids(report["gnu_id"]).state == parse_gnu_ids(GNU_MONEY).state
    code, _, err = run_main(capsys, "analyze", "--game", "backgammon", "--position",
                            f"{START_ID}:QYkqASAAIAAA")
    assert code != 0 and "9-point match" in err and len(err.strip().splitlines()) == 1


def test_the_engine_reads_the_cube_from_the_pair() -> None:
    from cli.engine import answer_line

    request = {"cmd": "cube", "game": "backgammon", "position": f"{START_ID}:UQkAAAAAAAAA"}
    answer, _ = answer_line(json.dumps(request))
    assert answer["match_id"] == "UQkAAAAAAAAA"  # Red on roll, owning a 2-cube
    centred, _ = answer_line(json.dumps({**request, "position": f"{START_ID}:cAkAAAAAAAAA"}))
    assert centred["match_id"] == "cAkAAAAAAAAA"
    assert answer["equities"]["double_pass"] == 2 * centred["equities"]["double_pass"]
    bad, _ = answer_line(json.dumps({**request, "position": f"{START_ID}:QYkqASAAIAAA"}))
    assert bad["error"].startswith("Match ID: a 9-point match")
