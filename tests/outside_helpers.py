"""What the tests of players outside Kibitz share: a match run in this process, and the
processes it may have left behind (read from /proc: psutil is not a dependency)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
from pathlib import Path

import main
from game.jsontypes import JSONObject

ROOT = Path(__file__).resolve().parent.parent
AGENTS = ROOT / "tests" / "agents"
PYTHON = sys.executable


def run_match(*argv: str) -> JSONObject:
    """``main.py match ... --json`` in this process (one job: the games play here), its summary."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main.main(["match", *argv, "--json"])
    assert code == 0, out.getvalue()
    summary = json.loads(out.getvalue().strip().splitlines()[-1])
    assert isinstance(summary, dict)
    return summary


def alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting for its parent counts as gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def _processes() -> list[tuple[int, int, str]]:
    """(pid, parent pid, command line) of every living process."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if fields[0] not in ("Z", "X"):
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
                found.append((int(entry.name), int(fields[1]), command))
    return found


def children() -> list[str]:
    """The command lines of this process's living descendants (children, and their children:
    a pool worker's programs), multiprocessing's own helper aside (it lives as long as this
    process does)."""
    me = os.getpid()
    processes = _processes()
    family = {me}
    grew = True
    while grew:
        grew = False
        for pid, parent, _command in processes:
            if parent in family and pid not in family:
                family.add(pid)
                grew = True
    return [command for pid, _parent, command in processes
            if pid in family and pid != me and "resource_tracker" not in command]
