"""How long a fresh process waits before Othello's compiled endgame is in, with the kernel
cache empty (the first run on a machine) and filled (every run after): ``selftest``'s
"othello kernels" line.

A fresh interpreter is started for each (the cost is importing numba, then compiling or
loading the kernels, which a process already warm would hide), both on one temporary cache
folder, the first time empty. Kernels compiled ahead of time (the executable's, ai.native)
have no cache: the first process is the machine's first run, the second the next; the
executable starts itself for them (``main.py measure``, having no ``python -m``). The
figures are what the worker's background warm-up takes (GameAI.warm_kernels) before the
first endgame can use the kernels; the first move itself never waits for them (a solve asked
for meanwhile runs on the Python path; kernels compiled ahead of time are waited for, a
matter of milliseconds). Each run then
solves FFO #40 after a2 b1 (18 empties) with the kernels: the first exact endgame a player
would meet. Last, the mid-game search's kernels (games.othello.ai.midgame), which the worker
warms for every level: seconds until they are in too.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ai import native

#: The check's reading of one run: seconds to the kernels, seconds to the solve.
RUN_SECONDS = 600


def measure() -> dict[str, float]:
    """In this process (which must not have loaded the kernels yet): import, warm up, solve."""
    began = time.perf_counter()
    from games.othello.ai import endgame

    endgame.KERNELS.warm_up()
    ready = time.perf_counter() - began
    from games.othello.ai.bench_endgame import FFO40
    from games.othello.ai.endgame import solve
    from games.othello.game import GAME

    state = GAME.parse_position(FFO40)
    for move in ("a2", "b1"):
        state = state.apply(GAME.parse_move(state, move))
    began = time.perf_counter()
    result = solve(state, kernels=True)
    solved = time.perf_counter() - began
    from games.othello.ai import midgame

    began = time.perf_counter()
    midgame.warm_up()
    return {"ready_s": round(ready, 2), "solve_s": round(solved, 2),
            "margin": result.margin, "midgame_s": round(time.perf_counter() - began, 2)}


def _fresh_process(cache: Path) -> dict[str, float]:
    """``measure`` in a new interpreter whose kernel cache is ``cache``."""
    env = {**os.environ, native.CACHE_ENV: str(cache)}
    root = Path(__file__).resolve().parents[3]
    command = ([sys.executable, "measure", f"{__name__}:measure"] if getattr(sys, "frozen", False)
               else [sys.executable, "-m", __name__])
    done = subprocess.run(command, cwd=root, env=env, text=True, capture_output=True,
                          timeout=RUN_SECONDS, check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"the timing run failed: {last}")
    found: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return found


def kernels_check() -> str:
    """``selftest``'s line: cold and warm, or why there is nothing to compile."""
    if not native.available():
        return f"{native.status()}: nothing to compile"
    with tempfile.TemporaryDirectory(prefix="kibitz-kernels-") as folder:
        cold = _fresh_process(Path(folder))
        warm = _fresh_process(Path(folder))
    if cold["margin"] != warm["margin"]:
        raise RuntimeError(f"FFO #40 after a2 b1 solved as {cold['margin']:+g} cold and "
                           f"{warm['margin']:+g} warm")
    if native.precompiled():
        return (f"compiled ahead of time: a fresh process has the endgame's kernels in "
                f"{cold['ready_s']:g} s cold (the first run), {warm['ready_s']:g} s warm; then "
                f"FFO #40 after a2 b1 (18 empties) solved in {warm['solve_s']:g} s: "
                f"{warm['margin']:+g}; the mid-game search's kernels after them in "
                f"{cold['midgame_s']:g} s cold, {warm['midgame_s']:g} s warm")
    return (f"a fresh process has the compiled endgame in {cold['ready_s']:g} s cold (empty "
            f"cache), {warm['ready_s']:g} s warm, moves meanwhile searched in Python; then FFO "
            f"#40 after a2 b1 (18 empties) solved in {warm['solve_s']:g} s: "
            f"{warm['margin']:+g}; the mid-game search's kernels after them in "
            f"{cold['midgame_s']:g} s cold, {warm['midgame_s']:g} s warm")


if __name__ == "__main__":
    print(json.dumps(measure()))
