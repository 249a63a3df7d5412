"""Seeded random playouts: the sample positions that tests and benchmarks share.

Random play reaches every phase of a game (openings, middle games, races, endgames) in
proportions no hand-picked list matches, and a seed makes the sample the same on every machine.
"""

from __future__ import annotations

import random

from game.core import CHANCE, TERMINAL, Game, State


def random_positions(
    game: Game,
    n: int,
    seed: int,
    *,
    keep: float = 1.0,
    weighted_chance: bool = False,
    **options: object,
) -> list[State]:
    """``n`` decision positions met in random games (as many games as it takes).

    Each decision position is kept with probability ``keep`` (below 1 spreads the sample over
    more games). Chance outcomes are drawn uniformly, or by their probabilities with
    ``weighted_chance``.
    """
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < n:
        s = game.initial_state(**options)
        while len(out) < n:
            player = s.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                outcomes = s.chance_outcomes()
                if weighted_chance:
                    roll = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
                else:
                    roll = rng.choice([o for o, _ in outcomes])
                s = s.apply(roll)
                continue
            if keep >= 1.0 or rng.random() < keep:
                out.append(s)
            s = s.apply(rng.choice(s.legal_moves()))
    return out
