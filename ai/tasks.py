"""Work for the search worker other than a plain search: typed tasks.

Each kind of work is one class: a frozen dataclass of picklable fields (the work's arguments),
a subclass of ``Task[R, P]`` whose ``run(cancel, progress)`` does the work in the worker,
telling ``progress`` its reports (``P``s), and returns its answer, an ``R``. The class is registered with ``@worker_task`` where the work lives
(the lab's in ai.lab.tasks, the ladder's in ai.ladder, a review's in ai.review.analysis, a
rollout's in ai.rollouts), so the worker knows only this protocol and no module names.

The registry is the worker's allow-list. ``checked`` refuses, with a one-line ValueError,
anything that is not an object of a registered class (a string, a plain object, an
unregistered subclass); the worker checks in the caller, before queueing, and again in the
worker, before calling ``run``. Unpickling in the worker trusts the UI process that queued the
object (the queue joins the app's own two processes, as it always has); of what arrives, only
the ``run`` of work the ai package declared is ever called. ``worker_task`` itself accepts only
frozen dataclasses defined in the ai package.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Generic, TypeVar

from ai.api import Cancel

R = TypeVar("R", covariant=True)
P = TypeVar("P", covariant=True)
T = TypeVar("T", bound=type)

#: A task's progress callback: it hears the task's reports (picklable values, each delivered
#: as a Progressed reply's value).
Report = Callable[[P], None]


class Task(Generic[R, P]):
    """One kind of work for the worker (a registered frozen dataclass: see the module): its
    answer is an ``R``, its reports ``P``s (``Never`` for a task that reports nothing)."""

    def run(self, cancel: Cancel, progress: Report[P]) -> R:
        raise NotImplementedError


#: The task classes the worker runs: filled by ``worker_task`` as their modules load (in the
#: worker process, unpickling a task imports its module, which registers its class).
_REGISTERED: set[type] = set()


def worker_task(cls: T) -> T:
    """Register ``cls`` as work the worker may run."""
    params = getattr(cls, "__dataclass_params__", None)
    if not (issubclass(cls, Task) and dataclasses.is_dataclass(cls) and params is not None
            and params.frozen):
        raise TypeError(f"{cls.__name__}: a worker task is a frozen dataclass and a Task")
    if not cls.__module__.startswith("ai."):
        raise TypeError(f"{cls.__name__}: the worker runs only the ai package's tasks")
    _REGISTERED.add(cls)
    return cls


def checked(work: object) -> Task[object, object]:
    """``work`` itself when its class is a registered task; else a one-line ValueError."""
    if type(work) not in _REGISTERED or not isinstance(work, Task):
        raise ValueError(f"not a worker task: {type(work).__name__}")
    return work
