"""``bench levels``: each level's time a move over the decisions of a seeded game.

One position's time says little where the tree's size swings from move to move (backgammon's
with contact and doubles, Othello's with mobility): a player feels the typical move and the
slow ones. So every level searches the same positions, met in games the game's middle level
plays against itself, and the figure is the median, the 90th percentile and the slowest.
The opening book is closed: a book answer costs nothing and says nothing about the search.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import replace

from ai.api import SearchConfig
from ai.engine import run_search
from ai.kit import game_ai
from game.core import CHANCE, TERMINAL, State
from game.kit import GameKit
from game.registry import playable_kits

#: The games' positions are the same on every machine: they come from this seed.
SEED = 1


def sample_positions(kit: GameKit, n: int, seed: int = SEED) -> list[State]:
    """``n`` decisions with a choice (more than one legal move), from games the middle level
    plays against itself, chance drawn by its probabilities."""
    game, levels = kit.rules(), game_ai(kit).levels
    guide = _searching(levels[len(levels) // 2].config(kit, seed=seed))
    rng = random.Random(seed)
    positions: list[State] = []
    state = game.initial_state()
    while len(positions) < n:
        player = state.current_player()
        if player == TERMINAL:
            state = game.initial_state()
        elif player == CHANCE:
            outcomes = state.chance_outcomes()
            state = state.apply(rng.choices([o for o, _ in outcomes],
                                            [p for _, p in outcomes])[0])
        else:
            if len(state.legal_moves()) > 1:
                positions.append(state)
            state = state.apply(run_search(state, guide).move)
    return positions


def _searching(config: SearchConfig) -> SearchConfig:
    return replace(config, use_book=False)


def time_level(config: SearchConfig, positions: list[State]) -> dict[str, float]:
    """The level's seconds a move over ``positions``: median, 90th percentile, slowest, mean."""
    config = _searching(config)
    times = []
    for state in positions:
        start = time.perf_counter()
        run_search(state, config)
        times.append(time.perf_counter() - start)
    times.sort()
    return {"moves": len(times), "median_s": round(statistics.median(times), 4),
            "p90_s": round(times[min(len(times) - 1, int(0.9 * len(times)))], 4),
            "max_s": round(times[-1], 4), "mean_s": round(statistics.fmean(times), 4)}


def bench(games: set[str] | None, moves: int) -> dict[str, dict[str, dict[str, float]]]:
    figures: dict[str, dict[str, dict[str, float]]] = {}
    for kit in playable_kits():
        if games is not None and kit.id not in games:
            continue
        positions = sample_positions(kit, moves)
        figures[kit.id] = {level.name: time_level(level.config(kit, seed=SEED), positions)
                           for level in game_ai(kit).levels}
    return figures


def format_table(figures: dict[str, dict[str, dict[str, float]]]) -> str:
    lines = [f"{'game':<12} {'level':<14} {'moves':>5} {'median s':>9} {'p90 s':>8} "
             f"{'max s':>8} {'mean s':>8}", "-" * 70]
    for game_id, levels in figures.items():
        for name, row in levels.items():
            lines.append(f"{game_id:<12} {name:<14} {row['moves']:>5} {row['median_s']:>9.4f} "
                         f"{row['p90_s']:>8.4f} {row['max_s']:>8.4f} {row['mean_s']:>8.4f}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    figures = bench(args.games, args.moves)
    print(format_table(figures), flush=True)
    sys.stdout.write(json.dumps({"levels": figures}, allow_nan=False) + "\n")
    return 0
