"""The one path from the search worker to every screen: play, review, rollouts, the lab and the
ladder.

A ``Job`` is the handle of one submitted search or task, bound to the position it is about.
The worker answers with typed replies (ai.worker: ``Progressed``, ``DepthDone``, ``Finished``,
``Failed``); a ``JobRunner`` keeps the one job its owner still cares about and hands back only
that job's replies, each paired with its job. The staleness rule is that and nothing else: a
reply counts while its job is the runner's current job. Cancelling (a move, undo, another
search) makes a job stale at once, so no answer about a superseded search ever reaches a
screen.

A screen either reads the replies ``poll`` returns (the play and review screens) or starts its
job with callbacks (``start``: the lab's views and the ladder), which ``poll`` calls as the
job's replies arrive, by the reply's type: progress, the task's answer (typed: a
``Task[R, P]``'s ``on_done`` takes an ``R``, its ``on_progress`` a ``P``), or the one-line error; a worker that cannot start becomes that
error line rather than an exception.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, TypeVar

from ai.api import SearchConfig
from ai.tasks import Task
from ai.worker import Failed, Finished, Progressed, Reply, SearchWorker
from game.core import Move, State
from game.session import Session

R = TypeVar("R")
P = TypeVar("P")


#: Seconds between two frames while a job runs and nothing else moves, on every screen that
#: runs one (the play screen, the lab): its figures come every 0.1 s, "thinking..." steps 3
#: times a second. At the full 60 fps the window's drawing, and under X the server's copies
#: of it, took the search most of a core on a loaded machine (the worker runs at a lower
#: priority): an Othello MCTS move made 170-230 iterations a second in the window against
#: about 900 headless.
SEARCH_FRAME_S = 0.1


class Purpose(Enum):
    """Why a job runs; it decides which part of a screen its answers feed."""

    MOVE = "move"  # the AI choosing the move it will play
    HINT = "hint"  # the strongest search suggesting a move to the human
    VALUES = "values"  # every legal move valued with a full window, for the board
    LAB = "lab"  # a recording, comparison, depth chart or match for the search lab
    LADDER = "ladder"  # levels playing each other game after game (ai.ladder)
    REVIEW = "review"  # every decision of a game weighed (play.review)
    PONDER = "ponder"  # the AI's search of its predicted next turn, on the human's time
    ROLLOUT = "rollout"  # the shown position's best moves played out (play.rollout)

    @property
    def label(self) -> str:
        return {"move": "Move search", "hint": "Hint", "values": "Move values",
                "lab": "Lab", "review": "Game review", "ponder": "Pondering",
                "rollout": "Rollout", "ladder": "Ladder"}[self.value]


@dataclass(frozen=True)
class Handlers:
    """What a job's owner is told as ``JobRunner.poll`` takes its replies.

    ``Any``: a reply's value crossed the worker's process as ``object``; it is the answer (or
    a report) of the task these handlers came with, which the job id, not a runtime check,
    guarantees (``start`` ties them to the task's answer and report types)."""

    on_done: Callable[[Any], object]
    on_error: Callable[[str], object]
    on_progress: Callable[[Any], object] | None = None

    def tell(self, reply: Reply) -> None:
        match reply:
            case Progressed(value=value):
                if self.on_progress is not None:
                    self.on_progress(value)
            case Finished(value=value):
                self.on_done(value)
            case Failed(error=error):
                self.on_error(error or "unknown error")
            case _:
                pass  # a search's completed depth: a task's owner has no use for it


@dataclass(frozen=True)
class Job:
    """One submitted job: the position it is about, why it runs, and its recipe."""

    id: int
    purpose: Purpose
    state: State
    #: The search's recipe (None for a task, whose recipe is inside its Task).
    config: SearchConfig | None
    title: str
    submitted: float = field(default_factory=time.perf_counter)
    #: Who asked (a lab view, the ladder screen), compared by identity: ``running_for``.
    owner: object = field(default=None, compare=False, repr=False)
    #: Told of the job's replies as they arrive (None: the screen reads ``poll``'s answer).
    handlers: Handlers | None = field(default=None, compare=False, repr=False)

    def is_about(self, state: State) -> bool:
        """The job searched ``state``'s position (a rebuilt state with the same key counts)."""
        return self.state.key() == state.key()

    def stale_reason(self, move: Move, session: Session) -> str | None:
        """Why ``move``, this job's answer, must not be played in ``session`` now (None: play
        it).

        A reply is only ever played in the very position it was computed for, at a decision
        of the side whose turn it is: never after the board moved on (undo, redo, new game,
        paste, load, a roll), never at a roll or while a double waits, never if illegal.
        """
        if self.purpose is not Purpose.MOVE:
            return f"a {self.purpose.label.lower()} is not a move to play"
        if not self.is_about(session.current):
            return "the position changed since the search began"
        why_not = session.why_no_move()
        if why_not is not None:
            return why_not
        if move not in session.current.legal_moves():
            return "the move is not legal here"
        return None


@dataclass(frozen=True)
class JobReply:
    """A reply of the current job, with its job."""

    job: Job
    reply: Reply


class JobRunner:
    """At most one live job; everything older is cancelled and its replies dropped."""

    def __init__(self, worker: Callable[[], SearchWorker], has_worker: Callable[[], bool]) -> None:
        self._worker = worker  # started lazily by the app on first use
        self._has_worker = has_worker
        #: Told about every job cancelled before its end (its answers will never come).
        self.on_cancel: Callable[[Job], object] | None = None
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

    def running_for(self, owner: object) -> bool:
        """The current job is ``owner``'s (a view knows the running job is its own)."""
        return self.current is not None and self.current.owner is owner

    @property
    def elapsed_s(self) -> float:
        job = self.current
        return time.perf_counter() - job.submitted if job is not None else 0.0

    def submit(self, purpose: Purpose, state: State, config: SearchConfig, title: str) -> Job:
        """Start a search of ``state`` (cancelling the running job)."""
        self.cancel()
        job_id = self._worker().submit(state, config)
        self.current = Job(job_id, purpose, state, config, title)
        return self.current

    def submit_task(self, state: State, task: Task[object, object], title: str,
                    purpose: Purpose = Purpose.LAB) -> Job:
        """Start a task about ``state`` (cancelling the running job): a game's review, a
        rollout (``purpose``); its replies come back through ``poll``."""
        self.cancel()
        job_id = self._worker().submit_task(task)
        self.current = Job(job_id, purpose, state, None, title)
        return self.current

    def start(self, task: Task[R, P], state: State, *, on_done: Callable[[R], object],
              on_error: Callable[[str], object],
              on_progress: Callable[[P], object] | None = None, owner: object = None,
              purpose: Purpose = Purpose.LAB) -> Job | None:
        """Start a task for ``owner`` (cancelling the running job), its replies handed to the
        callbacks as ``poll`` takes them. A missing or dead worker becomes ``on_error``'s
        line ("the search worker is unavailable"), not an exception; None then."""
        try:
            job = self.submit_task(state, task, purpose.label, purpose)
        except Exception as exc:  # noqa: BLE001 - no worker: the owner says so, no crash
            self.forget()
            on_error(f"the search worker is unavailable ({exc})")
            return None
        self.current = replace(job, owner=owner,
                               handlers=Handlers(on_done, on_error, on_progress))
        return self.current

    def cancel(self) -> None:
        """Stop the running job; its replies from now on are stale."""
        job = self.current
        if job is None:
            return
        self.cancelled[job.id] = time.perf_counter()
        self.current = None
        self._worker().cancel()
        if self.on_cancel is not None:
            self.on_cancel(job)

    def adopt(self, purpose: Purpose) -> Job | None:
        """The running job goes on for another purpose (a ponder search whose guess came true
        becomes the move search): its replies from now on feed that purpose."""
        if self.current is None:
            return None
        self.current = replace(self.current, purpose=purpose)
        return self.current

    def forget(self) -> None:
        """Stop waiting for the current job without cancelling it (it never started)."""
        self.current = None

    def hurry(self) -> None:
        """Stop the running search but keep it current: its final reply carries the best move
        found so far ("move now")."""
        if self.current is not None:
            self._worker().cancel()

    def poll(self) -> list[JobReply]:
        """The current job's replies since the last poll, in order."""
        if not self._has_worker():
            return []
        out: list[JobReply] = []
        for reply in self._worker().poll():
            job = self.current
            if job is None or reply.job_id != job.id:
                self._stale(reply)
                continue
            if isinstance(reply, Finished | Failed):
                self.current = None
            out.append(JobReply(job, reply))
            if job.handlers is not None:
                job.handlers.tell(reply)
        return out

    def _stale(self, reply: Reply) -> None:
        self.stale_replies += 1
        if isinstance(reply, Finished | Failed):
            started = self.cancelled.pop(reply.job_id, None)
            if started is not None:
                self.cancel_latencies_ms.append((time.perf_counter() - started) * 1000)


def failure_text(reply: Reply) -> str | None:
    """Why a job ended without an answer (None: it has one, or has not ended)."""
    if isinstance(reply, Failed):
        return reply.error
    if isinstance(reply, Finished) and reply.result is None and reply.value is None:
        return "the search ended without an answer"
    return None
