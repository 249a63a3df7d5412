"""The game loop every match and the selftest play through: who is asked, and what a game that
ends right on the ply cap reports."""

from __future__ import annotations

import random

import ai  # noqa: F401  (registers the games)
from ai.selfplay import play_out
from game.core import Move, State
from game.registry import get_game


def take_most(state: State) -> Move:
    return max(state.legal_moves(), key=lambda move: move[1])


def never_asked(state: State) -> Move:
    raise AssertionError(f"a player was asked about a forced move in {state}")


def test_a_game_that_ends_on_the_last_allowed_ply_keeps_its_result() -> None:
    # 7 coins, take 1-3: 7 -> 4 -> 1 -> 0, so the first player takes the last coin on ply 3.
    start = get_game("nim").initial_state(heaps=(7,), max_take=3)
    record = play_out(start, (take_most, take_most), random.Random(0), max_plies=3)
    assert record.finished
    assert record.returns[0] > record.returns[1]
    assert [move[1] for move in record.moves] == [3, 3, 1]


def test_a_game_stopped_by_the_cap_is_unfinished_and_scores_nothing() -> None:
    start = get_game("nim").initial_state(heaps=(7,), max_take=3)
    record = play_out(start, (take_most, take_most), random.Random(0), max_plies=2)
    assert not record.finished
    assert record.returns == (0.0, 0.0)


def test_a_forced_move_is_played_without_asking_its_player() -> None:
    # One coin left: the only move is forced, so even a player that must never be asked is safe.
    start = get_game("nim").initial_state(heaps=(1,), max_take=3)
    record = play_out(start, (never_asked, never_asked), random.Random(0))
    assert record.finished and len(record.moves) == 1
