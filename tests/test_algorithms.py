"""The algorithm registry: every searcher declares itself, and the names menus show agree."""

from __future__ import annotations

import pytest

import ai.engine  # noqa: F401  (imports every searcher module, which fills the registry)
from ai.algorithms import algorithm_spec, registered_algorithms
from ai.api import ALGORITHMS, Limits, SearchConfig
from ai.engine import make_searcher
from ai.quiescence import QUIESCENT_ALGORITHMS


def test_the_menus_algorithms_are_exactly_the_registered_ones() -> None:
    assert sorted(ALGORITHMS) == sorted(registered_algorithms())


def test_the_quiescent_algorithms_are_the_ones_declared_quiescent() -> None:
    declared = {name for name in ALGORITHMS if algorithm_spec(name).quiescent}
    assert declared == set(QUIESCENT_ALGORITHMS)


@pytest.mark.parametrize("name", ALGORITHMS)
def test_each_registered_algorithm_builds_the_searcher_of_its_name(name: str) -> None:
    game_id = "backgammon" if name == "expectiminimax" else "tictactoe"
    searcher = make_searcher(SearchConfig(game_id, name, Limits(depth=1)))
    assert searcher.name == name


def test_an_unknown_algorithm_names_the_choices_in_one_line() -> None:
    with pytest.raises(ValueError) as raised:
        make_searcher(SearchConfig("tictactoe", "negascout"))
    assert str(raised.value) == ("unknown algorithm 'negascout'; choose one of: "
                                 + ", ".join(ALGORITHMS))
