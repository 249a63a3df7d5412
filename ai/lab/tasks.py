"""The search lab's work as worker tasks (ai.tasks): a recording of a search, a comparison, a
depth chart, MCTS's convergence chart, and the evaluation editor's choice and quick match. Each is one registered class
whose fields are the work's arguments, so the lab's views work in the background worker like
any search, and each view's answer has its type.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Never

from ai.api import Cancel, SearchConfig
from ai.kit import profile_for
from ai.lab.compare import LONG_ROW_S, CompareRow, compare, estimate
from ai.lab.compare_mcts import MCTS_LABELS, mcts_row, reference_row
from ai.lab.convergence import ConvergenceChart, ConvergencePoint, convergence
from ai.lab.depth_chart import CountingTree, DepthRow, depth_chart
from ai.lab.editor import EditorChoice, choices, quick_match
from ai.lab.record import record_search
from ai.lab.recording import SearchRecording
from ai.lab.search import LevelPlay, level_play
from ai.ladder import LadderUpdate, RungFigures
from ai.tasks import Report, Task, worker_task
from game.core import State
from game.kit import GameKit
from game.registry import get_kit

#: A recording estimated to take longer than this is refused unless forced.
MAX_RECORD_S = 20.0


class TooLong(ValueError):
    """The search to record would take too long (the message gives the estimate)."""


def record(state: State, config: SearchConfig, node_budget: int, *, force: bool = False,
           max_s: float = MAX_RECORD_S, level: str | None = None, cancel: Cancel | None = None,
           progress: Callable[[object], None] | None = None) -> SearchRecording:
    """The recorded search of ``state`` (ai.lab.recording.record_search).

    A long recording is first estimated (ai.lab.compare.estimate: the same search at shallower depths,
    extrapolated); above ``max_s`` seconds it is refused with the estimate unless ``force``.
    ``cancel`` reaches the searcher itself, so a Stop ends even a forced recording within a
    few thousand nodes (a ValueError says it was stopped). ``level`` names whose search
    ``config`` is (ai.lab.search), for the recording's description."""
    # MCTS runs a fixed number of iterations (or seconds): nothing to estimate.
    if not force and config.algorithm != "mcts" and not _solver_answers(state, config, max_s,
                                                                          cancel):
        guess = estimate(state, config, probe_s=min(0.5, max_s), cancel=cancel)
        if guess.time_s > max_s:
            raise TooLong(f"too long: recording this search would take about "
                          f"{guess.time_s:.0f} s ({guess.nodes:,.0f} nodes); choose a smaller "
                          "depth, or press Search again to record it anyway")
    recording = record_search(state, config, node_budget, cancel=cancel, level=level)
    if level is None:
        return recording
    if recording.played is not None:  # the recording ran the level's own search
        _remember(state, config.kit, level, recording.played)
        return recording
    return replace(recording, played=_played(state, config.kit, level, cancel))


#: The levels' own moves found so far, by (game, level, position): a level searched by the
#: clock takes its seconds once per position, not once per recording of it.
_PLAYED: dict[tuple[GameKit, str, object], LevelPlay | None] = {}


def _played(state: State, kit: GameKit, level: str, cancel: Cancel | None) -> LevelPlay | None:
    key = (kit, level, state.key())
    if key not in _PLAYED:
        found = level_play(state, kit, level, cancel)
        if found is None:
            return None  # stopped: not remembered
        _remember(state, kit, level, found)
    return _PLAYED[key]


def _remember(state: State, kit: GameKit, level: str, played: LevelPlay) -> None:
    if len(_PLAYED) > 64:
        _PLAYED.clear()
    _PLAYED[(kit, level, state.key())] = played


def _solver_answers(state: State, config: SearchConfig, max_s: float, cancel: Cancel | None) -> bool:
    """Does the level's exact solver answer here within ``max_s``? Then the recording is the
    solver's (no search tree to estimate), however deep the search would have been."""
    if not config.exact:
        return False
    deadline = time.monotonic() + max_s
    return profile_for(config.kit).solve(state, config, cancel, deadline) is not None


@worker_task
@dataclass(frozen=True)
class RecordTask(Task[SearchRecording, Never]):
    """The tree explorer's recording (``record``)."""

    state: State
    config: SearchConfig
    node_budget: int
    force: bool = False
    max_s: float = MAX_RECORD_S
    level: str | None = None

    def run(self, cancel: Cancel, progress: Report[Never]) -> SearchRecording:
        return record(self.state, self.config, self.node_budget, force=self.force,
                      max_s=self.max_s, level=self.level, cancel=cancel)


@worker_task
@dataclass(frozen=True)
class CompareTask(Task[list[CompareRow], CompareRow]):
    """The compare view's rows (ai.lab.compare.compare), each reported as it finishes."""

    state: State
    game_id: str
    depth: int
    force: bool = False
    max_row_s: float = LONG_ROW_S
    base: SearchConfig | None = None
    level: str | None = None
    #: Then MCTS at the reference row's nodes and time (ai.lab.compare_mcts).
    with_mcts: bool = False

    def run(self, cancel: Cancel, progress: Report[CompareRow]) -> list[CompareRow]:
        kit = get_kit(self.game_id)
        rows = compare(self.state, kit, self.depth, max_row_s=self.max_row_s,
                       force=self.force, base=self.base, level=self.level, cancel=cancel,
                       progress=progress)
        reference = reference_row(rows) if self.with_mcts else None
        if reference is None:
            return rows
        base = self.base or SearchConfig(kit.id)
        for label in MCTS_LABELS:
            if cancel.is_set():
                row = CompareRow(label, "mcts", {}, self.depth, "stopped", game_id=kit.id)
            else:
                row = mcts_row(self.state, base, reference, label, self.max_row_s, cancel)
            rows.append(row)
            progress(row)
        return rows


@worker_task
@dataclass(frozen=True)
class DepthChartTask(Task[list[DepthRow], DepthRow | CountingTree]):
    """The depth chart's rows (ai.lab.depth_chart.depth_chart), each reported as it comes."""

    state: State
    config: SearchConfig
    max_depth: int
    with_quiescence: bool = False

    def run(self, cancel: Cancel, progress: Report[DepthRow | CountingTree]) -> list[DepthRow]:
        return depth_chart(self.state, self.config, self.max_depth, cancel=cancel,
                           progress=progress, with_quiescence=self.with_quiescence)


@worker_task
@dataclass(frozen=True)
class ConvergenceTask(Task[ConvergenceChart, ConvergencePoint]):
    """The convergence chart's MCTS (ai.lab.convergence), each doubling reported."""

    state: State
    config: SearchConfig
    iterations: int

    def run(self, cancel: Cancel, progress: Report[ConvergencePoint]) -> ConvergenceChart:
        return convergence(self.state, self.config, self.iterations, cancel=cancel,
                           progress=progress)


@worker_task
@dataclass(frozen=True)
class EditorChoiceTask(Task[EditorChoice, Never]):
    """What the edited weights make of the position (ai.lab.editor.choices)."""

    state: State
    game_id: str
    weights: tuple[float, ...]
    depth: int
    shipped: EditorChoice | None = None

    def run(self, cancel: Cancel, progress: Report[Never]) -> EditorChoice:
        return choices(self.state, get_kit(self.game_id), self.weights, self.depth, self.shipped,
                       cancel=cancel)


@worker_task
@dataclass(frozen=True)
class QuickMatchTask(Task[RungFigures, LadderUpdate]):
    """The edited weights against the shipped ones (ai.lab.editor.quick_match)."""

    game_id: str
    weights: tuple[float, ...]
    depth: int
    games: int
    seed: int

    def run(self, cancel: Cancel, progress: Report[LadderUpdate]) -> RungFigures:
        return quick_match(get_kit(self.game_id), self.weights, self.depth, self.games, self.seed,
                           cancel=cancel, progress=progress)
