"""Kalah's compiled solver: its rules against games/kalah/rules.py, its database and its
search against the memoised solver (the reference), the Python path, and stopping on time."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from ai.api import Limits, SearchConfig
from ai.engine import run_search
from game.core import TERMINAL
from games.kalah.ai import native_rules, native_solve
from games.kalah.ai import solver as solver_module
from games.kalah.ai.solver import KalahSolver
from games.kalah.rules import GAME, KalahState

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def databases_kept_aside(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Built databases go to a scratch folder, not the user's cache."""
    monkeypatch.setattr(native_solve.native, "native_cache_dir", lambda: tmp_path)


def random_states(count: int, seed: int, pits: int | None = None,
                  empty_capture: bool | None = None) -> list[KalahState]:
    rng = random.Random(seed)
    out: list[KalahState] = []
    while len(out) < count:
        rule = rng.random() < 0.5 if empty_capture is None else empty_capture
        state = GAME.initial_state(pits=pits or rng.randint(1, 6), seeds=rng.randint(1, 6),
                                   empty_capture=rule)
        while state.current_player() != TERMINAL:
            out.append(state)
            state = state.apply(rng.choice(state.legal_moves()))
    return out[:count]


def both_paths() -> list[object]:
    """The compiled ``play`` and the same function as plain Python."""
    return [native_rules.play, getattr(native_rules.play, "py_func", native_rules.play)]


@pytest.mark.parametrize("path", [0, 1], ids=["kernel", "python"])
def test_the_compiled_rules_sow_as_the_rules_do(path: int) -> None:
    play = both_paths()[path]
    ring = np.zeros(13, dtype=np.int32)
    out = np.zeros(12, dtype=np.int32)
    rules = set()
    for state in random_states(1500 if path == 0 else 300, seed=5):
        board = native_solve.board_of(state)
        p = state.to_move
        rules.add(state.empty_capture)
        for move in state.legal_moves():
            child = state.apply(move)
            banked, extra, over = play(board, state.size, move, state.empty_capture,  # type: ignore[operator]
                                       ring, out)
            diff = (child.stores[p] - child.stores[1 - p]) - (state.stores[p] - state.stores[1 - p])
            where = f"{GAME.format_position(state)} move {move + 1} rule {state.empty_capture}"
            assert banked == diff, where
            assert bool(over) == (child.current_player() == TERMINAL), where
            if not over:
                assert bool(extra) == (child.to_move == p), where
                want = native_solve.board_of(child)
                assert list(out[: 2 * state.size]) == list(want), where
    assert rules == {False, True}


def test_rank_numbers_every_board_of_a_count_once() -> None:
    pits, limit = 4, 6
    table = native_rules.rank_table(pits, limit)
    starts = native_rules.offsets(pits, limit)
    for seeds in range(limit + 1):
        seen = set()
        for a in range(seeds + 1):
            for b in range(seeds - a + 1):
                for c in range(seeds - a - b + 1):
                    board = np.array([a, b, c, seeds - a - b - c], dtype=np.int32)
                    seen.add(native_rules.rank(board, pits, seeds, table))
        assert seen == set(range(int(starts[seeds + 1] - starts[seeds])))


@pytest.mark.parametrize("empty_capture", [False, True])
def test_the_database_holds_the_memoised_solvers_values(empty_capture: bool) -> None:
    m, limit = 3, 9
    db = native_rules.build_database(m, limit, empty_capture)
    table = native_rules.rank_table(2 * m, limit)
    starts = native_rules.offsets(2 * m, limit)
    reference = KalahSolver(limit=10**7)
    checked = 0
    for state in random_states(4000, seed=7, pits=m, empty_capture=empty_capture):
        seeds = sum(state.pits)
        if seeds > limit:
            continue
        board = native_solve.board_of(state)
        at = starts[seeds] + native_rules.rank(board, 2 * m, seeds, table)
        assert db[at] == reference.future(state), GAME.format_position(state)
        checked += 1
    assert checked > 300


def small_game_values(pits: int, seeds: int, empty_capture: bool, limit: int
                      ) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    start = GAME.initial_state(pits=pits, seeds=seeds, empty_capture=empty_capture)
    new, _ = native_solve.NativeSolver(pits, empty_capture, limit=limit,
                                       table_bits=12).root_values(start)
    old = KalahSolver(limit=10**7).root_values(start)
    assert old is not None
    return new, old


@pytest.mark.parametrize(("pits", "seeds", "empty_capture"),
                         [(3, 3, False), (3, 3, True), (2, 4, False), (2, 4, True),
                          (3, 2, False), (4, 1, True), (4, 2, True)])
def test_whole_small_games_solve_as_the_memoised_solver(pits: int, seeds: int,
                                                       empty_capture: bool) -> None:
    # A database of 3 seeds only: the search does the work.
    new, old = small_game_values(pits, seeds, empty_capture, limit=3)
    assert new == old


@pytest.mark.parametrize("empty_capture", [False, True])
def test_late_kalah_6_4_positions_solve_as_the_memoised_solver(empty_capture: bool) -> None:
    rng = random.Random(11)
    solver = native_solve.NativeSolver(6, empty_capture, limit=4, table_bits=16)
    done = 0
    while done < 6:
        state = GAME.initial_state(empty_capture=empty_capture)
        while state.current_player() != TERMINAL and sum(state.pits) > 11:
            state = state.apply(rng.choice(state.legal_moves()))
        if sum(state.pits) < 9:
            continue
        old = KalahSolver(limit=10**7).root_values(state)
        new, nodes = solver.root_values(state)
        assert new == old, GAME.format_position(state)
        assert nodes > 0
        done += 1


def test_the_python_path_gives_the_same_values() -> None:
    script = (
        "import json\n"
        "from ai import native\n"
        "from games.kalah.ai.native_solve import NativeSolver\n"
        "from games.kalah.rules import GAME\n"
        "assert not native.enabled()\n"
        "out = []\n"
        "for m, n, rule in ((2, 3, False), (3, 2, True), (2, 4, True)):\n"
        "    s = GAME.initial_state(pits=m, seeds=n, empty_capture=rule)\n"
        "    out.append(NativeSolver(m, rule, limit=2, table_bits=10).root_values(s)[0])\n"
        "print(json.dumps(out))\n"
    )
    env = dict(os.environ, KIBITZ_NATIVE="0")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True, timeout=120)
    got = json.loads(done.stdout.strip().splitlines()[-1])
    for (m, n, rule), values in zip(((2, 3, False), (3, 2, True), (2, 4, True)), got,
                                    strict=True):
        old = KalahSolver().root_values(GAME.initial_state(pits=m, seeds=n, empty_capture=rule))
        assert [tuple(v) for v in values] == list(old or ())


def test_a_deadline_or_a_cancel_stops_the_proof_promptly() -> None:
    solver = native_solve.NativeSolver(6, False, limit=6, table_bits=16)
    start = GAME.initial_state()
    solver.root_values(GAME.parse_position("0,0,1,0,0,1|20|1,0,0,0,0,1|22 S"))  # compiled
    began = time.monotonic()
    with pytest.raises(native_solve.Stopped):
        solver.root_values(start, deadline=began + 0.3)
    assert time.monotonic() - began < 3.0
    cancel = threading.Event()
    threading.Timer(0.3, cancel.set).start()
    began = time.monotonic()
    with pytest.raises(native_solve.Stopped):
        solver.root_values(start, cancel=cancel)
    assert time.monotonic() - began < 3.0


def test_the_engine_takes_the_compiled_solvers_values(monkeypatch: pytest.MonkeyPatch) -> None:
    if not native_solve.native.enabled():
        pytest.skip("the compiled solver's reach: on the Python path the memoised solver "
                    "declines twelve seeds and alpha-beta searches")
    state = GAME.parse_position("0,2,0,3,1,0|17|1,0,2,1,0,2|17 S")
    old = KalahSolver(limit=10**7).root_values(state)
    config = SearchConfig("kalah", "alphabeta", Limits(time_s=60.0), exact=True)
    monkeypatch.setattr(native_solve, "DATABASE_LIMITS", {6: 5})
    monkeypatch.setattr(native_solve, "_SOLVERS", {})
    if native_solve.native.enabled():
        native_solve.solver_for(6, False)  # built now, so the engine does not fall back
        monkeypatch.setattr(solver_module, "KalahSolver", None)  # and could not
    result = run_search(state, config)
    assert result.algorithm == "kalah-solver" and result.root_values_exact
    assert dict(result.root_values) == {m: float(v) for m, v in old or ()}


def test_a_solve_asked_before_the_solver_is_built_is_not_kept_waiting(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native_solve, "DATABASE_LIMITS", {5: 4})
    monkeypatch.setattr(native_solve, "_SOLVERS", {})
    monkeypatch.setattr(native_solve, "_BUILDING", set())
    began = time.monotonic()
    assert native_solve.ready_solver(5, True) is None  # building in the background
    assert time.monotonic() - began < 0.5
    while native_solve.ready_solver(5, True) is None:
        assert time.monotonic() - began < 60
        time.sleep(0.02)
    state = GAME.parse_position("0,1,0,2,1|10|1,0,2,0,1|12 S")
    solver = native_solve.ready_solver(5, True)
    assert solver is not None
    assert solver.root_values(state)[0] == KalahSolver().root_values(state)
