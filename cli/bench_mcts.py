"""``kibitz bench mcts``: Monte Carlo tree search's iterations per second, per game, from each
game's first fixed search position (``SpeedBench.positions``), the median of ``--repeat`` runs.

Each run is a fresh searcher (no tree kept) with uniformly random playouts (the search without
the game's evaluator: what other MCTS programs run by default), and, for a game whose kit
offers guided playouts, a second row with them. A run stops at ITERATIONS or after
TIME_CAP_S, whichever comes first: the rate is iterations over the time taken.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping
from dataclasses import replace

from ai.api import Limits, SearchConfig
from ai.engine import make_searcher
from ai.kit import game_ai
from ai.mcts.searcher import MctsSearcher
from cli.common import load_state
from game.jsontypes import JSONObject
from game.registry import get_kit, playable_kits

ITERATIONS = 2_000
TIME_CAP_S = 3.0


def _run(config: SearchConfig, position: str | None, options: Mapping[str, object]
         ) -> tuple[int, float, str, float]:
    """(iterations, seconds, best move, its mean) of one search."""
    kit = get_kit(config.game_id)
    game, state = load_state(kit, position, options)
    searcher = make_searcher(config)
    assert isinstance(searcher, MctsSearcher)
    searcher.owner = None  # a fresh tree every run: nothing kept from the last
    result = searcher.search(state, config.limits)
    assert result.move is not None
    return (result.stats.nodes, result.stats.time_s, game.format_move(state, result.move),
            result.score)


def bench(repeat: int = 3, games: set[str] | None = None,
          iterations: int = ITERATIONS) -> dict[str, JSONObject]:
    """"<game> <position> <playouts>" -> figures (median iterations per second of
    ``repeat`` runs)."""
    out: dict[str, JSONObject] = {}
    for kit in playable_kits():
        positions = game_ai(kit).speed.positions
        if not positions or (games is not None and kit.id not in games):
            continue
        pos = positions[0]
        base = SearchConfig(kit.id, "mcts", Limits(iterations=iterations, time_s=TIME_CAP_S),
                            seed=1, use_evaluator=False)
        kinds = [("random", base)]
        if game_ai(kit).playout_guide is not None:
            kinds.append(("guided", replace(base, use_evaluator=True)))
        for kind, config in kinds:
            runs = [_run(config, pos.position, dict(pos.options)) for _ in range(repeat)]
            rates = [n / t for n, t, _, _ in runs if t > 0]
            n, t, move, mean = runs[-1]
            out[f"{pos.name} {kind}"] = {
                "game": kit.id, "position": pos.name, "playouts": kind,
                "iterations": n, "time_s": round(t, 4),
                "iterations_per_s": round(statistics.median(rates)) if rates else 0,
                "move": move, "mean": round(mean, 4),
            }
    return out


def format_table(figures: Mapping[str, JSONObject]) -> str:
    head = (f"{'position':<26} {'playouts':<8} {'iterations':>10} {'time s':>8} "
            f"{'iter/s':>8}  best (mean)")
    lines = [head, "-" * len(head)]
    for f in figures.values():
        lines.append(f"{f['position']!s:<26} {f['playouts']!s:<8} {f['iterations']!s:>10} "
                     f"{f['time_s']!s:>8} {f['iterations_per_s']!s:>8}  "
                     f"{f['move']} ({f['mean']})")
    return "\n".join(lines)
