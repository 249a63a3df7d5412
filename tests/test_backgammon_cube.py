"""The doubling cube: legal cube actions, scores, Match ID, Janowski decisions, cubeful games."""

from __future__ import annotations

import random

import pytest

from ai.kit import get_level
from game.core import IllegalMoveError, NotationError
from game.registry import get_kit
from games.backgammon.ai.cube import CUBE_LIFE, advise, cubeful, play_cubeful_game
from games.backgammon.cube import (
    DROPPED,
    Cube,
    MatchInfo,
    decode_match_id,
    encode_match_id,
)
from games.backgammon.rules import BackgammonState

BEFORE_ROLL = {"rolled": False, "over": False}


def test_centred_cube_either_player_may_double_before_rolling() -> None:
    cube = Cube()
    assert cube.may_double(0, **BEFORE_ROLL) and cube.may_double(1, **BEFORE_ROLL)
    assert not cube.may_double(0, rolled=True, over=False)
    assert not cube.may_double(0, rolled=False, over=True)


def test_take_doubles_and_hands_over_the_cube() -> None:
    cube = Cube().double(0, **BEFORE_ROLL).take(1)
    assert (cube.value, cube.owner, cube.offered_by) == (2, 1, None)
    # Only the owner may redouble.
    assert not cube.may_double(0, **BEFORE_ROLL)
    with pytest.raises(IllegalMoveError, match="only the cube's owner may redouble"):
        cube.double(0, **BEFORE_ROLL)
    redoubled = cube.double(1, **BEFORE_ROLL).take(0)
    assert (redoubled.value, redoubled.owner) == (4, 0)


def test_illegal_cube_actions_are_refused() -> None:
    offered = Cube().double(1, **BEFORE_ROLL)
    with pytest.raises(IllegalMoveError, match="already waiting"):
        offered.double(0, **BEFORE_ROLL)
    with pytest.raises(IllegalMoveError, match="cannot answer his own double"):
        offered.take(1)
    with pytest.raises(IllegalMoveError, match="no double has been offered"):
        Cube().take(0)
    with pytest.raises(IllegalMoveError, match="before the roll"):
        Cube().double(0, rolled=True, over=False)


def test_a_drop_ends_the_game_at_the_cube_value() -> None:
    cube = Cube(value=4, owner=0).double(0, **BEFORE_ROLL).drop(1)
    assert cube.drop_returns() == (4.0, -4.0)
    assert not cube.may_double(0, **BEFORE_ROLL)
    assert Cube().double(1, **BEFORE_ROLL).drop(0).drop_returns() == (-1.0, 1.0)


def test_points_are_game_value_times_cube_and_jacoby() -> None:
    assert Cube().points(2) == 2
    assert Cube(value=4, owner=1).points(3) == 12
    assert Cube(jacoby=True).points(2) == 1  # cube never turned: gammons count single
    assert Cube(value=2, owner=0, jacoby=True).points(2) == 4


def test_match_id_decodes_a_published_example() -> None:
    # A Match ID shown by GNU Backgammon: 9-point match, 0-0, player 1 on roll with 5-1.
    info = decode_match_id("cIkmAQAAAAAA")
    assert info.cube == Cube()
    assert (info.on_roll, info.turn, info.dice) == (1, 1, (5, 1))
    assert (info.match_length, info.score, info.crawford) == (9, (0, 0), False)
    assert encode_match_id(info) == "cIkmAQAAAAAA"


@pytest.mark.parametrize(
    "info",
    [
        MatchInfo(Cube(), 0, 0, None),
        MatchInfo(Cube(value=8, owner=1), 1, 1, (6, 3)),
        MatchInfo(Cube(value=2, owner=0, offered_by=0), 0, 1, None),
    ],
)
def test_match_id_round_trip(info: MatchInfo) -> None:
    text = encode_match_id(info)
    assert len(text) == 12
    assert decode_match_id(text) == info


def test_money_game_start_match_id() -> None:
    # Cube 1 centred (owner bits 11), player 0 on roll, game playing, no dice.
    assert encode_match_id(MatchInfo(Cube(), 0, 0, None)) == "MAEAAAAAAAAA"
    dropped = Cube().double(0, **BEFORE_ROLL).drop(1)
    assert decode_match_id(encode_match_id(MatchInfo(dropped, 0, 1, None))).state == DROPPED


@pytest.mark.parametrize("text", ["", "short", "cIkmAQAAAAA!", "cIkmAQAAAAAAA"])
def test_bad_match_ids_are_one_line_errors(text: str) -> None:
    with pytest.raises(NotationError, match="Match ID"):
        decode_match_id(text)


# -- Janowski's cubeful equities --------------------------------------------------------------


def no_gammons(p: float) -> tuple[float, float, float, float, float]:
    return (p, 0.0, 0.0, 0.0, 0.0)


def test_janowski_worked_values_without_gammons() -> None:
    x = CUBE_LIFE
    # W = L = 1: take point 0.2, cash point 0.8.
    assert cubeful(no_gammons(0.5), "centre") == pytest.approx(0.0)
    assert cubeful(no_gammons(0.5), "opponent") == pytest.approx(x * -0.25)
    assert cubeful(no_gammons(0.8), "centre") == pytest.approx(x + (1 - x) * 0.6)
    assert cubeful(no_gammons(0.1), "me") == pytest.approx(
        x * (-1 + 2 * 0.1 / 0.8) + (1 - x) * -0.8
    )


@pytest.mark.parametrize(
    "p, action",
    [(0.5, "no double"), (0.7, "double / take"), (0.8, "double / pass")],
)
def test_cube_actions_follow_the_equities(p: float, action: str) -> None:
    assert advise(no_gammons(p), Cube(), 0).action == action


def test_too_good_to_double_with_gammons() -> None:
    advice = advise((0.95, 0.6, 0.05, 0.0, 0.0), Cube(), 0)
    assert advice.action == "too good to double" and not advice.double
    assert advice.text() == "too good to double, 0.95 wins, 0.60 gammons"
    # Under the Jacoby rule the same position is a double (gammons do not count centred).
    assert advise((0.95, 0.6, 0.05, 0.0, 0.0), Cube(jacoby=True), 0).double


def test_no_double_without_access_to_the_cube() -> None:
    assert not advise(no_gammons(0.8), Cube(value=2, owner=1), 0).double


def test_a_cubeful_game_scores_in_cube_units() -> None:
    config = get_level(get_kit("backgammon"), "Intermediate-hand").config(get_kit("backgammon"))
    for seed in range(3):
        record = play_cubeful_game(
            BackgammonState(opening=True), (config, config), random.Random(seed)
        )
        assert record.finished
        a, b = record.returns
        assert a == -b and a != 0
        assert abs(a) % record.cube.value == 0


# -- the cube in a session and its save file ---------------------------------------------------


def cube_session(jacoby: bool = False):
    from game.session import Session

    return Session(get_kit("backgammon"), stakes=Cube(jacoby=jacoby))


def test_session_plays_double_take_and_saves_them() -> None:
    from game.savefile import load

    s = cube_session()
    s.play_text("roll 31")
    s.play_text("8/5 6/5")
    s.play_text("double")  # Red doubles before rolling
    assert s.stakes == Cube(offered_by=1)
    assert s.seat_to_move() is s.seats[0]  # White must answer
    with pytest.raises(IllegalMoveError, match="waiting for an answer"):
        s.play_text("roll 52")
    s.play_text("take")
    assert s.stakes == Cube(value=2, owner=0)
    s.play_text("roll 52")
    text = s.save()
    assert "cube: on\n" in text and "\ndouble\ntake\nroll 52\n" in text
    back = load(text)
    assert back.stakes == s.stakes and back.save() == text
    # Undo takes cube decisions back like moves.
    s.undo()
    s.undo()
    assert s.stakes == Cube(offered_by=1)


def test_session_drop_ends_the_game_at_the_cube_value() -> None:
    s = cube_session()
    s.play_text("roll 31")
    s.play_text("8/5 6/5")
    s.play_text("double")
    s.play_text("drop")
    assert s.is_over and s.seat_to_move() is None
    assert s.result_text == "White drops the cube: Red wins 1 point"
    with pytest.raises(IllegalMoveError, match="dropped"):
        s.play_text("roll 31")


def test_session_refuses_cube_actions_out_of_turn() -> None:
    from game.savefile import load
    from game.session import Session

    s = cube_session()
    with pytest.raises(IllegalMoveError, match="opening"):
        s.play_text("double")
    s.play_text("roll 31")
    with pytest.raises(IllegalMoveError, match="before the roll"):
        s.play_text("double")
    with pytest.raises(IllegalMoveError, match="no double"):
        s.play_text("take")
    plain = Session(get_kit("backgammon"))
    with pytest.raises(IllegalMoveError):
        plain.play_text("double")
    with pytest.raises(ValueError, match=r"\(cube\): expected 'on' or 'jacoby'"):
        load(cube_session().save().replace("cube: on", "cube: maybe"))
    assert load(cube_session(jacoby=True).save()).stakes == Cube(jacoby=True)


def test_match_id_beside_the_position_id() -> None:
    from games.backgammon.cube import match_id

    s = cube_session()
    s.play_text("roll 31")
    assert match_id(s.stakes, s.current) == encode_match_id(MatchInfo(Cube(), 0, 0, (3, 1)))


def test_engine_answers_cube_decisions(monkeypatch) -> None:
    import games.backgammon.ai.cube as cube_ai
    from cli.engine import handle

    # The plumbing with chances fixed: 90% wins without gammons is a double and a pass.
    monkeypatch.setattr(cube_ai, "probabilities", lambda state, p: no_gammons(0.9 if p == 0 else 0.1))
    request = {"cmd": "cube", "game": "backgammon", "position": "4HPwATDgc/ABMA"}
    answer = handle(request)
    assert answer["action"] == "double / pass" and answer["double"] and not answer["take"]
    assert answer["text"] == "double / pass, 0.90 wins, 0.00 gammons"
    assert answer["match_id"] == "MAEAAAAAAAAA"
    # Red, doubled there, drops; a cube White owns at 4 is answered in cube units.
    pending = encode_match_id(MatchInfo(Cube(offered_by=0), 0, 1, None))
    assert handle({**request, "match_id": pending})["action"] == "drop"
    owned = encode_match_id(MatchInfo(Cube(value=4, owner=0), 0, 0, None))
    assert handle({**request, "match_id": owned})["equities"]["double_pass"] == 4.0
    with pytest.raises(ValueError, match="before the roll"):
        handle({**request, "position": "4HPwATDgc/ABMA 31"})


def test_opening_position_is_no_double() -> None:
    from cli.engine import handle

    answer = handle({"cmd": "cube", "game": "backgammon", "position": "4HPwATDgc/ABMA"})
    assert answer["action"] == "no double"


def test_panel_insight_lines_say_whose_view() -> None:
    from games.backgammon.game import GAME
    from games.backgammon.ui.insight import insight, insight_panel_lines

    state = GAME.parse_position("4HPwATDgc/ABMA 31")
    info = insight(state)
    assert info.lines[0].endswith("points a game for White (cubeless)")
    assert info.lines[1].startswith("wins ")
    w, wg, wbg, lg, lbg = info.probs
    assert 0 <= wbg <= wg <= w <= 1 and 0 <= lbg <= lg <= 1 - w
    assert info.equity == pytest.approx(2 * w - 1 + wg - lg + wbg - lbg)
    assert info.moves[0][1] == max(v for _, v in info.moves) and len(info.moves) == 6
    rows = insight_panel_lines(info)
    assert rows[0].text == "Network, for White (to move)"
    assert rows[1].value == f"{info.equity:+.3f} points".replace("-", "\u2212")
    # With the dice rolled the candidates' equities differ from this 36-roll average.
    assert rows[1].text == "Equity before the roll"
    assert insight_panel_lines(insight(GAME.parse_position("4HPwATDgc/ABMA")))[1].text == (
        "Equity (cubeless)")
    assert rows[-7].text == "Candidate moves (network, no search), points for White"
    assert rows[-6].text == info.moves[0][0]
    assert rows[-6].value == f"{info.moves[0][1]:+.2f}".replace("-", "\u2212")
    before = insight(GAME.parse_position("4HPwATDgc/ABMA"), Cube())
    assert before.lines[-1].startswith("cube 1: no double, 0.")
    cube_rows = [row.text for row in insight_panel_lines(before)][-2:]
    assert cube_rows[0] == "Cube 1: no double" and cube_rows[1].startswith("at 0.")
    assert cube_rows[1].endswith(" gammons")
