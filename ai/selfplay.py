"""Playing whole games between two searchers: used by the match runner and the selftest.

Chance nodes (dice) are resolved with the caller's seeded RNG, so a game is reproducible from
its seed and the two configurations.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ai.api import SearchConfig
from ai.engine import run_search
from ai.kit import profile_for
from game.core import CHANCE, TERMINAL, Move, State
from game.kit import GameKit

#: The normal distribution's 97.5% point: 95% intervals.
Z95 = 1.959964


@dataclass(frozen=True)
class GameRecord:
    final: State
    moves: tuple[Move, ...]
    #: returns() of the final state, or (0, 0) when the ply cap stopped the game.
    returns: tuple[float, float]
    finished: bool
    #: Each player's seconds spent choosing, and the choices asked of it (forced moves are
    #: played without asking): the time a match's "equal time" really gave each side.
    thinking: tuple[float, float] = (0.0, 0.0)
    asked: tuple[int, int] = (0, 0)
    #: (the player, the ply of this play-out it forfeited at, counted from 1, its one-line
    #: reason) when a player forfeited (the game is its loss); None for a game played out.
    forfeit: tuple[int, int, str] | None = None


class Forfeited(Exception):
    """Raised by a chooser that cannot go on by the rules of a match (a program outside
    Kibitz that answered an illegal move, too late, or not at all): ``play_out`` ends the game
    as that player's loss. A searcher never raises it."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        #: One line that says what went wrong ("illegal move e9").
        self.reason = reason


#: A forfeit's returns for the forfeiting player and the other: the smallest decided loss.
FORFEIT_RETURNS = (-1.0, 1.0)


def sample_chance(state: State, rng: random.Random) -> Move:
    """One chance outcome drawn by its probability."""
    outcomes = state.chance_outcomes()
    r = rng.random()
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if r < acc:
            return outcome
    return outcomes[-1][0]


#: Chooses the move to play in a position where its player has a choice.
Chooser = Callable[[State], Move]


def searcher(config: SearchConfig) -> Chooser:
    """A player that plays what the search with ``config`` picks."""
    return lambda state: run_search(state, config).move


def play_out(
    state: State,
    choosers: tuple[Chooser, Chooser],
    rng: random.Random,
    max_plies: int = 2000,
) -> GameRecord:
    """Play to the end: player p's choices come from ``choosers[p]``; a forced move is played
    without asking, so a player outside Kibitz (a measuring opponent) is asked only real
    questions. A chooser that raises Forfeited loses the game there (the record's
    ``forfeit``); any other exception propagates."""
    moves: list[Move] = []
    thinking = [0.0, 0.0]
    asked = [0, 0]
    clock = time.perf_counter
    while len(moves) < max_plies and state.current_player() != TERMINAL:
        player = state.current_player()
        if player == CHANCE:
            move = sample_chance(state, rng)
        else:
            legal = state.legal_moves()
            if len(legal) == 1:
                move = legal[0]
            else:
                start = clock()
                try:
                    move = choosers[player](state)
                except Forfeited as exc:
                    thinking[player] += clock() - start
                    asked[player] += 1
                    lost, won = FORFEIT_RETURNS
                    returns = (lost, won) if player == 0 else (won, lost)
                    return GameRecord(state, tuple(moves), returns, True,
                                      (thinking[0], thinking[1]), (asked[0], asked[1]),
                                      (player, len(moves) + 1, exc.reason))
                thinking[player] += clock() - start
                asked[player] += 1
        moves.append(move)
        state = state.apply(move)
    finished = state.current_player() == TERMINAL
    return GameRecord(state, tuple(moves), state.returns() if finished else (0.0, 0.0), finished,
                      (thinking[0], thinking[1]), (asked[0], asked[1]))


def play_game(
    state: State,
    configs: tuple[SearchConfig, SearchConfig],
    rng: random.Random,
    max_plies: int = 2000,
) -> GameRecord:
    """Play to the end: player p's moves come from the search with ``configs[p]``."""
    choosers = (searcher(configs[0]), searcher(configs[1]))
    return play_out(state, choosers, rng, max_plies)


def opening_position(kit: GameKit, options: Mapping[str, object], rng: random.Random
                     ) -> tuple[State, list[Move]]:
    """A varied start for a pair of games: the game's match options (random Nim heaps) and a
    few random opening moves where its profile asks for them, drawn from ``rng``."""
    game = kit.rules()
    profile = profile_for(kit)
    chosen = profile.match_options(options, rng)
    state = game.initial_state(**chosen)
    opening: list[Move] = []
    if profile.match_opening is not None:
        lo, hi = profile.match_opening
        for _ in range(rng.randint(lo, hi)):
            legal = state.legal_moves()
            if not legal:
                break
            move = rng.choice(legal)
            opening.append(move)
            state = state.apply(move)
        if not state.legal_moves():  # an opening that ended the game: start from the beginning
            state, opening = game.initial_state(**chosen), []
    return state, opening


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a fraction (draws counted as half a win)."""
    if n <= 0:
        return (0.0, 1.0)
    denom = 1 + z * z / n
    centre = (score + z * z / (2 * n)) / denom
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / denom
    # Rounding keeps a whitewash's bound at exactly 0 or 1 instead of 1 - 1e-17.
    return (round(max(0.0, centre - half), 9), round(min(1.0, centre + half), 9))
