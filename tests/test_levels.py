"""Difficulty levels: names, lookup, valid configs, and that the ladder really is a ladder."""

from __future__ import annotations

import pytest

from ai.api import ALGORITHMS
from ai.engine import make_searcher, run_search
from ai.kit import get_level, levels_of
from ai.levels import NAMES
from game.core import TERMINAL
from game.registry import game_ids, get_game, get_kit


def test_every_game_has_the_five_levels_with_valid_configs() -> None:
    assert {g for g in game_ids() if levels_of(get_kit(g))} == set(game_ids())
    for game_id, levels in ((g, levels_of(get_kit(g))) for g in game_ids()):
        assert tuple(lv.name for lv in levels) == NAMES
        for level in levels:
            assert level.algorithm in ALGORITHMS
            assert level.depth is not None or level.time_s is not None or level.exact
            config = level.config(get_kit(game_id), seed=3)
            assert config.game_id == game_id and config.seed == 3 and config.noise == level.noise
            make_searcher(config)  # builds without error


def test_get_level_is_case_insensitive_and_errors_list_the_names() -> None:
    assert get_level(get_kit("othello"), "master").name == "Master"
    assert get_level(get_kit("nim"), " BEGINNER ").name == "Beginner"
    with pytest.raises(ValueError, match="Beginner, Casual, Intermediate, Advanced or Master"):
        get_level(get_kit("othello"), "champion")
    with pytest.raises(ValueError, match="did you mean Master"):
        get_level(get_kit("othello"), "grandmaster")
    with pytest.raises(ValueError, match="no levels for game 'classroom'; known games"):
        get_level(get_kit("classroom"), "Master")  # a teaching game has no levels
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        get_kit("chess")


@pytest.mark.parametrize("game_id", ["tictactoe", "nim"])
def test_fast_levels_play_legal_moves(game_id: str) -> None:
    state = get_game(game_id).initial_state()
    for level in levels_of(get_kit(game_id)):
        assert run_search(state, level.config(get_kit(game_id), seed=1)).move in state.legal_moves()


def _play(game_id: str, first, second, seed: int, **options) -> float:
    """Score of ``first`` (who moves first): 1 win, 0.5 draw, 0 loss."""
    state = get_game(game_id).initial_state(**options)
    kit = get_kit(game_id)
    configs = (first.config(kit, seed=seed), second.config(kit, seed=seed + 1000))
    ply = 0
    while state.current_player() != TERMINAL:
        config = configs[state.current_player()]
        state = state.apply(run_search(state, _reseed(config, seed + ply)).move)
        ply += 1
    r0, r1 = state.returns()
    return 1.0 if r0 > r1 else 0.0 if r1 > r0 else 0.5


def _reseed(config, seed: int):
    from dataclasses import replace

    return replace(config, seed=seed) if config.noise > 0 else config


def test_tictactoe_master_beats_beginner_and_never_loses() -> None:
    tictactoe = get_kit("tictactoe")
    master, beginner = get_level(tictactoe, "Master"), get_level(tictactoe, "Beginner")
    scores = [_play("tictactoe", master, beginner, s) for s in range(6)]
    scores += [1 - _play("tictactoe", beginner, master, s) for s in range(6)]
    assert min(scores) >= 0.5  # never loses
    assert sum(scores) >= 8  # and wins most games


def test_nim_master_beats_beginner_from_a_won_start() -> None:
    master, beginner = get_level(get_kit("nim"), "Master"), get_level(get_kit("nim"), "Beginner")
    # Classic 3-4-5 Nim is a first-player win: perfect play must convert every time.
    assert all(_play("nim", master, beginner, s, heaps=(3, 4, 5)) == 1.0 for s in range(5))
    # ...and from a lost start (XOR 0) a random player cannot hold on to it.
    assert sum(_play("nim", beginner, master, s, heaps=(1, 4, 5)) for s in range(5)) == 0


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("typed", ["Foo", "mastr", "Advanced-gen9", "x" * 300, "\u0663"])
def test_an_unknown_level_is_one_short_line_of_names_that_help(game_id: str, typed: str) -> None:
    from cli.common import RequestError, level_config

    with pytest.raises(ValueError) as from_levels:
        get_level(get_kit(game_id), typed)
    with pytest.raises(RequestError) as from_cli:
        level_config(get_kit(game_id), typed)
    for message in (str(from_levels.value), str(from_cli.value)):
        assert len(message) < 150 and "\n" not in message, message
        assert message.startswith("unknown level ")
        if typed == "Foo":
            assert message.endswith("choose Beginner, Casual, Intermediate, Advanced or Master")
        if typed == "mastr":
            assert "did you mean Master" in message
