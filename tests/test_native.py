"""Compiled kernels (ai/native.py): the same function on both paths, the switch, the cache,
and the module of kernels compiled ahead of time (tests/test_native_aot.py builds a real one)."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from ai import native


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """native's choice is made once a process: each test makes it again, and leaves it."""
    native._numba.cache_clear()
    native._aot.cache_clear()
    yield monkeypatch
    monkeypatch.undo()
    native._numba.cache_clear()
    native._aot.cache_clear()


def popcount(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


def test_switched_off_the_kernel_is_the_python_function(fresh: pytest.MonkeyPatch) -> None:
    fresh.setenv(native.ENV, "0")
    assert not native.enabled()
    assert native.kernel(popcount) is popcount
    assert native.status() == "Python path (KIBITZ_NATIVE=0)"


def test_compiled_the_kernel_gives_the_python_answer(fresh: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    pytest.importorskip("numba")
    fresh.delenv(native.ENV, raising=False)
    fresh.setenv(native.CACHE_ENV, str(tmp_path))
    assert native.enabled()
    compiled = native.kernel(popcount)
    assert compiled is not popcount
    for x in (0, 1, 0xFF, 0x4000_0000_0000_0001, 0x7FFF_FFFF_FFFF_FFFF):
        assert compiled(x) == popcount(x)
    assert native.status().startswith("compiled with numba ")
    assert native.native_cache_dir() == tmp_path


def test_the_cache_folder_is_the_users_unless_numba_is_told(fresh: pytest.MonkeyPatch) -> None:
    fresh.delenv(native.CACHE_ENV, raising=False)
    assert native.native_cache_dir().parts[-2:] == ("kibitz", "native")


def test_loading_a_games_ai_does_not_import_numba() -> None:
    """numba's import costs about half a second: a window's start must not pay it, only the
    first solve that uses a kernel."""
    import subprocess
    import sys

    code = ("import sys; from game.registry import all_kits; from ai.kit import game_ai\n"
            "for kit in all_kits(): game_ai(kit).levels\n"
            "print('numba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parents[1], timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


def test_a_watched_run_sees_its_stop_flag_raised_and_hands_back_its_answer() -> None:
    """The watcher raises the flag once ``stop`` says so; the run (a kernel's stand-in) reads
    it, stops, and its answer or its error reaches the caller's thread."""
    import time

    flags = [0, 0]
    polls: list[int] = []
    began = time.monotonic()

    def run() -> int:
        while not flags[1]:
            time.sleep(0.001)
        return 42

    assert native.watched(run, flags, 1, lambda: time.monotonic() - began > 0.05,
                          lambda: polls.append(1)) == 42
    assert flags == [0, 1] and polls

    def broken() -> int:
        raise ValueError("a bad position")

    with pytest.raises(ValueError, match="a bad position"):
        native.watched(broken, [0], 0, None)


def other(x: int) -> int:
    return x


def test_the_ahead_of_time_module_serves_its_entries_and_leaves_the_rest_python(
        fresh: pytest.MonkeyPatch) -> None:
    """``KIBITZ_NATIVE=aot`` (as the executable, which has no numba): an entry kernel is the
    module's function, any other the Python function; ready at once, and numba untouched."""
    module = ModuleType(native.AOT_MODULE)
    entry = native.export_name(__name__, "popcount")
    setattr(module, entry, lambda x: -1)
    fresh.setitem(sys.modules, native.AOT_MODULE, module)
    fresh.setenv(native.ENV, "aot")
    assert native.kernel(popcount) is getattr(module, entry)
    assert native.kernel(other) is other
    assert native.enabled() and native.available() and native.precompiled()
    assert native._numba() is None
    assert native.status() == "ahead-of-time compiled kernels (module kibitz_kernels)"
    warmed: list[int] = []

    def warm_up() -> None:
        time.sleep(0.05)
        warmed.append(1)

    driver = ModuleType("aot_test_driver")
    driver.warm_up = warm_up  # type: ignore[attr-defined]
    fresh.setitem(sys.modules, driver.__name__, driver)
    kernels = native.KernelSet("aot-test", driver.__name__)
    assert kernels.ready() and warmed == [1]  # waited for the warm-up, a matter of moments


def test_asked_for_the_module_without_one_the_python_path_runs(fresh: pytest.MonkeyPatch,
                                                                ) -> None:
    fresh.setitem(sys.modules, native.AOT_MODULE, None)  # importing it raises ImportError
    fresh.setenv(native.ENV, "aot")
    assert native.kernel(popcount) is popcount
    assert not native.available() and not native.enabled()
    assert native.status().startswith("Python path")
