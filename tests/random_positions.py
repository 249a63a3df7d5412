"""Positions for the tests: random games of a game cut short (no tests here)."""

from __future__ import annotations

import random
from typing import Any

from game.registry import get_game


def random_positions(game_id: str, count: int, seed: int, max_plies: int = 14) -> list[Any]:
    """``count`` positions with a move to choose, each after up to ``max_plies`` random moves
    from the start, reproducible from ``seed``."""
    game = get_game(game_id)
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        state = game.initial_state()
        for _ in range(rng.randrange(0, max_plies)):
            if state.current_player() < 0:
                break
            state = state.apply(rng.choice(list(state.legal_moves())))
        if state.current_player() >= 0:
            found.append(state)
    return found
