"""The search lab's recordings as a worker task (ai.worker.Task): a plain function of
picklable arguments that also takes ``cancel`` and ``progress`` keywords, so the lab's tree
explorer records in the background worker like any search.
"""

from __future__ import annotations

import time
from typing import Any

from ai.api import SearchConfig
from ai.kit import profile_for
from ai.lab.compare import estimate
from ai.lab.record import record_search
from ai.lab.search import LevelPlay, level_play
from game.core import State

#: A recording estimated to take longer than this is refused unless forced.
MAX_RECORD_S = 20.0


class TooLong(ValueError):
    """The search to record would take too long (the message gives the estimate)."""


def record(state: State, config: SearchConfig, node_budget: int, *, force: bool = False,
           max_s: float = MAX_RECORD_S, level: str | None = None, cancel: Any = None,
           progress: Any = None) -> Any:
    """The recorded search of ``state`` (ai.lab.recording.record_search).

    A long recording is first estimated (ai.lab.compare.estimate: the same search at shallower depths,
    extrapolated); above ``max_s`` seconds it is refused with the estimate unless ``force``.
    ``cancel`` reaches the searcher itself, so a Stop ends even a forced recording within a
    few thousand nodes (a ValueError says it was stopped). ``level`` names whose search
    ``config`` is (ai.lab.search), for the recording's description."""
    if not force and not _solver_answers(state, config, max_s, cancel):
        guess = estimate(state, config, probe_s=min(0.5, max_s), cancel=cancel)
        if guess.time_s > max_s:
            raise TooLong(f"too long: recording this search would take about "
                          f"{guess.time_s:.0f} s ({guess.nodes:,.0f} nodes); choose a smaller "
                          "depth, or press Search again to record it anyway")
    recording = record_search(state, config, node_budget, cancel=cancel, level=level)
    if level is not None:
        recording.played = _played(state, config.game_id, level, cancel)
    return recording


#: The levels' own moves found so far, by (game, level, position): a level searched by the
#: clock takes its seconds once per position, not once per recording of it.
_PLAYED: dict[tuple[str, str, object], LevelPlay | None] = {}


def _played(state: State, game_id: str, level: str, cancel: Any) -> LevelPlay | None:
    key = (game_id, level, state.key())
    if key not in _PLAYED:
        if len(_PLAYED) > 64:
            _PLAYED.clear()
        found = level_play(state, game_id, level, cancel)
        if found is None:
            return None  # stopped: not remembered
        _PLAYED[key] = found
    return _PLAYED[key]


def _solver_answers(state: State, config: SearchConfig, max_s: float, cancel: Any) -> bool:
    """Does the level's exact solver answer here within ``max_s``? Then the recording is the
    solver's (no search tree to estimate), however deep the search would have been."""
    if not config.exact:
        return False
    deadline = time.monotonic() + max_s
    return profile_for(config.game_id).solve(state, config, cancel, deadline) is not None
