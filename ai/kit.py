"""A game's AI side, as its kit hands it out (game.kit): everything the searchers, the CLI and
the lab need to know about one game, found in that game's package (``games/<id>/ai/``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ai.api import Cancel, Evaluator, Result, SearchConfig, Searcher
from ai.bench import SpeedBench
from ai.levels import Level, search_levels, unknown_level_message
from ai.mcts.playout import FastPlayout, PlayoutGuide
from ai.profiles import Profile
from ai.review.scale import ReviewScale
from ai.searchbase import EvalFn, Scoring
from ai.spread import Spread
from game.core import Move, State
from game.jsontypes import JSONObject
from game.kit import GameKit
from game.registry import playable_kits
from game.review import ReviewRow
from game.stakes import Stakes


@dataclass(frozen=True)
class SelfTest:
    """What ``main.py selftest`` checks of a game: ``tables`` loads its learned tables
    strictly and says what it loaded (the levels fall back quietly when a table is damaged, so
    a build missing one would otherwise still pass); a short game is played to the end (with
    ``options``); then the game's own ``checks`` (name, check returning what it proved)."""

    options: Mapping[str, object] = field(default_factory=dict)
    tables: Callable[[], str] | None = None
    checks: tuple[tuple[str, Callable[[], str]], ...] = ()


@dataclass(frozen=True)
class StakesSwitch:
    """A switch ``match`` offers for a game played for stakes (``--cube``, ``--jacoby``)."""

    #: The flag's name without its dashes; the first switch of a game turns its stakes on.
    name: str
    help: str
    #: Another switch this one means nothing without (the Jacoby rule without the cube).
    needs: str | None = None


class StakedGame(Protocol):
    """What a game played with its stakes comes to (``StakesAI.play_game``), for ``match``."""

    @property
    def returns(self) -> tuple[float, float]: ...

    @property
    def plies(self) -> int: ...

    @property
    def finished(self) -> bool: ...


class RolloutTable(Protocol):
    """A game's rollout of candidate moves (``GameAI.rollout``), as the generic commands use
    it: its trials so far, and the whole table as JSON with the moves named by ``name``."""

    @property
    def trials(self) -> int: ...

    def as_dict(self, name: Callable[[Move], str]) -> JSONObject: ...


class Rollout(Protocol):
    """``rollout(state, moves, trials, seed, truncate, cancel, progress, spread)``: the table
    of ``moves`` played out ``trials`` times each, reported to ``progress`` as it grows; its
    trials run where ``spread`` runs them (None: here), the same table either way."""

    def __call__(self, state: State, moves: Sequence[Move], trials: int, seed: int = 0,
                 truncate: int | None = None, cancel: Cancel | None = None,
                 progress: Callable[[RolloutTable], None] | None = None,
                 spread: Spread | None = None) -> RolloutTable: ...


@dataclass(frozen=True)
class StakesAI:
    """The AI of a game played for stakes (backgammon's doubling cube), for the headless
    commands, with the words they use for it (generic code names no game's stakes):

    - ``play_game(state, configs, rng, switches, max_plies)`` plays one game with the stakes
      (``match`` with the game's first switch; ``switches``: the names of those on); its
      result has ``returns``, ``plies`` and ``finished``;
    - ``answer(state, request)`` is the engine's answer to a ``command`` request, whose own
      keys and their JSON types are ``request_keys``;
    - ``review(state, stakes, move)`` weighs the stakes decision ``move`` made in ``state``
      (a double, a take, a drop, or a roll where a double was possible) for a game review,
      or None where the move was no stakes decision (ai.review.analysis)."""

    #: What the stakes are, in a few words for messages ("the doubling cube").
    name: str
    play_game: Callable[[State, tuple[SearchConfig, SearchConfig], random.Random,
                         Collection[str], int], StakedGame]
    answer: Callable[[State, Mapping[str, object]], JSONObject]
    #: The engine protocol's command for a stakes decision.
    command: str
    request_keys: Mapping[str, tuple[type, ...]] = field(default_factory=dict)
    switches: tuple[StakesSwitch, ...] = ()
    review: Callable[[State, Stakes, Move], ReviewRow | None] | None = None


@dataclass(frozen=True)
class Deferred:
    """An evaluator whose module is imported only when one is built (numpy, a weights file),
    with its ``title`` known before: the lab names a level's evaluation on the window's thread,
    which must not wait for the tables to load."""

    title: str
    make: Callable[[], Evaluator]

    def __call__(self) -> Evaluator:
        return self.make()


@dataclass(frozen=True)
class GameAI:
    """One game's AI knowledge: its profile, its levels and its evaluators."""

    profile: Profile
    #: The named levels, weakest first (ai.levels).
    levels: tuple[Level, ...]
    #: Each evaluator by variant name (None: the game's default), built when asked for: a
    #: learned evaluator loads its weights file then, and a damaged file fails only its level.
    evaluators: Mapping[str | None, Callable[[], Evaluator]]
    #: Opponents ``match`` offers beside the levels, not offered in the app (a published
    #: yardstick, a level as it played before a learned evaluator replaced its hand-made one).
    benchmarks: tuple[Level, ...] = field(default=())
    #: The game's own expectiminimax for an evaluator that scores a roll's moves in one batch
    #: (backgammon's network), or None for the shared searcher.
    batched_searcher: Callable[[Evaluator, Scoring], Searcher | None] | None = None
    #: The game's own build of a registered algorithm, by name: a subclass searching the
    #: same tree faster (on compiled kernels where nothing traces), built from the same
    #: (evaluate, scoring, profile, config) as the registry's builder.
    searchers: Mapping[str, Callable[[EvalFn, Scoring, Profile, SearchConfig], Searcher]] = field(
        default_factory=dict)
    #: The game's figures for ``main.py bench`` (rules, search positions, endgame).
    speed: SpeedBench = field(default_factory=SpeedBench)
    #: The AI's side of the game's stakes, if it is played for any.
    stakes: StakesAI | None = None
    #: What ``main.py selftest`` checks of the game.
    selftest: SelfTest = field(default_factory=SelfTest)
    #: Rollouts of a position's candidate moves, for a game of dice (backgammon's):
    #: ``rollout(state, moves, trials, seed, truncate, cancel, progress)`` -> an answer with
    #: ``as_dict(name_of_move)``; None for a game whose search already sees to the end.
    rollout: Rollout | None = None
    #: The game's opening book: ``book(state)`` is its answer as a Result (algorithm
    #: ai.api.BOOK) for a position it holds, else None (None: the game has no book).
    book: Callable[[State], Result | None] | None = None
    #: How a review weighs the game's decisions (ai.review): marks, rating, default search.
    review: ReviewScale = field(default_factory=lambda: ReviewScale(loss_unit="points"))
    #: Monte Carlo tree search's guided playouts (ε-greedy on the search's evaluator), for a
    #: game whose evaluator is cheap enough to call at every move of every playout; None:
    #: uniformly random playouts (ai.mcts.playout).
    playout_guide: PlayoutGuide | None = None
    #: The game's own uniformly random playout on its fast move generation, making the same
    #: moves from the same random numbers as the generic one (ai.mcts.playout), only faster:
    #: ``random_playout(state, rng)`` -> the finished game. None: the generic playout.
    random_playout: FastPlayout | None = None
    #: Start the game's compiled kernels warming up (ai.native.warm_in_background) for a
    #: search like this one, if it will need them: the worker process calls it with each
    #: search it is given, so the kernels are in before the game needs them (its endgame, a
    #: solve); it returns at once. None: the game has no kernels.
    warm_kernels: Callable[[State, SearchConfig], object] | None = None
    #: The game's kernels that Python code calls, ``"module:function"`` -> the numba signature
    #: it calls them with: ``python -m ai.native_build`` compiles these ahead of time into the
    #: executable's extension module (ai.native). Empty: the game has no kernels.
    kernels: Mapping[str, str] = field(default_factory=dict)

    def evaluator(self, variant: str | None = None) -> Evaluator:
        """A fresh evaluator; a ValueError naming the known variants for anything else. A
        variant whose data is unusable raises its ValueError rather than falling back."""
        make = self.evaluators.get(variant)
        if make is None:
            known = ", ".join(v for v in self.evaluators if v is not None) or "none"
            raise ValueError(
                f"no evaluator variant {variant!r} for game {self.profile.game_id!r}; "
                f"known: {known}"
            )
        return make()

    def evaluator_title(self, variant: str | None = None) -> str:
        """The evaluation's name on screen ("learned tables"), read from the evaluator's class
        or its ``Deferred`` entry, so nothing is loaded to name it."""
        title = getattr(self.evaluators.get(variant), "title", None)
        if isinstance(title, str):
            return title
        evaluator = self.evaluator(variant)
        return str(getattr(evaluator, "title", type(evaluator).__name__))

    def all_levels(self) -> tuple[Level, ...]:
        """The levels, then the benchmark opponents (``match`` and ``analyze`` accept both)."""
        return self.levels + self.benchmarks


def game_ai(kit: GameKit) -> GameAI:
    """A game's AI part (its package's ``ai/kit.py``)."""
    found: GameAI = kit.part("ai.kit", "AI")
    return found


def get_evaluator(kit: GameKit, variant: str | None = None) -> Evaluator:
    """A fresh evaluator of the game (``variant``: one of its alternatives, e.g. learned
    weights); a ValueError naming the known variants for anything else."""
    return game_ai(kit).evaluator(variant)


def profile_for(kit: GameKit) -> Profile:
    return game_ai(kit).profile


def levels_of(kit: GameKit) -> tuple[Level, ...]:
    """The game's named levels, weakest first (a teaching game has none)."""
    return game_ai(kit).levels


def get_level(kit: GameKit, name: str) -> Level:
    """The level (or benchmark opponent) called ``name`` (any case) of the game; a
    ValueError listing the names otherwise."""
    levels = game_ai(kit).all_levels() if kit.has_part("ai.kit") else ()
    if not levels:
        known = ", ".join(kit.id for kit in playable_kits())
        raise ValueError(f"no levels for game {kit.id!r}; known games: {known}")
    for level in levels + search_levels(str(name).strip(), levels):
        if level.name.lower() == str(name).strip().lower():
            return level
    raise ValueError(unknown_level_message(kit, name, levels))
