"""The entry kernels compiled ahead of time (``python -m ai.native_build``), as the executable
runs them: every entry exported, numba never imported, the GIL let go during a search, and the
same trees as the Python path (the same-tree tests of Othello's endgame and mid-game,
tic-tac-toe and Kalah, run again on the module with ``KIBITZ_NATIVE=aot``); and the games
declare exactly the kernels their Python code calls.

The module is built once a test run (pytest-xdist's workers share it), in a process of its
own: about a minute, numba compiling every kernel afresh; the same-tree tests take half a
minute more. Skipped where numba or a C compiler is missing.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import threading
import time
from pathlib import Path
from types import ModuleType

import pytest

from ai import native
from games.kalah.ai import native_search, native_solve
from games.kalah.rules import GAME

ROOT = Path(__file__).resolve().parents[1]
#: Same-tree tests (values, moves, node counts against the Python search) on a few of their
#: positions each, and the tests that stop a long search by its deadline or a cancel.
SAME_TREE = (
    "tests/test_othello_native.py::test_compiled_solver_walks_the_traced_tree",
    "tests/test_othello_native.py::test_compiled_search_stops_promptly",
    "tests/test_othello_native_midgame.py::test_the_kernels_search_the_python_tree"
    "[start-patterns]",
    "tests/test_othello_native_midgame.py::test_the_kernels_search_the_python_tree"
    "[othello mid 34 empty-None]",
    "tests/test_othello_native_midgame.py::test_a_deadline_or_a_cancel_stops_the_kernels_promptly",
    "tests/test_tictactoe_native.py::test_the_kernels_search_the_python_tree[--------- X]",
    "tests/test_tictactoe_native.py::test_the_kernels_search_the_python_tree[X---O---- X]",
    "tests/test_kalah_native.py::test_the_database_holds_the_memoised_solvers_values[True]",
    "tests/test_kalah_native.py::test_late_kalah_6_4_positions_solve_as_the_memoised_solver"
    "[False]",
    "tests/test_kalah_native.py::test_a_deadline_or_a_cancel_stops_the_proof_promptly",
)


def _c_compiler() -> str | None:
    """The C compiler Python's extensions are built with, if it is installed."""
    command = shlex.split(str(sysconfig.get_config_var("CC") or "cc"))
    return shutil.which(command[0]) if command else None


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder holding the module, built once a test run: pytest-xdist's workers share
    their run's folder, the first to claim it builds and the others wait for it."""
    if not native.enabled() or native.precompiled():
        pytest.skip("numba absent or switched off: nothing compiles the kernels ahead of time")
    if _c_compiler() is None:
        pytest.skip("no C compiler: numba's ahead-of-time compiler links the module with one")
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return _build(tmp_path_factory.mktemp("aot"))
    out = tmp_path_factory.getbasetemp().parent / "aot"  # the run's, not one worker's
    try:
        out.mkdir()
    except FileExistsError:
        give_up = time.monotonic() + BUILD_S
        while not (out / "done").exists() and time.monotonic() < give_up:
            time.sleep(0.5)
        assert (out / "done").read_text() == "built", "the module's build failed in another worker"
        return out
    try:
        return _build(out)
    finally:
        (out / "done").write_text("built" if any(out.glob(f"{native.AOT_MODULE}.*")) else "")


#: The longest a build may take (it takes about a minute).
BUILD_S = 900


def _build(out: Path) -> Path:
    run = subprocess.run([sys.executable, "-m", "ai.native_build", "--out", str(out)],
                         cwd=ROOT, capture_output=True, text=True, timeout=BUILD_S)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    return out


def aot_env(out: Path, cache: Path) -> dict[str, str]:
    """A process that takes the module (and its databases' cache folder from ``cache``)."""
    return {**os.environ, native.ENV: "aot", native.CACHE_ENV: str(cache),
            "PYTHONPATH": os.pathsep.join([str(out), str(ROOT)])}


def load(out: Path) -> ModuleType:
    """The module, imported into this process from its file (numba stays in use here)."""
    path = next(out.glob(f"{native.AOT_MODULE}.*"))
    spec = importlib.util.spec_from_file_location(native.AOT_MODULE, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_entry_kernel_is_the_modules_and_numba_is_never_imported(
        built: Path, tmp_path: Path) -> None:
    script = (
        "import importlib, json, sys\n"
        "from ai import native\n"
        "from ai.native_build import declared_kernels\n"
        "kinds = {}\n"
        "for entry in declared_kernels():\n"
        "    module, _, name = entry.partition(':')\n"
        "    kinds[entry] = type(getattr(importlib.import_module(module), name)).__name__\n"
        "from games.othello.ai import endgame\n"
        "endgame.KERNELS.warm_up()\n"
        "print(json.dumps({'status': native.status(), 'ready': endgame.kernels_ready(),\n"
        "                  'numba': 'numba' in sys.modules, 'kinds': kinds}))\n"
    )
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=aot_env(built, tmp_path),
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    found = json.loads(run.stdout.splitlines()[-1])
    assert found["status"] == f"ahead-of-time compiled kernels (module {native.AOT_MODULE})"
    assert found["ready"] and not found["numba"]
    assert len(found["kinds"]) >= 10
    assert set(found["kinds"].values()) == {"builtin_function_or_method"}, found["kinds"]


def test_an_exported_kernel_lets_go_of_the_gil(built: Path) -> None:
    """The drivers watch the clock in their own thread while a kernel searches in another
    (``native.watched``): a kernel that kept the GIL would leave that thread asleep until it
    returned. Kalah's proof of the start, cut off after ``budget`` nodes (a second or more),
    runs in a thread; this one wakes from a tenth of a second's sleep while it still runs."""
    probe = getattr(load(built), native.export_name(native_search.__name__, "probe"))
    solver = native_solve.NativeSolver(6, False, limit=4, table_bits=16)
    board = native_solve.board_of(GAME.initial_state())
    seeds = int(board.sum())
    stack = solver._stack(seeds)
    stack[0, native_search.BOARD_ROW, : 2 * solver.m] = board
    counters = solver.counters
    counters[native_search.BUDGET] = 1_500_000
    counters[native_search.STOPPED] = 0

    def search() -> None:
        probe(stack, solver.frames, solver.m, False, seeds, 1, solver.db, solver.limit,
              solver.table, solver.starts, solver.zobrist, solver.tt, solver.mask, counters)

    thread = threading.Thread(target=search, daemon=True)
    start = time.perf_counter()
    thread.start()
    time.sleep(0.1)
    woke, running = time.perf_counter() - start, thread.is_alive()
    thread.join(60)
    took = time.perf_counter() - start
    assert counters[native_search.STOPPED] and took > 0.5  # the budget, not a proof, ended it
    assert running and woke < 0.4, f"woke after {woke:.2f} s of a {took:.2f} s search"


def test_searches_on_the_module_walk_the_python_trees(built: Path, tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "pytest", *SAME_TREE, "-o", "addopts=", "-q",
                          "-p", "no:cacheprovider"],
                         cwd=ROOT, env=aot_env(built, tmp_path), capture_output=True, text=True,
                         timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    summary = run.stdout.strip().splitlines()[-1]
    assert summary.startswith(f"{len(SAME_TREE)} passed") and "skipped" not in summary, summary


def _kernels_by_module() -> dict[str, set[str]]:
    """Every module with kernels (functions under ``@kernel``) and their names."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "games").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)
                 and any(isinstance(d, ast.Name) and d.id == "kernel"
                         for d in node.decorator_list)}
        if names:
            found[".".join(path.relative_to(ROOT).with_suffix("").parts)] = names
    return found


def _kernels_python_calls(kernels: dict[str, set[str]]) -> set[str]:
    """``module:function`` of each kernel that Python code calls: any code in the games'
    packages but the kernels themselves (a kernel imported by name, or read off its module)."""
    called: set[str] = set()
    for path in sorted((ROOT / "games").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        by_name = {name: module for name in kernels.get(module, ())}
        by_module: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    if alias.name in kernels.get(node.module, ()):
                        by_name[alias.asname or alias.name] = node.module
                    elif f"{node.module}.{alias.name}" in kernels:
                        by_module[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        plain = [node for node in tree.body if not (
            isinstance(node, ast.FunctionDef) and node.name in kernels.get(module, ()))]
        for node in (n for top in plain for n in ast.walk(top) if isinstance(n, ast.Call)):
            func = node.func
            if isinstance(func, ast.Name) and func.id in by_name:
                called.add(f"{by_name[func.id]}:{func.id}")
            elif (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
                  and func.value.id in by_module
                  and func.attr in kernels[by_module[func.value.id]]):
                called.add(f"{by_module[func.value.id]}:{func.attr}")
    return called


def test_the_games_declare_every_kernel_python_calls_and_no_other() -> None:
    """A kernel Python calls but no game declares would run in Python in the executable,
    slowly and unnoticed (the same trees): the declarations (``GameAI.kernels``) are exactly
    the kernels called from outside the kernels."""
    from ai.native_build import declared_kernels

    called = _kernels_python_calls(_kernels_by_module())
    assert "games.othello.ai.native_endgame:deep" in called
    assert set(declared_kernels()) == called
