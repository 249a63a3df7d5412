"""Tic-tac-toe's figures for ``main.py bench``: the whole game tree walked, and searched."""

from __future__ import annotations

from ai.bench import BenchPosition, SpeedBench, deterministic, median_time, tree_size
from game.jsontypes import JSONObject
from games.tictactoe.rules import GAME

#: The game tree's size, root included: a check that the walk is complete.
TREE_NODES = 549946


def rules(repeat: int) -> JSONObject:
    start = GAME.initial_state()
    t, nodes = median_time(lambda: tree_size(start), repeat)
    if nodes != TREE_NODES:
        raise ValueError(f"tic-tac-toe tree has {nodes} nodes, expected {TREE_NODES}")
    return {"full_tree_nodes": nodes, "full_tree_s": round(t, 4), "nodes_per_s": round(nodes / t)}


SPEED = SpeedBench(
    lab_tree_depth=6,
    rules=rules,
    positions=(BenchPosition("tictactoe empty", "tictactoe", None, (), deterministic(9)),),
)
