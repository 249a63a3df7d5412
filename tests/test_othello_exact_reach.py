"""How many empties Othello's levels solve exactly: the compiled kernels reach two more in a
two-second move (18 against 16), where a solve runs on them; the lab's traced solve and a
solve before the kernels are in keep Python's reach, and Advanced's one-second budget is the
same on both paths."""

from __future__ import annotations

from typing import Any

import pytest

from ai.lab.tree_recorder import TreeRecorder
from cli.common import level_config
from game.registry import get_kit
from games.othello.ai import endgame
from games.othello.ai import solver as othello_solver
from games.othello.ai.bench_endgame import FFO40
from games.othello.game import GAME
from games.othello.rules import OthelloState


def _after(moves: tuple[str, ...]) -> OthelloState:
    state = GAME.parse_position(FFO40)  # 20 empties
    for move in moves:
        state = state.apply(GAME.parse_move(state, move))
    assert isinstance(state, OthelloState)
    return state


def test_the_reach_by_budget_and_path() -> None:
    limit = othello_solver._othello_limit
    assert [limit(t, compiled=False) for t in (0.1, 0.5, 1.0, 2.0, 5.0)] == [0, 12, 14, 16, 16]
    assert [limit(t, compiled=True) for t in (0.1, 0.5, 1.0, 2.0, 5.0)] == [0, 12, 14, 18, 18]
    assert limit(None, compiled=True) == limit(None, compiled=False) == 14


@pytest.fixture
def solves(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The empties of every solve asked for, each answered at once (a fixed move)."""
    asked: list[int] = []

    def fake_solve(state: OthelloState, **_: Any) -> endgame.SolveResult:
        asked.append(state.empties)
        move = next(iter(state.legal_moves()))
        return endgame.SolveResult(move, 2, 1, True, ((move, 2),))

    monkeypatch.setattr(endgame, "solve", fake_solve)
    return asked


@pytest.mark.parametrize(("level", "kernels", "tracer", "solved"), [
    ("Master", True, None, True),     # 18 empties, compiled: within reach
    ("Master", False, None, False),   # kernels not in yet: Python's 16
    ("Master", True, TreeRecorder(GAME, 0, 1000, windows=True), False),  # the lab: Python's 16
    ("Advanced", True, None, False),  # one second: 14 on either path
])
def test_who_solves_18_empties(monkeypatch: pytest.MonkeyPatch, solves: list[int], level: str,
                               kernels: bool, tracer: TreeRecorder | None,
                               solved: bool) -> None:
    monkeypatch.setattr(endgame, "kernels_ready", lambda: kernels)
    state = _after(("a2", "b1"))
    assert state.empties == 18
    config = level_config(get_kit("othello"), level, seed=1)
    result = othello_solver.solve_othello(state, config, None, None, tracer)
    assert (result is not None) is solved
    assert solves == ([18] if solved else [])


def test_the_kernels_are_not_asked_about_a_position_beyond_their_reach(
        monkeypatch: pytest.MonkeyPatch, solves: list[int]) -> None:
    """Asking may import numba (most of a second): a mid-game move must not pay for it."""
    def asked() -> bool:
        raise AssertionError("kernels_ready asked about a position no solve could take")

    monkeypatch.setattr(endgame, "kernels_ready", asked)
    config = level_config(get_kit("othello"), "Master", seed=1)
    for moves in ((), ("a2",)):  # 20 and 19 empties
        assert othello_solver.solve_othello(_after(moves), config, None, None) is None
    advanced = level_config(get_kit("othello"), "Advanced", seed=1)
    assert othello_solver.solve_othello(_after(("a2", "b1")), advanced, None, None) is None
    assert solves == []
