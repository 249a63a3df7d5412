"""Othello's AI side: profile, levels, evaluators."""

from __future__ import annotations

from ai.api import SearchConfig
from ai.kit import GameAI
from ai.levels import Level
from game.core import State
from games.othello.ai import endgame, midgame
from games.othello.ai.bench import SPEED
from games.othello.ai.book import book_result
from games.othello.ai.evaluation import OthelloEvaluator
from games.othello.ai.native_exports import KERNELS
from games.othello.ai.patterns import OthelloPatternEvaluator
from games.othello.ai.playout import random_playout
from games.othello.ai.profile import PROFILE
from games.othello.ai.review import REVIEW
from games.othello.ai.selftest import SELFTEST

LEVELS: tuple[Level, ...] = (
    Level("Beginner", algorithm="alphabeta", depth=1, time_s=None, noise=30.0, exact=False),
    Level("Casual", algorithm="alphabeta", depth=2, time_s=None, noise=10.0, exact=False),
    Level("Intermediate", algorithm="alphabeta", depth=3, time_s=1.0, noise=0.0, exact=False),
    # Four plies ahead with the learned pattern evaluation (and the last empties solved
    # exactly): one step below Master.
    Level("Advanced", algorithm="alphabeta", depth=4, time_s=1.0, noise=0.0, exact=True,
          evaluator="patterns", book=True),
    # Iterative deepening for four seconds with the learned evaluation; the last 16 empties
    # solved exactly (18 on the compiled kernels, which also prove who wins from 22:
    # games.othello.ai.solver). Advanced plays the opening book's moves while it lasts;
    # Master searches from the first move: two seconds already reached the book's own depth
    # (9) in the opening, and 100 games with the book scored 0.435 (0.342 .. 0.533) against
    # it without.
    Level("Master", algorithm="alphabeta", depth=None, time_s=4.0, noise=0.0, exact=True,
          evaluator="patterns"),
)

#: The levels as they played before the learned evaluator replaced the hand-made one: opponents
#: for ``match`` (``match --a Advanced --b Advanced-hand``), not offered in the app.
BENCHMARKS = (
    Level("Advanced-hand", algorithm="alphabeta", depth=4, time_s=1.0, noise=0.0, exact=True),
    Level("Master-hand", algorithm="alphabeta", depth=None, time_s=2.0, noise=0.0, exact=True),
    # Advanced without its opening book, and Master with one: what the book is worth (games/othello/README.md).
    Level("Advanced-nobook", algorithm="alphabeta", depth=4, time_s=1.0, noise=0.0, exact=True,
          evaluator="patterns"),
    Level("Master-book", algorithm="alphabeta", depth=None, time_s=2.0, noise=0.0, exact=True,
          evaluator="patterns", book=True),
)


def warm_kernels(_state: State, config: SearchConfig) -> None:
    """A level that solves its endgames exactly has the endgame's kernels warmed up from its
    first move on; every alpha-beta search has the mid-game search's (games.othello.ai.midgame:
    until they are in, it searches in Python)."""
    if config.exact:
        endgame.KERNELS.start()
    if config.algorithm == "alphabeta":
        midgame.start_warm_up()


AI = GameAI(
    review=REVIEW,
    profile=PROFILE,
    speed=SPEED,
    selftest=SELFTEST,
    levels=LEVELS,
    evaluators={None: OthelloEvaluator, "patterns": OthelloPatternEvaluator},
    benchmarks=BENCHMARKS,
    book=book_result,
    random_playout=random_playout,
    warm_kernels=warm_kernels,
    kernels=KERNELS,
    searchers={"alphabeta": midgame.build},
)
