"""A headless command stopped by a signal: SIGTERM leaves as Ctrl+C does, and a parent killed
outright leaves no pool worker playing on.

Before, ``kill`` on a ``match --jobs 2`` ended the parent at once: its workers played their
games to the end for nobody, then each printed a BrokenPipeError traceback. Real processes
here (Linux's /proc finds the workers), an Othello match whose games last minutes.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(),
                                reason="finds the pool's workers through Linux's /proc")


def _workers(parent: int) -> list[int]:
    """The parent's spawned pool workers (not multiprocessing's resource tracker)."""
    found = []
    for task in Path(f"/proc/{parent}/task").glob("*"):
        children = (task / "children").read_text().split() if (task / "children").exists() else []
        for child in children:
            cmdline = Path(f"/proc/{child}/cmdline").read_bytes() if Path(f"/proc/{child}").exists() else b""
            if b"spawn_main" in cmdline:
                found.append(int(child))
    return found


def _alive(pid: int) -> bool:
    """Running, not a zombie waiting to be reaped."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return fields[0] != "Z"


def _match_with_workers(tmp_path: Path) -> tuple[subprocess.Popen[str], list[int]]:
    """``match --jobs 2`` of long games, once both its workers are playing."""
    record = tmp_path / "games.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "main.py", "match", "--game", "othello", "--a", "Master", "--b",
         "Master", "--games", "4", "--jobs", "2", "--record", str(record)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "KIBITZ_NATIVE": "0"}, start_new_session=True)
    deadline = time.monotonic() + 120
    while len(workers := _workers(proc.pid)) < 2:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the pool's workers never started"
        time.sleep(0.2)
    time.sleep(2)  # past their start: playing a game each
    return proc, workers


def _gone_soon(pids: list[int], seconds: float = 30) -> bool:
    deadline = time.monotonic() + seconds
    while any(_alive(pid) for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    return True


def test_sigterm_stops_a_match_and_its_workers_without_a_traceback(tmp_path: Path) -> None:
    proc, workers = _match_with_workers(tmp_path)
    proc.send_signal(signal.SIGTERM)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM
    assert _gone_soon(workers), f"workers {workers} still running"
    assert "Traceback" not in err, err


def test_a_killed_match_leaves_no_worker_playing_on(tmp_path: Path) -> None:
    proc, workers = _match_with_workers(tmp_path)
    proc.kill()
    proc.communicate(timeout=60)
    assert _gone_soon(workers), f"workers {workers} outlived their parent"
