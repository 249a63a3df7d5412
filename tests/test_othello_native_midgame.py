"""Othello's mid-game alpha-beta compiled (games.othello.ai.midgame and its kernels): the Python
search's tree node for node (values, moves, root values, lines, every counter, depth by depth),
on both of the kernels' paths; never while a tracer listens; stopped promptly.

With ``KIBITZ_NATIVE=0`` (tests/test_native_both_ways.py) the kernels run as plain Python on
NumPy scalars, slowly: the same checks, shallower."""

from __future__ import annotations

import random
import threading
import time
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from ai import native
from ai.api import Limits, Progress, Refinements, Result, SearchConfig
from ai.engine import run_search
from ai.trace import Tracer
from game.core import State
from games.othello.ai import midgame, native_eval, native_midgame_search, native_table
from games.othello.ai.bench import MIDDLE_GAMES
from games.othello.ai.evaluation import disc_value
from games.othello.ai.patterns import model
from games.othello.game import GAME
from tests.native_search_support import depth_by_depth, searcher, timeless
from tests.test_othello_patterns import random_positions

COMPILED = native.enabled()
compiled_only = pytest.mark.skipif(not COMPILED, reason="numba absent or switched off")
#: The bench's positions: the start, and middle games with 20, 30 and 40 discs.
POSITIONS = {"start": GAME.initial_state(),
             **{name: GAME.parse_position(text) for name, text in MIDDLE_GAMES}}
#: Deep enough for the table, killers, history and re-searches to shape the tree.
DEPTH = 6 if COMPILED else 4
REFINEMENTS = (Refinements(), Refinements(tt=False), Refinements(ordering=False),
               Refinements(pvs=False), Refinements(aspiration=False))


def config(evaluator: str | None, depth: int | None = DEPTH, time_s: float | None = None,
           refinements: Refinements = REFINEMENTS[0], **changes: Any) -> SearchConfig:
    return SearchConfig("othello", "alphabeta", Limits(depth=depth, time_s=time_s),
                        evaluator=evaluator, refinements=refinements, **changes)


@pytest.fixture(scope="module", autouse=True)
def warm() -> None:
    if COMPILED:
        midgame.warm_up()


def test_the_evaluator_kernels_score_as_the_python_evaluators() -> None:
    """Bit for bit: the learned tables' integer sum, and the hand-made features' doubles in
    the Python function's order."""
    tables, places = native_eval.pattern_arrays()
    weights, edge, scale = native_eval.hand_arrays()
    learned = model()
    for s in random_positions(7, 12 if COMPILED else 2):
        me, opp, mv = np.uint64(s.me), np.uint64(s.opp), np.uint64(s.moves_mask)
        assert native_eval.pattern_value(me, opp, mv, tables, places) == learned.value(
            s.me, s.opp, s.moves_mask), GAME.format_position(s)
        assert native_eval.hand_value(me, opp, mv, weights, edge, scale) == disc_value(
            s.me, s.opp, s.moves_mask), GAME.format_position(s)
    assert (midgame.HAND, midgame.PATTERNS) == (native_eval.HAND, native_eval.PATTERNS)


def test_the_compiled_table_indexes_slots_by_pythons_own_hash() -> None:
    rng = random.Random(3)
    keys = [(rng.getrandbits(64), rng.getrandbits(64), rng.randint(0, 1)) for _ in range(300)]
    keys += [((1 << 64) - 1, (1 << 61) - 1, 1), (0, 0, 0), ((1 << 61) - 2, 1 << 62, 0)]
    with np.errstate(over="ignore"):
        for me, opp, to_move in keys:
            slot = int(native_table.py_hash(np.uint64(me), np.uint64(opp), to_move))
            assert slot & 0xFFFF == hash((me, opp, to_move)) & 0xFFFF


@pytest.mark.parametrize("evaluator", [None, "patterns"])
@pytest.mark.parametrize("name", list(POSITIONS))
def test_the_kernels_search_the_python_tree(evaluator: str | None, name: str) -> None:
    """Every refinement switched off in turn (compiled; the Python path: all on), each depth's
    answer identical: value, move, line, root values and whether they are exact, nodes,
    leaves, cutoffs, table probes and hits."""
    state = POSITIONS[name]
    for refinements in REFINEMENTS if COMPILED else REFINEMENTS[:1]:
        c = config(evaluator, refinements=refinements)
        python = depth_by_depth(state, c, kernels=False)
        assert depth_by_depth(state, c, kernels=True) == python, refinements
    # Exact root values (the noisy levels) and a move kept at the root (a game review).
    c = config(evaluator, depth=DEPTH - 1, exact_root_values=True)
    assert depth_by_depth(state, c, True) == depth_by_depth(state, c, False)
    keep = (state.legal_moves()[-1],)
    c = config(evaluator, depth=DEPTH - 1)
    assert depth_by_depth(state, c, True, keep) == depth_by_depth(state, c, False, keep)


def test_time_limited_deepening_answers_each_depth_as_python_does() -> None:
    """Master's search (iterative deepening under a clock) on the kernels: every depth it
    completes is the Python search's to that depth."""
    state = POSITIONS["othello mid 34 empty"]
    timed = depth_by_depth(state, config("patterns", depth=None, time_s=1.0), True)
    python = depth_by_depth(state, config("patterns", depth=DEPTH - 1), False)
    # How deep a second goes depends on the machine's load (and, with the kernels switched
    # off, this runs on the Python path): the depths both reached are compared.
    assert timed and (len(timed) >= len(python) or not COMPILED)
    for a, b in zip(timed, python, strict=False):
        assert replace(a, complete=True) == replace(b, complete=True)


class Counting(Tracer):
    def __init__(self) -> None:
        self.entered = 0

    def enter(self, state: State, view: int, depth: int, alpha: float, beta: float) -> None:
        self.entered += 1


def test_the_kernels_never_search_while_a_tracer_listens(monkeypatch: pytest.MonkeyPatch,
                                                         ) -> None:
    """The lab traces the search that plays: traced, the Python search runs (every node heard);
    untraced and ready, the kernels do."""
    windows: list[int] = []
    real = native_midgame_search.MidgameKernels.window

    def spy(self: native_midgame_search.MidgameKernels, *args: Any) -> Any:
        windows.append(args[5])
        return real(self, *args)

    monkeypatch.setattr(native_midgame_search.MidgameKernels, "window", spy)
    monkeypatch.setattr(midgame.KERNELS, "is_ready", True)
    state = POSITIONS["othello mid 44 empty"]
    c = config("patterns", depth=4, time_s=60.0)
    tracer = Counting()
    traced = run_search(state, c, tracer=tracer)
    assert not windows and tracer.entered > 50
    untraced = run_search(state, c)
    assert windows
    assert timeless(untraced) == timeless(traced)


def test_a_searcher_that_leaves_the_kernels_hands_its_table_to_python() -> None:
    """A searcher reused after a search on the kernels, now in Python (a tracer came): its
    table is the one the Python search would have, so the next tree is the same too."""
    first = POSITIONS["othello mid 34 empty"]
    c = config(None, depth=DEPTH - 1)
    following = first.apply(first.legal_moves()[0])
    python, mixed = searcher(c, False), searcher(c, True)
    assert timeless(python.search(first, c.limits)) == timeless(mixed.search(first, c.limits))
    mixed.kernels = False
    assert timeless(python.search(following, c.limits)) == timeless(
        mixed.search(following, c.limits))
    assert python.tt is not None and mixed.tt is not None and len(mixed.tt) == len(python.tt)


@compiled_only
def test_a_deadline_or_a_cancel_stops_the_kernels_promptly() -> None:
    """The watching thread raises the stop flag: a search of minutes ends within a fraction of
    a second of its deadline or its cancel, answers from its last depth, and sends progress
    reports while it runs."""
    state = POSITIONS["othello mid 44 empty"]
    reports: list[Progress] = []
    s = searcher(config("patterns", depth=40, time_s=0.5), True)
    start = time.perf_counter()
    r = s.search(state, Limits(depth=40, time_s=0.5), threading.Event(), reports.append)
    assert time.perf_counter() - start < 1.5 and not r.complete and r.depth >= 4
    assert reports and all(a.nodes <= b.nodes for a, b in zip(reports, reports[1:],
                                                              strict=False))
    cancel = threading.Event()
    timer = threading.Timer(0.4, cancel.set)
    s = searcher(config(None, depth=40), True)
    start = time.perf_counter()
    timer.start()
    try:
        r = s.search(state, Limits(depth=40), cancel)
    finally:
        timer.cancel()
    assert time.perf_counter() - start < 1.5 and not r.complete and r.stats.nodes > 10_000


def test_the_worker_hears_every_depth_from_the_kernels(monkeypatch: pytest.MonkeyPatch) -> None:
    """run_search as the worker calls it, on the kernels: each finished depth reaches
    ``on_depth`` in order, the Python search's own, and the answer is the last one's."""
    monkeypatch.setattr(midgame.KERNELS, "is_ready", True)
    state = POSITIONS["othello mid 24 empty"]
    depths: list[Result] = []
    answer = run_search(state, config("patterns", depth=DEPTH - 1, time_s=60.0),
                        cancel=threading.Event(), progress=lambda p: None,
                        on_depth=depths.append)
    python = depth_by_depth(state, config("patterns", depth=DEPTH - 1), False)
    assert [timeless(r) for r in depths] == python
    assert timeless(answer) == python[-1]


@pytest.mark.parametrize("evaluator", [None, "patterns"])
def test_searches_to_the_end_and_from_a_pass_agree_too(evaluator: str | None) -> None:
    """Late positions searched until no line meets the horizon (the answer exact, the search
    stopping by itself), and positions whose mover must pass (PASS the only root move)."""
    late = [s for s in random_positions(11, 3) if s.empties in (7, 9) and not s.must_pass()]
    passing = [s for s in random_positions(5, 150) if s.must_pass() and s.empties > 6][:2]
    assert late and passing
    for s in late:
        c = config(evaluator, depth=None)
        results = depth_by_depth(s, c, True)
        assert results == depth_by_depth(s, c, False) and results[-1].exact
    for s in passing:
        c = config(evaluator, depth=DEPTH - 2)
        assert depth_by_depth(s, c, True) == depth_by_depth(s, c, False)
