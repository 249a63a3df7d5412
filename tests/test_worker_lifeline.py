"""The search process (and multiprocessing's resource tracker) end with the window's process,
however it ends: a SIGKILL leaves no orphan waiting on its queue."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="reads process states from /proc")

#: The stand-in for the window: starts the app's worker, reports the pids, then waits.
OWNER = """
import os, sys, threading, time
sys.path.insert(0, {root!r})
from ai.api import Limits, SearchConfig
from ai.worker import SearchWorker
from game.registry import get_game

holder = []
def start():
    holder.append(SearchWorker("process"))
if {from_thread!r}:
    thread = threading.Thread(target=start)
    thread.start()
    thread.join()  # the starting thread is gone before the window is
else:
    start()
worker = holder[0]
if {searching!r}:
    state = get_game("othello").initial_state()
    worker.submit(state, SearchConfig("othello", limits=Limits(), exact=False))
    while not any(r.kind == "progress" for r in worker.poll()):
        time.sleep(0.01)
kids = open(f"/proc/{{os.getpid()}}/task/{{os.getpid()}}/children").read().split()
print(worker._proc.pid, *kids, flush=True)
time.sleep(120)
"""


def running(pid: int) -> bool:
    """The process exists and is not a zombie (an orphan's zombie waits for whoever adopts
    it to reap it; it holds no memory and runs nothing)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def start_owner(from_thread: bool, searching: bool) -> tuple[subprocess.Popen, list[int]]:
    code = OWNER.format(root=str(ROOT), from_thread=from_thread, searching=searching)
    owner = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
    line = owner.stdout.readline()
    assert line, "the owner script printed no pids"
    return owner, [int(p) for p in line.split()]


def kill_and_watch(owner: subprocess.Popen, pids: list[int], within_s: float = 5.0) -> list[int]:
    """SIGKILL the owner; the pids still running after ``within_s`` (then killed here)."""
    owner.send_signal(signal.SIGKILL)
    owner.wait()
    owner.stdout.close()
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline and any(running(p) for p in pids):
        time.sleep(0.1)
    left = [p for p in pids if running(p)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    return left


def test_the_worker_and_the_resource_tracker_end_when_the_window_is_killed() -> None:
    owner, pids = start_owner(from_thread=False, searching=False)
    worker_pid, *children = pids
    assert worker_pid in children and len(children) >= 2  # the worker and the tracker
    assert kill_and_watch(owner, children) == []


def test_a_worker_started_from_a_passing_thread_lives_on_and_still_ends_with_the_window() -> None:
    """The kernel's parent-death signal follows the starting thread, so a worker started from
    a thread that has ended relies on the parent watch, which also stops a running search."""
    owner, pids = start_owner(from_thread=True, searching=True)
    worker_pid, *children = pids
    assert running(worker_pid)  # it searched after its starting thread had ended
    assert kill_and_watch(owner, children) == []
