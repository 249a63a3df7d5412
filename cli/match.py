"""``kibitz match``: two AI levels play each other and the score is reported with its uncertainty.

This is how level strengths are measured. Fairness comes from pairing: each pair of games
starts from the same varied opening (a few seeded random moves, random Nim heaps, or the same
dice sequence in backgammon) with the colours swapped, so neither side profits from the
opening or from moving first. Games run in parallel worker processes; everything is derived
from ``--seed``, so a match can be replayed exactly.
"""

from __future__ import annotations

import argparse
import json
import os
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import ParamSpec, TypeVar

from ai.kit import game_ai
from ai.spread import MAX_JOBS, ClusterError, add_cluster_argument, spread_for
from cli.common import (
    RequestError,
    add_game_arguments,
    add_weights_argument,
    argparse_type,
    level_config,
    parse_options,
    parse_seed,
    whole_number,
    with_weights,
)
from cli.ladder import add_ladder_arguments, run_ladder_command
from cli.match_games import game_specs, match_workers, move_time, play_match
from cli.match_players import check_player, logs_folder
from cli.match_record import MatchRecord, RecordError, stored_seed
from cli.match_stakes import stakes_chosen, stakes_switches
from cli.match_tally import GameOutcome, Tally, format_text, summary
from game.jsontypes import JSONValue
from game.progress import ProgressBar
from game.registry import get_kit
from play.outside.protocol import DEFAULT_MOVE_TIME
from play.outside.spec import is_outside

P = ParamSpec("P")
T = TypeVar("T")

#: Upper bound for --games.
MAX_GAMES = 100_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser, position=False)
    parser.add_argument("--a", default=None, metavar="LEVEL",
                        help="level of player A, or a program: file:AGENT.py, cmd:COMMAND, or"
                             " a game's own PREFIX:REST (docs/agents.md)")
    parser.add_argument("--b", default=None, metavar="LEVEL", help="level of player B (the same)")
    parser.add_argument(
        "--move-time", type=argparse_type(move_time), default=DEFAULT_MOVE_TIME,
        metavar="SECONDS", help=f"a program's time for each move (default {DEFAULT_MOVE_TIME:g})",
    )  # fmt: skip
    parser.add_argument(
        "--games", type=whole_number(1, MAX_GAMES), default=10, metavar="N", help="games to play"
    )
    parser.add_argument(
        "--seed", type=argparse_type(parse_seed), default=None,
        help="seed (default: random, printed)",
    )
    parser.add_argument(
        "--jobs",
        type=whole_number(1, MAX_JOBS),
        default=min(2, os.cpu_count() or 1),
        help="worker processes",
    )
    add_cluster_argument(parser, "games")
    parser.add_argument("--json", action="store_true", help="print one JSON line instead of text")
    for switch in stakes_switches():
        parser.add_argument(f"--{switch.name}", action="store_true", help=switch.help)
    parser.add_argument(
        "--record", type=Path, default=None, metavar="FILE",
        help="keep each finished game in FILE; run again, play only the games it lacks",
    )  # fmt: skip
    add_ladder_arguments(parser)
    add_weights_argument(parser, "player A's evaluation")


def _or_request_error(make: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    try:
        return make(*args, **kwargs)
    except RecordError as exc:
        raise RequestError(str(exc)) from None


def run(args: argparse.Namespace) -> int:
    if args.ladder:
        if args.weights is not None or args.record is not None:
            raise RequestError("--weights and --record belong to a match of two levels,"
                               " not --ladder")
        return run_ladder_command(args)
    if args.a is None or args.b is None:
        raise RequestError("give --a and --b (the two levels), or --ladder")
    if args.csv is not None or args.png is not None:
        raise RequestError("--csv and --png belong to --ladder")
    options = parse_options(args.options)
    seed = args.seed
    if seed is None and args.record is not None:
        seed = _or_request_error(stored_seed, args.record)  # resuming: the record's own seed
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    kit = get_kit(args.game)
    for name in (args.a, args.b):  # fail fast, before any process starts
        check_player(kit, name)
    kit.rules().initial_state(**options)  # bad options: one error now, not N later
    switched = stakes_chosen(args, kit)
    programs = is_outside(args.a) or is_outside(args.b)
    if programs and (switched or args.weights is not None):
        raise RequestError("a program (file:, cmd:, ...) plays the game alone: no stakes switches,"
                           " no --weights")
    weights = (None if is_outside(args.a)
               else with_weights(level_config(kit, args.a), args.weights).evaluator_weights)
    logs = str(logs_folder(seed)) if programs else ""
    specs = [replace(spec, weights_a=weights, move_time=args.move_time, log_dir=logs)
             for spec in game_specs(kit, options, args.a, args.b, args.games, seed, switched)]
    stakes = game_ai(kit).stakes
    extra: dict[str, JSONValue] = (
        {sw.name: sw.name in switched for sw in stakes.switches} if stakes else {})
    if weights is not None:
        extra["weights_a"] = args.weights
    if programs:
        extra["move_time"] = args.move_time
    tally, kept = Tally(), None
    if args.record is not None:
        match = {"game": args.game, "a": args.a, "b": args.b, "seed": seed, "games": args.games,
                 "options": options, **extra}
        kept = _or_request_error(MatchRecord, args.record, match)
        for played in kept.played:
            tally.add(GameOutcome(**played))
        done = kept.played_indices()
        specs = [spec for spec in specs if spec.index not in done]
    try:
        # unreachable: one line, no bar; match's workers stop the programs they started
        with spread_for(args.jobs, args.cluster, match_workers) as spread:
            bar = ProgressBar(args.games, "games")
            bar.update(tally.games, "from the record" if tally.games else "")
            try:
                tally = play_match(specs, spread, bar, tally, kept)
            finally:
                bar.close()
    except (RuntimeError, RecordError, ClusterError) as exc:
        raise RequestError(str(exc)) from None
    finally:
        if kept is not None:
            kept.close()
    s = summary(tally, game=args.game, a=args.a, b=args.b, seed=seed, options=options, **extra)
    if programs:
        s["logs"] = logs
    print(json.dumps(s, allow_nan=False) if args.json else format_text(s))
    return 0
