"""``kibitz analyze``: search one position and print everything the search learned as one JSON object.

Meant for scripts and for checking the AI by hand: the same numbers the UI's thinking panel
shows (best move, value, principal variation, each root move's value, node counts), but
machine-readable.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Protocol

from ai.api import SearchConfig
from ai.kit import game_ai
from ai.spread import MAX_JOBS, ClusterError, Spread, add_cluster_argument, spread_for
from cli.answers import (
    figure,
    json_number,
    noise_fields,
    position_fields,
    probability_fields,
    root_value_fields,
    search_with_report,
    value_fields,
)
from cli.common import (
    RequestError,
    add_game_arguments,
    add_search_arguments,
    argparse_type,
    config_from_args,
    load_state,
    require_decision,
    whole_number,
)
from game.core import format_line
from game.jsontypes import JSONObject
from game.kit import GameKit
from game.progress import ProgressBar
from game.registry import get_kit


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    add_search_arguments(parser)
    parser.add_argument(
        "--all-values", action="store_true",
        help="value every root move exactly (a full window each), as a game review does; "
        "otherwise alpha-beta may only prove a move no better than the best")
    parser.add_argument(
        "--rollout", type=argparse_type(whole_number(1, 1_000_000)), default=None,
        metavar="TRIALS",
        help="games of dice: roll out the best candidate moves this many times each")
    parser.add_argument(
        "--truncate", type=argparse_type(whole_number(1, 1000)), default=None,
        metavar="PLIES", help="end each rollout trial after this many plies (network scores)")
    parser.add_argument(
        "--candidates", type=argparse_type(whole_number(1, 100)), default=4, metavar="K",
        help="how many of the search's best moves to roll out (default 4)")
    parser.add_argument(
        "--jobs", type=argparse_type(whole_number(1, MAX_JOBS)), default=1,
        help="processes playing the rollout's trials on this machine (default 1)")
    add_cluster_argument(parser, "rollout's trials")


def analyze(
    kit: GameKit,
    position: str | None,
    options: Mapping[str, object],
    config: SearchConfig,
    level: str | None = None,
) -> JSONObject:
    """The analysis as a JSON-ready dict (also used by tests and by the engine's callers)."""
    game, state = load_state(kit, position, options)
    require_decision(game, state)
    result, extra = search_with_report(kit, state, config)
    if result.move is None:
        raise ValueError("the search returned no move (time limit too short?)")
    stats = result.stats
    return {
        "game": kit.id,
        **position_fields(kit, state),
        "options": game.options(state),
        "requested_algorithm": config.algorithm,
        "exact_solving": config.exact,
        "limits": {"depth": config.limits.depth, "time": config.limits.time_s,
                   "iterations": config.limits.iterations},
        "use_tt": config.refinements.tt,
        "use_ordering": config.refinements.ordering,
        "use_quiescence": config.refinements.quiescence,
        "best_move": game.format_move(state, result.move),
        **value_fields(kit, state, result),
        "depth": result.depth,
        "complete": result.complete,
        "pv": [*format_line(game, state, result.pv)],
        **root_value_fields(kit, state, result),
        **probability_fields(kit, state, config),
        **noise_fields(kit, level, config),
        "stats": {
            "nodes": stats.nodes,
            "nodes_per_depth": list(stats.nodes_per_depth),
            "leaves": stats.leaves,
            "cutoffs": stats.cutoffs,
            "tt_probes": stats.tt_probes,
            "tt_hits": stats.tt_hits,
            "quiescence_nodes": stats.quiescence_nodes,
            "time": json_number(stats.time_s),
            "nodes_per_s": json_number(round(stats.nodes_per_s, 1)),
        },
        **extra,
    }


def rollout_fields(kit: GameKit, position: str | None, options: Mapping[str, object],
                   report: JSONObject, trials: int, truncate: int | None,
                   candidates: int, seed: int, spread: Spread | None = None) -> JSONObject:
    """Rollouts of the search's ``candidates`` best moves: each move's equity with its
    standard error, the trials, and the difference from the best with its own error; their
    trials played where ``spread`` runs them (None: here), the same figures either way."""
    roll = game_ai(kit).rollout
    if roll is None:
        raise ValueError(f"rollouts are for games of dice; {kit.id} is searched to its end")
    game, state = load_state(kit, position, options)
    values = report["root_values"]
    if not isinstance(values, dict):
        raise TypeError("the analysis holds no root values")
    ranked = sorted(values, key=lambda name: -figure(values, name))[:candidates]
    moves = [game.parse_move(state, name) for name in ranked]
    answer = roll(state, moves, trials, seed, truncate, None, _progress_bar(trials),
                  spread=spread)
    return answer.as_dict(lambda m: game.format_move(state, m))


class _Trials(Protocol):
    """A rollout's table as its progress reports it (the game's own class)."""

    @property
    def trials(self) -> int: ...


def _progress_bar(trials: int) -> Callable[[_Trials], None]:
    """A bar on stderr while the trials run (stdout keeps the one JSON object)."""
    bar = ProgressBar(trials, "trials")

    def report(table: _Trials) -> None:
        bar.update(table.trials)
        if table.trials >= trials:
            bar.close()

    return report


def run(args: argparse.Namespace) -> int:
    kit = get_kit(args.game)
    config = config_from_args(args, kit)
    if args.all_values:
        config = replace(config, exact_root_values=True)
    report = analyze(kit, args.position, args.options, config, args.level)
    if args.rollout is not None:
        report["rollout"] = _rollout(kit, args, report)
    elif args.truncate is not None or args.jobs != 1 or args.cluster is not None:
        raise ValueError("--truncate, --jobs and --cluster are for rollouts: give --rollout"
                         " TRIALS too")
    print(json.dumps(report, allow_nan=False))
    return 0


def _rollout(kit: GameKit, args: argparse.Namespace, report: JSONObject) -> JSONObject:
    """``--rollout``, here (``--jobs 1``, the trials one after another), on ``--jobs``
    processes or on ``--cluster``."""
    def fields(spread: Spread | None) -> JSONObject:
        return rollout_fields(kit, args.position, args.options, report, args.rollout,
                              args.truncate, args.candidates, args.seed or 0, spread)

    if args.jobs == 1 and args.cluster is None:
        return fields(None)
    try:
        with spread_for(args.jobs, args.cluster) as spread:
            return fields(spread)
    except ClusterError as exc:  # unreachable, or a block failed on every worker it met
        raise RequestError(str(exc)) from None
