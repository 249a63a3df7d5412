"""Backgammon's AI side: profile, levels, evaluators, and the network's batched search.

The learned evaluators are built by the functions below, which import their modules when a
level first asks: numpy and the weights load only in the process that searches, never in the
window's (whose menu only lists the levels).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from ai.api import Cancel, Evaluator, Searcher
from ai.kit import Deferred, GameAI, RolloutTable
from ai.levels import Level
from ai.searchbase import Scoring
from ai.spread import Spread
from game.core import Move, State
from games.backgammon.ai.bench import SPEED
from games.backgammon.ai.book import book_result
from games.backgammon.ai.evaluation import BackgammonEvaluator
from games.backgammon.ai.profile import PROFILE
from games.backgammon.ai.review import REVIEW
from games.backgammon.ai.selftest import SELFTEST
from games.backgammon.ai.stakes import STAKES, backgammon_state

#: The network evaluators' name on screen (NetEvaluator.title, known without numpy).
NETWORK = "neural network"


def _net() -> Evaluator:
    from games.backgammon.ai.net import NetEvaluator  # numpy: see the module's docstring

    return NetEvaluator()


def _td() -> Evaluator:
    from games.backgammon.ai.td import TDBackgammonEvaluator  # its weights: as above

    return TDBackgammonEvaluator()


def _candidate(generation: int | str) -> Evaluator:
    """A network of issue 22's training chain (generation 0, the TD network it starts from;
    1, 2, ...: the supervised ones), measured against the shipped one by ``match`` before it
    may replace it, or after, to play an earlier level again (its file is in data/training,
    not in the executable)."""
    from games.backgammon.ai.net import NetEvaluator  # as above

    return NetEvaluator(path=TRAINING / _CHAIN_FILES.get(generation,
                                                        f"backgammon_gen{generation}.npz"))


def _pubeval() -> Evaluator:
    from games.backgammon.ai.pubeval import PubevalEvaluator  # its weights: as above

    return PubevalEvaluator()


def _batched(evaluator: Evaluator, scoring: Scoring) -> Searcher | None:
    """The network scores every move of a roll in one batch: expectiminimax batched."""
    from games.backgammon.ai.net import NetEvaluator  # numpy: see the module's docstring
    from games.backgammon.ai.ply import BackgammonPlySearcher

    if isinstance(evaluator, NetEvaluator):
        return BackgammonPlySearcher(evaluator, scoring)
    return None


def _rollout(state: State, moves: Sequence[Move], trials: int, seed: int = 0,
             truncate: int | None = None, cancel: Cancel | None = None,
             progress: Callable[[RolloutTable], None] | None = None,
             spread: Spread | None = None) -> RolloutTable:
    """Rollouts of candidate moves (games.backgammon.ai.rollout; numpy: when first asked)."""
    from games.backgammon.ai.rollout import rollout

    return rollout(backgammon_state(state), moves, trials, seed, truncate, cancel, progress,
                   spread=spread)


LEVELS: tuple[Level, ...] = (
    Level("Beginner", algorithm="expectiminimax", depth=1, time_s=None, noise=0.4, exact=False),
    Level("Casual", algorithm="expectiminimax", depth=1, time_s=None, noise=0.15, exact=False),
    # The network from here on, every candidate position of a roll in one batch; these levels
    # play their first move from the opening book (rollouts).
    # depth 1: the move whose resulting position the network values most ("0-ply").
    Level("Intermediate", algorithm="expectiminimax", depth=1, time_s=None, noise=0.0, exact=False,
          evaluator="net", book=True),
    # depth 3: the moves within 0.3 points of the 0-ply best (at most 16,
    # games.backgammon.ai.ply's root filter), each averaged over the opponent's 21 rolls and
    # his best reply by the network ("1-ply", one chance layer).
    Level("Advanced", algorithm="expectiminimax", depth=3, time_s=None, noise=0.0, exact=False,
          evaluator="net", book=True),
    # depth 5: the 3 best moves by one chance layer searched two chance layers deep, the
    # opponent's 2 best replies followed ("2-ply"): stronger than one chance layer over 2,000
    # games (docs/levels.md), under a second a move.
    Level("Master", algorithm="expectiminimax", depth=5, time_s=None, noise=0.0, exact=False,
          evaluator="net", book=True),
)

#: The training runs' networks offered as benchmarks (``backgammon_gen{tag}.npz``; generation
#: 0 is the TD network, shipped until generation 5w replaced it; generation 4 taught and
#: started the shipped one). The superseded generations left the tree with their files
#: (data/manifest.json names the commit that holds them), and their levels with them.
CANDIDATES: tuple[int | str, ...] = (0, 4, "5w")
_CHAIN_FILES: dict[int | str, str] = {0: "backgammon_td.npz"}
#: Those whose Master recipe (two chance layers, the book) is measured too.
_WITH_MASTER = {0, 4, "5w"}


def _candidate_levels(tag: int | str) -> tuple[Level, ...]:
    """A candidate network at Intermediate's (0-ply) and Advanced's (1-ply) recipes, and at
    Master's whole recipe when it is a candidate for shipping: what replacing the network
    would give each level."""
    evaluator = f"gen{tag}"
    recipes = [("Intermediate", 1, False), ("Advanced", 3, False)]
    if tag in _WITH_MASTER:
        recipes.append(("Master", 5, True))
    return tuple(Level(f"{name}-{evaluator}", algorithm="expectiminimax", depth=depth, time_s=None,
                       noise=0.0, exact=False, evaluator=evaluator, book=book)
                 for name, depth, book in recipes)


#: Tesauro's pubeval, the yardstick published backgammon programs report their strength
#: against: an opponent for ``match``, not a level.
BENCHMARKS = (
    Level("pubeval", algorithm="expectiminimax", depth=1, time_s=None, noise=0.0, exact=False,
          evaluator="pubeval"),
    # The hand-made evaluator at 0-ply (Intermediate before the network took its place).
    Level("Intermediate-hand", algorithm="expectiminimax", depth=1, time_s=None, noise=0.0,
          exact=False),
    # The networks of the training chain (docs/training/README.md) still in the tree: gen0, the
    # TD network the levels played on before gen5w shipped (the opening book's searcher); gen4,
    # the v3 network with races apart taught by gen3's 1-ply look on 500,000 positions; gen5w
    # (160 hidden units, the shipped network), gen4 taught likewise on 500,000 more.
    *(level for tag in CANDIDATES for level in _candidate_levels(tag)),
    # The network levels without their opening book: what the book is worth (games/backgammon/README.md).
    Level("Intermediate-nobook", algorithm="expectiminimax", depth=1, time_s=None, noise=0.0,
          exact=False, evaluator="net"),
    Level("Advanced-nobook", algorithm="expectiminimax", depth=3, time_s=None, noise=0.0,
          exact=False, evaluator="net"),
)
TRAINING = Path(__file__).resolve().parents[3] / "data" / "training"

AI = GameAI(
    profile=PROFILE,
    speed=SPEED,
    stakes=STAKES,
    selftest=SELFTEST,
    levels=LEVELS,
    evaluators={None: BackgammonEvaluator, "td": Deferred("TD-learned weights", _td),
                "net": Deferred(NETWORK, _net), "pubeval": Deferred("pubeval", _pubeval),
                **{f"gen{tag}": Deferred(NETWORK, partial(_candidate, tag))
                   for tag in CANDIDATES}},
    benchmarks=BENCHMARKS,
    batched_searcher=_batched,
    rollout=_rollout,
    book=book_result,
    review=REVIEW,
)
