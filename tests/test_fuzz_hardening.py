"""Property-based fuzzing of the engine protocol, save files and move notation.

Each property is one the hardening report found broken: any option name (1), any number in a
request (2), any request stops promptly when told to (3), long repetitive saves (5), and
one-line error messages whatever the input (6, 7).
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from cli.engine import MAX_ERROR_CHARS, answer_line, encode
from game.registry import game_ids, get_game
from game.savefile import SaveFormatError, load
from scripts.fuzz_surfaces import random_session

POSITIONS = {
    "tictactoe": ["XO------- X", "XXOOX---- O", "XXXOO---- O"],
    "othello": [
        None,
        "-XXX----XXXXXXXX--OXXOXXOOOXXXOXOOOXXOOOOOOOOOO--OOOOOO---O-X-XO X",
    ],
    "nim": ["3,4,5 1", "1 2", "0,0 1"],
    "backgammon": ["4HPwATDgc/ABMA 31", "4HPwATDgc/ABMA", "27YBAHDbtgEAcA 52"],
}
#: Numbers as a client might write them, including ones a double cannot hold.
NUMBER_TEXTS = ["0", "-0", "3", "64", "65", "1e400", "-1e400", "1e-320", "2.5", "1E3",
                "123456789012345678901234567890", "0.0001", "3600", "3601"]
ODD_TEXT = st.text(
    alphabet=st.characters(codec="utf-8", categories=["L", "N", "P", "S", "Z", "Cc", "Cf"]),
    max_size=12,
)
OPTION_NAMES = ["heaps", "max_take", "misere", "variant", "self", "text", "options", "game"]
OPTION_VALUES = ["3", "[3, 4]", "true", "null", '"nim"', '"grundy"', "1e400", "-1"]


class Deadline:
    """An Event-like cancel that fires after a few milliseconds: every search is cut short,
    as a client's stop would cut it."""

    def __init__(self, seconds: float) -> None:
        self.at = time.monotonic() + seconds

    def is_set(self) -> bool:
        return time.monotonic() >= self.at


@st.composite
def engine_request(draw: st.DrawFn) -> str:
    """A request shaped like a real client's (known keys, mostly sensible values) with the
    odd value a careless or hostile client sends: colliding option names, numbers a double
    cannot hold, searches that would run for hours, the occasional unknown key. Sensible
    values are drawn more often so that most requests get past the checks to the search."""
    game = draw(st.sampled_from([*game_ids(), *game_ids(), "chess"]))
    fields = {"game": json.dumps(game)}

    def sometimes(choices: list[str], one_in: int = 2) -> str | None:
        return draw(st.sampled_from(choices)) if draw(st.integers(1, one_in)) == 1 else None

    optional = {
        "cmd": sometimes(['"legal"', '"legal"', '"bestmove"', '"bestmove"', '"stop"', '"x"']),
        "id": sometimes([*NUMBER_TEXTS, '"a"', "null"]),
        "algorithm": sometimes(['"minimax"', '"alphabeta"', '"alphabeta"', '"expectiminimax"']),
        "depth": sometimes(["1", "2", "2", "3", "64", "0"]),
        "time": sometimes(["0.05", "0.1", "1", "3600", "1e-320", "1e400"], 3),
        "use_tt": sometimes(["true", "false"], 4),
        "use_ordering": sometimes(["true", "false"], 4),
        "exact": sometimes(["true", "false"], 6),
        "seed": sometimes(["1", "7", "1e400"], 6),
    }
    if game in POSITIONS:
        position = sometimes([json.dumps(p) for p in POSITIONS[game] if p is not None])
        if position is not None:
            fields["position"] = position
    if draw(st.booleans()):
        names = draw(st.lists(st.sampled_from(OPTION_NAMES), max_size=2, unique=True))
        fields["options"] = "{" + ",".join(
            f"{json.dumps(n)}:{draw(st.sampled_from(OPTION_VALUES))}" for n in names) + "}"
    fields.update({k: v for k, v in optional.items() if v is not None})
    junk = sometimes(['"self"', '"text"', '"colour"'], 10)
    if junk is not None:
        fields[json.loads(junk)] = "1"
    return "{" + ",".join(f"{json.dumps(k)}:{v}" for k, v in fields.items()) + "}"


def check_answer(answer: dict[str, Any]) -> None:
    def refuse(name: str) -> Any:
        raise AssertionError(f"{name} in an answer")

    assert json.loads(encode(answer), parse_constant=refuse) == answer or "value" in answer
    if "error" in answer:
        message = answer["error"]
        assert "internal error" not in message, message
        assert "\n" not in message and len(message) <= MAX_ERROR_CHARS
        assert set(answer) <= {"id", "error"}


@given(engine_request())
def test_engine_answers_every_request_promptly_in_strict_json(line: str) -> None:
    start = time.monotonic()
    answer, _ = answer_line(line, cancel=Deadline(0.05))
    assert time.monotonic() - start < 10.0, line  # stopped searches answer at once
    check_answer(answer)


@given(st.sampled_from(NUMBER_TEXTS), st.sampled_from(game_ids()))
def test_any_number_as_an_id_gives_strict_json(number: str, game_id: str) -> None:
    answer, _ = answer_line(f'{{"id": {number}, "cmd": "legal", "game": "{game_id}"}}')
    check_answer(answer)


@given(
    st.sampled_from(game_ids()),
    st.sampled_from(["minimax", "alphabeta", "expectiminimax"]),
    st.sampled_from(['"depth": 64', '"time": 3600', '"depth": 30, "time": 600']),
    st.booleans(),
)
def test_any_search_stops_when_told(game_id: str, algorithm: str, limit: str,
                                    exact: bool) -> None:
    line = (f'{{"game": "{game_id}", "algorithm": "{algorithm}", {limit}, '
            f'"exact": {json.dumps(exact)}}}')
    if game_id == "backgammon":
        line = line[:-1] + ', "position": "4HPwATDgc/ABMA 52"}'
    start = time.monotonic()
    answer, _ = answer_line(line, cancel=Deadline(0.05))
    assert time.monotonic() - start < 10.0, line
    check_answer(answer)
    assert answer["move"], answer


@given(st.text(max_size=60))
def test_engine_survives_any_line(line: str) -> None:
    answer, _ = answer_line(line, cancel=Deadline(0.05))
    check_answer(answer)


# --------------------------------------------------------------------------- save files


def random_save(game_id: str, seed: int, plies: int) -> str:
    return random_session(game_id, seed, plies).save()


@st.composite
def corrupted_save(draw: st.DrawFn) -> str:
    game_id = draw(st.sampled_from(game_ids()))
    lines = random_save(game_id, draw(st.integers(0, 10**6)), draw(st.integers(0, 12))).split(
        "\n")
    for _ in range(draw(st.integers(1, 3))):
        index = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["replace", "insert", "append", "delete", "seat", "seat"]))
        junk = draw(ODD_TEXT)
        if kind == "replace":
            lines[index] = junk
        elif kind == "insert":
            lines[index] = lines[index][: len(lines[index]) // 2] + junk
        elif kind == "append":
            lines[index] += junk
        elif kind == "delete" and len(lines) > 1:
            del lines[index]
        elif kind == "seat":
            number = draw(st.sampled_from(["9" * 5000, "\u0663", "1_0", "nan", "1e-320", "4"]))
            word = draw(st.sampled_from(["depth", "time"]))
            lines[4:5] = [f"seat 2: ai algorithm=minimax {word}={number}"]
    if draw(st.booleans()):
        lines[2:3] = [draw(st.sampled_from(['options: {"self": 1}', 'options: {"text": 2}']))]
    return "\n".join(lines)


@given(corrupted_save())
def test_a_corrupted_save_loads_or_fails_in_one_short_line(text: str) -> None:
    try:
        session = load(text)
    except SaveFormatError as exc:
        message = str(exc)
        assert "\n" not in message and len(message) <= 300, message
        return
    assert load(session.save()).moves == session.moves


@given(st.sampled_from(["depth", "time"]),
       st.sampled_from(["4", "0.5", "9" * 5000, "\u0663", "1_0", "nan", "inf", "1e-320", "-1",
                        "0x10", "\uff14"]))
def test_a_seat_number_loads_only_in_plain_digits(word: str, number: str) -> None:
    text = (
        "kibitz-save: 1\ngame: tictactoe\noptions: {}\nseat 1: human\n"
        f"seat 2: ai algorithm=minimax {word}={number}\nstart: --------- X\nmoves: 0\n"
    )
    try:
        session = load(text)
    except SaveFormatError as exc:
        assert "\n" not in str(exc) and len(str(exc)) <= 200, str(exc)
        return
    assert re.fullmatch(r"[0-9]+(\.[0-9]+)?", number), number
    assert load(session.save()).seats == session.seats


@given(st.sampled_from(game_ids()), st.integers(0, 10**6), st.integers(0, 30),
       st.sampled_from(["\ufeff", "\n", "# a comment\n", "\r\n"]))
def test_a_saved_game_loads_whatever_an_editor_adds(
    game_id: str, seed: int, plies: int, prefix: str
) -> None:
    text = random_save(game_id, seed, plies)
    text = text.replace("\n", "\r\n") if prefix == "\r\n" else prefix + text
    assert load(text).moves == load(random_save(game_id, seed, plies)).moves


@given(st.lists(st.sampled_from(["roll 32", "roll 64", "roll 11", "roll 51", "roll 66"]),
                min_size=1, max_size=400))
def test_a_shut_out_game_of_any_length_shares_its_positions(rolls: list[str]) -> None:
    moves = [line for roll in rolls for line in (roll, "none")]
    text = (
        "kibitz-save: 1\ngame: backgammon\noptions: {}\nseat 1: human\nseat 2: human\n"
        f"start: 27YBAHDbtgEAcA\nmoves: {len(moves)}\n" + "\n".join(moves) + "\n"
    )
    session = load(text)
    assert session.ply == len(moves)
    # Each position (side to move, dice) is one state object however long the game.
    distinct = {id(s) for s in session._states}
    assert len(distinct) <= 2 * (len(set(rolls)) + 1)


# --------------------------------------------------------------------------- notation


MOVE_TOKENS = {"tictactoe": ["a1", "c3", "b2"], "othello": ["d3", "pass", "a1"],
               "nim": ["1:3", "2:9", "9:1"], "backgammon": ["24/20", "13/12", "8/5", "bar/22"],
               "kalah": ["3", "c", "7", "0"]}
BREAKS = ["\n", "\r", "\x00", "\x85", "\u2028", "\u2029", " ", "\t"]


@st.composite
def move_text(draw: st.DrawFn) -> tuple[str, str]:
    """A game and a move text: real move tokens joined by line breaks, controls or spaces,
    or arbitrary text."""
    game_id = draw(st.sampled_from(game_ids()))
    if draw(st.booleans()):
        return game_id, draw(st.text(max_size=30))
    tokens = draw(st.lists(st.sampled_from(MOVE_TOKENS[game_id]), min_size=1, max_size=3))
    glue = draw(st.lists(st.sampled_from(BREAKS), min_size=len(tokens), max_size=len(tokens)))
    return game_id, "".join(t + g for t, g in zip(tokens, glue, strict=True))


@given(move_text())
def test_move_errors_are_one_line_whatever_the_text(case: tuple[str, str]) -> None:
    game_id, text = case
    game = get_game(game_id)
    state = game.parse_position(
        {"tictactoe": "XO------- X", "othello": "-" * 27 + "OX------XO" + "-" * 27 + " X",
         "nim": "3,4,5 1", "backgammon": "4HPwATDgc/ABMA 31",
         "kalah": "4,0,4,4,4,4|0|4,4,4,4,4,4|0 S"}[game_id]
    )
    try:
        game.parse_move(state, text)
    except ValueError as exc:
        message = str(exc)
        assert not any(c in message for c in "\n\r\x00\x85\u2028\u2029"), message
        assert len(message) <= 300
