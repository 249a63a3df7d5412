"""The compiled kernels switched off: the solvers' tests pass on the Python path too (issue 46:
with the compiler unavailable or off, everything works, and the tests run both ways).

The suite itself runs with the kernels compiled where numba is installed; this test runs the
tests of every module with kernels again in a process of its own with ``KIBITZ_NATIVE=0``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from ai import native

ROOT = Path(__file__).resolve().parents[1]
#: The tests of the modules that have kernels, and of the solvers built on them.
WITH_KERNELS = ("tests/test_othello_native.py", "tests/test_othello_ai.py",
                "tests/test_othello_native_midgame.py", "tests/test_tictactoe_native.py",
                "tests/test_kalah_native.py", "tests/test_kalah_ai.py")


def test_the_solvers_tests_pass_on_the_python_path() -> None:
    env = {**os.environ, native.ENV: "0"}
    run = subprocess.run([sys.executable, "-m", "pytest", *WITH_KERNELS, "-n", "0", "-q",
                          "-p", "no:cacheprovider"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
