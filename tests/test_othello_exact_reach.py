"""How many empties Othello's levels solve exactly: the compiled kernels reach two more in a
two-second move (18 against 16), where a solve runs on them; the lab's traced solve and a
solve before the kernels are in keep Python's reach, and Advanced's one-second budget is the
same on both paths. Past the exact reach, Master's four seconds prove who wins from 22
empties on the kernels: a win or a draw is played, a loss left to the search."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from ai import native
from ai.api import Limits, Result, SearchConfig
from ai.engine import run_search
from ai.kit import profile_for
from ai.lab import record as lab_record
from ai.lab.search import level_play
from ai.lab.tree_recorder import TreeRecorder
from ai.searchbase import is_win_score
from cli.common import level_config
from game.core import State
from game.registry import get_kit
from games.othello.ai import endgame
from games.othello.ai import solver as othello_solver
from games.othello.ai.bench_endgame import FFO40
from games.othello.game import GAME
from games.othello.rules import OthelloState

compiled_only = pytest.mark.skipif(not native.enabled(), reason="numba absent or switched off")


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
    wld = othello_solver._wld_limit
    assert [wld(t) for t in (None, 1.0, 2.0, 3.0, 4.0, 10.0)] == [0, 0, 20, 20, 22, 22]


@pytest.fixture
def solves(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The empties of every solve asked for, each answered at once (a fixed move)."""
    asked: list[int] = []

    def fake_solve(state: OthelloState, **options: Any) -> endgame.SolveResult:
        asked.append(state.empties if options.get("want_margin", True) else -state.empties)
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
    assert othello_solver.solve_othello(_twenty_three(), config, None, None) is None
    advanced = level_config(get_kit("othello"), "Advanced", seed=1)
    assert othello_solver.solve_othello(_after(("a2", "b1")), advanced, None, None) is None
    assert solves == []


def _twenty_three() -> OthelloState:
    """A position with 23 empties (each side playing its first legal move from the start):
    past Master's win/loss/draw proof too."""
    state = GAME.initial_state()
    while state.empties > 23:
        state = state.apply(min(state.legal_moves()))
    assert isinstance(state, OthelloState) and state.empties == 23 and not state.is_over()
    return state


@pytest.mark.parametrize(("level", "kernels", "tracer", "asked"), [
    ("Master", True, None, [-20]),   # past the exact 18: who wins, proved on the kernels
    ("Master", False, None, []),     # kernels not in yet: the search plays
    ("Master", True, TreeRecorder(GAME, 0, 1000, windows=True), []),  # the lab: no proof
    ("Advanced", True, None, []),    # one second: no proof
])
def test_who_proves_the_winner_at_20_empties(monkeypatch: pytest.MonkeyPatch,
                                             solves: list[int], level: str, kernels: bool,
                                             tracer: TreeRecorder | None,
                                             asked: list[int]) -> None:
    monkeypatch.setattr(endgame, "kernels_ready", lambda: kernels)
    state = _after(())
    assert state.empties == 20
    config = level_config(get_kit("othello"), level, seed=1)
    result = othello_solver.solve_othello(state, config, None, None, tracer)
    assert (result is not None) is bool(asked)
    assert solves == asked
    if result is not None:
        assert result.score == othello_solver.WLD_WIN and is_win_score(result.score)
        assert result.root_values == ((result.move, result.score),)


@compiled_only
def test_a_proved_win_is_the_solvers_winning_move_and_reads_as_a_win() -> None:
    """FFO #40 (20 empties) is a win by 38 for the mover; Master's proof plays the exact
    solve's move (a2) and says "win" without a margin."""
    endgame.KERNELS.warm_up()
    state = _after(())
    config = level_config(get_kit("othello"), "Master", seed=1)
    result = othello_solver.solve_othello(state, config, None, None)
    assert result is not None and result.score == othello_solver.WLD_WIN
    exact = endgame.solve(state, kernels=True)
    assert exact.margin == 38 and result.move == exact.move
    label = profile_for(get_kit("othello")).value_label(result.score, exact=True)
    assert (label.short, label.long) == ("W", "win (proved; the margin not searched)")


def test_a_proved_loss_is_left_to_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    def losing(state: OthelloState, **_: Any) -> endgame.SolveResult:
        move = next(iter(state.legal_moves()))
        return endgame.SolveResult(move, -2, 1, True, ((move, -2),))

    monkeypatch.setattr(endgame, "kernels_ready", lambda: True)
    monkeypatch.setattr(endgame, "solve", losing)
    config = level_config(get_kit("othello"), "Master", seed=1)
    assert othello_solver.solve_othello(_after(()), config, None, None) is None


def test_a_proved_draw_is_an_exact_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    def drawn(state: OthelloState, **_: Any) -> endgame.SolveResult:
        move = next(iter(state.legal_moves()))
        return endgame.SolveResult(move, 0, 1, True, ((move, 0),))

    monkeypatch.setattr(endgame, "kernels_ready", lambda: True)
    monkeypatch.setattr(endgame, "solve", drawn)
    config = level_config(get_kit("othello"), "Master", seed=1)
    result = othello_solver.solve_othello(_after(()), config, None, None)
    assert result is not None and result.score == 0.0
    assert profile_for(get_kit("othello")).value_label(0.0, exact=True).long == "draw"


@compiled_only
def test_the_lab_names_a_proof_of_who_wins_as_what_master_plays() -> None:
    """The lab draws a smaller tree beside the move the level plays; at 20 empties Master
    plays the move its proof of who wins found, and the line says so."""
    endgame.KERNELS.warm_up()
    played = level_play(_after(()), get_kit("othello"), "Master")
    assert played is not None
    assert (played.move, played.depth, played.how) == ("a2", 0, "after proving who wins")


@compiled_only
def test_a_proof_the_lab_cannot_trace_leaves_it_the_levels_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Played on the clock, Master's proof at 18 empties runs on the kernels, which no tracer
    watches: the recording is the search Master runs without it (here cut to depth 2, so the
    traced tree stays small), not an error saying the solver was stopped."""
    endgame.KERNELS.warm_up()
    real = lab_record.run_search

    def searched(state: State, config: SearchConfig, *args: Any, **kwargs: Any) -> Result:
        if not config.exact and config.limits.time_s is not None:  # the search without it
            config = replace(config, limits=Limits(depth=2))
        return real(state, config, *args, **kwargs)

    monkeypatch.setattr(lab_record, "run_search", searched)
    master = level_config(get_kit("othello"), "Master", seed=0)
    state = _after(("a2", "b1"))
    assert run_search(state, master).algorithm == profile_for(get_kit("othello")).solver
    recording = lab_record.record_search(state, master, 2000, level="Master")
    assert recording.depth == 2 and not recording.exact and recording.nodes
