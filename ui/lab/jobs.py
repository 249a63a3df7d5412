"""The lab's background jobs: one task at a time on the app's search worker.

Recording a search, comparing algorithms and charting depths can take seconds; they run in the
worker process (ai.worker) so the window keeps drawing. A pane submits a Task and polls once
per frame; replies of any other job (an older lab job, the play screen's last search) are
ignored by id.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ai.worker import Task
from ui.host import Host


class LabJob:
    def __init__(self, app: Host) -> None:
        self.app = app
        self.job_id: int | None = None
        self.started = 0.0
        self.owner: object = None  # compared by identity only
        self._on_done: Callable[[Any], None] | None = None
        self._on_error: Callable[[str], None] | None = None
        self._on_progress: Callable[[Any], None] | None = None

    @property
    def running(self) -> bool:
        return self.job_id is not None

    def running_for(self, owner: object) -> bool:
        return self.job_id is not None and self.owner is owner

    @property
    def elapsed_s(self) -> float:
        return time.perf_counter() - self.started if self.running else 0.0

    def start(self, function: str, *args: Any, on_done: Callable[[Any], None],
              on_error: Callable[[str], None],
              on_progress: Callable[[Any], None] | None = None, owner: object = None,
              **kwargs: Any) -> None:
        """Run ``function(*args, **kwargs)`` (an ai.* "module:name") on the worker for
        ``owner`` (the pane that asked, so a pane knows the running job is its own); a
        missing or dead worker becomes the pane's error line instead of an exception."""
        try:
            self.job_id = self.app.worker.submit_task(Task(function, args, kwargs))
        except Exception as exc:  # noqa: BLE001 - no worker: the pane says so, no crash
            self.job_id = None
            on_error(f"the search worker is unavailable ({exc})")
            return
        self.owner = owner
        self.started = time.perf_counter()
        self._on_done, self._on_error, self._on_progress = on_done, on_error, on_progress

    def stop(self) -> None:
        """Cancel: the task ends soon with what it has (or an error), which is ignored."""
        if self.job_id is not None:
            self.job_id = None
            self.app.worker.cancel()

    def poll(self) -> None:
        if not self.app.has_worker:
            return
        for reply in self.app.worker.poll():
            if self.job_id is None or reply.job_id != self.job_id:
                continue
            if reply.kind == "progress":
                if self._on_progress is not None:
                    self._on_progress(reply.value)
            elif reply.kind == "done":
                self.job_id = None
                if self._on_done is not None:
                    self._on_done(reply.value)
            elif reply.kind == "error":
                self.job_id = None
                if self._on_error is not None:
                    self._on_error(reply.error or "unknown error")
