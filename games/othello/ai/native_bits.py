"""Othello's bitboard operations as compiled kernels (ai.native): moves, flips, stable discs.

The same rules as ``games.othello.rules`` and the same stable discs as
``games.othello.ai.endgame``, on ``numpy.uint64`` boards instead of Python ints, so numba can
compile them (``ai.native.kernel``) and the exact solver's compiled search
(``games.othello.ai.native_endgame``) can call them without leaving machine code.

Written for both paths: compiled, a board is a machine word and shifts drop the bits they
push past bit 63; uncompiled (``KIBITZ_NATIVE=0``), the functions run as plain Python on NumPy
scalars, which drop them the same way. Three habits keep the two alike:

- every mask is a ``uint64`` constant of this module (numba makes ``uint64 & 0xFF`` a signed
  int, and ``uint64 + int64`` a float);
- no arithmetic wraps: the lowest bit is ``x & ~(x - 1)`` for a non-zero ``x``, never
  ``x & -x`` (NumPy warns when a scalar wraps; compiled code would not notice);
- shift counts are plain ints (NumPy refuses to shift a ``uint64`` by an ``int64``).

Counting a board's bits is the loop that clears the lowest bit until none is left: LLVM turns
it into one ``popcnt`` instruction, and Python runs it as written.
"""

from __future__ import annotations

from typing import TypeAlias

import numpy as np

from ai.native import kernel
from games.othello.ai.endgame_tables import (
    DIAG7,
    DIAG9,
    EDGE,
    FILE_A,
    FILE_H,
    NOT_A,
    NOT_H,
    RANK_1,
    RANK_8,
    edge_runs,
)

#: ``endgame_tables.fingerprint()`` of the numbers and tables these kernels read: numba's disk
#: cache keeps them only while this file is unchanged, so a change there must change this line.
TABLES_FINGERPRINT = "84a59743cd40d6c0"
U64 = np.uint64
#: Whole numbers and flags as kernels see them: Python's on the way in, NumPy's inside.
Int: TypeAlias = int | np.int64
Flag: TypeAlias = bool | np.bool_
ZERO = U64(0)
ONE = U64(1)
FULL64 = U64(0xFFFFFFFFFFFFFFFF)
BYTE = U64(0xFF)
INNER64 = U64(0x7E7E7E7E7E7E7E7E)
NOT_A64 = U64(NOT_A)
NOT_H64 = U64(NOT_H)
FILE_A64 = U64(FILE_A)
FILE_H64 = U64(FILE_H)
RANK_1_64 = U64(RANK_1)
RANK_8_64 = U64(RANK_8)
EDGE64 = U64(EDGE)
LEFT_RIGHT64 = FILE_A64 | FILE_H64
TOP_BOTTOM64 = RANK_1_64 | RANK_8_64


def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per square: rays towards higher squares, rays towards lower squares (four each, 0 for
    none or one too short to flank), and the neighbour mask."""
    up = np.zeros((64, 4), dtype=np.uint64)
    down = np.zeros((64, 4), dtype=np.uint64)
    near = np.zeros(64, dtype=np.uint64)
    steps = ((0, 1), (1, -1), (1, 0), (1, 1), (0, -1), (-1, 1), (-1, 0), (-1, -1))
    for sq in range(64):
        row, col = divmod(sq, 8)
        n_up = n_down = 0
        for dr, dc in steps:
            ray = length = 0
            r, c = row + dr, col + dc
            while 0 <= r < 8 and 0 <= c < 8:
                ray |= 1 << (r * 8 + c)
                length += 1
                r, c = r + dr, c + dc
            if length:
                near[sq] |= U64(1 << ((row + dr) * 8 + col + dc))
            if length >= 2 and dr * 8 + dc > 0:
                up[sq, n_up] = ray
                n_up += 1
            elif length >= 2:
                down[sq, n_down] = ray
                n_down += 1
    return up, down, near


RAYS_UP, RAYS_DOWN, NEIGHBOURS64 = _tables()
EDGE_RUNS = np.array(edge_runs(), dtype=np.uint64)
DIAG9_64 = np.array(DIAG9, dtype=np.uint64)
DIAG7_64 = np.array(DIAG7, dtype=np.uint64)


@kernel
def popcount(x: np.uint64) -> int:
    """Bits set in ``x``."""
    n = 0
    while x:
        x &= x - ONE
        n += 1
    return n


@kernel
def lowest_square(x: np.uint64) -> int:
    """Index of the lowest set bit of a non-zero ``x``."""
    return popcount((x & ~(x - ONE)) - ONE)


@kernel
def highest_bit(x: np.uint64) -> np.uint64:
    """The highest set bit of ``x`` alone (0 for 0)."""
    x |= x >> 1
    x |= x >> 2
    x |= x >> 4
    x |= x >> 8
    x |= x >> 16
    x |= x >> 32
    return x ^ (x >> 1)


@kernel
def moves(me: np.uint64, opp: np.uint64) -> np.uint64:
    """Squares where ``me`` may place a disc: ``rules.generate_moves`` on words."""
    oh = opp & INNER64
    out = ZERO
    # Each direction as a (shift, mask) pair; shifting left and right both.
    for shift in (1, 8, 9, 7):
        o = opp if shift == 8 else oh
        pre = o & (o << shift)
        f = o & (me << shift)
        f |= o & (f << shift)
        f |= pre & (f << (2 * shift))
        f |= pre & (f << (2 * shift))
        out |= f << shift
        pre >>= shift
        f = o & (me >> shift)
        f |= o & (f >> shift)
        f |= pre & (f >> (2 * shift))
        f |= pre & (f >> (2 * shift))
        out |= f >> shift
    return out & ~(me | opp)


@kernel
def flips(me: np.uint64, opp: np.uint64, sq: int) -> np.uint64:
    """Discs ``me`` flips by playing on the empty ``sq``; 0 when the move is illegal."""
    if not NEIGHBOURS64[sq] & opp:
        return ZERO
    out = ZERO
    not_opp = ~opp
    for j in range(4):
        ray = RAYS_UP[sq, j]
        b = ray & not_opp
        if b:
            b &= ~(b - ONE)  # nearest non-opponent square towards higher squares
            if b & me:
                out |= ray & (b - ONE)
        ray = RAYS_DOWN[sq, j]
        b = ray & not_opp
        if b:
            b = highest_bit(b)  # nearest one towards lower squares
            if b & me:
                out |= ray & ~(b | (b - ONE))
    return out


@kernel
def frontier(me: np.uint64, opp: np.uint64) -> np.uint64:
    """Empty squares next to ``me``'s discs: where the opponent may later get moves."""
    east = (me << 1 | me << 9 | me >> 7) & NOT_A64
    west = (me >> 1 | me >> 9 | me << 7) & NOT_H64
    return (east | west | me << 8 | me >> 8) & ~(me | opp)


@kernel
def final_margin(me: np.uint64, opp: np.uint64) -> int:
    """Disc difference for ``me`` at the end, empty squares going to the winner."""
    a = popcount(me)
    b = popcount(opp)
    if a > b:
        return 64 - 2 * b
    if a < b:
        return 2 * a - 64
    return 0


@kernel
def last_square(me: np.uint64, opp: np.uint64, sq: int) -> int:
    """Exact margin with one empty square left, without building the final position."""
    f = flips(me, opp, sq)
    if f:
        return 2 * (popcount(me) + popcount(f)) + 2 - 64
    f = flips(opp, me, sq)
    if f:
        return 64 - 2 * (popcount(opp) + popcount(f) + 1)
    return final_margin(me, opp)


@kernel
def _file_byte(x: np.uint64, shift: int) -> Int:
    """A file's eight squares as a byte, a1's rank lowest (the bit of rank k moves 7k down)."""
    x = (x >> shift) & FILE_A64
    x |= x >> 7
    x |= x >> 14
    x |= x >> 28
    return np.int64(x & BYTE)


@kernel
def _spread_file(byte: Int, shift: int) -> np.uint64:
    out = ZERO
    for k in range(8):
        if byte >> k & 1:
            out |= ONE << (8 * k + shift)
    return out


@kernel
def stable_discs(p: np.uint64, o: np.uint64) -> np.uint64:
    """``endgame.stable_discs`` on words: a subset of ``p``'s discs that can never flip."""
    stable = EDGE_RUNS[np.int64(p & BYTE) << 8 | np.int64(o & BYTE)]
    stable |= EDGE_RUNS[np.int64(p >> 56) << 8 | np.int64(o >> 56)] << 56
    stable |= _spread_file(np.int64(EDGE_RUNS[_file_byte(p, 0) << 8 | _file_byte(o, 0)]), 0)
    stable |= _spread_file(np.int64(EDGE_RUNS[_file_byte(p, 7) << 8 | _file_byte(o, 7)]), 7)
    occ = p | o
    full_h = ZERO
    row = BYTE
    for _ in range(8):
        if occ & row == row:
            full_h |= row
        row <<= 8
    v = occ & (occ >> 8)
    v &= v >> 16
    v &= v >> 32
    full_v = (v & BYTE) * FILE_A64
    full_9 = ZERO
    for d in DIAG9_64:
        if occ & d == d:
            full_9 |= d
    full_7 = ZERO
    for d in DIAG7_64:
        if occ & d == d:
            full_7 |= d
    stable |= p & full_h & full_v & full_9 & full_7
    free_h = full_h | LEFT_RIGHT64
    free_v = full_v | TOP_BOTTOM64
    free_9 = full_9 | EDGE64
    free_7 = full_7 | EDGE64
    candidates = p & ~stable
    while True:
        grow = (
            candidates
            & (free_h | (stable << 1 & NOT_A64) | (stable >> 1 & NOT_H64))
            & (free_v | stable << 8 | stable >> 8)
            & (free_9 | (stable << 9 & NOT_A64) | (stable >> 9 & NOT_H64))
            & (free_7 | (stable << 7 & NOT_H64) | (stable >> 7 & NOT_A64))
        )
        if not grow:
            return stable
        stable |= grow
        candidates ^= grow
