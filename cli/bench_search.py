"""Search speed on fixed positions: what pruning, the transposition table and ordering buy.

Every algorithm runs on the same positions to the same depth, so node counts are directly
comparable (alpha-beta must return minimax's value with far fewer nodes) and nodes/s shows
the cost per node. Times are the median of several runs; node counts are deterministic.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass

from ai.api import Limits, Refinements, SearchConfig
from ai.bench import BenchPosition, Variant
from ai.engine import make_searcher, run_search
from ai.kit import game_ai
from cli.common import load_state
from game.core import State
from game.jsontypes import JSONObject
from game.registry import get_kit, playable_kits


def positions() -> tuple[BenchPosition, ...]:
    """Every game's fixed positions (``SpeedBench.positions``), in the menu's order."""
    return tuple(pos for kit in playable_kits() for pos in game_ai(kit).speed.positions)


@dataclass(frozen=True)
class Run:
    """One timed search, of which ``bench`` reports the median."""

    algorithm: str
    exact: bool
    nodes: int
    depth: int
    complete: bool
    score: float
    time_s: float
    #: Seconds from the start until each depth completed.
    to_depth: dict[int, float]


def measure(pos: BenchPosition, variant: Variant) -> Run:
    """One search to the variant's depth: nodes, time, and the time each depth completed."""
    _, state = load_state(get_kit(pos.game_id), pos.position, dict(pos.options))
    config = SearchConfig(
        game_id=pos.game_id,
        algorithm=variant.algorithm,
        limits=Limits(depth=variant.depth, time_s=variant.time_s),
        refinements=Refinements(tt=variant.use_tt, ordering=variant.use_ordering),
        exact=variant.exact,
        evaluator=variant.evaluator,
    )
    if variant.exact:
        return _measure_run_search(state, config)
    searcher = make_searcher(config)
    to_depth: dict[int, float] = {}
    last = None
    start = time.perf_counter()
    for result in searcher.iterate(state, config.limits, threading.Event()):
        to_depth[result.depth] = time.perf_counter() - start
        last = result
    elapsed = time.perf_counter() - start
    if last is None:
        raise RuntimeError(f"{pos.name} / {variant.label}: the search returned nothing")
    return Run(last.algorithm, last.exact, last.stats.nodes, last.depth, last.complete,
               last.score, elapsed, to_depth)


def _measure_run_search(state: State, config: SearchConfig) -> Run:
    """The full run_search path (exact solvers first), timed the same way as an iteration."""
    to_depth: dict[int, float] = {}
    start = time.perf_counter()
    result = run_search(
        state, config, on_depth=lambda r: to_depth.__setitem__(r.depth, time.perf_counter() - start)
    )
    elapsed = time.perf_counter() - start
    return Run(result.algorithm, result.exact, result.stats.nodes, result.depth,
               result.complete, result.score, elapsed, to_depth)


def bench(repeat: int = 3, games: set[str] | None = None) -> dict[str, dict[str, JSONObject]]:
    """position -> variant -> figures, each the median of ``repeat`` runs."""
    out: dict[str, dict[str, JSONObject]] = {}
    for kit in playable_kits():
        warm = game_ai(kit).speed.warm_search
        if warm is not None and (games is None or kit.id in games):
            warm()
    for pos in positions():
        if games is not None and pos.game_id not in games:
            continue
        rows: dict[str, JSONObject] = {}
        for variant in pos.variants:
            runs = [measure(pos, variant) for _ in range(repeat)]
            t = statistics.median(r.time_s for r in runs)
            nodes = int(statistics.median(r.nodes for r in runs))
            depths = sorted(set[int]().union(*(r.to_depth for r in runs)))
            rows[variant.label] = {
                "algorithm": runs[-1].algorithm,
                "exact": runs[-1].exact,
                "depth": runs[-1].depth,
                "complete": runs[-1].complete,
                "value": round(runs[-1].score, 4),
                "nodes": nodes,
                "time_s": round(t, 4),
                "nodes_per_s": round(nodes / t) if t > 0 else 0,
                "time_to_depth": {
                    str(d): round(statistics.median(r.to_depth.get(d, t) for r in runs), 4)
                    for d in depths
                },
            }
        out[pos.name] = rows
    return out


def format_table(figures: Mapping[str, Mapping[str, JSONObject]]) -> str:
    head = f"{'position':<26} {'search':<40} {'depth':>5} {'value':>8} {'nodes':>10} {'time s':>8} {'nodes/s':>9}  time to depth (s)"
    lines = [head, "-" * len(head)]
    for pos_name, rows in figures.items():
        for label, f in rows.items():
            to_depth = f["time_to_depth"]
            ttd = (" ".join(f"{d}:{t:.3g}" for d, t in to_depth.items())
                   if isinstance(to_depth, dict) else "")
            lines.append(
                f"{pos_name:<26} {label:<40} {f['depth']:>5} {f['value']:>8.4g} {f['nodes']:>10} "
                f"{f['time_s']:>8.3f} {f['nodes_per_s']:>9}  {ttd}"
            )
    return "\n".join(lines)
