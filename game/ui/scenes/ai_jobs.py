"""The play screen's one line to the AI: submit a search, cancel it, and read typed replies.

The worker answers with loosely typed ``Reply`` records for every job it ever ran, including
jobs the screen has since cancelled. This module keeps the id of the one job the screen still
cares about, drops every other reply (counting them, and timing how long a cancelled search
took to confirm that it stopped), and turns the rest into small dataclasses the scene can
match on. A reply can therefore never reach the screen for a job that was superseded.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from game.core import State


class Purpose(Enum):
    """Why a search runs; it decides which part of the screen its answers feed."""

    MOVE = "move"  # the AI choosing the move it will play
    HINT = "hint"  # the strongest search suggesting a move to the human
    VALUES = "values"  # every legal move valued with a full window, for the board

    @property
    def label(self) -> str:
        return {"move": "Move search", "hint": "Hint", "values": "Move values"}[self.value]


@dataclass(frozen=True)
class Job:
    """One submitted search: what it searches, why, and with which recipe."""

    id: int
    purpose: Purpose
    state: State
    config: Any  # ai.api.SearchConfig (kept untyped: the UI imports ai lazily)
    title: str
    submitted: float = field(default_factory=time.perf_counter)


@dataclass(frozen=True)
class Progressed:
    """A live snapshot of the depth being searched (ai.api.Progress)."""

    job: Job
    progress: Any


@dataclass(frozen=True)
class DepthDone:
    """One completed depth (ai.api.Result); more may follow."""

    job: Job
    result: Any


@dataclass(frozen=True)
class Finished:
    """The job's final answer (ai.api.Result): the move to play / suggest."""

    job: Job
    result: Any


@dataclass(frozen=True)
class Failed:
    """The job ended with an error; ``message`` is one line."""

    job: Job
    message: str


JobEvent = Progressed | DepthDone | Finished | Failed


class AiJobs:
    """At most one live search at a time; everything older is cancelled and its replies ignored."""

    def __init__(self, worker: Callable[[], Any], has_worker: Callable[[], bool],
                 on_cancel: Callable[[Job], object] | None = None) -> None:
        self._worker = worker  # started lazily by the app on first use
        self._has_worker = has_worker
        #: Told about every job cancelled before its end (its answers will never come).
        self.on_cancel = on_cancel
        self.current: Job | None = None
        #: Replies that arrived for a job no longer current (dropped, never shown).
        self.stale_replies = 0
        #: Cancelled job id -> when it was cancelled, until the worker confirms its end.
        self.cancelled: dict[int, float] = {}
        #: From cancel to the worker's final reply for that job, in milliseconds.
        self.cancel_latencies_ms: list[float] = []

    @property
    def busy(self) -> bool:
        return self.current is not None

    def running(self, purpose: Purpose) -> bool:
        return self.current is not None and self.current.purpose is purpose

    def submit(self, purpose: Purpose, state: State, config: Any, title: str) -> Job:
        """Start a search of ``state`` (cancelling the running one)."""
        self.cancel()
        job_id = self._worker().submit(state, config)
        self.current = Job(job_id, purpose, state, config, title)
        return self.current

    def cancel(self) -> None:
        """Stop the running search; its replies from now on are stale."""
        job = self.current
        if job is None:
            return
        self.cancelled[job.id] = time.perf_counter()
        self.current = None
        self._worker().cancel()
        if self.on_cancel is not None:
            self.on_cancel(job)

    def hurry(self) -> None:
        """Stop the running search but keep it current: its final reply carries the best move
        found so far ("move now")."""
        if self.current is not None:
            self._worker().cancel()

    def poll(self) -> list[JobEvent]:
        """The replies for the current job since the last poll, as typed events."""
        if not self._has_worker():
            return []
        events: list[JobEvent] = []
        for reply in self._worker().poll():
            job = self.current
            if job is None or reply.job_id != job.id:
                self._stale(reply)
                continue
            event = _event(job, reply)
            if event is None:
                continue
            if isinstance(event, Finished | Failed):
                self.current = None
            events.append(event)
        return events

    def _stale(self, reply: Any) -> None:
        self.stale_replies += 1
        if reply.kind in ("done", "error"):
            started = self.cancelled.pop(reply.job_id, None)
            if started is not None:
                self.cancel_latencies_ms.append((time.perf_counter() - started) * 1000)


def _event(job: Job, reply: Any) -> JobEvent | None:
    if reply.kind == "progress" and reply.progress is not None:
        return Progressed(job, reply.progress)
    if reply.kind == "depth" and reply.result is not None:
        return DepthDone(job, reply.result)
    if reply.kind == "done" and reply.result is not None:
        return Finished(job, reply.result)
    if reply.kind in ("error", "done"):
        return Failed(job, reply.error or "the search ended without an answer")
    return None
