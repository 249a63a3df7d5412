"""The JSON-lines engine: one answer per request, errors that never stop it, right legal moves
and values with the right sign on positions whose outcome is known."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cli.engine import answer_line, serve
from game.registry import get_game, get_kit

ROOT = Path(__file__).resolve().parents[1]


def ask(*requests: object) -> list[dict]:
    """Serve the requests (dicts are encoded, strings sent verbatim) in one engine session."""
    lines = [r if isinstance(r, str) else json.dumps(r) for r in requests]
    out = io.StringIO()
    # No stop at the end of input: these answers must not depend on the machine's speed.
    assert serve(io.StringIO("\n".join(lines) + "\n"), out, eof_grace_s=None) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_bad_requests_get_errors_and_the_engine_keeps_serving() -> None:
    answers = ask(
        '{"game": "tictactoe", ',  # bad JSON
        "",  # blank: ignored, no answer
        "[1, 2]",  # not an object
        {"id": 1, "game": "chess"},
        {"id": 2, "game": "othello", "position": "XX-- X"},
        {"id": 3, "game": "tictactoe", "depth": 0},
        {"id": 4, "game": "tictactoe", "depth": "deep"},
        {"id": 5, "game": "tictactoe", "depth": 2.5},
        {"id": 6, "game": "tictactoe", "time": -1},
        {"id": 7, "game": "tictactoe", "colour": "red"},
        {"id": 8, "game": "tictactoe", "position": 17},
        {"id": 9, "game": "tictactoe", "position": "XXXOO---- O"},  # X has won
        {"id": 10, "game": "backgammon", "position": "4HPwATDgc/ABMA", "depth": 1},
        {"id": 11, "game": "nim", "options": {"max_take": "three"}},
        {"id": 12, "game": "tictactoe", "algorithm": "magic", "depth": 1},
        {"id": 13, "game": "tictactoe", "level": "NoSuchLevel"},
        {"id": 14, "cmd": "dance", "game": "tictactoe"},
        {"id": 15, "game": "tictactoe", "options": "{}"},
        {"id": 16},
        {"id": "ok", "game": "tictactoe", "position": "XX-OO---- X", "depth": 3},
    )
    assert len(answers) == 19
    for a in answers[:-1]:
        assert set(a) <= {"id", "error"} and a["error"], a
        assert "\n" not in a["error"] and "Traceback" not in a["error"]
    assert [a.get("id") for a in answers[2:-1]] == list(range(1, 17))
    assert "bad JSON" in answers[0]["error"]
    assert "chess" in answers[2]["error"]
    assert "depth" in answers[4]["error"] and "depth" in answers[5]["error"]
    assert "colour" in answers[8]["error"]
    assert "over" in answers[10]["error"]
    assert "dice" in answers[11]["error"]
    assert "magic" in answers[13]["error"]
    assert answers[-1]["id"] == "ok" and answers[-1]["move"] == "c1"


def test_quit_stops_serving() -> None:
    answers = ask({"cmd": "quit", "id": 9}, {"cmd": "legal", "game": "tictactoe"})
    assert answers == [{"id": 9, "quit": True}]


@pytest.mark.parametrize(
    ("game_id", "options", "position"),
    [
        ("tictactoe", {}, "XO------- X"),
        ("othello", {}, None),
        ("othello", {}, "-XXX----XXXXXXXX--OXXOXXOOOXXXOXOOOXXOOOOOOOOOO--OOOOOO---O-X-XO X"),
        ("nim", {"max_take": 2}, "3,0,4 2"),
        ("nim", {"variant": "grundy"}, "7,3 1"),
        ("backgammon", {}, "4HPwATDgc/ABMA 31"),
        ("backgammon", {}, "4HPwATDgc/ABMA 66"),
    ],
)
def test_legal_moves_match_the_rules(game_id: str, options: dict, position: str | None) -> None:
    request = {"cmd": "legal", "game": game_id, "options": options}
    if position is not None:
        request["position"] = position
    (answer,) = ask(request)
    game = get_game(game_id)
    state = game.parse_position(position, **options) if position else game.initial_state(**options)
    expected = [game.format_move(state, m) for m in state.legal_moves()]
    assert answer == {"moves": expected}
    assert len(set(expected)) == len(expected)


def test_known_legal_sets() -> None:
    othello, nim, ttt = ask(
        {"cmd": "legal", "game": "othello"},
        {"cmd": "legal", "game": "nim", "options": {"max_take": 3}, "position": "1,5 1"},
        {"cmd": "legal", "game": "tictactoe", "position": "XOXOXO--- X"},
    )
    assert sorted(othello["moves"]) == ["c4", "d3", "e6", "f5"]
    assert sorted(nim["moves"]) == ["1:1", "2:1", "2:2", "2:3"]
    assert sorted(ttt["moves"]) == ["a3", "b3", "c3"]


@pytest.mark.parametrize(
    ("game_id", "options", "position", "sign"),
    [
        ("tictactoe", {}, "--------- X", 0),  # perfect play draws
        ("tictactoe", {}, "XX-OO---- X", 1),  # X completes the top row
        ("tictactoe", {}, "XO--X---- O", -1),  # X threatens two lines after any reply
        ("tictactoe", {}, "X---O---X O", 0),  # O must take an edge, then holds the draw
        ("nim", {"max_take": 3}, "7 1", 1),  # 7 mod 4 != 0: take 3
        ("nim", {"max_take": 3}, "8 2", -1),  # multiple of 4: lost
        ("nim", {"max_take": None}, "3,4,5 1", 1),  # nim-sum 2
        ("nim", {"max_take": None}, "1,2,3 1", -1),  # nim-sum 0
        ("nim", {"max_take": None, "misere": True}, "1 1", -1),  # must take the last coin
        ("nim", {"max_take": None, "misere": True}, "1,1 1", 1),
    ],
)
def test_values_have_the_right_sign(game_id: str, options: dict, position: str, sign: int) -> None:
    (answer,) = ask(
        {
            "game": game_id,
            "options": options,
            "position": position,
            "depth": 20,
            "algorithm": "alphabeta",
        }
    )
    assert "error" not in answer, answer
    value = answer["value"]
    assert (value > 0) - (value < 0) == sign, answer
    game = get_game(game_id)
    state = game.parse_position(position, **options)
    game.parse_move(state, answer["move"])  # legal, or this raises
    assert answer["pv"][0] == answer["move"]
    assert {"move", "value", "depth", "nodes", "time", "pv", "complete"} <= set(answer)


def test_winning_moves_are_found() -> None:
    ttt, nim = ask(
        {"game": "tictactoe", "position": "XX-OO---- X", "depth": 9},
        {"game": "nim", "options": {"max_take": 3}, "position": "7 1", "depth": 10},
    )
    assert ttt["move"] == "c1"
    assert nim["move"] == "1:3"


def test_backgammon_with_dice_and_levels() -> None:
    (bg, lvl) = ask(
        {"id": "bg", "game": "backgammon", "position": "4HPwATDgc/ABMA 31", "depth": 1},
        {"game": "tictactoe", "level": _first_level("tictactoe")},
    )
    assert bg["id"] == "bg"
    assert (
        bg["move"]
        in ask({"cmd": "legal", "game": "backgammon", "position": "4HPwATDgc/ABMA 31"})[0]["moves"]
    )
    assert lvl["move"] in ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]


def _first_level(game_id: str) -> str:
    from ai.kit import levels_of

    return levels_of(get_kit(game_id))[0].name


def test_id_is_echoed_even_on_errors() -> None:
    answer, stop = answer_line('{"id": [1], "game": "tictactoe"}')
    assert not stop and "error" in answer  # a list id is not a valid id type
    answer, _ = answer_line('{"id": null, "game": "nope"}')
    assert answer["id"] is None and "nope" in answer["error"]


def test_subprocess_answers_each_line_as_it_arrives() -> None:
    """The engine flushes after every answer: a client can talk to it one line at a time."""
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "engine"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for request, check in [
            ({"id": 1, "cmd": "legal", "game": "othello"}, lambda a: len(a["moves"]) == 4),
            ("not json", lambda a: "error" in a),
            (
                {"id": 3, "game": "nim", "position": "5 1", "options": {"max_take": 3}, "depth": 8},
                lambda a: a["move"] == "1:1" and a["value"] > 0,
            ),
        ]:
            proc.stdin.write((request if isinstance(request, str) else json.dumps(request)) + "\n")
            proc.stdin.flush()
            answer = json.loads(proc.stdout.readline())
            assert check(answer), answer
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0
        assert proc.stdout.read() == ""
        assert "Traceback" not in proc.stderr.read()  # type: ignore[union-attr]
    finally:
        if proc.poll() is None:
            proc.kill()
