"""ai.spread's processes: a ``with`` block keeps one pool for all its rounds of tasks (a book's
plies paid the workers' start once a ply), a consumer that leaves early ends the pool's work,
and outside a block each call has a pool of its own."""

from __future__ import annotations

import os

from ai.spread import Processes, in_task_order, spread_for


def worker_pid(_task: int) -> int:
    """Which process ran the task (spawned workers import this module by name)."""
    return os.getpid()


def _pids(spread: Processes, tasks: int = 6) -> set[int]:
    return {pid for _, pid in spread.completed(worker_pid, list(range(tasks)))}


def test_a_block_keeps_one_pool_for_every_round() -> None:
    with spread_for(2, None) as spread:
        assert isinstance(spread, Processes)
        first = _pids(spread)
        second = _pids(spread)
        assert len(first | second) <= 2  # the same two workers ran both rounds
        assert os.getpid() not in first
    assert spread._pool is None  # the block's end closed it


def test_outside_a_block_each_call_has_its_own_pool() -> None:
    spread = Processes(2)
    first, second = _pids(spread), _pids(spread)
    assert first.isdisjoint(second)
    assert spread._pool is None


def test_a_consumer_that_leaves_early_ends_the_work_and_the_next_round_runs() -> None:
    with Processes(2) as spread:
        finished = spread.completed(worker_pid, list(range(50)))
        next(finished)
        finished.close()  # the consumer stops: the pool is terminated
        assert spread._pool is None
        results = dict(in_task_order(spread.completed(worker_pid, list(range(4)))))
        assert sorted(results) == [0, 1, 2, 3]


def test_results_come_in_task_order_and_the_waiting_are_counted_after_each_arrival() -> None:
    """A match's bar counts the games still waiting for those before them; it hears the
    count after the games an arrival let through are taken (tallied), never before."""
    events: list[object] = []
    for position, result in in_task_order([(2, "c"), (0, "a"), (1, "b")],
                                          lambda waiting: events.append(waiting)):
        events.append((position, result))
    assert events == [1, (0, "a"), 1, (1, "b"), (2, "c"), 0]
