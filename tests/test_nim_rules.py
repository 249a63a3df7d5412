"""Nim and Grundy's game rules, checked by an independent exhaustive solve of small positions."""

from __future__ import annotations

import itertools
from functools import cache, reduce
from operator import xor

import pytest

from ai.kit import get_evaluator
from game.core import TERMINAL, IllegalMoveError, NotationError
from game.registry import get_kit
from games.nim.ai.evaluation import (
    NimEvaluator,
    grundy_value,
    heap_grundy,
    mover_wins,
    winning_moves,
)
from games.nim.rules import GAME, NimState


@cache
def solve(state: NimState) -> bool:
    """Plain memoised game-tree search: does the side to move win? Uses only the rules."""
    if state.current_player() == TERMINAL:
        return state.returns()[state.to_move] > 0
    return any(not solve(state.apply(m)) for m in state.legal_moves())


def positions(max_heaps: int, max_size: int):
    for n in range(1, max_heaps + 1):
        yield from itertools.product(range(max_size + 1), repeat=n)


def nim(heaps, max_take=None, misere=False, to_move=0) -> NimState:
    return GAME.parse_position(
        f"{','.join(map(str, heaps))} {to_move + 1}", max_take=max_take, misere=misere
    )


def test_normal_nim_loses_exactly_when_xor_is_zero() -> None:
    count = 0
    for heaps in positions(3, 7):
        s = nim(heaps)
        assert solve(s) == (reduce(xor, heaps) != 0), heaps
        assert mover_wins(s) == solve(s)
        count += 1
    assert count == 8 + 64 + 512


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_take_limit_single_heap(k: int) -> None:
    for n in range(31):
        s = nim((n,), max_take=k)
        assert solve(s) == (n % (k + 1) != 0), n


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_take_limit_multi_heap_xor_of_residues(k: int) -> None:
    for heaps in positions(3, 7):
        s = nim(heaps, max_take=k)
        assert solve(s) == (reduce(xor, (h % (k + 1) for h in heaps)) != 0), heaps
        assert mover_wins(s) == solve(s)


def bouton_misere_mover_loses(heaps: tuple[int, ...]) -> bool:
    x = reduce(xor, heaps)
    return (x == 0 and any(h > 1 for h in heaps)) or (all(h <= 1 for h in heaps) and x == 1)


def test_misere_nim_follows_bouton() -> None:
    for heaps in positions(3, 7):
        s = nim(heaps, misere=True)
        assert solve(s) == (not bouton_misere_mover_loses(heaps)), heaps
        assert mover_wins(s) == solve(s)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_misere_take_limit_matches_exhaustive_solve(k: int) -> None:
    for heaps in positions(3, 9):
        s = nim(heaps, max_take=k, misere=True)
        assert mover_wins(s) == solve(s), heaps
    # The classic: 7 coins, take 1..3, whoever takes the last coin loses: n % 4 == 1 loses.
    for n in range(1, 21):
        assert solve(nim((n,), max_take=3, misere=True)) == (n % 4 != 1)


def test_grundy_game_values() -> None:
    expected = [0, 0, 1, 0, 2, 1, 0, 2, 1, 0]
    assert [heap_grundy(n, "grundy") for n in range(1, 11)] == expected
    for n in range(1, 11):
        s = GAME.initial_state(heaps=(n,), variant="grundy")
        assert solve(s) == (expected[n - 1] != 0)
    assert solve(GAME.initial_state(variant="grundy")) is False  # a single heap of 7 loses
    # OEIS A002188, heaps 0..20: the table the evaluator builds for big heaps.
    a002188 = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
    assert [heap_grundy(n, "grundy") for n in range(21)] == a002188


def test_grundy_game_sums_and_misere() -> None:
    for heaps in positions(2, 10):
        normal = GAME.parse_position(f"{','.join(map(str, heaps))} 1", variant="grundy")
        assert mover_wins(normal) == solve(normal) == (grundy_value(heaps, "grundy") != 0)
        mis = GAME.parse_position(f"{','.join(map(str, heaps))} 2", variant="grundy", misere=True)
        assert mover_wins(mis) == solve(mis), heaps


def test_grundy_split_moves_and_notation() -> None:
    s = GAME.initial_state(variant="grundy")
    assert s.legal_moves() == ((0, 1), (0, 2), (0, 3))
    assert [GAME.format_move(s, m) for m in s.legal_moves()] == ["1:1", "1:2", "1:3"]
    after = s.apply(GAME.parse_move(s, "1:3"))
    assert GAME.format_position(after) == "4,3 2"
    assert GAME.parse_move(s, "1:4") == (0, 3)  # naming the larger part is the same split
    with pytest.raises(IllegalMoveError, match="equal heaps"):
        GAME.parse_move(after, "1:2")
    with pytest.raises(IllegalMoveError, match="cannot be split"):
        GAME.parse_position("2,5 1", variant="grundy").apply((0, 1))
    end = GAME.parse_position("1,2,2,0 2", variant="grundy")
    assert end.current_player() == TERMINAL and end.returns() == (1.0, -1.0)
    assert GAME.describe_result(end) == "Player 1 wins"


def test_defaults_are_the_classic_game() -> None:
    s = GAME.initial_state()
    assert s.heaps == (7,) and s.max_take == 3 and not s.misere and s.variant == "nim"
    assert GAME.options(s) == {"max_take": 3, "misere": False, "variant": "nim"}
    assert GAME.format_position(s) == "7 1"
    assert [GAME.format_move(s, m) for m in s.legal_moves()] == ["1:1", "1:2", "1:3"]
    assert GAME.parse_position("7 1", **GAME.options(s)) == s
    assert GAME.initial_state(variant="grundy").max_take is None


def test_take_moves_and_results() -> None:
    s = nim((3, 4, 5))
    assert len(s.legal_moves()) == 12
    after = s.apply(GAME.parse_move(s, "2:3"))
    assert GAME.format_position(after) == "3,1,5 2"
    last = nim((0, 1), to_move=1)
    done = last.apply((1, 1))
    assert done.current_player() == TERMINAL
    assert done.returns() == (-1.0, 1.0)
    assert GAME.describe_result(done) == "Player 2 wins"
    mis_done = nim((0, 1), misere=True, to_move=1).apply((1, 1))
    assert mis_done.returns() == (1.0, -1.0)


@pytest.mark.parametrize(
    ("position", "move", "message"),
    [
        ("3,1 1", "2:2", "heap 2 has only 1 coin"),
        ("3,5 1", "2:4", "you may take at most 3"),
        ("3,0 1", "2:1", "heap 2 is empty"),
        ("3,4 1", "3:1", "heap 3 does not exist"),
        ("3,4 1", "1:0", "at least 1 coin"),
    ],
)
def test_illegal_take_messages(position: str, move: str, message: str) -> None:
    s = GAME.parse_position(position)
    with pytest.raises(IllegalMoveError, match=message):
        GAME.parse_move(s, move)


@pytest.mark.parametrize("move", [(0,), (0, 1, 2), "1:1", None, (True, 1), (0, 1.0), (-1, 1)])
def test_malformed_move_objects_raise_illegal_move(move: object) -> None:
    with pytest.raises(IllegalMoveError):
        nim((3, 4)).apply(move)


@pytest.mark.parametrize("text", ["", "1", "1:", ":1", "a:1", "1:b", "1-2", "0:1", "1:1:1", "1:²"])
def test_malformed_move_text(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_move(nim((3, 4)), text)


@pytest.mark.parametrize(
    "text", ["", "3,4", "3,4 3", "3,,4 1", "3;4 1", "-1,4 1", "a 1", "3,4 1 x", "1001 1", " 1"]
)
def test_malformed_positions(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_position(text)


@pytest.mark.parametrize(
    "options",
    [
        {"max_take": 0},
        {"max_take": "3"},
        {"misere": "yes"},
        {"variant": "chess"},
        {"variant": "grundy", "max_take": 3},
        {"heaps": ()},
        {"heaps": (3, -1)},
        {"heaps": "7"},
        {"heaps": (2.5,)},
        {"colour": "red"},
    ],
)
def test_bad_options_raise_value_error(options: dict) -> None:
    with pytest.raises(ValueError):
        GAME.initial_state(**options)
    if "heaps" not in options:
        with pytest.raises(ValueError):
            GAME.parse_position("7 1", **options)


def test_position_round_trips_and_keys() -> None:
    for text in ["0,4 2", "3,4,5 1", "7 2", "1,1,1,1 1"]:
        for opts in ({}, {"max_take": None}, {"misere": True}, {"variant": "grundy"}):
            s = GAME.parse_position(text, **opts)
            assert GAME.format_position(s) == text
            assert GAME.parse_position(text, **GAME.options(s)) == s
    a = nim((3, 4))
    assert a.key() != nim((3, 4), misere=True).key()
    assert a.key() != nim((4, 3)).key()  # heap order is kept: moves name heaps by position
    assert hash(a) == hash(nim((3, 4))) and a == nim((3, 4))


def test_evaluator_and_winning_moves() -> None:
    ev = get_evaluator(get_kit("nim"))
    assert isinstance(ev, NimEvaluator)
    s = nim((3, 4, 5), max_take=None)
    assert ev.evaluate(s, 0) == 1.0 and ev.evaluate(s, 1) == -1.0
    # 3^4^5 = 2: the only winning moves leave XOR 0: 3->1 (take 2) ... check all.
    wins = winning_moves(s)
    assert wins == ((0, 2),)
    assert all(grundy_value(s.apply(m).heaps) == 0 for m in wins)
    lost = nim((1, 2, 3), max_take=None)
    assert winning_moves(lost) == () and ev.evaluate(lost, 0) == -1.0
    assert winning_moves(GAME.initial_state()) == ((0, 3),)  # 7 coins: take 3, leave 4
    for heaps in positions(2, 6):
        for opts in ({"max_take": 2}, {"misere": True}, {"variant": "grundy"}):
            st = GAME.parse_position(f"{','.join(map(str, heaps))} 1", **opts)
            if st.current_player() == TERMINAL:
                assert ev.evaluate(st, 0) == st.returns()[0]
                continue
            assert set(winning_moves(st)) == {m for m in st.legal_moves() if not solve(st.apply(m))}
            assert ev.evaluate(st, 0) == (1.0 if solve(st) else -1.0)


def test_large_grundy_heap_is_quick_and_bounded() -> None:
    # Values come from a cached table, so big heaps cost one pass; they stay small numbers.
    assert 0 <= heap_grundy(1000, "grundy") < 64
    big = GAME.parse_position("300,300,300 1", variant="grundy", misere=True)
    assert mover_wins(big) in (True, False)
