"""Perfect knowledge for Nim and Grundy's game, so the AI can play them exactly at any depth.

Normal play is Sprague-Grundy theory: a position is lost for the mover exactly when the XOR of
the heaps' Grundy values is 0 (a heap of n under "take 1..k" has value n mod (k+1); Grundy's
game values come from the mex over all splits).

Misère Nim follows Bouton: play as in normal Nim unless every heap is 0 or 1. The same rule,
read on Grundy values instead of heap sizes, holds for the take-limit game (the tests check it
against an exhaustive solve). Misère Grundy's game has no such shortcut, so it is solved by a
memoised search over heap multisets; beyond ``MISERE_GRUNDY_LIMIT`` live coins that search would
be too big and the normal-play value is used as an estimate.
"""

from __future__ import annotations

from functools import lru_cache
from typing import cast

from game.core import TERMINAL, State
from games.nim.rules import NimState

#: Largest number of coins in splittable heaps (> 2) that misère Grundy's game solves exactly.
MISERE_GRUNDY_LIMIT = 40

_grundy_split_values: list[int] = [0, 0, 0]


def _mex(values: set[int]) -> int:
    m = 0
    while m in values:
        m += 1
    return m


def heap_grundy(n: int, variant: str = "nim", max_take: int | None = None) -> int:
    """The Grundy value of one heap of ``n`` coins on its own."""
    if n < 0:
        raise ValueError(f"a heap cannot hold {n} coins")
    if variant == "nim":
        return n if max_take is None else n % (max_take + 1)
    if variant != "grundy":
        raise ValueError(f"unknown Nim variant {variant!r}")
    g = _grundy_split_values
    while len(g) <= n:
        m = len(g)
        g.append(_mex({g[k] ^ g[m - k] for k in range(1, (m + 1) // 2)}))
    return g[n]


def grundy_value(heaps: tuple[int, ...], variant: str = "nim", max_take: int | None = None) -> int:
    """The Grundy value of a whole position: the XOR of its heaps' values."""
    x = 0
    for h in heaps:
        x ^= heap_grundy(h, variant, max_take)
    return x


@lru_cache(maxsize=200_000)
def _misere_grundy_mover_wins(live: tuple[int, ...]) -> bool:
    """Exact misère Grundy's game; ``live`` = sorted heaps that can still be split (> 2)."""
    if not live:
        return True  # the mover cannot move, and in misère play that wins
    for i, h in enumerate(live):
        rest = live[:i] + live[i + 1 :]
        for k in range(1, (h + 1) // 2):
            child = tuple(sorted(rest + tuple(p for p in (k, h - k) if p > 2)))
            if not _misere_grundy_mover_wins(child):
                return True
    return False


def mover_wins(state: NimState) -> bool:
    """True when the side to move wins with perfect play (the position is an N-position)."""
    if state.is_over():
        return state.misere  # no move: loses under normal play, wins under misère
    if not state.misere:
        return grundy_value(state.heaps, state.variant, state.max_take) != 0
    if state.variant == "nim":
        values = [heap_grundy(h, "nim", state.max_take) for h in state.heaps]
        x = 0
        for v in values:
            x ^= v
        if all(v <= 1 for v in values):
            return x == 0
        return x != 0
    live = tuple(sorted(h for h in state.heaps if h > 2))
    if sum(live) <= MISERE_GRUNDY_LIMIT:
        return _misere_grundy_mover_wins(live)
    return grundy_value(state.heaps, "grundy") != 0


def winning_moves(state: NimState) -> tuple[tuple[int, int], ...]:
    """Every move that leaves the opponent lost; empty when the mover is lost (or it is over)."""
    if state.current_player() == TERMINAL:
        return ()
    return tuple(m for m in state.legal_moves() if not mover_wins(state.apply(m)))


class NimEvaluator:
    """+1 / -1 for a won / lost position from ``player``'s view: exact, not a heuristic."""

    #: The evaluation's name on screen ("Master's search: learned tables, depth 3").
    title = "Sprague-Grundy theory"

    def evaluate(self, state: State, player: int) -> float:
        # The search hands over the positions of its own game's tree: Nim's.
        nim = cast(NimState, state)
        if nim.current_player() == TERMINAL:
            return nim.returns()[player]
        value = 1.0 if mover_wins(nim) else -1.0
        return value if player == nim.to_move else -value

    def winning_moves(self, state: NimState) -> tuple[tuple[int, int], ...]:
        return winning_moves(state)
