"""Playing whole games between two searchers: used by the match runner and the selftest.

Chance nodes (dice) are resolved with the caller's seeded RNG, so a game is reproducible from
its seed and the two configurations.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ai.api import SearchConfig
from ai.engine import run_search
from game.core import CHANCE, TERMINAL, Move, State


@dataclass(frozen=True)
class GameRecord:
    final: State
    moves: tuple[Move, ...]
    #: returns() of the final state, or (0, 0) when the ply cap stopped the game.
    returns: tuple[float, float]
    finished: bool


def sample_chance(state: State, rng: random.Random) -> Move:
    """One chance outcome drawn by its probability."""
    outcomes = state.chance_outcomes()
    r = rng.random()
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if r < acc:
            return outcome
    return outcomes[-1][0]


def play_game(
    state: State,
    configs: tuple[SearchConfig, SearchConfig],
    rng: random.Random,
    max_plies: int = 2000,
    on_move: Callable[[State, Move], None] | None = None,
) -> GameRecord:
    """Play to the end: player p's moves come from ``configs[p]``."""
    moves: list[Move] = []
    for _ in range(max_plies):
        player = state.current_player()
        if player == TERMINAL:
            return GameRecord(state, tuple(moves), state.returns(), True)
        if player == CHANCE:
            move = sample_chance(state, rng)
        else:
            legal = state.legal_moves()
            move = legal[0] if len(legal) == 1 else run_search(state, configs[player]).move
        if on_move is not None:
            on_move(state, move)
        moves.append(move)
        state = state.apply(move)
    return GameRecord(state, tuple(moves), (0.0, 0.0), state.current_player() == TERMINAL)
