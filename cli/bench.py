"""``kibitz bench rules|search|all|ui|layout|endgame|solve|ponder|levels|parse|mcts``: speed figures,
a readable table then one JSON line (``ponder``: what pondering saves, cli.bench_ponder;
``mcts``: Monte Carlo tree search's iterations per second, cli.bench_mcts;
``levels``: each level's time a move over a game's decisions, cli.bench_levels; ``parse``:
every text reader's time per KB on its worst text at two sizes, cli.bench_parse).

``endgame`` proves the FFO #40 Othello endgame (20 empties) and two of its successors; it takes
about a minute a run, so it is not part of ``all``. ``solve``: a game's exact solver on the
game itself (Kalah's proofs from the start; Othello's: how far Master's solves reach in its
move; ``--full``: the longest proofs too, minutes).

The JSON line is the last line of output so scripts (and the published benchmark tables) can
take it with ``tail -n 1``. Figures are medians of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import sys
from collections.abc import Mapping

from ai.kit import game_ai
from cli.bench_search import bench as bench_search
from cli.bench_search import format_table as format_search
from cli.common import whole_number
from game.jsontypes import JSONObject
from game.registry import game_ids, playable_kits


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "what", choices=("rules", "search", "all", "ui", "lab", "layout", "endgame", "solve",
                 "ponder", "levels", "parse", "mcts"),
        help="which figures"
    )
    parser.add_argument(
        "--repeat", type=whole_number(1, 1000), default=3, metavar="N", help="runs per figure (median)"
    )
    parser.add_argument(
        "--full", action="store_true",
        help="bench solve: also the longest proofs (whole games: minutes)",
    )
    parser.add_argument(
        "--games",
        type=_game_list,
        default=None,
        metavar="IDS",
        help=f"comma-separated subset of {','.join(game_ids())} (default: all)",
    )
    # a bench's window-side module: only when it runs
    from cli.bench_ui import add_arguments as add_ui_arguments

    add_ui_arguments(parser)  # --worker and --seconds, used by `bench ui`
    from cli.bench_ponder import add_arguments as add_ponder_arguments

    add_ponder_arguments(parser)  # --think and --moves, used by `bench ponder`
    from cli.bench_layout import add_arguments as add_layout_arguments

    add_layout_arguments(parser)  # --screens, used by `bench layout`
    from cli.bench_parse import add_arguments as add_parse_arguments

    add_parse_arguments(parser)  # --kb, used by `bench parse`


def _game_list(text: str) -> set[str]:
    ids = {t.strip() for t in text.split(",") if t.strip()}
    unknown = sorted(ids - set(game_ids()))
    if unknown or not ids:
        raise argparse.ArgumentTypeError(
            f"unknown game(s) {', '.join(unknown) or '(none)'}; choose from {', '.join(game_ids())}"
        )
    return ids


# --------------------------------------------------------------------------- rules


def bench_rules(repeat: int, games: set[str] | None = None) -> dict[str, JSONObject]:
    """game id -> its rules' speed figures (each kit's own, ``SpeedBench.rules``)."""
    out: dict[str, JSONObject] = {}
    for kit in playable_kits():
        rules = game_ai(kit).speed.rules
        if rules is not None and (games is None or kit.id in games):
            out[kit.id] = rules(repeat)
    return out


def format_rules(figures: Mapping[str, JSONObject]) -> str:
    lines = ["rules"]
    for game_id, f in figures.items():
        for key, value in f.items():
            shown = (", ".join(f"{k} {v}" for k, v in value.items()) if isinstance(value, dict)
                     else value)
            lines.append(f"  {game_id:<11} {key:<32} {shown}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- dispatch


def run(args: argparse.Namespace) -> int:
    if args.what == "ui":
        return int(importlib.import_module("cli.bench_ui").run(args) or 0)
    if args.what == "layout":
        return int(importlib.import_module("cli.bench_layout").run(args) or 0)
    if args.what == "lab":
        return int(importlib.import_module("cli.bench_lab").run(args) or 0)
    if args.what == "ponder":
        return int(importlib.import_module("cli.bench_ponder").run(args) or 0)
    if args.what == "levels":
        return int(importlib.import_module("cli.bench_levels").run(args) or 0)
    if args.what == "parse":
        return int(importlib.import_module("cli.bench_parse").run(args) or 0)
    figures: JSONObject = {"repeat": args.repeat}
    if args.what == "endgame":
        for kit in playable_kits():
            speed = game_ai(kit).speed
            if speed.endgame is not None and (args.games is None or kit.id in args.games):
                endgame = figures[f"{kit.id}_endgame"] = speed.endgame(args.repeat)
                table = speed.endgame_table or json.dumps
                print(table(endgame), flush=True)
    if args.what == "solve":
        for kit in playable_kits():
            speed = game_ai(kit).speed
            if speed.solve is not None and (args.games is None or kit.id in args.games):
                solved = figures[f"{kit.id}_solve"] = speed.solve(args.repeat, args.full)
                print((speed.solve_table or json.dumps)(solved), flush=True)
    if args.what in ("rules", "all"):
        rules = bench_rules(args.repeat, args.games)
        figures["rules"] = {game_id: f for game_id, f in rules.items()}
        print(format_rules(rules), flush=True)
    if args.what == "mcts":
        from cli.bench_mcts import bench as bench_mcts
        from cli.bench_mcts import format_table as format_mcts

        mcts = bench_mcts(args.repeat, args.games)
        figures["mcts"] = dict(mcts)
        print(format_mcts(mcts), flush=True)
    if args.what in ("search", "all"):
        search = bench_search(args.repeat, args.games)
        figures["search"] = {name: {label: row for label, row in rows.items()}
                             for name, rows in search.items()}
        print(format_search(search), flush=True)
    sys.stdout.write(json.dumps(figures, allow_nan=False) + "\n")
    return 0
