"""Hostile input never reaches a user as a traceback, and an interrupted search never answers
worse than its last finished depth. Each test pins a bug found by fuzzing or review."""

from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ai.api import Limits, SearchConfig
from ai.engine import make_searcher
from ai.spread import Processes
from cli import match_games
from cli.common import RequestError, decode_json, parse_options
from cli.engine import MAX_ERROR_CHARS, answer_line, serve
from game.registry import get_game, get_kit
from tests.test_cli import run_main

ROOT = Path(__file__).resolve().parents[1]


def ask(*lines: str) -> list[dict[str, Any]]:
    """Raw request lines through one engine session; every answer must be strict JSON."""
    out = io.StringIO()
    assert serve(io.StringIO("\n".join(lines) + "\n"), out) == 0
    return [json.loads(line, parse_constant=_refuse) for line in out.getvalue().splitlines()]


def _refuse(name: str) -> None:
    raise AssertionError(f"the engine wrote {name}, which is not JSON")


# --------------------------------------------------------------------------- engine input


def test_engine_answers_json_python_cannot_decode_with_a_bad_json_error() -> None:
    deep_array = "[" * 50_000 + "]" * 50_000  # RecursionError inside json.loads
    deep_object = '{"a":' * 5_000 + "1" + "}" * 5_000
    long_number = '{"game": "nim", "depth": 1' + "0" * 5_000 + "}"  # int digit limit
    answers = ask(
        deep_array,
        deep_object,
        '{"game": "nim", "id": ' + "[" * 5_000 + "]" * 5_000 + "}",
        long_number,
        '{"game": "nim", "id": NaN}',  # echoing it would write NaN: not JSON
        '{"game": "nim", "time": Infinity}',
        '{"cmd": "legal", "game": "nim", "position": "2 1", "id": "still serving"}',
    )
    assert len(answers) == 7
    for a in answers[:-1]:
        assert set(a) == {"error"}, a
        assert a["error"].startswith("bad JSON: ") and "internal error" not in a["error"]
    assert "nested too deeply" in answers[0]["error"] and "nested" in answers[1]["error"]
    assert "too long" in answers[3]["error"]
    assert "NaN" in answers[4]["error"] and "Infinity" in answers[5]["error"]
    assert answers[-1] == {"id": "still serving", "moves": ["1:1", "1:2"]}


def test_engine_echoes_only_a_scalar_id() -> None:
    """A nested id was copied into the error answer; deep enough, encoding the answer failed
    after the request was handled (and one level deeper than decoding allows, it crashed)."""
    nested = "[" * 900 + "]" * 900
    answer, stop = answer_line('{"game": "nim", "id": ' + nested + "}")
    assert answer == {"error": answer["error"]} and "'id' must be" in answer["error"]
    assert answer_line('{"game": "nope", "id": 7}')[0]["id"] == 7


def test_engine_error_messages_stay_short_whatever_the_request() -> None:
    huge = "x" * 200_000
    answers = ask(
        json.dumps({"game": "nim", "position": "1,2 " + huge}),
        json.dumps({"game": huge}),
        json.dumps({"game": "nim", "depth": [huge]}),
    )
    for a in answers:
        assert 20 < len(a["error"]) <= MAX_ERROR_CHARS and "..." in a["error"], a


def test_engine_with_a_closed_stdin_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    code, out, err = run_main(capsys, "engine")
    assert code == 2 and out == ""
    assert err.startswith("kibitz: error: ") and err.count("\n") == 1 and "closed" in err


def test_engine_survives_bytes_that_are_not_utf8_under_a_strict_locale() -> None:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "engine"],
        input=b'\xff\xfe{"game": "nim"}\n{"cmd": "legal", "game": "nim", "id": "\xc3\xa9"}\n',
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        # Strict decoding: what Python does under most UTF-8 locales and on Windows pipes.
        env={**_env(), "PYTHONIOENCODING": "utf-8:strict"},
    )
    assert proc.returncode == 0, proc.stderr
    first, second = (json.loads(line) for line in proc.stdout.decode().splitlines())
    assert first["error"].startswith("bad JSON")
    assert second == {"id": "\u00e9", "moves": ["1:1", "1:2", "1:3"]}


def _env() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if k != "PYTHONIOENCODING"}


# --------------------------------------------------------------------------- flags


@pytest.mark.parametrize(
    "text",
    ["[" * 50_000 + "]" * 50_000, '{"heaps": [1' + "0" * 5_000 + "]}", '{"heaps": [NaN]}'],
)
def test_options_json_that_python_cannot_decode_is_a_request_error(text: str) -> None:
    with pytest.raises(RequestError, match="^options must be a JSON object: "):
        parse_options(text)


def test_decode_json_accepts_ordinary_json() -> None:
    assert decode_json('{"heaps": [3, 4], "misere": true, "x": 1.5}') == {
        "heaps": [3, 4],
        "misere": True,
        "x": 1.5,
    }


@pytest.mark.parametrize(
    "argv",
    [
        ["analyze", "--game", "nim", "--options", "[" * 20_000 + "]" * 20_000],
        ["match", "--game", "nim", "--a", "Master", "--b", "Master", "--games", "9" * 26],
        ["match", "--game", "nim", "--a", "Master", "--b", "Master", "--jobs", "100000"],
        ["match", "--game", "nim", "--a", "Master", "--b", "Master", "--jobs", "0"],
        ["bench", "ui", "--seconds", "-1"],
        ["bench", "ui", "--seconds", "nan"],
        ["bench", "ui", "--seconds", "inf"],
    ],
)
def test_out_of_range_flags_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run_main(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("kibitz: error: ") and err.count("\n") == 1, err


# --------------------------------------------------------------------------- match and Ctrl+C


def test_match_pool_workers_leave_ctrl_c_to_the_parent(monkeypatch: pytest.MonkeyPatch) -> None:
    """A terminal sends Ctrl+C to every process of the group: each pool worker printed a
    KeyboardInterrupt traceback. The workers now ignore it; the parent stops the pool."""
    created: list[dict[str, Any]] = []

    class FakePool:
        def __init__(self, processes: int, initializer: Any = None) -> None:
            created.append({"processes": processes, "initializer": initializer})

        def __enter__(self) -> FakePool:
            return self

        def __exit__(self, *exc: object) -> None:
            pass

        def imap_unordered(self, fn: Any, items: Any) -> Any:
            return map(fn, items)

        def close(self) -> None:  # every game played: the workers leave by themselves
            created.append({"closed": True})

        def join(self) -> None:
            created.append({"joined": True})

    class FakeContext:
        Pool = FakePool

    import multiprocessing

    monkeypatch.setattr(multiprocessing, "get_context", lambda method: FakeContext())
    specs = match_games.game_specs(get_kit("nim"), {"heaps": (1, 2)}, "Master", "Master", 2, seed=3)
    tally = match_games.play_match(specs, Processes(2, match_games.match_workers))
    assert tally.games == 2
    start = created[0].pop("initializer")
    assert start.initializer is match_games.match_workers  # after the parent watch (ai.lifeline)
    assert created == [{"processes": 2}, {"closed": True}, {"joined": True}]

    previous = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    try:
        match_games.match_workers()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        assert signal.getsignal(signal.SIGTERM) is match_games._leave
    finally:
        signal.signal(signal.SIGINT, previous[0])
        signal.signal(signal.SIGTERM, previous[1])


# --------------------------------------------------------------------------- search


def test_interrupted_minimax_never_answers_worse_than_its_last_depth() -> None:
    """Minimax searched the root in generator order, so a depth cut short after its first few
    moves returned the best of those few, however bad (here f4, worth 2.7 at depth 3 while
    the depth-2 best a6 is worth 5.2). The previous best now goes first, as in alpha-beta."""
    game = get_game("othello")
    state = game.parse_position(
        "----------X-------X-XXX---XXO---OOOOO-------OO--------O--------- X"
    )
    config = SearchConfig("othello", "minimax", Limits(depth=3), exact=False)
    depth2 = make_searcher(config).search(state, Limits(depth=2))
    depth3 = make_searcher(config).search(state, Limits(depth=3))
    assert game.format_move(state, depth2.move) == "a6"
    value3 = dict(depth3.root_values)
    floor = value3[depth2.move]
    seen = set()
    # Every node budget that ends the search somewhere inside depth 3.
    for nodes in range(depth2.stats.nodes + 1, depth3.stats.nodes, 7):
        r = make_searcher(config).search(state, Limits(depth=3, nodes=nodes))
        assert r.move in value3 and not r.complete
        assert r.move == depth2.move or value3[r.move] > floor, (nodes, r.move)
        seen.add(game.format_move(state, r.move))
    assert seen >= {"a6", "d6"}  # the partial depth still improves the answer when it can
