"""Search speed on fixed positions: what pruning, the transposition table and ordering buy.

Every algorithm runs on the same positions to the same depth, so node counts are directly
comparable (alpha-beta must return minimax's value with far fewer nodes) and nodes/s shows
the cost per node. Times are the median of several runs; node counts are deterministic.
"""

from __future__ import annotations

import statistics
import threading
import time
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Variant:
    label: str
    algorithm: str
    depth: int
    use_tt: bool = True
    use_ordering: bool = True
    #: Let run_search's exact solvers answer; off elsewhere so the named algorithm is measured.
    exact: bool = False
    #: A time budget only where it changes what runs (the exact solver's reach grows with it).
    time_s: float | None = None
    #: Evaluator variant (SearchConfig.evaluator), e.g. "net": the backgammon network.
    evaluator: str | None = None


@dataclass(frozen=True)
class BenchPosition:
    name: str
    game_id: str
    #: Notation; None for the initial position.
    position: str | None
    options: tuple[tuple[str, Any], ...]
    variants: tuple[Variant, ...]


def _deterministic(depth: int, minimax_depth: int | None = None) -> tuple[Variant, ...]:
    """Minimax and the alpha-beta switches at one depth (minimax shallower where it would crawl)."""
    mm = depth if minimax_depth is None else minimax_depth
    out = [Variant(f"minimax d{mm}", "minimax", mm, use_tt=False, use_ordering=False)]
    if mm != depth:  # the same depth as minimax, for a like-for-like node count
        out.append(Variant(f"alphabeta d{mm}", "alphabeta", mm))
    out += [
        Variant(f"alphabeta d{depth}", "alphabeta", depth),
        Variant(f"alphabeta d{depth} no-tt", "alphabeta", depth, use_tt=False),
        Variant(f"alphabeta d{depth} no-ordering", "alphabeta", depth, use_ordering=False),
        Variant(f"alphabeta d{depth} bare", "alphabeta", depth, use_tt=False, use_ordering=False),
    ]
    return tuple(out)


#: Expectiminimax depth counts chance layers too (ai/expectiminimax.py): depth 3 = my move, the
#: opponent's rolls, their reply ("one chance layer", 1-ply in backgammon programs); depth 5 adds
#: my next rolls and my reply ("two chance layers").
EXPECTI_DEPTHS = {"1 chance layer": 3, "2 chance layers": 5}


#: The network's searches: Advanced (d1), Master (d3) and the custom depth 5.
NET_DEPTHS = {"0-ply": 1, **EXPECTI_DEPTHS}


def _chance() -> tuple[Variant, ...]:
    """Hand-made evaluator, then the network (Advanced at depth 1, Master at depth 3, and two
    chance layers as a custom depth)."""
    hand = tuple(
        Variant(f"expectiminimax {label} (d{d})", "expectiminimax", d)
        for label, d in EXPECTI_DEPTHS.items()
    )
    net = tuple(
        Variant(f"expectiminimax net {label} (d{d})", "expectiminimax", d, evaluator="net")
        for label, d in NET_DEPTHS.items()
    )
    return hand + net


#: Fixed positions. The Othello middle games come from seeded random play (44, 34 and 24
#: empties); the 14-empty endgame compares a heuristic search with the exact solver. The
#: backgammon middle game also comes from seeded random play.
POSITIONS: tuple[BenchPosition, ...] = (
    BenchPosition("tictactoe empty", "tictactoe", None, (), _deterministic(9)),
    BenchPosition("nim 2,3,4", "nim", "2,3,4 1", (("max_take", None),), _deterministic(9)),
    BenchPosition("othello start", "othello", None, (), _deterministic(8, 6)),
    BenchPosition(
        "othello mid 44 empty",
        "othello",
        "-O--------OO-------OO-----XOO----XXOO----XOX----OX-XXX---------- X",
        (),
        _deterministic(7, 5),
    ),
    BenchPosition(
        "othello mid 34 empty",
        "othello",
        "-------X------X--XXXXX--X-XXXX--OXXXXO---OXOOX---XXXO---X--X-O-- X",
        (),
        _deterministic(7, 5),
    ),
    BenchPosition(
        "othello mid 24 empty",
        "othello",
        "-XXXXX----XOOX--XXOOOOOO-OOOOOO-OOOXOO--XOX-OX-----XXOX-------OX X",
        (),
        _deterministic(7, 5),
    ),
    BenchPosition(
        "othello endgame 14 empty",
        "othello",
        "-XXX----XXXXXXXX--OXXOXXOOOXXXOXOOOXXOOOOOOOOOO--OOOOOO---O-X-XO X",
        (),
        (
            Variant("alphabeta d8", "alphabeta", 8),
            Variant("exact endgame solver", "alphabeta", 20, exact=True, time_s=10.0),
        ),
    ),
    BenchPosition("backgammon opening 31", "backgammon", "4HPwATDgc/ABMA 31", (), _chance()),
    BenchPosition("backgammon middle", "backgammon", "Zj3BABPg03ADMA 53", (), _chance()),
)


def measure(pos: BenchPosition, variant: Variant) -> dict[str, Any]:
    """One search to the variant's depth: nodes, time, and the time each depth completed."""
    from ai.api import Limits, SearchConfig
    from ai.engine import make_searcher
    from cli.common import load_state

    _, state = load_state(pos.game_id, pos.position, dict(pos.options))
    config = SearchConfig(
        game_id=pos.game_id,
        algorithm=variant.algorithm,
        limits=Limits(depth=variant.depth, time_s=variant.time_s),
        use_tt=variant.use_tt,
        use_ordering=variant.use_ordering,
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
    return {
        "algorithm": last.algorithm,
        "exact": last.exact,
        "nodes": last.stats.nodes,
        "depth": last.depth,
        "complete": last.complete,
        "score": last.score,
        "time_s": elapsed,
        "to_depth": to_depth,
    }


def _measure_run_search(state: Any, config: Any) -> dict[str, Any]:
    """The full run_search path (exact solvers first), timed the same way as an iteration."""
    from ai.engine import run_search

    to_depth: dict[int, float] = {}
    start = time.perf_counter()
    result = run_search(
        state, config, on_depth=lambda r: to_depth.__setitem__(r.depth, time.perf_counter() - start)
    )
    elapsed = time.perf_counter() - start
    return {
        "algorithm": result.algorithm,
        "exact": result.exact,
        "nodes": result.stats.nodes,
        "depth": result.depth,
        "complete": result.complete,
        "score": result.score,
        "time_s": elapsed,
        "to_depth": to_depth,
    }


def bench(repeat: int = 3, games: set[str] | None = None) -> dict[str, dict[str, dict[str, Any]]]:
    """position -> variant -> figures, each the median of ``repeat`` runs."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for pos in POSITIONS:
        if games is not None and pos.game_id not in games:
            continue
        rows: dict[str, dict[str, Any]] = {}
        for variant in pos.variants:
            runs = [measure(pos, variant) for _ in range(repeat)]
            t = statistics.median(r["time_s"] for r in runs)
            nodes = int(statistics.median(r["nodes"] for r in runs))
            depths = sorted(set().union(*(r["to_depth"] for r in runs)))
            rows[variant.label] = {
                "algorithm": runs[-1]["algorithm"],
                "exact": runs[-1]["exact"],
                "depth": runs[-1]["depth"],
                "complete": runs[-1]["complete"],
                "value": round(runs[-1]["score"], 4),
                "nodes": nodes,
                "time_s": round(t, 4),
                "nodes_per_s": round(nodes / t) if t > 0 else 0,
                "time_to_depth": {
                    str(d): round(statistics.median(r["to_depth"].get(d, t) for r in runs), 4)
                    for d in depths
                },
            }
        out[pos.name] = rows
    return out


def format_table(figures: dict[str, dict[str, dict[str, Any]]]) -> str:
    head = f"{'position':<26} {'search':<40} {'depth':>5} {'value':>8} {'nodes':>10} {'time s':>8} {'nodes/s':>9}  time to depth (s)"
    lines = [head, "-" * len(head)]
    for pos_name, rows in figures.items():
        for label, f in rows.items():
            ttd = " ".join(f"{d}:{t:.3g}" for d, t in f["time_to_depth"].items())
            lines.append(
                f"{pos_name:<26} {label:<40} {f['depth']:>5} {f['value']:>8.4g} {f['nodes']:>10} "
                f"{f['time_s']:>8.3f} {f['nodes_per_s']:>9}  {ttd}"
            )
    return "\n".join(lines)
