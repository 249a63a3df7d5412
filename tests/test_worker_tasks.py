"""The worker's typed tasks and the one job runner every screen uses: only registered task
classes run, a task's answer reaches its owner's callback, stale jobs stay silent, and a
worker that cannot start is an error line."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Never

import pytest

from ai.api import Cancel, Limits, SearchConfig
from ai.lab.recording import SearchRecording
from ai.lab.tasks import RecordTask
from ai.tasks import Report, Task, worker_task
from ai.worker import Failed, Reply, SearchWorker
from game.registry import get_game
from play.jobs import JobRunner, Purpose

ROOT = Path(__file__).resolve().parent.parent
#: Set by ``Unregistered.run``: it must never be.
RAN: list[str] = []


@dataclass(frozen=True)
class Unregistered(Task[str, Never]):
    """A well-formed task class nobody registered (as a test's or a screen's would be)."""

    command: str = "true"

    def run(self, cancel: Cancel, progress: Report) -> str:
        RAN.append(self.command)
        return self.command


def _classroom() -> tuple[Any, SearchConfig]:
    state = get_game("classroom").initial_state()
    return state, SearchConfig("classroom", "alphabeta", Limits(depth=2), exact=False)


def _final(worker: SearchWorker, job_id: int, timeout: float = 30.0) -> Reply:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for reply in worker.poll():
            if reply.job_id == job_id and reply.kind in ("done", "error"):
                return reply
        time.sleep(0.005)
    raise AssertionError(f"no final reply for job {job_id}")


def test_a_task_of_no_registered_class_is_refused_in_the_caller() -> None:
    with SearchWorker("thread") as worker:
        for work in (Unregistered(), "os:system", object()):
            with pytest.raises(ValueError, match="not a worker task") as refused:
                worker.submit_task(work)  # type: ignore[arg-type]
            assert "\n" not in str(refused.value)
    assert RAN == []


@pytest.mark.parametrize("mode, work", [("thread", Unregistered()), ("process", "os:system")])
def test_the_worker_refuses_what_reaches_its_queue_unregistered(mode: str, work: Any) -> None:
    """Past the caller's check (straight onto the queue), the worker checks again: a Failed
    line, and the object's ``run`` never called."""
    with SearchWorker(mode) as worker:
        job_id = worker._queue(work, None)
        final = _final(worker, job_id)
    assert isinstance(final, Failed) and final.error == f"not a worker task: {type(work).__name__}"
    assert RAN == []


def test_only_frozen_dataclasses_of_the_ai_package_can_be_registered() -> None:
    with pytest.raises(TypeError, match="only the ai package"):
        worker_task(Unregistered)

    class Loose(Task[int, Never]):
        def run(self, cancel: Cancel, progress: Report) -> int:
            return 1

    with pytest.raises(TypeError, match="frozen dataclass"):
        worker_task(Loose)


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_the_runner_hands_a_task_its_answer_and_drops_a_superseded_job(mode: str) -> None:
    """In the process too: the task travels pickled, its class registers as it loads there."""
    state, config = _classroom()
    answers: list[SearchRecording] = []
    superseded: list[object] = []
    with SearchWorker(mode) as worker:
        jobs = JobRunner(lambda: worker, lambda: True)
        first = jobs.start(RecordTask(state, config, 100), state, on_done=superseded.append,
                           on_error=superseded.append, on_progress=superseded.append)
        owner = object()
        jobs.start(RecordTask(state, config, 100), state, on_done=answers.append,
                   on_error=pytest.fail, owner=owner)
        assert first is not None and jobs.running_for(owner) and not jobs.running_for(first)
        end = time.monotonic() + 30
        while jobs.busy and time.monotonic() < end:
            jobs.poll()
            time.sleep(0.005)
    assert [a.evaluated_leaves for a in answers] == [[3, 12, 8, 2, 14, 5, 2]]
    assert superseded == [] and not jobs.busy


def test_a_worker_that_cannot_start_is_the_owners_error_line() -> None:
    def no_worker() -> SearchWorker:
        raise OSError("no processes left")

    errors: list[str] = []
    state, config = _classroom()
    jobs = JobRunner(no_worker, lambda: False)
    job = jobs.start(RecordTask(state, config, 100), state, on_done=pytest.fail,
                     on_error=errors.append, purpose=Purpose.LADDER)
    assert job is None and not jobs.busy
    assert errors == ["the search worker is unavailable (no processes left)"]


def test_the_lab_and_the_ladder_use_the_one_job_runner() -> None:
    """No second runner: the lab's own job handle is gone, the screens make the play screen's
    JobRunner, and nothing in the screens or the play layer dispatches on reply strings."""
    assert not (ROOT / "ui" / "lab" / "jobs.py").exists()
    for path in [*(ROOT / "ui").rglob("*.py"), *(ROOT / "play").rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        assert "LabJob" not in text and "ui.lab.jobs" not in text, path
        assert "reply.kind" not in text, path
    for screen in ("ui/lab/scene.py", "ui/scenes/ladder.py"):
        assert "JobRunner(lambda: app.worker" in (ROOT / screen).read_text(encoding="utf-8")
