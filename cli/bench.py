"""``kibitz bench rules|search|all|ui|endgame``: speed figures, a readable table then one JSON line.

``endgame`` proves the FFO #40 Othello endgame (20 empties) and two of its successors; it takes
about a minute a run, so it is not part of ``all``.

The JSON line is the last line of output so scripts (and the published benchmark tables) can
take it with ``tail -n 1``. Figures are medians of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from cli.common import whole_number
from game.core import TERMINAL, State
from game.registry import game_ids

#: Nim positions solved exactly by the rules-only solver: (label, options).
NIM_SOLVES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("nim 1,3,5,7,9", {"heaps": (1, 3, 5, 7, 9), "max_take": None}),
    ("nim 3,5,7,9 misere", {"heaps": (3, 5, 7, 9), "max_take": None, "misere": True}),
    ("nim 5,8,13 take 1-3", {"heaps": (5, 8, 13), "max_take": 3}),
    ("grundy 18", {"heaps": (18,), "variant": "grundy", "max_take": None}),
)
#: Expected tic-tac-toe game-tree size (root included): a check that the walk is complete.
TICTACTOE_TREE_NODES = 549946


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "what", choices=("rules", "search", "all", "ui", "lab", "endgame"), help="which figures"
    )
    parser.add_argument(
        "--repeat", type=whole_number(1, 1000), default=3, metavar="N", help="runs per figure (median)"
    )
    parser.add_argument(
        "--games",
        type=_game_list,
        default=None,
        metavar="IDS",
        help=f"comma-separated subset of {','.join(game_ids())} (default: all)",
    )
    from cli.bench_ui import add_arguments as add_ui_arguments

    add_ui_arguments(parser)  # --worker and --seconds, used by `bench ui`


def _game_list(text: str) -> set[str]:
    ids = {t.strip() for t in text.split(",") if t.strip()}
    unknown = sorted(ids - set(game_ids()))
    if unknown or not ids:
        raise argparse.ArgumentTypeError(
            f"unknown game(s) {', '.join(unknown) or '(none)'}; choose from {', '.join(game_ids())}"
        )
    return ids


# --------------------------------------------------------------------------- rules


def tree_size(state: State) -> int:
    """Every node of the full game tree, root included (decision games only)."""
    if state.current_player() == TERMINAL:
        return 1
    return 1 + sum(tree_size(state.apply(m)) for m in state.legal_moves())


def solve(state: State, memo: dict[Any, tuple[float, float]]) -> tuple[float, float]:
    """Perfect-play returns of a deterministic game, memoised on ``key()``: rules-only work."""
    key = state.key()
    hit = memo.get(key)
    if hit is not None:
        return hit
    player = state.current_player()
    if player == TERMINAL:
        value = state.returns()
    else:
        value = max(
            (solve(state.apply(m), memo) for m in state.legal_moves()), key=lambda r: r[player]
        )
    memo[key] = value
    return value


def _timed(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    times, out = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), out


def bench_rules(repeat: int, games: set[str] | None = None) -> dict[str, dict[str, Any]]:
    from game.registry import get_game

    out: dict[str, dict[str, Any]] = {}
    wanted = set(game_ids()) if games is None else games
    if "tictactoe" in wanted:
        start = get_game("tictactoe").initial_state()
        t, nodes = _timed(lambda: tree_size(start), repeat)
        if nodes != TICTACTOE_TREE_NODES:
            raise ValueError(f"tic-tac-toe tree has {nodes} nodes, expected {TICTACTOE_TREE_NODES}")
        out["tictactoe"] = {
            "full_tree_nodes": nodes,
            "full_tree_s": round(t, 4),
            "nodes_per_s": round(nodes / t),
        }
    if "othello" in wanted:
        from games.othello.ai.bench_rules import bench as othello_bench

        out["othello"] = othello_bench(full=True, repeat=repeat)  # perft 1..9
    if "nim" in wanted:
        nim = get_game("nim")
        solves: dict[str, Any] = {}
        for label, options in NIM_SOLVES:
            state = nim.initial_state(**options)
            memo: dict[Any, tuple[float, float]] = {}
            t, value = _timed(lambda s=state, m=memo: (m.clear(), solve(s, m))[1], repeat)
            solves[label] = {
                "positions": len(memo),
                "solve_s": round(t, 4),
                "first_player_wins": value[0] > value[1],
            }
        out["nim"] = solves
    if "backgammon" in wanted:
        from games.backgammon.ai.bench_rules import bench as backgammon_bench

        runs = [backgammon_bench() for _ in range(repeat)]
        out["backgammon"] = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
    return out


def format_rules(figures: dict[str, dict[str, Any]]) -> str:
    lines = ["rules"]
    for game_id, f in figures.items():
        for key, value in f.items():
            if isinstance(value, dict):
                value = ", ".join(f"{k} {v}" for k, v in value.items())
            lines.append(f"  {game_id:<11} {key:<32} {value}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- dispatch


def run(args: argparse.Namespace) -> int:
    if args.what == "ui":
        return int(importlib.import_module("cli.bench_ui").run(args) or 0)
    if args.what == "lab":
        return int(importlib.import_module("cli.bench_lab").run(args) or 0)
    figures: dict[str, Any] = {"repeat": args.repeat}
    if args.what == "endgame":
        from games.othello.ai.bench_endgame import bench as endgame_bench
        from games.othello.ai.bench_endgame import format_table as endgame_table

        figures["othello_endgame"] = endgame_bench(args.repeat)
        print(endgame_table(figures["othello_endgame"]), flush=True)
    if args.what in ("rules", "all"):
        figures["rules"] = bench_rules(args.repeat, args.games)
        print(format_rules(figures["rules"]), flush=True)
    if args.what in ("search", "all"):
        from cli.bench_search import bench, format_table

        figures["search"] = bench(args.repeat, args.games)
        print(format_table(figures["search"]), flush=True)
    sys.stdout.write(json.dumps(figures, allow_nan=False) + "\n")
    return 0
