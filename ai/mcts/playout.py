"""Playouts: from a new node to the end of the game, by a fast default policy.

Two policies:

- uniformly random (the default, and the only one for a search without game knowledge);
- ε-greedy on the game's evaluator: with probability ε a random move, else the move whose
  resulting position the evaluator rates best for the mover. A game's kit offers it
  (``ai.kit.GameAI.playout_guide``) where its evaluator is cheap enough to call on every
  move of every playout.

Chance events are sampled by their probabilities. The turn comes from
``state.current_player()`` at every step, so passes and extra turns need nothing special.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.core import CHANCE, TERMINAL, Move, State

#: (state, its legal moves, rng) -> the move a playout makes.
Policy = Callable[[State, Sequence[Move], random.Random], Move]
#: A game's own random playout (ai.kit.GameAI.random_playout): (state, rng) -> the finished
#: game, the same as ``play_out`` with ``random_move`` would reach.
FastPlayout = Callable[[State, random.Random], State]
#: A playout longer than this is stopped and scored a draw (no game here comes near it; a
#: guard against rules that could cycle under random play).
MAX_PLAYOUT_PLIES = 5_000


@dataclass(frozen=True)
class PlayoutGuide:
    """A game's offer of guided playouts: ε-greedy on its evaluator (the one the search is
    configured with)."""

    epsilon: float = 0.1


def random_move(state: State, moves: Sequence[Move], rng: random.Random) -> Move:
    return moves[rng.randrange(len(moves))] if len(moves) > 1 else moves[0]


def epsilon_greedy(evaluate: Callable[[State, int], float], epsilon: float) -> Policy:
    """With probability ``epsilon`` a random move, else the evaluator's best for the mover
    (a tie goes to the first move in the rules' order)."""

    def choose(state: State, moves: Sequence[Move], rng: random.Random) -> Move:
        if len(moves) == 1:
            return moves[0]
        if rng.random() < epsilon:
            return moves[rng.randrange(len(moves))]
        mover = state.current_player()
        best, best_value = moves[0], -float("inf")
        for move in moves:
            after = state.apply(move)
            p = after.current_player()
            if p == TERMINAL:
                r = after.returns()[mover]
                value = float("inf") if r > 0 else -float("inf") if r < 0 else 0.0
            else:
                value = evaluate(after, mover)
            if value > best_value:
                best, best_value = move, value
        return best

    return choose


def sample_outcome(state: State, rng: random.Random) -> Move:
    """A chance event's outcome drawn by its probability."""
    x = rng.random()
    outcomes = state.chance_outcomes()
    for outcome, p in outcomes:
        x -= p
        if x < 0:
            return outcome
    return outcomes[-1][0]


def play_out(state: State, rng: random.Random, policy: Policy,
             moves: Sequence[Move] | None = None, record: list[Move] | None = None
             ) -> State | None:
    """The finished game a playout from ``state`` reaches (None: stopped at
    MAX_PLAYOUT_PLIES); ``moves``: ``state``'s legal moves when the caller has them;
    ``record`` receives every move and outcome played."""
    if policy is random_move and record is None:
        return _random_play_out(state, rng, moves)
    for _ in range(MAX_PLAYOUT_PLIES):
        p = state.current_player()
        if p == TERMINAL:
            return state
        if p == CHANCE:
            move = sample_outcome(state, rng)
        else:
            if moves is None:
                moves = state.legal_moves()
            move = policy(state, moves, rng)
        moves = None
        if record is not None:
            record.append(move)
        state = state.apply(move)
    return None


def _random_play_out(state: State, rng: random.Random, moves: Sequence[Move] | None
                     ) -> State | None:
    """``play_out`` with uniformly random moves, the hot loop kept to the calls it needs (the
    same random draws: a single legal move draws none)."""
    randrange = rng.randrange
    for _ in range(MAX_PLAYOUT_PLIES):
        p = state.current_player()
        if p >= 0:
            if moves is None:
                moves = state.legal_moves()
            n = len(moves)
            state = state.apply(moves[randrange(n)] if n > 1 else moves[0])
            moves = None
        elif p == TERMINAL:
            return state
        else:
            state = state.apply(sample_outcome(state, rng))
    return None
