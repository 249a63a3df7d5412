"""Rollouts: each candidate move's equity estimated by playing the game out many times.

What backgammon players trust most when two moves are close: after each candidate move the
game is played to its end (or, truncated, for a number of plies and then scored by the
network) by the network's own 0-ply choices, with dice the trial draws; the average result is
the move's equity, the spread of the results its standard error. The search is a judgement of
the next roll or two; a rollout is the whole game, so it answers questions no shallow search
can (timing, the gammons a prime wins much later).

Variance reduction, the two standard kinds that cost nothing:

- **Common dice.** Trial ``i`` throws the same dice sequence after every candidate move, so
  the luck that a trial brings falls on every candidate alike and the *differences* between
  candidates (what a player decides by) are far more precise than each equity alone: each line
  carries the standard error of its difference from the best move, from the paired results.
- **Rotated first rolls.** The first two rolls after the move are not drawn but rotated: trial
  ``i`` starts with roll ``i mod 36`` and then roll ``(i + i div 36) mod 36`` of the 36
  ordered rolls, so every 36 trials see each first roll once and each second roll once, and
  1,296 trials every pair of them once: the luck of the first rolls, the largest, is
  stratified away. (Rotating the second roll by ``i div 36`` alone would be a biased
  sample short of 1,296 trials: 360 trials would give it only ten different rolls.)

**Spread** (``spread``: ``analyze --rollout --jobs/--cluster``, the book builder): the trials
are independent, so they are cut into blocks of whole turns of the 36 rotated rolls, every
candidate in each, and each block is a task (ai.spread) that carries the network
(games.backgammon.ai.carried_net) and plays its trials as the loop here would. The blocks'
results are folded in trial order as they arrive, so the table is the one this process alone
gives, to the last bit; a cancelled spread rollout keeps a whole prefix of the trials.

Luck-adjusted ("variance reduced") rollouts as GNU Backgammon does them, which subtract each
roll's luck measured by a search, are not done here: they cost a search per ply.

The walk uses the move generator's plain lists and scores every candidate position of a roll
in one network batch, as the batched searcher does (numpy: imported with this module, which
only the process that rolls out loads).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np

from ai.api import Cancel
from ai.spread import ClusterError, Spread, TaskFailed, in_task_order
from game.core import Move
from game.jsontypes import JSONObject
from games.backgammon.ai.carried_net import CarriedNet, carried, rebuilt
from games.backgammon.ai.net import Net, NetEvaluator, equity, flip, terminal_probs
from games.backgammon.outcomes import OUTCOMES
from games.backgammon.positions import positions, unpack
from games.backgammon.rules import BackgammonState
from games.backgammon.rules import Move as Steps

#: The 36 ordered rolls, for rotating the first two rolls of the trials.
ORDERED_ROLLS: tuple[tuple[int, int], ...] = tuple(
    (a, b) for a in range(1, 7) for b in range(1, 7))
#: Rolls after which the rollout stops, if a game somehow never ends (it always does).
MAX_PLIES = 1000
#: Trials a task of a spread rollout plays (each with every candidate): a turn of the 36
#: rotated first rolls, a few seconds to a minute of play.
BLOCK = 36
#: At most this many tasks (a larger rollout gives each more turns of 36 trials): each task
#: carries the network, and a cluster is sent them all at once.
MAX_TASKS = 250


@dataclass(frozen=True)
class RolloutLine:
    """One candidate move's rollout, from the mover's point of view."""

    move: Move
    trials: int
    #: Mean cubeless equity (points a game) and its standard error.
    equity: float
    se: float
    #: Mean (win, win gammon, win backgammon, lose gammon, lose backgammon).
    probabilities: tuple[float, ...]
    #: Equity minus the best line's, and the standard error of that difference (paired
    #: trials: the common dice make it smaller than either line's own).
    diff: float
    diff_se: float

    def as_dict(self, name: Callable[[Move], str]) -> JSONObject:
        """As JSON-ready data, the move named by ``name``."""
        return {
            "move": name(self.move),
            "trials": self.trials,
            "equity": round(self.equity, 4),
            "se": _json_se(self.se),
            "diff": round(self.diff, 4),
            "diff_se": _json_se(self.diff_se),
            "probabilities": {k: round(p, 4)
                              for k, p in zip(OUTCOMES, self.probabilities, strict=True)},
        }


@dataclass(frozen=True)
class Rollout:
    """Every candidate's line, best first."""

    lines: tuple[RolloutLine, ...]
    trials: int
    truncate: int | None
    seed: int
    #: False when cancelled before every trial was played (the lines hold those played).
    complete: bool
    seconds: float

    def as_dict(self, name: Callable[[Move], str]) -> JSONObject:
        """As JSON-ready data, moves named by ``name``."""
        return {
            "trials": self.trials,
            "truncate": self.truncate,
            "seed": self.seed,
            "complete": self.complete,
            "seconds": round(self.seconds, 3),
            "moves": [line.as_dict(name) for line in self.lines],
        }


#: What a rollout reports as it goes: the table so far, after each round of trials.
RolloutProgress = Callable[[Rollout], None]


def rollout(
    state: BackgammonState,
    moves: Sequence[Move],
    trials: int,
    seed: int = 0,
    truncate: int | None = None,
    cancel: Cancel | None = None,
    progress: RolloutProgress | None = None,
    evaluator: NetEvaluator | None = None,
    spread: Spread | None = None,
) -> Rollout:
    """Roll out each of ``moves`` (legal moves of ``state``, whose dice are rolled) ``trials``
    times; ``truncate``: plies after the move before the network scores the position (None:
    to the end of the game). Reproducible from ``seed``; ``spread``: where blocks of the
    trials run (None: here, one after another), the same table either way."""
    if state.current_player() not in (0, 1):
        raise ValueError("a rollout starts from a position with the dice rolled")
    table = state._generated()
    unknown = [m for m in moves if m not in table]
    if unknown or not moves:
        raise ValueError("a rollout needs candidate moves legal in the position")
    if trials < 1:
        raise ValueError("a rollout needs at least one trial")
    net = (evaluator or NetEvaluator()).net
    if spread is not None:
        sides = tuple((tuple(me), tuple(opp)) for me, opp in
                      (table[cast(Steps, move)] for move in moves))  # keys: checked above
        return _spread_rollout(net, moves, sides, trials, seed, truncate, cancel, progress,
                               spread)
    results: list[list[np.ndarray]] = [[] for _ in moves]
    started = time.monotonic()
    complete = True
    last_report = started
    for i in range(trials):
        if cancel is not None and cancel.is_set():
            complete = False
            break
        for k, move in enumerate(moves):
            me, opp = table[cast(Steps, move)]  # a key of the table: checked above
            results[k].append(_play_out(net, list(me), list(opp), i, seed, truncate))
        now = time.monotonic()
        if progress is not None and (now - last_report >= 0.25 or i + 1 == trials):
            last_report = now
            progress(_table(moves, results, trials, seed, truncate, False, now - started))
    return _table(moves, results, trials, seed, truncate, complete,
                  time.monotonic() - started)


@dataclass(frozen=True, eq=False)
class TrialBlock:
    """One task of a spread rollout: trials ``first`` .. ``first + count - 1`` after each
    candidate (plain data a worker process unpickles)."""

    net: CarriedNet
    #: Each candidate's position after its move, (me, opp) in the mover's numbering.
    sides: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    first: int
    count: int
    seed: int
    truncate: int | None


def play_block(block: TrialBlock) -> np.ndarray:
    """The block's results, (candidates, trials, outcomes): what the serial loop appends."""
    net = rebuilt(block.net)
    trials = range(block.first, block.first + block.count)
    return np.array([[_play_out(net, list(me), list(opp), i, block.seed, block.truncate)
                      for i in trials] for me, opp in block.sides])


def trial_blocks(net: Net, sides: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...],
                 trials: int, seed: int, truncate: int | None) -> list[TrialBlock]:
    """The tasks of a spread rollout, in trial order: turns of 36 trials, as few a task as
    MAX_TASKS allows."""
    size = BLOCK * max(1, math.ceil(trials / (BLOCK * MAX_TASKS)))
    shipped = carried(net)
    return [TrialBlock(shipped, sides, first, min(size, trials - first), seed, truncate)
            for first in range(0, trials, size)]


def _spread_rollout(net: Net, moves: Sequence[Move],
                    sides: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], trials: int,
                    seed: int, truncate: int | None, cancel: Cancel | None,
                    progress: RolloutProgress | None, spread: Spread) -> Rollout:
    """The blocks played where ``spread`` runs them, folded in trial order (a block that
    finishes early waits for those before it), a table reported after each; a cancel leaves
    with the blocks folded so far, a whole prefix of the trials."""
    started = time.monotonic()
    results: list[list[np.ndarray]] = [[] for _ in moves]
    blocks = trial_blocks(net, sides, trials, seed, truncate)
    folded = 0
    if cancel is None or not cancel.is_set():
        finished = spread.completed(play_block, blocks)
        try:
            for _position, found in in_task_order(_until(finished, cancel)):
                for k, rows in enumerate(found):
                    results[k].extend(rows)
                folded += 1
                if progress is not None:
                    progress(_table(moves, results, trials, seed, truncate, False,
                                    time.monotonic() - started))
        except TaskFailed as exc:
            block = blocks[exc.position]
            raise ClusterError(f"rollout trials {block.first + 1} to {block.first + block.count}"
                               f" failed on the cluster: {exc.reason}") from None
        finally:
            if isinstance(finished, Generator):  # leaving early drops the tasks not finished
                finished.close()
    return _table(moves, results, trials, seed, truncate, folded == len(blocks),
                  time.monotonic() - started)


def _until(finished: Iterator[tuple[int, np.ndarray]], cancel: Cancel | None
           ) -> Iterator[tuple[int, np.ndarray]]:
    """``finished`` until ``cancel`` is set (looked at as each task arrives)."""
    for item in finished:
        yield item
        if cancel is not None and cancel.is_set():
            return


def _play_out(net: Net, me: list[int], opp: list[int], trial: int, seed: int,
              truncate: int | None) -> np.ndarray:
    """One trial after the root mover's move (``me``/``opp`` in his numbering, the opponent
    to roll): the root mover's outcome probabilities (0/1 for a finished game)."""
    rng = random.Random(seed * 1_000_003 + trial)
    on_roll, waiting = opp[::-1], me  # each side in its own numbering
    root_to_move = False  # whose roll it is: the root mover's?
    for ply in range(MAX_PLIES):
        if truncate is not None and ply >= truncate:
            p = net.probs(np.array([on_roll]), np.array([waiting]))[0]
            return p if root_to_move else flip(p[None])[0]
        if ply == 0:
            d1, d2 = ORDERED_ROLLS[trial % 36]
        elif ply == 1:
            d1, d2 = ORDERED_ROLLS[(trial + trial // 36) % 36]
        else:
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        found = positions(on_roll, waiting[::-1], d1, d2)
        if len(found) == 1:
            after_me, after_opp = unpack(found[0])
            if after_me[0] == 15:
                p = terminal_probs(after_me, after_opp)
                return p if root_to_move else flip(p[None])[0]
        else:
            probs = net.after_positions(found)
            best = int(equity(probs).argmax())
            after_me, after_opp = unpack(found[best])
            if after_me[0] == 15:
                p = probs[best]
                return p if root_to_move else flip(p[None])[0]
        on_roll, waiting = after_opp[::-1], after_me
        root_to_move = not root_to_move
    raise RuntimeError("a rollout game did not end")


def _table(moves: Sequence[Move], results: list[list[np.ndarray]], trials: int, seed: int,
           truncate: int | None, complete: bool, seconds: float) -> Rollout:
    """The lines from the trials played so far (every move has the same trials: a round
    plays each once)."""
    played = min(len(r) for r in results)
    if played == 0:
        return Rollout((), 0, truncate, seed, complete, seconds)
    probs = [np.array(r[:played]) for r in results]
    equities = [equity(p) for p in probs]
    means = [float(e.mean()) for e in equities]
    best = int(np.argmax(means))
    lines = []
    for k, move in enumerate(moves):
        diff = equities[k] - equities[best]
        lines.append(RolloutLine(
            move=move,
            trials=played,
            equity=means[k],
            se=_se(equities[k]),
            probabilities=tuple(float(x) for x in probs[k].mean(axis=0)),
            diff=float(diff.mean()),
            diff_se=_se(diff),
        ))
    lines.sort(key=lambda line: -line.equity)
    return Rollout(tuple(lines), played, truncate, seed, complete, seconds)


def _json_se(se: float) -> float | None:
    """A standard error for JSON: None while one trial cannot give one."""
    return round(se, 4) if math.isfinite(se) else None


def _se(values: np.ndarray) -> float:
    n = len(values)
    if n < 2:
        return math.inf
    return float(values.std(ddof=1) / math.sqrt(n))
