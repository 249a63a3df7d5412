"""Nim made visible: binary rows, the nim-sum, Grundy values, and the winning moves."""

from __future__ import annotations

from games.nim.ai.table import grundy_sequence, nim_table
from games.nim.rules import GAME


def table(position: str, **options):  # type: ignore[no-untyped-def]
    return nim_table(GAME.parse_position(position, **options))


def test_classic_three_four_five() -> None:
    t = table("3,4,5 1", max_take=None)
    assert [r.bits for r in t.rows] == ["011", "100", "101"]
    assert (t.nim_sum, t.nim_sum_bits) == (2, "010")
    assert t.odd_columns == (False, True, False)
    # Only heap 1 has the nim-sum's top bit: 3 -> 3 XOR 2 = 1, i.e. take 2 from heap 1.
    assert [r.target for r in t.rows] == [1, None, None]
    assert t.mover_wins and t.winning_moves == ("1:2",)
    assert not t.grundy and t.rule == "Nim: a heap counts as its size"


def test_lost_position_has_even_columns() -> None:
    t = table("1,2,3 1", max_take=None)
    assert t.nim_sum == 0 and not any(t.odd_columns)
    assert not t.mover_wins and t.winning_moves == ()


def test_take_limit_counts_heaps_mod_k_plus_one() -> None:
    t = table("7 1", max_take=3)  # the classroom game: 7 coins, take 1 to 3
    assert t.grundy and [r.value for r in t.rows] == [3] and t.winning_moves == ("1:3",)
    assert "n mod 4" in t.rule
    assert grundy_sequence("nim", 3, 9) == (0, 1, 2, 3, 0, 1, 2, 3, 0, 1)


def test_grundys_game() -> None:
    # Grundy values of single heaps (OEIS A002188).
    assert grundy_sequence("grundy", None, 20) == (
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0)
    t = table("7,5 1", variant="grundy")
    assert [r.value for r in t.rows] == [0, 2] and t.nim_sum == 2
    # 7 -> 5 + 2 (values 2 ^ 0) or 5 -> 4 + 1 (0 ^ 0): either leaves a nim-sum of 0.
    assert t.winning_moves == ("1:2", "2:1")


def test_misere_endgame() -> None:
    t = table("1,1 1", max_take=None, misere=True)
    assert t.misere and t.nim_sum == 0 and t.mover_wins  # leave the opponent the last coin
