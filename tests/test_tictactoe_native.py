"""Tic-tac-toe's alpha-beta compiled (games.tictactoe.ai.search and its kernels): the Python
search's tree node for node (values, moves, root values, lines, every counter, depth by depth),
from the empty board and other positions, every refinement switched off in turn, depth-limited
and to the end; never while a tracer listens.

With ``KIBITZ_NATIVE=0`` (tests/test_native_both_ways.py) the kernels run as plain Python on
NumPy scalars: the same checks."""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from ai import native
from ai.api import Limits, Refinements, Result, SearchConfig
from ai.engine import run_search
from ai.trace import Tracer
from game.core import State
from games.tictactoe.ai import native_driver, native_search, search
from games.tictactoe.ai.evaluation import TicTacToeEvaluator
from games.tictactoe.ai.search import TicTacToeAlphaBeta
from games.tictactoe.rules import GAME, TicTacToeState
from tests.native_search_support import depth_by_depth, searcher, timeless

COMPILED = native.enabled()
POSITIONS = {text: GAME.parse_position(text) for text in (
    "--------- X", "----X---- O", "X---O---- X", "XX-OO---- X", "X-O-X---O X", "XOX-O---- X",
    "XOXOX-O-- X")}
REFINEMENTS = (Refinements(), Refinements(tt=False), Refinements(ordering=False),
               Refinements(pvs=False), Refinements(aspiration=False),
               Refinements(tt=False, ordering=False, pvs=False, aspiration=False))
DEPTHS = (None, 1, 2, 3, 4)


def config(depth: int | None = None, refinements: Refinements = REFINEMENTS[0],
           **changes: Any) -> SearchConfig:
    return SearchConfig("tictactoe", "alphabeta", Limits(depth=depth), refinements=refinements,
                        **changes)


@pytest.fixture(scope="module", autouse=True)
def warm() -> None:
    if COMPILED:
        search.warm_up()


def reachable() -> list[TicTacToeState]:
    seen: dict[TicTacToeState, None] = {}
    todo = [GAME.initial_state()]
    while todo:
        s = todo.pop()
        if s not in seen:
            seen[s] = None
            todo.extend(s.apply(m) for m in s.legal_moves())
    return list(seen)


def test_the_kernels_rules_key_and_evaluation_are_the_games() -> None:
    """Every reachable position: the side to move (or the game over), the table's key, and a
    leaf's value from both views, the open lines' and a finished game's."""
    ctl = np.zeros(native_search.CTL_SLOTS, dtype=np.int64)
    pvlen = np.zeros(native_search.PLIES, dtype=np.int64)
    evaluate = TicTacToeEvaluator().evaluate
    for s in reachable():
        x, o = s.marks
        cp = native_search.mover(x, o, s.to_move)
        assert cp == s.current_player()
        assert native_search.tt_key(x, o, s.to_move) == s.tt_key()
        for p in (0, 1):
            v = native_search.leaf(x, o, cp, p, 3, ctl, pvlen)
            if cp >= 0:
                assert v == (evaluate(s, cp) if cp == p else -evaluate(s, cp))
            else:
                r = s.returns()[p]
                assert v == (0.0 if r == 0 else 9997.0 if r > 0 else -9997.0)


@pytest.mark.parametrize("text", list(POSITIONS))
def test_the_kernels_search_the_python_tree(text: str) -> None:
    """Every refinement switched off in turn, to the end and to depths 1-4, with and without
    the evaluator: each depth's answer identical (value, move, line, root values and whether
    they are exact, nodes, leaves, cutoffs, table probes and hits)."""
    state = POSITIONS[text]
    for refinements in REFINEMENTS:
        for depth in DEPTHS:
            for use_evaluator in (True, False):
                c = config(depth, refinements, use_evaluator=use_evaluator)
                python = depth_by_depth(state, c, kernels=False)
                assert depth_by_depth(state, c, kernels=True) == python, (refinements, depth)
    # Exact root values (the noisy levels) and a move kept at the root (a game review).
    for depth in (None, 3):
        c = config(depth, exact_root_values=True)
        assert depth_by_depth(state, c, True) == depth_by_depth(state, c, False)
        keep = (state.legal_moves()[-1],)
        c = config(depth)
        assert depth_by_depth(state, c, True, keep) == depth_by_depth(state, c, False, keep)


def test_the_solve_from_the_empty_board_is_the_python_one() -> None:
    """The issue's measure: 6,620 nodes, a draw, on both paths."""
    c = config()
    python = depth_by_depth(GAME.initial_state(), c, False)
    assert depth_by_depth(GAME.initial_state(), c, True) == python
    assert python[-1].stats.nodes == 6620 and python[-1].score == 0 and python[-1].exact


@pytest.mark.parametrize("noise", [0.0, 1.0])
def test_the_solver_the_master_level_plays_with_answers_as_before(
        monkeypatch: pytest.MonkeyPatch, noise: float) -> None:
    """``solve_tictactoe`` (exact levels) on the kernels and in Python: the same answer."""
    answers = []
    for kernels in (False, True):
        monkeypatch.setattr(TicTacToeAlphaBeta, "kernels", kernels)
        for state in POSITIONS.values():
            answers.append(timeless(run_search(state, config(exact=True, noise=noise, seed=1))))
    half = len(answers) // 2
    assert answers[:half] == answers[half:]


class Counting(Tracer):
    def __init__(self) -> None:
        self.entered = 0

    def enter(self, state: State, view: int, depth: int, alpha: float, beta: float) -> None:
        self.entered += 1


def test_the_kernels_never_search_while_a_tracer_listens(monkeypatch: pytest.MonkeyPatch,
                                                         ) -> None:
    """The lab traces the search that plays: traced, the Python search runs (every node heard);
    untraced and ready, the kernels do. A weighted evaluator or a node limit: Python too."""
    windows: list[int] = []
    real = native_driver.Kernels.window

    def spy(self: native_driver.Kernels, *args: Any) -> Any:
        windows.append(args[5])
        return real(self, *args)

    monkeypatch.setattr(native_driver.Kernels, "window", spy)
    monkeypatch.setattr(search.KERNELS, "is_ready", True)
    state = POSITIONS["X---O---- X"]
    for c in (config(4), config(exact=True)):
        tracer = Counting()
        traced = run_search(state, c, tracer=tracer)
        assert not windows and tracer.entered > 50
        untraced = run_search(state, c)
        assert windows
        assert timeless(untraced) == timeless(traced)
        windows.clear()
    run_search(state, config(4, evaluator_weights=(1.0, 1.0, 0.5, 0.0)))
    run_search(state, replace(config(), limits=Limits(nodes=100_000)))
    assert not windows


def test_a_searcher_that_leaves_the_kernels_hands_its_table_to_python() -> None:
    """A searcher reused after a search on the kernels, now in Python (a tracer came): its
    table is the one the Python search would have, so the next tree is the same too."""
    first = POSITIONS["X---O---- X"]
    c = config(4)
    following = first.apply(first.legal_moves()[0])
    python, mixed = searcher(c, False), searcher(c, True)
    assert timeless(python.search(first, c.limits)) == timeless(mixed.search(first, c.limits))
    mixed.kernels = False
    assert timeless(python.search(following, c.limits)) == timeless(
        mixed.search(following, c.limits))
    assert python.tt is not None and mixed.tt is not None and len(mixed.tt) == len(python.tt)


def test_the_worker_hears_every_depth_from_the_kernels(monkeypatch: pytest.MonkeyPatch) -> None:
    """run_search as the worker calls it, on the kernels: each finished depth reaches
    ``on_depth`` in order, the Python search's own, and the answer is the last one's; a
    cancelled search answers without searching on."""
    monkeypatch.setattr(search.KERNELS, "is_ready", True)
    state = GAME.initial_state()
    depths: list[Result] = []
    answer = run_search(state, replace(config(), limits=Limits(time_s=60.0)),
                        cancel=threading.Event(), progress=lambda p: None,
                        on_depth=depths.append)
    python = depth_by_depth(state, config(), False)
    assert [timeless(r) for r in depths] == python
    assert timeless(answer) == python[-1]
    cancel = threading.Event()
    cancel.set()
    stopped = searcher(config(), True).search(state, Limits(), cancel)
    assert not stopped.complete and stopped.stats.nodes == 1
