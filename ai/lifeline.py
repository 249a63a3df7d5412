"""A worker process ends with the process that started it, however that one ends.

A search process that outlives its window (killed with SIGKILL, crashed) is a ~100 MB orphan
waiting forever on a queue nobody feeds, and it keeps multiprocessing's resource tracker alive
with it (the tracker ends when every holder of its pipe has gone). Two lines of defence, both
set up first thing in the worker:

- Linux: ``prctl(PR_SET_PDEATHSIG, SIGKILL)`` makes the kernel kill the worker the moment its
  parent dies. The kernel's "parent" is the *thread* that started the worker, so this is only
  asked for when the caller says that thread lives as long as the worker is wanted (the main
  thread, or the worker's own reply reader); a worker started from a short-lived thread would
  otherwise die with that thread.
- Everywhere (Linux, macOS, Windows): a daemon thread waits on multiprocessing's parent
  sentinel and ends the process when it fires. On POSIX the sentinel is the read end of a pipe
  whose write end only the parent holds, so it reaches end-of-file when the parent dies for any
  reason; on Windows it is the parent's process handle, signalled when the parent exits. The
  wait is a blocking one (no polling), and unlike a check in the job loop it also ends a
  search that is running.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
from collections.abc import Callable

#: linux/prctl.h: send this signal to the process when its parent (thread) dies.
PR_SET_PDEATHSIG = 1
#: Exit status of a worker that ended because its parent had gone.
ORPHAN_EXIT = 3


def die_with_parent(parent_thread_lasts: bool) -> None:
    """Arrange for this (child) process to end as soon as its parent process ends."""
    parent = multiprocessing.parent_process()
    if parent is None:  # not a multiprocessing child: nothing to watch
        return
    if parent_thread_lasts and sys.platform.startswith("linux"):
        _ask_kernel_to_kill_on_parent_death()
        if os.getppid() != parent.pid:  # the parent died before the request took effect
            os._exit(ORPHAN_EXIT)
    _watch_parent(parent.sentinel, lambda: os._exit(ORPHAN_EXIT))


def _ask_kernel_to_kill_on_parent_death() -> None:
    with contextlib.suppress(OSError, AttributeError, TypeError):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)


def stop_with_parent() -> None:
    """For a pool worker (ai.spread): when the process that started it ends, SIGTERM to this
    one rather than ``os._exit``, so that a handler of the worker's own (a match's, which
    closes the programs a game started in their own sessions) still runs its finally clauses.
    A parent killed outright (SIGKILL) or crashed leaves no worker playing on for nobody."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    _watch_parent(parent.sentinel, lambda: os.kill(os.getpid(), signal.SIGTERM))


def _watch_parent(sentinel: int, then: Callable[[], object]) -> None:
    """A daemon thread blocks until the parent's sentinel is ready (the parent ended), then
    runs ``then``, which ends this process at once: no search may finish first."""

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        then()

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
