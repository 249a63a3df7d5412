"""Backgammon move-generation speed: all legal turns for all 21 rolls of sampled positions.

``bench()`` is what ``kibitz bench`` reports; run this module directly for a quick figure. It
times the rules' legal moves (state objects, the game's own interface), then, on the same
positions in mover-relative lists, the general generator and the search's position generator
(games.backgammon.positions) in turn, fifty positions at a time: their ratio is the search's
gain.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import cast

from game.core import Game
from game.playouts import random_positions
from games.backgammon import movegen as mg
from games.backgammon.game import GAME
from games.backgammon.positions import positions as search_positions
from games.backgammon.rules import ROLLS, BackgammonState


def sample_positions(n_positions: int, seed: int = 1) -> list[BackgammonState]:
    """Positions from seeded random playouts (decision points, dice removed), varied in phase."""

    # Backgammon's Game takes only its own states, which is all a playout gives it.
    played = random_positions(cast(Game, GAME), n_positions, seed, keep=0.25,
                              weighted_chance=True)
    return [
        BackgammonState(s.points, s.bar, s.off, s.to_move, None)
        for s in cast(list[BackgammonState], played)
    ]


def bench(n_positions: int = 1000) -> dict[str, float]:
    """position_rolls_per_s counts (position, roll) pairs; turns_per_s the turns generated."""
    positions = sample_positions(n_positions)
    turns = 0
    start = time.perf_counter()
    for p in positions:
        for dice, _ in ROLLS:
            turns += len(BackgammonState(p.points, p.bar, p.off, p.to_move, dice).legal_moves())
    elapsed = time.perf_counter() - start
    pairs = len(positions) * len(ROLLS)
    sides = [mg.perspective(p.points, p.bar, p.off, p.to_move) for p in positions]
    general = search = 0.0
    for start in range(0, len(sides), 50):  # in turn, block by block: a busy machine's
        block = sides[start:start + 50]     # slow moments fall on both alike
        general += _time(mg.generate, block)
        search += _time(search_positions, block)
    return {
        "positions": float(len(positions)),
        "position_rolls": float(pairs),
        "turns": float(turns),
        "time_s": round(elapsed, 4),
        "position_rolls_per_s": round(pairs / elapsed, 1),
        "turns_per_s": round(turns / elapsed, 1),
        "generate_position_rolls_per_s": round(pairs / general, 1),
        "search_position_rolls_per_s": round(pairs / search, 1),
        "search_speedup": round(general / search, 2),
    }


def _time(generator: Callable[[list[int], list[int], int, int], list], sides: list) -> float:
    start = time.perf_counter()
    for me, opp in sides:
        for (d1, d2), _ in ROLLS:
            generator(me, opp, d1, d2)
    return time.perf_counter() - start


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for k, v in bench(n).items():
        print(f"{k}: {v}")
