"""The engine as a client sees it: a separate process talking strict JSON lines.

Every answer is parsed with a strict hook (no NaN/Infinity); a running search is stopped by
``stop`` (answered with its best move so far, ``complete: false``), by ``quit`` and by the end
of input. The latencies are printed (``pytest -s``) and checked against generous limits: the
targets are 100 ms for a stop and 1 s from the end of input to the exit.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: Generous bounds for a loaded 2-core machine; the figures printed are the real measure.
STOP_LIMIT_S = 2.0
EXIT_LIMIT_S = 5.0


def strict(line: str) -> dict[str, Any]:
    def refuse(name: str) -> Any:
        raise AssertionError(f"not strict JSON ({name}): {line!r}")

    answer = json.loads(line, parse_constant=refuse)
    assert isinstance(answer, dict), line
    return answer


class Engine:
    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "engine"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            cwd=ROOT,
        )

    def send(self, request: dict[str, Any] | str) -> None:
        assert self.proc.stdin is not None
        text = request if isinstance(request, str) else json.dumps(request)
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def answer(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line, "the engine closed its output"
        return strict(line)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def test_every_answer_is_strict_json() -> None:
    requests: list[dict[str, Any] | str] = [
        {"id": 1e300, "cmd": "legal", "game": "tictactoe"},
        '{"id": 1e400, "cmd": "legal", "game": "tictactoe"}',
        '{"id": NaN, "game": "tictactoe"}',
        '{"id": -Infinity, "game": "tictactoe"}',
        {"id": 2, "game": "tictactoe", "algorithm": "minimax", "depth": 9},
        {"id": 3, "game": "othello", "depth": 3},
        {"id": 4, "game": "nim", "position": "3,4,5 1", "exact": True},
        {"id": 5, "game": "backgammon", "position": "4HPwATDgc/ABMA 52", "depth": 1},
        {"id": 6, "game": "othello", "level": "Casual", "seed": 3},
        "\u00a0",
        "\x85",
    ]
    engine = Engine()
    try:
        for request in requests:
            engine.send(request)
        answers = [engine.answer() for _ in requests]
        engine.send({"id": 7, "cmd": "stop"})  # nothing running: answered all the same
        answers.append(engine.answer())
        engine.send({"cmd": "quit"})
        assert engine.answer() == {"quit": True}
        assert engine.proc.wait(timeout=EXIT_LIMIT_S) == 0
    finally:
        engine.close()
    assert answers[0]["id"] == 1e300 and len(answers[0]["moves"]) == 9
    assert all("error" in a for a in answers[1:4])
    minimax = answers[4]
    assert (minimax["algorithm"], minimax["exact"], minimax["nodes"]) == ("minimax", True, 549946)
    assert minimax["value_text"] == "draw for X"
    assert answers[5]["value_text"].endswith("discs (predicted final margin) for Black")
    assert answers[6]["algorithm"] == "nim-solver" and answers[6]["exact"] is True
    assert answers[7]["value_text"].endswith("points a game for White")
    assert answers[8]["move"] and "error" not in answers[8]
    assert all("error" in a for a in answers[9:11])
    assert answers[11] == {"id": 7, "stopped": True}


def test_stop_answers_the_running_search_at_once() -> None:
    engine = Engine()
    try:
        engine.send({"id": 1, "game": "othello", "depth": 64})
        time.sleep(1.0)  # let it finish a few depths
        start = time.monotonic()
        engine.send({"id": 2, "cmd": "stop"})
        searched = engine.answer()
        stop_s = time.monotonic() - start
        assert engine.answer() == {"id": 2, "stopped": True}
        # Still serving afterwards.
        engine.send({"id": 3, "cmd": "legal", "game": "tictactoe", "position": "XO------- X"})
        assert len(engine.answer()["moves"]) == 7
        engine.send({"cmd": "quit"})
        assert engine.answer() == {"quit": True}
        engine.proc.wait(timeout=EXIT_LIMIT_S)
    finally:
        engine.close()
    print(f"\nstop -> answer: {stop_s * 1000:.1f} ms (target 100 ms)")
    assert searched["id"] == 1 and searched["complete"] is False
    assert searched["move"] in ("d3", "c4", "f5", "e6") and searched["depth"] >= 1
    assert stop_s < STOP_LIMIT_S


def test_quit_during_a_search_answers_it_and_exits() -> None:
    engine = Engine()
    try:
        engine.send({"id": 1, "game": "othello", "algorithm": "minimax", "depth": 64})
        time.sleep(0.5)
        start = time.monotonic()
        engine.send({"id": 2, "cmd": "quit"})
        searched = engine.answer()
        assert engine.answer() == {"id": 2, "quit": True}
        assert engine.proc.wait(timeout=EXIT_LIMIT_S) == 0
        quit_s = time.monotonic() - start
    finally:
        engine.close()
    print(f"\nquit -> exit: {quit_s * 1000:.1f} ms")
    assert searched["complete"] is False and searched["algorithm"] == "minimax"
    assert quit_s < EXIT_LIMIT_S


def test_end_of_input_stops_a_search_and_exits_within_a_second() -> None:
    engine = Engine()
    try:
        engine.send({"id": 1, "game": "othello", "time": 3600})
        time.sleep(0.5)
        start = time.monotonic()
        assert engine.proc.stdin is not None
        engine.proc.stdin.close()
        searched = engine.answer()
        assert engine.proc.wait(timeout=EXIT_LIMIT_S) == 0
        exit_s = time.monotonic() - start
        stderr = engine.proc.stderr.read() if engine.proc.stderr else ""
    finally:
        engine.close()
    print(f"\nend of input -> exit: {exit_s * 1000:.1f} ms (target 1000 ms)")
    assert searched["id"] == 1 and searched["complete"] is False
    assert "Traceback" not in stderr and "Fatal" not in stderr
    assert exit_s < EXIT_LIMIT_S


def test_help_documents_stop() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "engine", "--help"],
        capture_output=True, text=True, cwd=ROOT, timeout=60, check=True,
    ).stdout
    assert '"stop"' in out and "complete" in out and "end of input" in out
