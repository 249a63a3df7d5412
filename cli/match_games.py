"""The games of a match, as ``match`` and ``tournament`` play them: each game's spec (plain
data a worker process can take), one game played in this process, and a list of games played
wherever ``ai.spread`` runs them (here, spawned processes, a cluster) with their outcomes
tallied in game order.

Its own module so that ``match --ladder --a PROGRAM`` can hand over to ``tournament``'s
placement, which plays its pairings through this module, without the two commands importing
each other.
"""

from __future__ import annotations

import random
import signal
from collections.abc import Mapping
from dataclasses import dataclass, replace

from ai.kit import game_ai
from ai.selfplay import opening_position, play_game
from ai.spread import ClusterError, Spread, TaskFailed, ignore_ctrl_c, in_task_order
from cli.common import level_config, parse_time, plain_decimal
from cli.match_players import config_or_none, forfeit_note, log_path, play_seats
from cli.match_record import MatchRecord
from cli.match_tally import GameOutcome, Tally
from game.core import Move, State
from game.jsontypes import JSONValue
from game.kit import GameKit
from game.progress import Progress
from game.registry import get_kit
from play.outside.protocol import DEFAULT_MOVE_TIME
from play.outside.spec import is_outside

#: A game still running after this many plies is scored as a draw (and counted as unfinished).
MAX_PLIES = 2000


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



def move_time(text: str) -> float:
    """``--move-time``'s value: a program's seconds for each move."""
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


def play_match(specs: list[GameSpec], spread: Spread, bar: Progress | None = None,
               tally: Tally | None = None, kept: MatchRecord | None = None) -> Tally:
    """Play every game where ``spread`` runs them (ai.spread: here, spawned processes or a
    cluster) and tally for A, adding to ``tally`` (the games a record already held) and
    writing each outcome to ``kept``.

    Games finish in any order; each is tallied and written in the order of ``specs`` (a game
    that finishes early waits for those before it), so the record and the figures are the
    same however many processes or machines played them. A stop loses only the finished
    games still waiting (they are played again on resuming)."""
    totals = tally if tally is not None else Tally()

    def show(waiting: int) -> None:
        if bar is not None:
            bar.update(totals.games + waiting,
                       f"A +{totals.wins} ={totals.draws} -{totals.losses}{spread.note()}")

    try:
        for position, outcome in in_task_order(spread.completed(play_one, specs), show):
            if outcome.error is not None:
                raise RuntimeError(f"{game_name(specs[position])} failed: {outcome.error}")
            totals.add(outcome)
            if kept is not None:
                kept.add(outcome)
    except TaskFailed as exc:
        raise ClusterError(f"{game_name(specs[exc.position])} failed on the cluster:"
                           f" {exc.reason}") from None
    return totals


def match_workers() -> None:
    """A match's worker processes: Ctrl+C left to the parent (ai.spread.ignore_ctrl_c), and
    SIGTERM from it (Ctrl+C there) leaves through the finally clauses, which end the programs
    a game started (they lead sessions of their own, out of the signal's reach)."""
    ignore_ctrl_c()
    signal.signal(signal.SIGTERM, _leave)


def _leave(_signum: int, _frame: object) -> None:
    raise SystemExit(1)


def game_name(spec: GameSpec) -> str:
    """A game as an error names it: enough to play it again alone (its pair's seed fixes the
    opening and the dice; A moves first in the even game of the pair)."""
    return f"game {spec.index + 1} (seed {spec.pair_seed})"
