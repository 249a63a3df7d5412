"""What ``analyze`` and the engine add for a Monte Carlo tree search: per root move its visits,
mean and UCB1 terms, the principal line by visits, iterations and playouts per second."""

from __future__ import annotations

from collections.abc import Callable

from ai.api import Stats
from ai.mcts.snapshot import NodeSnapshot
from ai.mcts.units import mean_label
from ai.profiles import Profile
from game.core import Move
from game.jsontypes import JSONObject, JSONValue


def tree_report(tree: NodeSnapshot, profile: Profile, c: float, stats: Stats,
                line: list[str], name: Callable[[Move], str]) -> JSONObject:
    """The report of a search whose tree (to one level) is ``tree``; ``line``: the principal
    line by visits in notation; ``name``: a root move in notation."""
    moves: list[JSONValue] = []
    for child in sorted(tree.children, key=lambda ch: (-ch.n, -ch.mean)):  # the move played first
        moves.append({
            "move": name(child.move),
            "visits": child.n,
            "mean": round(child.mean, 6),
            "mean_text": mean_label(profile, child.mean).long,
            "exploitation": round(child.exploitation or 0.0, 6),
            "exploration": round(child.exploration or 0.0, 6),
            "ucb": round(child.ucb or 0.0, 6),
        })
    return {
        "iterations": stats.nodes,
        "root_visits": tree.n,
        "iterations_per_s": round(stats.nodes_per_s, 1),
        "playouts": stats.playouts,
        "playouts_per_s": round(stats.playouts_per_s, 1),
        "exploration_c": round(c, 6),
        "moves": moves,
        "principal_line_by_visits": list(line),
    }
