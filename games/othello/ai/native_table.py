"""The mid-game search's transposition table as kernels: ``ai.tt``'s two tiers, in arrays.

Slots are indexed as the Python table indexes them, by ``hash((me, opp, to_move))``: the kernel
computes CPython's tuple hash of the three ints (``py_hash``: xxHash over the ints' hashes, an
int's hash being its value modulo 2**61 - 1), so the same positions share a slot and the same
entries are evicted as in ``TranspositionTable.store``. ``keys[slot, tier]`` holds the boards,
``info`` the rest packed in one word (``pack``; 0: no entry), ``vals`` the value (tier 0:
depth-preferred, 1: always-replace). Only ``info`` needs zeroing: a new table costs 1 MB of
zeros, not 4.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ai.native import kernel
from ai.searchbase import WIN, WIN_MARGIN
from games.othello.ai.native_bits import U64, Int
from games.othello.ai.native_eval import Floats, Ints

Words = npt.NDArray[np.uint64]

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
def py_hash(me: np.uint64, opp: np.uint64, to_move: Int) -> np.uint64:
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
def pack(to_move: Int, depth: Int, bound: Int, move: Int, horizon: Int, gen: Int) -> Int:
    """An entry's ``info`` word: used (bit 0), side to move, horizon flag, bound (2 bits),
    move (7 bits, PASS is 64), depth (8 bits), then the generation."""
    return (1 | to_move << 1 | horizon << 2 | bound << 3 | move << 5 | depth << 12
            | gen << 20)


@kernel
def entry_to_move(word: Int) -> Int:
    return (word >> 1) & 1


@kernel
def entry_horizon(word: Int) -> Int:
    return (word >> 2) & 1


@kernel
def entry_bound(word: Int) -> Int:
    return (word >> 3) & 3


@kernel
def entry_move(word: Int) -> Int:
    return (word >> 5) & 0x7F


@kernel
def entry_depth(word: Int) -> Int:
    return (word >> 12) & 0xFF


@kernel
def entry_gen(word: Int) -> Int:
    return word >> 20


@kernel
def _holds(keys: Words, info: Ints, i: Int, tier: int, me: np.uint64, opp: np.uint64,
           to_move: Int) -> bool:
    word = info[i, tier]
    return (word != 0 and keys[i, tier, 0] == me and keys[i, tier, 1] == opp
            and entry_to_move(word) == to_move)


@kernel
def tt_probe(keys: Words, info: Ints, me: np.uint64, opp: np.uint64, to_move: Int,
             mask: Int) -> tuple[Int, int]:
    """(slot, tier) of the position's entry (``TranspositionTable.probe``); tier -1: none."""
    i = np.int64(py_hash(me, opp, to_move) & U64(mask))
    for tier in range(2):
        if _holds(keys, info, i, tier, me, opp, to_move):
            return i, tier
    return i, -1


@kernel
def tt_store(keys: Words, info: Ints, vals: Floats, me: np.uint64, opp: np.uint64,
             to_move: Int, depth: Int, value: float, bound: Int, move: Int, horizon: Int,
             mask: Int, gen: Int) -> None:
    """``TranspositionTable.store``: the deep tier unless it holds a deeper entry of another
    position from this generation; an entry the deep tier evicts moves to the other."""
    i = np.int64(py_hash(me, opp, to_move) & U64(mask))
    deep = info[i, 0]
    same = _holds(keys, info, i, 0, me, opp, to_move)
    tier = 0
    if deep == 0 or same or depth >= entry_depth(deep) or entry_gen(deep) != gen:
        if deep != 0 and not same:
            keys[i, 1, 0] = keys[i, 0, 0]
            keys[i, 1, 1] = keys[i, 0, 1]
            info[i, 1] = deep
            vals[i, 1] = vals[i, 0]
    else:
        tier = 1
    keys[i, tier, 0] = me
    keys[i, tier, 1] = opp
    info[i, tier] = pack(to_move, depth, bound, move, horizon, gen)
    vals[i, tier] = value


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
