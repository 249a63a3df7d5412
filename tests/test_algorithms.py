"""The algorithm registry: every searcher declares itself, and the names menus show agree."""

from __future__ import annotations

from dataclasses import replace

import pytest

import ai.engine  # noqa: F401  (imports every searcher module, which fills the registry)
from ai.algorithms import algorithm_spec, registered_algorithms
from ai.api import ALGORITHMS, Limits, Refinements, SearchConfig
from ai.engine import make_searcher
from ai.levels import Level
from ai.quiescence import QUIESCENT_ALGORITHMS
from game.registry import get_kit


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


# ---- the refinements: one value, the outside names unchanged ---------------------------------

def test_refinements_keep_their_outside_names_both_ways() -> None:
    for refinements in (Refinements(), Refinements.none(), Refinements(tt=False, star1=False)):
        options = refinements.as_options()
        assert set(options) == {"use_tt", "use_ordering", "use_pvs", "use_aspiration",
                                "use_star1", "use_move_filter", "use_quiescence"}
        assert Refinements.from_options(options) == refinements


def test_options_not_named_leave_the_base_refinements_as_they_were() -> None:
    base = Refinements.none()
    got = Refinements.from_options({"use_pvs": True, "node_budget": 5}, base)
    assert got == base.but(pvs=True)


def test_a_config_switches_one_refinement_and_nothing_else() -> None:
    config = SearchConfig("tictactoe", "alphabeta", Limits(depth=3), noise=0.5)
    changed = config.with_refinements(tt=False)
    assert changed.refinements == Refinements(tt=False)
    assert replace(changed, refinements=Refinements()) == config


def test_a_level_without_quiescence_keeps_every_other_refinement() -> None:
    level = Level("Casual", algorithm="alphabeta", depth=2, time_s=None, noise=0.0,
                  exact=False, quiescence=False)
    assert level.config(get_kit("kalah")).refinements == Refinements(quiescence=False)


def test_a_search_looks_its_game_up_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine resolves the game's AI part once and hands it on (it was looked up by id
    four times a search: evaluator, profile, batched searcher, book)."""
    import ai.kit
    from ai.engine import run_search
    from game.kit import GameKit
    from game.registry import get_game

    looked_up: list[GameKit] = []
    real = ai.kit.game_ai

    def counting(kit: GameKit) -> ai.kit.GameAI:
        looked_up.append(kit)
        return real(kit)

    monkeypatch.setattr(ai.kit, "game_ai", counting)
    monkeypatch.setattr(ai.engine, "game_ai", counting)
    state = get_game("tictactoe").initial_state()
    run_search(state, SearchConfig("tictactoe", "alphabeta", Limits(depth=2)))
    assert looked_up == [get_kit("tictactoe")]
