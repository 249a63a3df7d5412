"""Where a long job's independent tasks run: in this process, in spawned processes on this
machine (``--jobs N``), or on a Dask cluster (``--cluster ADDRESS``, ai.cluster).

Every long job Kibitz has (a match's games, a ladder's rungs, label chunks, rollout trials, a
book's searches) is a list of tasks, each a pure function of its own seed, whose results are
combined in the tasks' order. A :class:`Spread` hands back ``(position, result)`` as tasks
finish, in any order; the job folds them by position (:func:`in_task_order`), so its figures
and files are the same however many processes or machines played them. The three places
share this one shape so that a command gains ``--cluster`` by taking a Spread, not by
growing a third branch.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from multiprocessing.pool import Pool
from typing import Generic, Protocol, TypeVar

from ai.cluster import ClusterError, TaskFailed, cluster_address, connected
from ai.lifeline import stop_with_parent

T = TypeVar("T")
R = TypeVar("R")

#: Upper bound for --jobs.
MAX_JOBS = 64


class Spread(Protocol):
    """Tasks out, ``(position in tasks, result)`` back as each finishes."""

    def completed(self, function: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        ...

    def workers(self) -> int:
        """How many tasks run at once now (a cluster's workers may join or leave)."""
        ...

    def note(self) -> str:
        """What a progress line adds: ", 3 workers" on a cluster, nothing here."""
        ...


class InThisProcess:
    """One task after another, here: ``--jobs 1``, and what tests step through."""

    def completed(self, function: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        for position, task in enumerate(tasks):
            yield position, function(task)

    def workers(self) -> int:
        return 1

    def note(self) -> str:
        return ""


def ignore_ctrl_c() -> None:
    """Pool workers leave Ctrl+C to the parent, which stops them all; otherwise every worker
    prints its own KeyboardInterrupt traceback (the terminal signals the whole group)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _WorkerStart:
    """A pool worker's first step: it ends with its parent (ai.lifeline.stop_with_parent),
    then runs the job's own ``initializer``; a class, so that a spawned process can unpickle
    it."""

    def __init__(self, initializer: Callable[[], None]) -> None:
        self.initializer = initializer

    def __call__(self) -> None:
        stop_with_parent()
        self.initializer()


class _Positioned(Generic[T, R]):
    """``function`` with the task's place kept beside its result (a pool returns them
    unordered); a class, not a closure, so that a spawned process can unpickle it."""

    def __init__(self, function: Callable[[T], R]) -> None:
        self.function = function

    def __call__(self, task: tuple[int, T]) -> tuple[int, R]:
        position, item = task
        return position, self.function(item)


class Processes:
    """``jobs`` spawned processes of this machine (spawn: the same start on every system,
    and no copy of a parent's threads).

    Used as a context manager (``spread_for`` does), one pool serves every ``completed``
    call of the block: a job that hands out its tasks in rounds (a book's plies, a rollout's
    positions) pays the workers' start (a second or two each) once, not once a round.
    Outside a block each call has a pool of its own."""

    def __init__(self, jobs: int, initializer: Callable[[], None] = ignore_ctrl_c) -> None:
        self.jobs, self.initializer = jobs, initializer
        self._in_block = False
        self._pool: Pool | None = None

    def __enter__(self) -> Processes:
        self._in_block = True
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        self._in_block = False
        self._end_pool(finished=kind is None)

    def _new_pool(self, size: int) -> Pool:
        context = multiprocessing.get_context("spawn")
        return context.Pool(size, initializer=_WorkerStart(self.initializer))

    def _end_pool(self, finished: bool) -> None:
        """Every task done: the workers leave by themselves, so that no SIGTERM reaches a
        worker already leaving (whose own handler would then print a traceback from
        threading's shutdown); else (an error, a stop, a consumer that left early) they are
        terminated."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        if finished:
            pool.close()
        else:
            pool.terminate()
        pool.join()

    def completed(self, function: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        if self.jobs <= 1 or len(tasks) <= 1:
            yield from InThisProcess().completed(function, tasks)
            return
        if self._pool is None:
            self._pool = self._new_pool(self.jobs if self._in_block else min(self.jobs, len(tasks)))
        try:
            yield from self._pool.imap_unordered(_Positioned(function), enumerate(tasks))
        except BaseException:  # an error, a stop, or the consumer closed this generator
            self._end_pool(finished=False)
            raise
        if not self._in_block:
            self._end_pool(finished=True)

    def workers(self) -> int:
        return self.jobs

    def note(self) -> str:
        return ""


def in_task_order(finished: Iterable[tuple[int, R]],
                  arrived: Callable[[int], object] | None = None) -> Iterator[tuple[int, R]]:
    """``finished`` (any order, each position once) again in position order: a result waits
    for those before it. ``arrived`` hears, after each result and whatever it let through,
    how many are still waiting (a progress bar counts them as done)."""
    waiting: dict[int, R] = {}
    next_position = 0
    for position, result in finished:
        waiting[position] = result
        while next_position in waiting:
            yield next_position, waiting.pop(next_position)
            next_position += 1
        if arrived is not None:
            arrived(len(waiting))


@contextmanager
def spread_for(jobs: int, cluster: str | None,
               initializer: Callable[[], None] = ignore_ctrl_c) -> Iterator[Spread]:
    """The cluster at ``cluster`` (connected for the ``with`` block; ClusterError, one line,
    when it cannot be), else ``jobs`` processes here."""
    if cluster is None:
        with Processes(jobs, initializer) as processes:
            yield processes
        return
    with connected(cluster) as engine:
        yield engine


def jobs_count(text: str) -> int:
    """``--jobs``: a whole number of processes, 1 to MAX_JOBS."""
    if not text.strip().isdigit() or not 1 <= int(text) <= MAX_JOBS:
        raise argparse.ArgumentTypeError(f"--jobs needs a whole number from 1 to {MAX_JOBS},"
                                         f" not {text!r}")
    return int(text)


def _address(text: str) -> str:
    try:
        return cluster_address(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


_address.__name__ = "address"


def add_spread_arguments(parser: argparse.ArgumentParser, what: str) -> None:
    """``--jobs N`` (this machine's cores by default) and ``--cluster ADDRESS`` as the trainers
    and builders take them; ``what`` names their tasks in the help."""
    parser.add_argument("--jobs", type=jobs_count, default=os.cpu_count() or 1,
                        help=f"processes running the {what} on this machine "
                             "(default: all cores)")
    add_cluster_argument(parser, what)


def add_cluster_argument(parser: argparse.ArgumentParser, what: str) -> None:
    """``--cluster`` alone (a command whose ``--jobs`` is its own)."""
    parser.add_argument("--cluster", type=_address, default=None, metavar="ADDRESS",
                        help=f"run the {what} on a Dask cluster: a running scheduler "
                             "(tcp://HOST:8786) or local:N, N worker processes started here "
                             "(docs/cluster.md)")


__all__ = ["MAX_JOBS", "ClusterError", "InThisProcess", "Processes", "Spread", "TaskFailed",
           "add_cluster_argument", "add_spread_arguments", "ignore_ctrl_c", "in_task_order",
           "jobs_count", "spread_for"]
