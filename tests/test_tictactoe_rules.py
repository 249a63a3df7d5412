"""Tic-tac-toe rules against the well-known counts of its game tree, plus notation."""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from game.core import TERMINAL, IllegalMoveError, NotationError, winner
from game.registry import get_kit
from games.tictactoe.rules import GAME, TicTacToeState


def reachable() -> dict[tuple, TicTacToeState]:
    seen: dict[tuple, TicTacToeState] = {}
    stack = [GAME.initial_state()]
    while stack:
        s = stack.pop()
        if s.key() in seen:
            continue
        seen[s.key()] = s
        stack.extend(s.apply(m) for m in s.legal_moves())
    return seen


@cache
def tree_counts(state: TicTacToeState) -> tuple[int, int]:
    """(nodes in the subtree counting ``state``, complete games through it)."""
    if state.current_player() == TERMINAL:
        return 1, 1
    nodes, games = 1, 0
    for m in state.legal_moves():
        n, g = tree_counts(state.apply(m))
        nodes += n
        games += g
    return nodes, games


def test_reachable_and_terminal_position_counts() -> None:
    positions = reachable()
    assert len(positions) == 5478
    assert sum(s.current_player() == TERMINAL for s in positions.values()) == 958


def test_full_game_tree_counts() -> None:
    assert tree_counts(GAME.initial_state()) == (549_946, 255_168)


def test_results_of_complete_games() -> None:
    # Known split of the 255,168 games: 131,184 won by X, 77,904 by O, 46,080 drawn.
    @cache
    def outcomes(s: TicTacToeState) -> tuple[int, int, int]:
        if s.current_player() == TERMINAL:
            w = winner(s)
            return (w == 0, w == 1, w is None)
        totals = [0, 0, 0]
        for m in s.legal_moves():
            for i, v in enumerate(outcomes(s.apply(m))):
                totals[i] += v
        return tuple(totals)

    assert outcomes(GAME.initial_state()) == (131_184, 77_904, 46_080)


def test_parse_accepts_exactly_the_reachable_positions() -> None:
    positions = {GAME.format_position(s) for s in reachable().values()}
    accepted = set()
    for cells in itertools.product("XO-", repeat=9):
        for side in "XO":
            text = "".join(cells) + " " + side
            try:
                GAME.parse_position(text)
            except NotationError:
                continue
            accepted.add(text)
    assert accepted == positions


def test_position_round_trip_for_every_reachable_position() -> None:
    for s in reachable().values():
        text = GAME.format_position(s)
        assert GAME.parse_position(text) == s
        assert GAME.parse_position(text.lower()) == s


def test_move_round_trip_and_names() -> None:
    s = GAME.initial_state()
    names = [GAME.format_move(s, m) for m in s.legal_moves()]
    assert names == ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
    for m in s.legal_moves():
        assert GAME.parse_move(s, GAME.format_move(s, m)) == m
    assert GAME.parse_move(s, " C2 ") == 5


def test_known_position() -> None:
    s = GAME.parse_position("XX-OO---- X")
    assert GAME.parse_move(s, "c1") == 2
    after = s.apply(2)
    assert after.current_player() == TERMINAL
    assert after.returns() == (1.0, -1.0)
    assert GAME.describe_result(after) == "X wins"
    assert GAME.format_position(after) == "XXXOO---- O"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "--------- ",
        "-------- X",
        "---------- X",
        "----Z---- X",
        "--------- Y",
        "--------- X extra",
        "X-------- X",  # X moved, so it is O's turn
        "O-------- O",  # O cannot move first
        "XXX-OO--- X",  # X has three but X to move again
        "XXXOOO--- O",  # both have lines
        "XXX------ O",  # too many X marks
        "XXXOO-OOX X",  # X has three, yet it is X to move
        "XXXXOOOO- O",  # counts off by two
        "XXX---XXX O",  # two X lines without a common square (and bad counts)
    ],
)
def test_malformed_or_impossible_positions_are_rejected(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_position(text)


def test_two_lines_through_the_last_mark_are_possible() -> None:
    # X completes a row and a column with one move at a1.
    s = GAME.parse_position("XXXXOOXOO O")
    assert s.current_player() == TERMINAL and winner(s) == 0


def test_parse_position_rejects_options() -> None:
    with pytest.raises(ValueError):
        GAME.parse_position("--------- X", size=4)
    with pytest.raises(ValueError):
        GAME.initial_state(size=4)


@pytest.mark.parametrize("move", [9, -1, "a1", None, (0,), 1.0])
def test_illegal_move_objects_raise(move: object) -> None:
    with pytest.raises(IllegalMoveError):
        GAME.initial_state().apply(move)


def test_occupied_square_and_finished_game() -> None:
    s = GAME.initial_state().apply(4)
    with pytest.raises(IllegalMoveError, match="b2 is already taken"):
        s.apply(4)
    with pytest.raises(IllegalMoveError):
        GAME.parse_move(s, "b2")
    over = GAME.parse_position("XXXOO---- O")
    with pytest.raises(IllegalMoveError, match="over"):
        over.apply(5)
    assert over.legal_moves() == ()


@pytest.mark.parametrize("text", ["", "a", "d1", "a4", "a0", "1a", "a11", "pass"])
def test_malformed_moves_raise_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_move(GAME.initial_state(), text)


def test_states_are_immutable_and_hash_by_position() -> None:
    a = GAME.initial_state().apply(0).apply(4).apply(8)
    b = GAME.initial_state().apply(8).apply(4).apply(0)
    assert a == b and hash(a) == hash(b) and a.key() == b.key()
    with pytest.raises(AttributeError):
        a.to_move = 0  # type: ignore[misc]


def test_open_lines_evaluator() -> None:
    from ai.kit import get_evaluator
    from games.tictactoe.ai.evaluation import TicTacToeEvaluator, open_lines

    ev = get_evaluator(get_kit("tictactoe"))
    assert isinstance(ev, TicTacToeEvaluator)
    start = GAME.initial_state()
    assert ev.evaluate(start, 0) == ev.evaluate(start, 1) == 0.0
    # One X: the centre blocks 4 of O's lines, a corner 3, an edge 2.
    for square, value in (("b2", 4.0), ("a1", 3.0), ("b1", 2.0)):
        s = start.apply(GAME.parse_move(start, square))
        assert ev.evaluate(s, 0) == value and ev.evaluate(s, 1) == -value
    s = GAME.parse_position("X---O---X O")
    assert open_lines(s, 0) == 8 - 4 and open_lines(s, 1) == 8 - 5
    assert ev.evaluate(s, 0) == 1.0


def test_get_evaluator_rejects_unknown_games() -> None:
    from ai.kit import get_evaluator

    with pytest.raises(ValueError, match="chess"):
        get_evaluator(get_kit("chess"))
