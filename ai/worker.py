"""Searches off the UI thread: one long-lived worker (a process by default, or a thread), fed
jobs through a queue and answering through another, so the window never waits for the AI.

Protocol, from the caller's side (all methods are non-blocking except ``close``):

- ``submit(state, config) -> job_id`` cancels whatever is running and queues the new job;
- ``poll() -> list[Reply]`` drains the replies that have arrived, typed: ``Progressed`` (a
  Progress, at most ~10 a second), ``DepthDone`` (a Result per completed depth), then exactly
  one final reply per job: ``Finished`` (the Result) or ``Failed`` (a one-line message);
- ``cancel()`` stops the running job: it still ends with a ``Finished`` carrying the best move
  found so far (``complete=False``), which is how "move now" works;
- ``close()`` stops the search and the worker promptly, also mid-search;
- ``submit_task(task) -> job_id`` runs any other long job the same way (a review, a rollout,
  the lab's recordings, comparisons, depth charts and matches, the ladder): ``task`` is an
  object of a registered task class (ai.tasks: the class is the allow-list), run as
  ``task.run(cancel, progress)`` (``progress`` takes any picklable value, delivered as a
  ``Progressed`` reply's ``value``); its answer, a ``Task[R]``'s ``R``, arrives as
  ``Finished.value``.

Every job, including a cancelled or superseded one, gets its one final reply, tagged with its
id. The caller keeps the id of the job it cares about and ignores the rest (stale ids).

Cancelling uses a shared counter, "every job up to this id is cancelled", rather than a
single Event: a flag that the worker must clear before each job could swallow a cancel sent
between the worker picking up a job and clearing it; a monotonic counter cannot.

Process mode uses the "spawn" start method so it behaves the same in a PyInstaller build
(main.py calls ``multiprocessing.freeze_support()``). If the process dies, the reader thread
reports an "error" for the job it was running and starts a fresh process.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.queues
import os
import queue
import signal
import sys
import threading
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Generic, Protocol, TypeVar

from ai.api import Cancel, Progress, Result, SearchConfig
from ai.engine import run_search
from ai.kit import game_ai
from ai.lifeline import die_with_parent
from ai.tasks import Task, checked
from game.core import State
from game.registry import get_kit

#: Seconds close() waits for the worker before terminating it.
CLOSE_TIMEOUT_S = 2.0
#: How often the reply reader, with nothing to read, checks that the process is alive. Each
#: look wakes the UI process; twice a second keeps an idle window idle (the process's own
#: goodbye, a None reply, ends the reader without waiting).
READER_WAKE_S = 0.5

R = TypeVar("R")


@dataclass(frozen=True)
class Progressed:
    """A live snapshot of the depth being searched, or a task's progress report."""

    job_id: int
    progress: Progress | None = None
    #: A task's report (submit_task): what its ``run`` passed to ``progress``.
    value: object = None
    kind: ClassVar[str] = "progress"


@dataclass(frozen=True)
class DepthDone:
    """One completed depth of a search; more may follow."""

    job_id: int
    result: Result
    kind: ClassVar[str] = "depth"


@dataclass(frozen=True)
class Finished(Generic[R]):
    """The job's final answer: a search's Result (the best move so far if it was cancelled),
    or a ``Task[R]``'s answer."""

    job_id: int
    result: Result | None = None
    value: R | None = None
    kind: ClassVar[str] = "done"


@dataclass(frozen=True)
class Failed:
    """The job ended with an error: one line for the user."""

    job_id: int
    error: str
    kind: ClassVar[str] = "error"


#: Everything the worker says about a job: some progress, then exactly one Finished or Failed.
Reply = Progressed | DepthDone | Finished[object] | Failed


#: How the worker hands on a reply: the process's reply queue's ``put``, or the thread mode's
#: delivery.
Send = Callable[[Reply], None]
#: A queued job: its id, then a position and its search's config, or a task and None.
Job = tuple[int, "State | Task[object, object]", "SearchConfig | None"]


class SharedCount(Protocol):
    """The id of the last cancelled job, shared with the worker: a ``multiprocessing.Value``
    of type "q" in process mode, a ``_Counter`` in thread mode."""

    value: int


class _CancelledUpTo:
    """Looks like a threading.Event to the search: set once ``job_id`` has been cancelled."""

    __slots__ = ("_shared", "_job_id")

    def __init__(self, shared: SharedCount, job_id: int) -> None:
        self._shared = shared
        self._job_id = job_id

    def is_set(self) -> bool:
        return self._shared.value >= self._job_id


def warm_kernels(state: State, config: SearchConfig) -> None:
    """The worker process's searches start their game's kernels warming up in the background
    (GameAI.warm_kernels): the first move is never kept waiting, and by the endgame the
    compiled path is in. Only the process worker: a thread worker (the tests', and a fallback)
    shares its process with the window."""
    warm = game_ai(get_kit(config.game_id)).warm_kernels
    if warm is not None:
        warm(state, config)


def _run_job(job_id: int, state: State, config: SearchConfig, cancel: Cancel, send: Send) -> None:
    """One search, all of its replies sent through ``send(Reply)``; never raises."""
    try:
        result = run_search(
            state,
            config,
            cancel=cancel,
            progress=lambda p: send(Progressed(job_id, progress=p)),
            on_depth=lambda r: send(DepthDone(job_id, r)),
        )
        send(Finished(job_id, result=result))
    except Exception as exc:  # the job fails, the worker survives
        send(_error_reply(job_id, exc))


def _run_task(job_id: int, task: object, cancel: Cancel, send: Send) -> None:
    """One task, its progress and its final reply sent through ``send(Reply)``; never raises.
    Only an object of a registered task class runs (ai.tasks.checked): anything else that
    reached the queue ends as a Failed line."""
    try:
        value = checked(task).run(cancel, lambda v: send(Progressed(job_id, value=v)))
        send(Finished(job_id, value=value))
    except Exception as exc:  # the task fails, the worker survives
        send(_error_reply(job_id, exc))


def _error_reply(job_id: int, exc: Exception) -> Reply:
    """The one-line error a failed job or task reports. A ValueError is a refused request
    (its message is for the user); anything else is a bug, named and traced on stderr."""
    message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if not isinstance(exc, ValueError):
        message = f"{type(exc).__name__}: {message}"
        traceback.print_exc(file=sys.stderr)
    return Failed(job_id, message)


def _run_any(job_id: int, work: object, config: SearchConfig | None, cancel: Cancel,
             send: Send) -> None:
    """A search comes with its config; anything else is a task (or refused as one). ``work``
    is what came off the queue (unpickled, in process mode): checked before it runs."""
    if config is None:
        _run_task(job_id, work, cancel, send)
    elif isinstance(work, State):
        _run_job(job_id, work, config, cancel, send)
    else:
        send(Failed(job_id, f"not a position to search: {type(work).__name__}"))


def _process_main(jobs: multiprocessing.queues.Queue[Job | None],
                  replies: multiprocessing.queues.Queue[Reply | None], cancelled: SharedCount,
                  parent_thread_lasts: bool) -> None:
    """The worker process: run jobs until the None sentinel, or until the UI process ends
    (ai.lifeline: a killed or crashed window leaves no orphan behind)."""
    die_with_parent(parent_thread_lasts)
    # Ctrl+C in a terminal is the UI's to handle (it closes the worker cleanly); a lower
    # priority lets the scheduler favour the UI process's frames over the search.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(AttributeError, OSError):
        os.nice(5)
    while True:
        job = jobs.get()
        if job is None:
            replies.put(None)  # wakes the UI's reader at once: it may stop now
            return
        job_id, work, config = job
        if config is not None and isinstance(work, State):
            warm_kernels(work, config)
        _run_any(job_id, work, config, _CancelledUpTo(cancelled, job_id), replies.put)


class _Counter:
    """The thread-mode twin of the shared ``multiprocessing.Value``."""

    def __init__(self) -> None:
        self.value = 0


def _drop(*queues: object) -> None:
    """Close a process's queues without waiting for their feeder threads (a thread mode's
    queue needs nothing)."""
    for q in queues:
        if isinstance(q, multiprocessing.queues.Queue):
            q.close()
            q.cancel_join_thread()


class SearchWorker:
    _jobs: queue.Queue[Job | None] | multiprocessing.queues.Queue[Job | None]
    _replies: multiprocessing.queues.Queue[Reply | None]
    _cancelled: SharedCount

    def __init__(self, mode: str = "process") -> None:
        if mode not in ("process", "thread"):
            raise ValueError(f"worker mode must be 'process' or 'thread', got {mode!r}")
        self.mode = mode
        self._lock = threading.Lock()
        self._next_id = 0
        self._pending: set[int] = set()
        self._out: queue.Queue[Reply] = queue.Queue()
        self._closed = False
        if mode == "thread":
            # The search thread holds the GIL in long stretches; a short switch interval
            # keeps the UI thread's frames on time.
            sys.setswitchinterval(0.0005)
            self._cancelled = _Counter()
            self._jobs = queue.Queue()
            self._thread = threading.Thread(target=self._thread_main, name="search", daemon=True)
            self._thread.start()
        else:
            self._ctx = multiprocessing.get_context("spawn")
            self._cancelled = self._ctx.Value("q", 0, lock=False)
            self._start_process()
            self._reader = threading.Thread(target=self._read_loop, name="search-replies",
                                            daemon=True)
            self._reader.start()

    # ------------------------------------------------------------------ public

    def submit(self, state: State, config: SearchConfig) -> int:
        """Queue a search (cancelling any running one); returns its job id."""
        return self._queue(state, config)

    def submit_task(self, task: Task[object, object]) -> int:
        """Queue a task (cancelling any running job); returns its job id. An object of no
        registered task class fails here, in the caller (ValueError), not later in the worker."""
        return self._queue(checked(task), None)

    def _queue(self, work: State | Task[object, object], config: SearchConfig | None) -> int:
        if self._closed:
            raise RuntimeError("the search worker is closed")
        with self._lock:
            self._next_id += 1
            job_id = self._next_id
            self._cancelled.value = job_id - 1
            self._pending.add(job_id)
            self._jobs.put((job_id, work, config))
        return job_id

    def cancel(self) -> None:
        """Stop every submitted job; each still ends with its "done" (best so far)."""
        with self._lock:
            self._cancelled.value = self._next_id

    def poll(self) -> list[Reply]:
        replies = []
        while True:
            try:
                replies.append(self._out.get_nowait())
            except queue.Empty:
                return replies

    @property
    def busy(self) -> bool:
        """True while some submitted job has not delivered its final reply."""
        with self._lock:
            return bool(self._pending)

    def close(self) -> None:
        """Stop the search and the worker; safe to call twice and mid-search."""
        if self._closed:
            return
        self._closed = True
        self.cancel()
        self._jobs.put(None)
        if self.mode == "thread":
            self._thread.join(CLOSE_TIMEOUT_S)
            return
        proc = self._proc
        proc.join(CLOSE_TIMEOUT_S)
        if proc.is_alive():
            proc.terminate()
            proc.join(CLOSE_TIMEOUT_S)
        self._reader.join(CLOSE_TIMEOUT_S)
        _drop(self._jobs, self._replies)

    def __enter__(self) -> SearchWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ internals

    def _deliver(self, reply: Reply) -> None:
        if isinstance(reply, Finished | Failed):
            with self._lock:
                self._pending.discard(reply.job_id)
        self._out.put(reply)

    def _thread_main(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            job_id, work, config = job
            _run_any(job_id, work, config, _CancelledUpTo(self._cancelled, job_id),
                     self._deliver)

    def _start_process(self) -> None:
        self._jobs = self._ctx.Queue()
        self._replies = self._ctx.Queue()
        # The process dies with the thread that starts it (ai.lifeline) only if that thread
        # lasts: the main thread, or the reader (which restarts it, and ends only at close).
        here = threading.current_thread()
        lasts = here is threading.main_thread() or here is getattr(self, "_reader", None)
        self._proc = self._ctx.Process(
            target=_process_main,
            args=(self._jobs, self._replies, self._cancelled, lasts),
            name="kibitz-search",
            daemon=True,
        )
        self._proc.start()

    def _read_loop(self) -> None:
        """The one thread that reads the process's replies (and watches it stay alive)."""
        while True:
            try:
                reply = self._replies.get(timeout=READER_WAKE_S)
            except queue.Empty:
                if self._closed:
                    return
                if not self._proc.is_alive():
                    self._restart()
                continue
            except (EOFError, OSError):
                if self._closed:
                    return
                self._restart()
                continue
            if reply is None:
                if self._closed:
                    return
                continue
            self._deliver(reply)

    def _restart(self) -> None:
        """The process died: fail its jobs and start a fresh one."""
        with self._lock:
            lost = sorted(self._pending)
            self._pending.clear()
            old_jobs, old_replies = self._jobs, self._replies
            self._start_process()
        _drop(old_jobs, old_replies)
        for job_id in lost:
            self._out.put(Failed(job_id, "the search process stopped unexpectedly"))
