"""The algorithm registry: each searcher module declares here how a SearchConfig builds it.

ai.engine looks an algorithm's name up instead of naming every searcher, so a new searcher
is one module that registers itself (and its name in ``ai.api.ALGORITHMS``, the order menus
show; a test checks the two agree). The registry is filled as the searcher modules are
imported: ai.engine imports every one of them before anything is built.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ai.api import ALGORITHMS, SearchConfig, Searcher, TreeOptions
from ai.profiles import Profile
from ai.quiescence import QUIESCENT_ALGORITHMS
from ai.searchbase import EvalFn, Scoring

#: How a registered searcher is built: (evaluate, scoring, the game's profile, config).
Builder = Callable[[EvalFn, Scoring, Profile, SearchConfig], Searcher]


@dataclass(frozen=True)
class AlgorithmSpec:
    """One searching algorithm as the engine builds it."""

    name: str
    build: Builder
    #: What its ``Stats.nodes`` counts, as the play screen's panel names it.
    count_label: str = "Nodes"
    #: It cuts branches off (beta cutoffs): the panel shows how many; a searcher that never
    #: does (a Monte Carlo tree search) would only show a 0.
    prunes: bool = True

    @property
    def quiescent(self) -> bool:
        """It runs quiescence search at its depth limit (ai.quiescence names those; the
        engine switches it on where the game's profile names noisy moves and the config
        asks for it)."""
        return self.name in QUIESCENT_ALGORITHMS


_REGISTRY: dict[str, AlgorithmSpec] = {}


def register(spec: AlgorithmSpec) -> None:
    """Declare ``spec`` (a searcher module calls this once, as it is imported)."""
    _REGISTRY[spec.name] = spec


def algorithm_spec(name: str) -> AlgorithmSpec:
    """The registered algorithm called ``name`` (a ValueError naming the choices if none)."""
    spec = _REGISTRY.get(name)
    if spec is None:
        raise ValueError(f"unknown algorithm {name!r}; choose one of: {', '.join(ALGORITHMS)}")
    return spec


def registered_algorithms() -> tuple[str, ...]:
    """The names registered so far, in registration order."""
    return tuple(_REGISTRY)


def tree_options(config: SearchConfig) -> TreeOptions:
    """The options the alpha-beta family shares, as ``config`` sets them."""
    return {
        "use_tt": config.refinements.tt,
        "use_ordering": config.refinements.ordering,
        "exact_root_values": config.exact_root_values or config.noise > 0,
        "pvs": config.refinements.pvs,
    }
