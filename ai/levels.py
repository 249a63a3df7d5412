"""Named difficulty levels: each is a plain search recipe (algorithm, depth or time, noise).

Weak levels are weak in an honest way a person can learn from: they look fewer moves ahead
and, at the bottom, choose at random among the moves within ``noise`` of the best (in the
game's evaluation units). The top level of every game is as strong as the engine gets in about
two seconds a move, with exact solving wherever it applies; every level is meant to be
measurably stronger than the one below (backgammon's Master searches one chance layer, not
two: a second one costs several times the time and was not shown to play better).

Noise is in the game's value units (ai.profiles says them, and describes a level's noise for
the screen): tic-tac-toe open lines (-8..8, a win ~10000); Nim searched without its (perfect)
evaluator, so unfinished positions are 0 and wins ~10000; Othello discs (a predicted final margin, -64..64);
backgammon equity in points (-3..3).
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.api import Limits, SearchConfig

#: Noise that makes every move a candidate: a uniformly random player.
RANDOM = 1e6


@dataclass(frozen=True)
class Level:
    name: str
    algorithm: str
    depth: int | None
    time_s: float | None
    noise: float
    exact: bool
    #: False: search without the game's evaluator (see SearchConfig.use_evaluator).
    use_evaluator: bool = True
    #: Evaluator variant (SearchConfig.evaluator): "td" = backgammon weights learned by
    #: self-play, "patterns" = Othello pattern tables fitted to self-play results; both beat
    #: the hand-made evaluator (see README).
    evaluator: str | None = None

    def config(self, game_id: str, seed: int | None = None) -> SearchConfig:
        return SearchConfig(
            game_id=game_id,
            algorithm=self.algorithm,
            limits=Limits(depth=self.depth, time_s=self.time_s),
            noise=self.noise,
            seed=seed,
            exact=self.exact,
            use_evaluator=self.use_evaluator,
            evaluator=self.evaluator,
        )


NAMES = ("Beginner", "Casual", "Intermediate", "Advanced", "Master")

LEVELS: dict[str, tuple[Level, ...]] = {
    "tictactoe": (
        # Takes a win in one, otherwise any move: easy to beat with a fork or a simple line.
        Level("Beginner", "alphabeta", 1, None, 9.0, False),
        # Sees one reply ahead (blocks a threat now and then), still loose.
        Level("Casual", "alphabeta", 2, None, 3.0, False),
        Level("Intermediate", "alphabeta", 3, None, 1.0, False),
        Level("Advanced", "alphabeta", 4, None, 0.0, False),
        # Perfect play: never loses.
        Level("Master", "alphabeta", None, None, 0.0, True),
    ),
    "nim": (
        Level("Beginner", "alphabeta", 1, None, RANDOM, False, use_evaluator=False),
        # Takes a winning last move and avoids handing one over, nothing more.
        Level("Casual", "alphabeta", 2, None, 0.5, False, use_evaluator=False),
        Level("Intermediate", "alphabeta", 4, None, 0.5, False, use_evaluator=False),
        Level("Advanced", "alphabeta", 6, 2.0, 0.0, False, use_evaluator=False),
        # Sprague-Grundy theory: perfect play.
        Level("Master", "alphabeta", None, None, 0.0, True),
    ),
    "othello": (
        Level("Beginner", "alphabeta", 1, None, 30.0, False),
        Level("Casual", "alphabeta", 2, None, 10.0, False),
        Level("Intermediate", "alphabeta", 3, 1.0, 0.0, False),
        # Four plies ahead with the learned pattern evaluation (and the last empties solved
        # exactly): one step below Master.
        Level("Advanced", "alphabeta", 4, 1.0, 0.0, True, evaluator="patterns"),
        # Iterative deepening for two seconds with the learned evaluation; the last 14-16
        # empties solved exactly.
        Level("Master", "alphabeta", None, 2.0, 0.0, True, evaluator="patterns"),
    ),
    "backgammon": (
        Level("Beginner", "expectiminimax", 1, None, 0.4, False),
        Level("Casual", "expectiminimax", 1, None, 0.15, False),
        # depth 1: the best move by the static equity evaluation ("0-ply").
        Level("Intermediate", "expectiminimax", 1, None, 0.0, False),
        # depth 1 on the neural network: the move whose resulting position the network
        # values most ("0-ply"), every candidate position of the roll in one batch.
        Level("Advanced", "expectiminimax", 1, None, 0.0, False, evaluator="net"),
        # depth 3 on the network: the moves within 0.3 points of the 0-ply best (at most 16,
        # ai.backgammon_ply's root filter), each averaged over the opponent's 21 rolls and his
        # best reply by the network ("1-ply", one chance layer). Two chance layers (depth 5)
        # stay a custom depth: tens of times slower and not shown to be stronger.
        Level("Master", "expectiminimax", 3, None, 0.0, False, evaluator="net"),
    ),
}

#: Opponents for ``match`` only, not offered as levels in the app: Tesauro's pubeval, the
#: yardstick published backgammon programs report their strength against, and Othello's levels
#: as they played before a learned evaluator replaced their hand-made one
#: (``match --a Advanced --b Advanced-hand``).
BENCHMARKS: dict[str, tuple[Level, ...]] = {
    "backgammon": (Level("pubeval", "expectiminimax", 1, None, 0.0, False, evaluator="pubeval"),),
    "othello": (
        Level("Advanced-hand", "alphabeta", 4, 1.0, 0.0, True),
        Level("Master-hand", "alphabeta", None, 2.0, 0.0, True),
    ),
}


def get_level(game_id: str, name: str) -> Level:
    """The level called ``name`` (any case); a ValueError listing the names otherwise."""
    try:
        levels = LEVELS[game_id]
    except KeyError:
        raise ValueError(
            f"no levels for game {game_id!r}; known games: {', '.join(LEVELS)}"
        ) from None
    for level in levels:
        if level.name.lower() == str(name).strip().lower():
            return level
    raise ValueError(
        f"unknown level {name!r} for {game_id}; choose one of: "
        f"{', '.join(lv.name for lv in levels)}"
    )
