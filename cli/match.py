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
import multiprocessing
import os
import random
import signal
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ParamSpec, TypeVar

from ai.kit import game_ai
from ai.selfplay import opening_position, play_game
from cli.common import (
    RequestError,
    add_game_arguments,
    add_weights_argument,
    argparse_type,
    level_config,
    parse_options,
    parse_seed,
    parse_time,
    plain_decimal,
    whole_number,
    with_weights,
)
from cli.ladder import add_ladder_arguments, run_ladder_command
from cli.match_players import (
    check_player,
    config_or_none,
    forfeit_note,
    log_path,
    logs_folder,
    play_seats,
)
from cli.match_record import MatchRecord, RecordError, stored_seed
from cli.match_stakes import stakes_chosen, stakes_switches
from cli.match_tally import GameOutcome, Tally, format_text, summary
from game.core import Move, State
from game.jsontypes import JSONValue
from game.kit import GameKit
from game.progress import Progress, ProgressBar
from game.registry import get_kit
from play.outside.protocol import DEFAULT_MOVE_TIME
from play.outside.spec import is_outside

P = ParamSpec("P")
T = TypeVar("T")

#: A game still running after this many plies is scored as a draw (and counted as unfinished).
MAX_PLIES = 2000
#: Upper bounds for --games and --jobs.
MAX_GAMES = 100_000
MAX_JOBS = 64


@dataclass(frozen=True)
class GameSpec:
    """Everything one worker process needs to play one game (picklable plain data)."""

    index: int
    game_id: str
    options: dict[str, JSONValue]
    level_a: str
    level_b: str
    #: Seed shared by both games of a pair: opening, heaps, dice.
    pair_seed: int
    #: True when A plays player 0 (moves first).
    a_first: bool
    #: The stakes switches on (ai.kit.StakesSwitch names: "cube", "jacoby"); none: the game
    #: alone, without its stakes.
    stakes: tuple[str, ...] = ()
    #: A's evaluation with its features weighted (``--weights``); None: as shipped.
    weights_a: tuple[float, ...] | None = None
    #: Seconds a program (``file:``, ``cmd:`` or a game's own player) has for each move, and where its
    #: standard error is logged.
    move_time: float = DEFAULT_MOVE_TIME
    log_dir: str = ""

    @property
    def a_seed(self) -> int:
        """A's search seed (B's is the next number): distinct for each game of every pair."""
        return self.pair_seed * 4 + (0 if self.a_first else 2)


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
    parser.add_argument("--json", action="store_true", help="print one JSON line instead of text")
    for switch in stakes_switches():
        parser.add_argument(f"--{switch.name}", action="store_true", help=switch.help)
    parser.add_argument(
        "--record", type=Path, default=None, metavar="FILE",
        help="keep each finished game in FILE; run again, play only the games it lacks",
    )  # fmt: skip
    add_ladder_arguments(parser)
    add_weights_argument(parser, "player A's evaluation")


def move_time(text: str) -> float:
    return parse_time(plain_decimal(text, "--move-time"))


# --------------------------------------------------------------------------- one game


def game_specs(
    kit: GameKit,
    options: Mapping[str, JSONValue],
    level_a: str,
    level_b: str,
    games: int,
    seed: int,
    stakes: tuple[str, ...] = (),
) -> list[GameSpec]:
    """Games 2k and 2k+1 share an opening; A moves first in the even one."""
    master = random.Random(seed)
    pair_seeds = [master.getrandbits(48) for _ in range((games + 1) // 2)]
    return [
        GameSpec(
            i, kit.id, dict(options), level_a, level_b, pair_seeds[i // 2], i % 2 == 0,
            stakes,
        )  # fmt: skip
        for i in range(games)
    ]


def start_position(spec: GameSpec, kit: GameKit) -> tuple[State, list[Move], random.Random]:
    """The pair's opening position (in ``kit``'s game), its moves, and the dice's RNG."""
    rng = random.Random(spec.pair_seed)
    state, opening = opening_position(kit, spec.options, rng)
    return state, opening, rng


def play_one(spec: GameSpec) -> GameOutcome:
    """Play one game in this process; errors come back as data so one bad game is reported."""
    try:
        kit = get_kit(spec.game_id)  # the spec crossed into this worker process as data
        state, opening, rng = start_position(spec, kit)
        if is_outside(spec.level_a) or is_outside(spec.level_b):
            return _play_programs(spec, kit, state, len(opening), rng)
        config_a = replace(level_config(kit, spec.level_a, seed=spec.a_seed),
                           evaluator_weights=spec.weights_a)
        config_b = level_config(kit, spec.level_b, seed=spec.a_seed + 1)
        configs = (config_a, config_b) if spec.a_first else (config_b, config_a)
        stakes = game_ai(kit).stakes
        if spec.stakes and stakes is not None:
            staked = stakes.play_game(state, configs, rng, spec.stakes, MAX_PLIES)
            return GameOutcome.of_game(spec, staked.returns, len(opening) + staked.plies,
                                       staked.finished)
        record = play_game(state, configs, rng, max_plies=MAX_PLIES)
        return GameOutcome.of_game(spec, record.returns, len(opening) + len(record.moves),
                                   record.finished, record.thinking, record.asked)
    except Exception as exc:  # reported by the parent as a one-line error
        return GameOutcome.failed(spec, exc)


def _play_programs(spec: GameSpec, kit: GameKit, state: State, opening: int,
                   rng: random.Random) -> GameOutcome:
    """A game with a program in a seat (no stakes, no weights: a match refuses them)."""
    names = (spec.level_a, spec.level_b)
    configs = (config_or_none(kit, spec.level_a, spec.a_seed),
               config_or_none(kit, spec.level_b, spec.a_seed + 1))
    logs = (log_path(spec.log_dir, spec.index, "A"), log_path(spec.log_dir, spec.index, "B"))
    if not spec.a_first:
        names, configs, logs = names[::-1], configs[::-1], logs[::-1]
    record = play_seats(kit, state, names, configs, spec.move_time, logs, rng, MAX_PLIES)
    return GameOutcome.of_game(spec, record.returns, opening + len(record.moves),
                               record.finished, record.thinking, record.asked,
                               forfeit_note(record, opening))


# --------------------------------------------------------------------------- running


def _ignore_sigint() -> None:
    """Pool workers leave Ctrl+C to the parent, which stops them all; otherwise every worker
    prints its own KeyboardInterrupt traceback (the terminal signals the whole group)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # Stopped by the parent (Ctrl+C): leave through the finally clauses, which end the
    # programs a game started (they lead sessions of their own, out of the signal's reach).
    signal.signal(signal.SIGTERM, _leave)


def _leave(_signum: int, _frame: object) -> None:
    raise SystemExit(1)


def play_match(specs: list[GameSpec], jobs: int, bar: Progress | None = None,
               tally: Tally | None = None, kept: MatchRecord | None = None) -> Tally:
    """Play every game (in ``jobs`` spawned processes when more than one) and tally for A,
    adding to ``tally`` (the games a record already held) and writing each outcome to
    ``kept`` as it comes."""
    tally = tally if tally is not None else Tally()

    def record(outcome: GameOutcome) -> None:
        if outcome.error is not None:
            raise RuntimeError(f"game {outcome.index + 1} failed: {outcome.error}")
        tally.add(outcome)
        if kept is not None:
            kept.add(outcome)
        if bar is not None:
            bar.update(tally.games, f"A +{tally.wins} ={tally.draws} -{tally.losses}")

    if jobs <= 1 or len(specs) <= 1:
        for spec in specs:
            record(play_one(spec))
    else:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(min(jobs, len(specs)), initializer=_ignore_sigint) as pool:
            for outcome in pool.imap_unordered(play_one, specs):
                record(outcome)
            # Every game played: the workers leave by themselves, so that the pool's exit
            # sends no SIGTERM to a worker already leaving (whose _leave would then print a
            # traceback from threading's shutdown).
            pool.close()
            pool.join()
    return tally


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
    bar = ProgressBar(args.games, "games")
    bar.update(tally.games, "from the record" if tally.games else "")
    try:
        tally = play_match(specs, args.jobs, bar, tally, kept)
    except (RuntimeError, RecordError) as exc:
        raise RequestError(str(exc)) from None
    finally:
        bar.close()
        if kept is not None:
            kept.close()
    s = summary(tally, game=args.game, a=args.a, b=args.b, seed=seed, options=options, **extra)
    if programs:
        s["logs"] = logs
    print(json.dumps(s, allow_nan=False) if args.json else format_text(s))
    return 0
