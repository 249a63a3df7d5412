"""The search lab's long jobs as worker tasks (ai.worker.Task): plain functions of picklable
arguments that also take ``cancel`` and ``progress`` keywords, so the lab's screens run them
in the background worker like any search.
"""

from __future__ import annotations

from typing import Any

from ai.api import SearchConfig
from game.core import State


def record(state: State, config: SearchConfig, node_budget: int, *, cancel: Any = None,
           progress: Any = None) -> Any:
    """The recorded search of ``state`` (ai.recorder.record_search)."""
    from ai.recorder import record_search

    return record_search(state, config, node_budget)
