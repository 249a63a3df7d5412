"""Backgammon move-generation speed: all legal turns for all 21 rolls of sampled positions.

``bench()`` is what ``kibitz bench`` reports; run this module directly for a quick figure.
"""

from __future__ import annotations

import random
import sys
import time


def sample_positions(n_positions: int, seed: int = 1) -> list:
    """Positions from seeded random playouts (decision points, dice removed), varied in phase."""
    from game.rules.backgammon import GAME, BackgammonState

    rng = random.Random(seed)
    out: list[BackgammonState] = []
    while len(out) < n_positions:
        s = GAME.initial_state()
        while not s.is_over() and len(out) < n_positions:
            if s.dice is None:
                outcomes = s.chance_outcomes()
                roll = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
                s = s.apply(roll)
                continue
            if rng.random() < 0.25:
                out.append(BackgammonState(s.points, s.bar, s.off, s.to_move, None))
            s = s.apply(rng.choice(s.legal_moves()))
    return out


def bench(n_positions: int = 1000) -> dict[str, float]:
    """position_rolls_per_s counts (position, roll) pairs; turns_per_s the turns generated."""
    from game.rules.backgammon import ROLLS, BackgammonState

    positions = sample_positions(n_positions)
    turns = 0
    start = time.perf_counter()
    for p in positions:
        for dice, _ in ROLLS:
            turns += len(BackgammonState(p.points, p.bar, p.off, p.to_move, dice).legal_moves())
    elapsed = time.perf_counter() - start
    pairs = len(positions) * len(ROLLS)
    return {
        "positions": float(len(positions)),
        "position_rolls": float(pairs),
        "turns": float(turns),
        "time_s": round(elapsed, 4),
        "position_rolls_per_s": round(pairs / elapsed, 1),
        "turns_per_s": round(turns / elapsed, 1),
    }


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for k, v in bench(n).items():
        print(f"{k}: {v}")
