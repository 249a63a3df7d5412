"""Nim made visible: the numbers behind the winning move, for the lab to draw.

Bouton's theorem: in Nim the player to move loses exactly when the XOR of the heap sizes (the
nim-sum) is 0, i.e. when every binary column holds an even number of ones; a winning move
changes one heap so that every column is even again. Sprague-Grundy theory extends this to
any game made of independent heaps: each heap counts as its Grundy value (with a take limit k
a heap of n counts as n mod (k + 1); in Grundy's game, where a move splits a heap into two
unequal heaps, as the smallest value none of its splits reaches), and the XOR rule applies to
those values. Misère play changes only the endgame (every heap worth 0 or 1), as
games.nim.ai.evaluation explains; the winning moves listed here always come from that module.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.nim.ai.evaluation import heap_grundy, mover_wins, winning_moves
from games.nim.rules import GAME, NimState


@dataclass(frozen=True)
class NimRow:
    heap: int
    size: int
    #: What the heap counts as: its size in plain Nim, else its Grundy value.
    value: int
    #: ``value`` in binary, padded to the table's width.
    bits: str
    #: The value this heap must be changed to for the nim-sum to become 0 (value XOR
    #: nim-sum), or None when that would not be smaller (this heap cannot be the winning one).
    #: In Nim a smaller size is always reachable; under other rules ``winning_moves`` says
    #: which heaps really can get there.
    target: int | None


@dataclass(frozen=True)
class NimTable:
    rule: str
    #: True when the heaps count as Grundy values rather than sizes.
    grundy: bool
    rows: tuple[NimRow, ...]
    width: int
    nim_sum: int
    nim_sum_bits: str
    #: For each binary column, most significant first: does it hold an odd number of ones?
    odd_columns: tuple[bool, ...]
    mover_wins: bool
    #: The winning moves in the game's notation ("2:3"); empty when the mover loses.
    winning_moves: tuple[str, ...]
    misere: bool


def nim_table(state: NimState) -> NimTable:
    """The binary table of ``state``'s heaps: values, bits, the nim-sum row, winning moves."""
    variant, max_take = state.variant, state.max_take
    values = [heap_grundy(h, variant, max_take) for h in state.heaps]
    nim_sum = 0
    for v in values:
        nim_sum ^= v
    width = max(1, max([*values, nim_sum]).bit_length())
    rows = tuple(
        NimRow(i + 1, h, v, format(v, f"0{width}b"),
               (v ^ nim_sum) if nim_sum and (v ^ nim_sum) < v else None)
        for i, (h, v) in enumerate(zip(state.heaps, values, strict=True))
    )
    odd = tuple(
        sum((v >> bit) & 1 for v in values) % 2 == 1 for bit in range(width - 1, -1, -1)
    )
    moves = tuple(GAME.format_move(state, m) for m in winning_moves(state))
    return NimTable(
        rule=rule_text(variant, max_take),
        grundy=variant == "grundy" or max_take is not None,
        rows=rows,
        width=width,
        nim_sum=nim_sum,
        nim_sum_bits=format(nim_sum, f"0{width}b"),
        odd_columns=odd,
        mover_wins=mover_wins(state),
        winning_moves=moves,
        misere=state.misere,
    )


def rule_text(variant: str, max_take: int | None) -> str:
    if variant == "grundy":
        return ("Grundy's game: a heap counts as its Grundy value, the smallest number that no "
                "split of it reaches")
    if max_take is not None:
        return (f"take 1 to {max_take}: a heap of n counts as n mod {max_take + 1} (whatever "
                f"you take, the opponent can take the rest of {max_take + 1})")
    return "Nim: a heap counts as its size"


def grundy_sequence(variant: str, max_take: int | None, up_to: int) -> tuple[int, ...]:
    """Grundy values of single heaps of 0 .. ``up_to`` coins (the table a teacher shows)."""
    return tuple(heap_grundy(n, variant, max_take) for n in range(up_to + 1))
