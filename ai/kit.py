"""A game's AI side, as its kit hands it out (game.kit): everything the searchers, the CLI and
the lab need to know about one game, found in that game's package (``games/<id>/ai/``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from ai.api import Evaluator, Searcher
from ai.levels import Level
from ai.profiles import Profile
from ai.searchbase import Scoring
from game.core import State


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

    def all_levels(self) -> tuple[Level, ...]:
        """The levels, then the benchmark opponents (``match`` and ``analyze`` accept both)."""
        return self.levels + self.benchmarks


def game_ai(game_id: str) -> GameAI:
    """The AI side of ``game_id``'s kit; an unknown id is the registry's one-line ValueError."""
    from game.registry import get_kit  # the registry imports every kit: not at load

    return get_kit(game_id).ai()


def get_evaluator(game_id: str, variant: str | None = None) -> Evaluator:
    """A fresh evaluator of ``game_id`` (``variant``: one of its alternatives, e.g. learned
    weights); a ValueError naming the known games or variants for anything else."""
    return game_ai(game_id).evaluator(variant)


def evaluator_for(game_id: str) -> Callable[[State, int], float]:
    """The game's default evaluate function."""
    return get_evaluator(game_id).evaluate
