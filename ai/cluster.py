"""``--cluster ADDRESS``: a long job's tasks (games, label chunks, rollout trials, book
positions) run on Dask's distributed scheduler instead of this machine's process pool
(docs/cluster.md); ai.spread chooses between them.

The one module that imports ``distributed`` (tests/test_layering.py), and only inside
``connected``: the engine is an optional install (requirements-cluster.txt), so the app, its
executable and every command run without ``--cluster`` never load it. It sits beside the
worker in ``ai/`` (not in ``cli/``) because the trainers, which live in the AI layer of their
game, spread their work too.

Dask rather than Ray: the jobs are many independent CPU-bound Python calls of seconds to
minutes whose results stream back as they finish (``as_completed``), which is Dask's plain
futures API; a worker that dies has its tasks rescheduled by the scheduler with no code of
ours; and ``distributed`` is a few pure-Python wheels (tornado, msgpack, cloudpickle, psutil
and small ones) where Ray is a large binary wheel with its own object store and daemons.
``LocalCluster`` gives the tests (and one machine) the same scheduler in a few seconds.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import math
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar
from uuid import uuid4

from game.core import one_line

if TYPE_CHECKING:
    from distributed import Client

T = TypeVar("T")
R = TypeVar("R")

#: ``--cluster local:N`` starts an embedded cluster of N worker processes on this machine.
LOCAL = "local:"
#: The most workers ``local:N`` starts (as --jobs).
MAX_LOCAL = 64
#: Seconds to reach a scheduler before giving up with a one-line error.
CONNECT_SECONDS = 5.0
#: The engine's loggers kept quiet in this process ("Couldn't gather 1 keys, rescheduling":
#: a worker lost, its game played again; the progress bar goes on).
_QUIET = ("distributed", "distributed.client", "distributed.gc")
#: A local cluster's workers keep the memory they free: Dask's default hands it back to the
#: system at every 64 kB (MALLOC_TRIM_THRESHOLD_ in the nanny's environment), which made a
#: label run's workers spend more time in page faults than in labelling (98 s against 40 s
#: for ``--jobs 2``, 3.6 M page faults against 0.6 M). docs/cluster.md gives the same
#: setting for workers started by hand.
LOCAL_WORKERS_CONFIG = {"distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None}
#: What to tell when the scheduler or a worker cannot import Kibitz's modules.
WORKER_HINT = ("start the scheduler and each worker with a Kibitz checkout of this version"
               " on PYTHONPATH (docs/cluster.md)")


#: The packages whose code decides a task's result: a worker must run the client's own.
CODE_PACKAGES = ("game", "games", "ai", "play", "cli")


@functools.cache
def code_digest() -> str:
    """A digest of this checkout's Python sources (CODE_PACKAGES): two processes with the same
    one play the same games from the same seeds. Read once a process (some 50 ms)."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted(p for package in CODE_PACKAGES for p in (root / package).rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


class OtherCode(RuntimeError):
    """A worker runs other Kibitz code than the client (another version or an edited copy):
    its results could differ from what the seeds promise, so none is taken."""


class _SameCode(Generic[T, R]):
    """``function`` run only where the worker's code is the client's (a worker may join at
    any time, so every task checks; the digest is read once a worker process)."""

    def __init__(self, function: Callable[[T], R], digest: str) -> None:
        self.function, self.digest = function, digest

    def __call__(self, task: T) -> R:
        if code_digest() != self.digest:
            raise OtherCode(f"a worker runs other Kibitz code ({code_digest()}, the client "
                            f"{self.digest}): start every worker from the client's checkout")
        return self.function(task)


class ClusterError(RuntimeError):
    """The cluster cannot be reached or a task failed on it; the message is one line."""


class TaskFailed(ClusterError):
    """A task failed every retry (its worker died each time, or it raised)."""

    def __init__(self, position: int, reason: str) -> None:
        super().__init__(reason)
        self.position, self.reason = position, reason


def cluster_address(text: str) -> str:
    """``--cluster``'s value: ``local:N`` or a scheduler's address (``tcp://host:8786``,
    ``host:8786``); checked for its form here (ValueError), for being reachable when
    connecting."""
    text = text.strip()
    if text.startswith(LOCAL):
        count = text[len(LOCAL):]
        if not count.isdigit() or not 1 <= int(count) <= MAX_LOCAL:
            raise ValueError(f"--cluster local:N needs N from 1 to {MAX_LOCAL}, not {count!r}")
        return f"{LOCAL}{int(count)}"
    if not text or any(c.isspace() for c in text):
        raise ValueError(f"--cluster: {text!r} is not a scheduler address (tcp://HOST:PORT)")
    return text


class Cluster:
    """A connected client: tasks go out, results come back as they finish."""

    #: Seconds the workers' count is kept before the scheduler is asked again.
    COUNT_SECONDS = 1.0

    def __init__(self, client: Client) -> None:
        self.client = client
        self._count, self._counted_at = 0, -math.inf

    def workers(self) -> int:
        """The workers the scheduler has now (they may join or leave during a run), asked
        at most once a second (each game's progress shows it)."""
        now = time.monotonic()
        if now - self._counted_at >= self.COUNT_SECONDS:
            self._count, self._counted_at = len(self.client.nthreads()), now
        return self._count

    def note(self) -> str:
        """", 3 workers": the progress line's reminder of where the tasks run."""
        count = self.workers()
        return f", {count} worker{'s' if count != 1 else ''}"

    def completed(self, function: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        """(position in ``tasks``, result) of each task as it finishes, in any order. A
        task whose worker dies is run again by the scheduler (up to its
        ``distributed.scheduler.allowed-failures``, 3 by default); one that fails past that
        raises TaskFailed with its position. Leaving early cancels what is left."""
        from distributed import as_completed

        run = uuid4().hex[:12]  # two runs on one scheduler never share a key
        checked = _SameCode(function, code_digest())
        futures = [self.client.submit(checked, task, key=f"kibitz-{run}-{i}", pure=False)
                   for i, task in enumerate(tasks)]
        position = {future.key: i for i, future in enumerate(futures)}
        try:
            for future in as_completed(futures):
                i = position[future.key]
                if future.status != "finished":
                    raise TaskFailed(i, _one_line(future.exception()))
                yield i, future.result()
                future.release()
        finally:
            self.client.cancel(futures)


def _one_line(exc: BaseException | None) -> str:
    """An engine's error as one line; one that says Kibitz's modules were not found on a
    worker or the scheduler ("deserialization of the task graph") says how to start them."""
    if exc is None:
        return "lost"
    text = one_line(f"{type(exc).__name__}: {exc}", 240)
    if isinstance(exc, ImportError) or "deserializ" in text:
        text += f" ({WORKER_HINT})"
    return text


@contextmanager
def _ctrl_c_left_to_us() -> Iterator[None]:
    """Start a local cluster's workers with Ctrl+C ignored (a disposition a new process
    keeps), as match_games' pool does: the terminal signals the whole group, and each worker
    would print its own KeyboardInterrupt traceback; this process stops them all instead. A
    worker the nanny restarts later is started without it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def connected(address: str) -> Iterator[Cluster]:
    """A client of the scheduler at ``address``, or of an embedded ``local:N`` cluster
    (stopped on leaving). Unreachable or malformed: ClusterError, one line."""
    # The engine's own log lines (a worker restarted, a connection retried) would break the
    # progress bar; its errors reach the user as our one-line messages. Set before the
    # import, which reads it, and inherited by a local cluster's worker processes.
    os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "critical")
    try:
        import dask.config
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError("--cluster needs Dask's distributed: pip install -r "
                           "requirements-cluster.txt") from None
    for name in _QUIET:  # set apart from "distributed" by the engine's own defaults
        logging.getLogger(name).setLevel(logging.CRITICAL)
    local = None
    try:
        if address.startswith(LOCAL):
            with _ctrl_c_left_to_us(), dask.config.set(LOCAL_WORKERS_CONFIG):
                local = LocalCluster(n_workers=int(address[len(LOCAL):]), threads_per_worker=1,
                                     processes=True, dashboard_address=None,
                                     # no dashboard; its HTTP server on a free port, not 8787
                                     scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
            client = Client(local, timeout=CONNECT_SECONDS)
        else:
            client = Client(address, timeout=CONNECT_SECONDS)
    except Exception as exc:  # OSError, TimeoutError, ValueError: all one line
        if local is not None:
            local.close()
        what = ("cannot start a local cluster" if address.startswith(LOCAL)
                else "cannot reach the scheduler" if isinstance(exc, OSError | ValueError)
                else "no Dask scheduler of this version answers there")
        raise ClusterError(f"--cluster {address}: {what} ({_one_line(exc)})") from None
    try:
        yield Cluster(client)
    finally:
        client.close()
        if local is not None:
            local.close()


__all__ = ["Cluster", "ClusterError", "TaskFailed", "cluster_address", "connected"]
