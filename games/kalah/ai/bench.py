"""Kalah's figures for ``main.py bench``: perft from the start, and searches."""

from __future__ import annotations

from ai.bench import BenchPosition, SpeedBench, deterministic, median_time
from game.jsontypes import JSONObject
from games.kalah.ai import bench_solve
from games.kalah.rules import GAME, perft

#: Leaf count of Kalah(6,4) five plies deep (an extra turn is a ply): checks the walk.
PERFT_DEPTH = 5


def rules(repeat: int) -> JSONObject:
    start = GAME.initial_state()
    t, leaves = median_time(lambda: perft(start, PERFT_DEPTH), repeat)
    return {"perft_depth": PERFT_DEPTH, "perft_leaves": leaves, "perft_s": round(t, 4),
            "leaves_per_s": round(leaves / t)}


SPEED = SpeedBench(
    lab_tree_depth=4,
    rules=rules,
    positions=(BenchPosition("kalah start", "kalah", None, (), deterministic(6, 5)),),
    solve=bench_solve.bench,
    solve_table=bench_solve.table,
)
