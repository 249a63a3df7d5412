"""Kernels warmed up in the background (ai.native.warm_in_background, GameAI.warm_kernels):
the worker process starts them with a game's first search, once, only for a level that will
use them, and never keeps a search waiting."""

from __future__ import annotations

import json
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from ai import native, worker
from ai.kit import game_ai, get_level
from game.registry import get_kit


@pytest.fixture
def warmed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each test starts with nothing warmed and sees the names warmed through it."""
    monkeypatch.setattr(native, "_warming", set())
    monkeypatch.delenv(native.ENV, raising=False)
    started: list[str] = []
    real = native.warm_in_background

    def spy(name: str, warm: object) -> bool:
        started.append(name)
        return real(name, lambda: None)  # the real thread, without the compiler

    monkeypatch.setattr(native, "warm_in_background", spy)
    return started


def test_a_warm_up_runs_once_a_name_in_a_thread_of_its_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("numba")
    monkeypatch.setattr(native, "_warming", set())
    monkeypatch.delenv(native.ENV, raising=False)
    release, ran = threading.Event(), []

    def slow() -> None:
        ran.append(threading.current_thread().name)
        release.wait(10)

    began = time.perf_counter()
    assert native.warm_in_background("demo", slow)
    assert native.warm_in_background("demo", slow)  # already started: not again
    assert time.perf_counter() - began < 1.0  # the caller does not wait for it
    release.set()
    for _ in range(200):
        if ran:
            break
        time.sleep(0.01)
    assert ran == ["kernels-demo"]


def test_switched_off_nothing_warms(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "_warming", set())
    monkeypatch.setenv(native.ENV, "0")
    assert not native.warm_in_background("demo", lambda: pytest.fail("warmed while off"))


def test_a_failed_warm_up_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    def broken() -> None:
        raise OSError("cache folder is read-only")

    native._warm_quietly("demo", broken)
    assert capsys.readouterr().err == ("kibitz: kernels demo not warmed up (OSError: cache "
                                       "folder is read-only)\n")


@pytest.mark.parametrize(("game", "level", "expected"), [
    ("othello", "Master", ["othello-endgame", "othello-midgame"]),
    ("othello", "Casual", ["othello-midgame"]),  # never solves exactly: only the mid-game
    ("kalah", "Master", ["kalah-solver-6-standard"]),
    ("tictactoe", "Master", ["tictactoe-search"]),
    ("nim", "Master", []),  # no kernels at all
])
def test_the_worker_warms_what_the_level_will_use(warmed: list[str], game: str, level: str,
                                                  expected: list[str]) -> None:
    pytest.importorskip("numba")
    kit = get_kit(game)
    state = kit.rules().initial_state()
    config = get_level(kit, level).config(kit)
    worker.warm_kernels(state, config)
    worker.warm_kernels(state, config)
    assert sorted(set(warmed)) == expected


def test_kalah_warms_the_solver_of_the_board_and_rule_played(warmed: list[str]) -> None:
    pytest.importorskip("numba")
    kit = get_kit("kalah")
    config = get_level(kit, "Advanced").config(kit)
    worker.warm_kernels(kit.rules().initial_state(pits=4, empty_capture=True), config)
    assert warmed == ["kalah-solver-4-empty"]
    assert game_ai(kit).warm_kernels is not None
    worker.warm_kernels(kit.rules().initial_state(), replace(config, exact=False))
    assert warmed == ["kalah-solver-4-empty"]


def test_othellos_warm_up_brings_the_compiled_endgame_in() -> None:
    """The real thing: the warming thread imports the kernels and readies them (compiled or
    loaded from the cache) while this thread goes on."""
    pytest.importorskip("numba")
    kit = get_kit("othello")
    warm = game_ai(kit).warm_kernels
    assert warm is not None
    warm(kit.rules().initial_state(), get_level(kit, "Master").config(kit))
    from games.othello.ai import endgame

    assert endgame.KERNELS.settle(300) and endgame.kernels_ready()


def test_selftest_times_the_kernels_cold_then_warm_on_one_cache(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two fresh processes on one folder, the first with it empty; the line reads both and
    refuses a solve that differs between them."""
    pytest.importorskip("numba")
    from games.othello.ai import first_solve

    monkeypatch.delenv(native.ENV, raising=False)
    folders: list[tuple[str, bool]] = []
    readings = iter([{"ready_s": 9.5, "solve_s": 0.4, "margin": 38, "midgame_s": 20.0},
                     {"ready_s": 0.8, "solve_s": 0.2, "margin": 38, "midgame_s": 1.5}])

    def fresh(cache: object) -> dict[str, float]:
        folders.append((str(cache), any(Path(str(cache)).iterdir())))
        return next(readings)

    monkeypatch.setattr(first_solve, "_fresh_process", fresh)
    line = first_solve.kernels_check()
    assert line == ("a fresh process has the compiled endgame in 9.5 s cold (empty cache), "
                    "0.8 s warm, moves meanwhile searched in Python; then FFO #40 after a2 b1 "
                    "(18 empties) solved in 0.2 s: +38; the mid-game search's kernels after "
                    "them in 20 s cold, 1.5 s warm")
    assert folders[0][0] == folders[1][0] and folders[0][1] is False
    readings = iter([{"ready_s": 1, "solve_s": 1, "margin": 38, "midgame_s": 1},
                     {"ready_s": 1, "solve_s": 1, "margin": 36, "midgame_s": 1}])
    with pytest.raises(RuntimeError, match="solved as \\+38 cold and \\+36 warm"):
        first_solve.kernels_check()


def test_a_fresh_process_reports_its_kernels_and_the_solve() -> None:
    """The measuring side, run for real (the kernels come from this machine's cache)."""
    pytest.importorskip("numba")
    from games.othello.ai import first_solve

    found = first_solve._fresh_process(native.native_cache_dir())
    assert found["margin"] == 38 and found["ready_s"] > 0 and found["solve_s"] > 0
    assert found["midgame_s"] > 0


def test_with_kernels_compiled_ahead_of_time_the_line_says_so(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The executable's kernels have no cache to fill: its two fresh processes are the
    machine's first run and the next (started with the hidden ``measure``, the executable
    having no ``python -m``)."""
    from games.othello.ai import first_solve

    monkeypatch.setattr(native, "available", lambda: True)
    monkeypatch.setattr(native, "precompiled", lambda: True)
    readings = iter([{"ready_s": 0.03, "solve_s": 0.2, "margin": 38, "midgame_s": 0.1},
                     {"ready_s": 0.02, "solve_s": 0.2, "margin": 38, "midgame_s": 0.05}])
    monkeypatch.setattr(first_solve, "_fresh_process", lambda cache: next(readings))
    assert first_solve.kernels_check() == (
        "compiled ahead of time: a fresh process has the endgame's kernels in 0.03 s cold (the "
        "first run), 0.02 s warm; then FFO #40 after a2 b1 (18 empties) solved in 0.2 s: +38; "
        "the mid-game search's kernels after them in 0.1 s cold, 0.05 s warm")


def test_the_hidden_measure_command_prints_a_timing_or_one_line_of_error(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import types

    import main

    timing = types.ModuleType("games.timing_example")
    timing.__dict__["measure"] = lambda: {"ready_s": 0.25}
    failing = types.ModuleType("games.failing_example")
    failing.__dict__["measure"] = lambda: 1 / 0
    monkeypatch.setitem(sys.modules, timing.__name__, timing)
    monkeypatch.setitem(sys.modules, failing.__name__, failing)
    assert main.main(["measure", "games.timing_example:measure"]) == 0
    assert json.loads(capsys.readouterr().out) == {"ready_s": 0.25}
    # Nothing but a Kibitz module's measure runs: not the standard library's functions.
    for asked in ("time:time", "shutil:rmtree", "games.timing_example:other",
                  "games.no_such_module:measure", "games.failing_example:measure"):
        assert main.main(["measure", asked]) == 2, asked
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 5 and all(line.startswith("kibitz: error: ") for line in err), err
    assert "ZeroDivisionError" in err[-1]
