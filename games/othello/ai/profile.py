"""Othello as the AI sees it: values are discs, a predicted final margin or (solved) the exact
one; the last empties are solved exactly (games.othello.ai.solver)."""

from __future__ import annotations

from dataclasses import dataclass

from ai.profiles import Profile, Solver
from ai.searchbase import MarginFn
from game.core import State
from games.othello.ai.solver import solve_othello
from games.othello.rules import final_margin


def _othello_margin(state: State, player: int) -> float:
    # Asked at every terminal node of an Othello search, which holds Othello states only: no
    # isinstance per node (game.core.own_state is for entry points).
    return float(final_margin(state, player))  # type: ignore[arg-type]  # hot: see above


@dataclass(frozen=True)
class OthelloProfile(Profile):
    game_id: str = "othello"
    unit: str = "discs"
    aspiration: float | None = 4.0
    solver: str | None = "othello-endgame-solver"
    solve_exactly: Solver | None = solve_othello
    value_bounds: tuple[float, float] = (-64.0, 64.0)
    noise_unit: str = "discs"
    match_opening: tuple[int, int] | None = (2, 4)
    # A finished game is worth its final disc margin (empties to the winner), the scale of
    # the evaluator's predicted margin and of the exact endgame solver.
    margin: MarginFn | None = _othello_margin


PROFILE = OthelloProfile()
