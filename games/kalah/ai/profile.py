"""Kalah as the AI sees it: values are seeds, a predicted final margin or (solved) the exact
one; the noisy moves (captures, extra turns) are searched past the depth limit (quiescence),
and positions with few seeds left in the pits are solved exactly (games.kalah.ai.solver)."""

from __future__ import annotations

from dataclasses import dataclass

from ai.profiles import Profile, Solver
from ai.searchbase import MarginFn, NoisyMovesFn
from game.core import State
from games.kalah.ai.noisy import noisy_moves
from games.kalah.ai.solver import solve_kalah


def _kalah_margin(state: State, player: int) -> float:
    # Asked at every terminal node of a Kalah search, which holds Kalah states only: no
    # isinstance per node (game.core.own_state is for entry points).
    return float(state.margin(player))  # type: ignore[attr-defined]  # hot: see above


@dataclass(frozen=True)
class KalahProfile(Profile):
    game_id: str = "kalah"
    unit: str = "seeds"
    aspiration: float | None = 2.0
    solver: str | None = "kalah-solver"
    solve_exactly: Solver | None = solve_kalah
    #: Kalah(6,6) has 72 seeds: no margin is bigger.
    value_bounds: tuple[float, float] = (-72.0, 72.0)
    noise_unit: str = "seeds"
    match_opening: tuple[int, int] | None = (1, 3)
    # Typed for KalahState, asked at every quiescence leaf: as _kalah_margin, no per-node check.
    noisy_moves: NoisyMovesFn | None = noisy_moves  # type: ignore[assignment]  # hot: above
    noisy_words: tuple[str, str] = ("a capture or an extra turn", "captures and extra turns")
    # A finished game is worth its final margin in seeds: the evaluator's and the solver's
    # scale.
    margin: MarginFn | None = _kalah_margin
    margin_decimals: int = 1


PROFILE = KalahProfile()
