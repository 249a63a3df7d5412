"""The mid-game search's transposition table as kernels: ``ai.tt``'s two tiers, in arrays.

Slots are indexed as the Python table indexes them, by ``hash((me, opp, to_move))``: the kernel
computes CPython's tuple hash of the three ints (``py_hash``: xxHash over the ints' hashes, an
int's hash being its value modulo 2**61 - 1), so the same positions share a slot and the same
entries are evicted as in ``TranspositionTable.store``. ``keys[slot, tier]`` holds the boards,
``info`` the side to move, depth, bound, move, horizon flag, generation and whether it is
used, ``vals`` the value (tier 0: depth-preferred, 1: always-replace).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ai.native import kernel
from ai.searchbase import WIN, WIN_MARGIN
from games.othello.ai.native_bits import U64, Int
from games.othello.ai.native_eval import Floats, Ints

Words = npt.NDArray[np.uint64]
#: ``info`` fields of a table entry.
USED, TO_MOVE, DEPTH, BOUND, MOVE, HORIZON, ENTRY_GEN = range(7)
INFO_FIELDS = 7

_P61 = U64((1 << 61) - 1)
_XX1 = U64(11400714785074694791)
_XX2 = U64(14029467366897019727)
_XX5 = U64(2870177450012600261)
_LEN3 = U64(3 ^ (2870177450012600261 ^ 3527539))
_MINUS_ONE = U64(0xFFFFFFFFFFFFFFFF)
_WIN_NEAR = WIN - WIN_MARGIN


@kernel
def _lane(acc: np.uint64, x: np.uint64) -> np.uint64:
    acc += (x % _P61) * _XX2
    acc = (acc << 31) | (acc >> 33)
    return acc * _XX1


@kernel
def py_hash(me: np.uint64, opp: np.uint64, to_move: int) -> np.uint64:
    """CPython's ``hash((me, opp, to_move))`` as an unsigned word (xxHash of the ints'
    hashes, an int's hash its value modulo 2**61 - 1): the Python table's slot is its low
    bits."""
    acc = _lane(_XX5, me)
    acc = _lane(acc, opp)
    acc = _lane(acc, U64(to_move))
    acc += _LEN3
    if acc == _MINUS_ONE:
        return U64(1546275796)
    return acc


@kernel
def tt_probe(keys: Words, info: Ints, me: np.uint64, opp: np.uint64, to_move: int,
             mask: int) -> tuple[Int, int]:
    """(slot, tier) of the position's entry (``TranspositionTable.probe``); tier -1: none."""
    i = np.int64(py_hash(me, opp, to_move) & U64(mask))
    for tier in range(2):
        if (info[i, tier, USED] and keys[i, tier, 0] == me and keys[i, tier, 1] == opp
                and info[i, tier, TO_MOVE] == to_move):
            return i, tier
    return i, -1


@kernel
def _write(keys: Words, info: Ints, vals: Floats, i: Int, tier: int, me: np.uint64,
           opp: np.uint64, to_move: int, depth: int, value: float, bound: int, move: int,
           horizon: int, gen: int) -> None:
    keys[i, tier, 0] = me
    keys[i, tier, 1] = opp
    info[i, tier, USED] = 1
    info[i, tier, TO_MOVE] = to_move
    info[i, tier, DEPTH] = depth
    info[i, tier, BOUND] = bound
    info[i, tier, MOVE] = move
    info[i, tier, HORIZON] = horizon
    info[i, tier, ENTRY_GEN] = gen
    vals[i, tier] = value


@kernel
def tt_store(keys: Words, info: Ints, vals: Floats, me: np.uint64, opp: np.uint64,
             to_move: int, depth: int, value: float, bound: int, move: int, horizon: int,
             mask: int, gen: int) -> None:
    """``TranspositionTable.store``: the deep tier unless it holds a deeper entry of another
    position from this generation; an entry the deep tier evicts moves to the other."""
    i = np.int64(py_hash(me, opp, to_move) & U64(mask))
    used = info[i, 0, USED]
    same = (used and keys[i, 0, 0] == me and keys[i, 0, 1] == opp
            and info[i, 0, TO_MOVE] == to_move)
    if not used or same or depth >= info[i, 0, DEPTH] or info[i, 0, ENTRY_GEN] != gen:
        if used and not same:
            keys[i, 1, 0] = keys[i, 0, 0]
            keys[i, 1, 1] = keys[i, 0, 1]
            for f in range(INFO_FIELDS):
                info[i, 1, f] = info[i, 0, f]
            vals[i, 1] = vals[i, 0]
        _write(keys, info, vals, i, 0, me, opp, to_move, depth, value, bound, move, horizon,
               gen)
    else:
        _write(keys, info, vals, i, 1, me, opp, to_move, depth, value, bound, move, horizon,
               gen)


@kernel
def to_tt(value: float, ply: int) -> float:
    if value >= _WIN_NEAR:
        return value + ply
    if value <= -_WIN_NEAR:
        return value - ply
    return value


@kernel
def from_tt(value: float, ply: int) -> float:
    if value >= _WIN_NEAR:
        return value - ply
    if value <= -_WIN_NEAR:
        return value + ply
    return value
