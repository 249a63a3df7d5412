"""ai.lab.textbook itself: the code, the pseudocode the screen shows and the step events agree."""

from __future__ import annotations

import inspect
import re

import pytest

from ai.api import Limits, SearchConfig
from ai.lab import textbook, textbook_mcts
from ai.lab.record import record_search
from game.registry import get_game
from games.classroom.rules import GAME


def leaf_value(state, depth_left):  # type: ignore[no-untyped-def]
    value = state.leaf_value()
    return 0.0 if value is None else value


PROBLEM = textbook.Problem(0, leaf_value)


def test_every_named_line_is_in_the_code_and_on_the_screen() -> None:
    source = inspect.getsource(textbook) + inspect.getsource(textbook_mcts)  # MCTS: its own
    tags = set(re.findall(r"# \[([a-z-]+)\]", source))
    shown = {name for lines in textbook.PSEUDOCODE.values() for name, _ in lines if name}
    assert tags == shown
    assert not set(textbook.ENGINE_LINES) & {"leaf", "max-init", "max-value"}


@pytest.mark.parametrize(
    ("game_id", "position", "algorithm", "depth"),
    [
        ("classroom", "[[3,12,8],[2,4,6],[14,5,2]]", "alphabeta", 2),
        ("classroom", "[[3,12,8],[2,4,6],[14,5,2]]", "minimax", 2),
        ("classroom", "[{0.9: [2,3], 0.1: [4,5]}, {0.9: [1,6], 0.1: [7,8]}]", "expectiminimax", 3),
        ("tictactoe", "X---O---- X", "alphabeta", 4),
        ("backgammon", "4HPwATDgc/ABMA 31", "expectiminimax", 3),
        ("backgammon", "4HPwATDgc/ABMA 31", "minimax", 2),
    ],
)
def test_step_events_name_lines_the_screen_has(
    game_id: str, position: str, algorithm: str, depth: int
) -> None:
    state = get_game(game_id).parse_position(position)
    rec = record_search(state, SearchConfig(game_id, algorithm, Limits(depth=depth)))
    names = {name for name, _ in textbook.PSEUDOCODE[algorithm]} | set(textbook.ENGINE_LINES)
    assert {e.line for e in rec.events} <= names


def test_min_to_move_and_first_best_move() -> None:
    b = GAME.parse_position("[[3,12,8],[2,4,6],[14,5,2]] @b")  # MIN chooses among 2, 4, 6
    assert textbook.alphabeta(b, 1, PROBLEM) == 2
    assert textbook.minimax(b, 1, PROBLEM) == 2
    ties = GAME.parse_position("[[1,5],[5,1],[0,2]]")  # a and b both worth 1 to MAX, c 0
    assert textbook.decision(ties, 2, PROBLEM, "minimax") == (0, 1)


def test_depth_limit_reads_the_horizon() -> None:
    state = GAME.parse_position("[[3,12,8],[2,4,6],[14,5,2]]")
    seen: list[int] = []

    def horizon(s, depth_left):  # type: ignore[no-untyped-def]
        seen.append(depth_left)
        return leaf_value(s, depth_left)

    # Depth 1: the MIN nodes are leaves of the search, worth 0 (no value of their own).
    assert textbook.minimax(state, 1, textbook.Problem(0, horizon)) == 0
    assert seen == [0, 0, 0]
