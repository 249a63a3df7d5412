"""The exact solver's thresholds and bitboard tables, shared by its two searches.

``games.othello.ai.endgame`` (the Python search the lab traces) and
``games.othello.ai.native_endgame`` (the same search compiled) must walk the same tree, node for
node; one set of numbers and tables for both is what keeps them from drifting apart.
"""

from __future__ import annotations

import hashlib

#: At or below this many empties: the parity-ordered search without move generation.
SMALL = 7
#: At or above this many empties the transposition table is used.
TT_MIN = 8
#: The table is emptied when a new position would make it larger than this.
TT_MAX_ENTRIES = 1_000_000
#: Children with at least this many empties are looked up in the table before any is searched.
ETC_MIN = 8
#: Nodes between two looks at the deadline and the cancel event.
CHECK_EVERY = 2048
#: Stable discs are counted (for a cutoff) only where the window asks for a big margin.
STABILITY_MIN_ALPHA = 8
WIN = 64

CORNER_MASK = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)
NOT_A = 0xFEFEFEFEFEFEFEFE
NOT_H = 0x7F7F7F7F7F7F7F7F
FILE_A = 0x0101010101010101
FILE_H = FILE_A << 7
RANK_1 = 0xFF
RANK_8 = 0xFF << 56
EDGE = FILE_A | FILE_H | RANK_1 | RANK_8
#: The four 4x4 quadrants: parity ordering plays first where an odd number of squares is empty.
QUADRANTS = (
    0x0F0F0F0F,
    0xF0F0F0F0,
    0x0F0F0F0F << 32,
    0xF0F0F0F0 << 32,
)
#: Static square preference for the shallow search: corners, then edges and the centre,
#: C squares, X squares last.
SQUARE_VALUE = (
    9, 2, 7, 6, 6, 7, 2, 9,
    2, 0, 4, 4, 4, 4, 0, 2,
    7, 4, 5, 5, 5, 5, 4, 7,
    6, 4, 5, 5, 5, 5, 4, 6,
    6, 4, 5, 5, 5, 5, 4, 6,
    7, 4, 5, 5, 5, 5, 4, 7,
    2, 0, 4, 4, 4, 4, 0, 2,
    9, 2, 7, 6, 6, 7, 2, 9,
)  # fmt: skip
#: The squares grouped by preference, best group first, as bitmasks.
TIERS = tuple(
    sum(1 << sq for sq in range(64) if SQUARE_VALUE[sq] == value)
    for value in sorted(set(SQUARE_VALUE), reverse=True)
)


def line_masks() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The board's 15 diagonals of each direction (a1-h8 way, h1-a8 way) as bitmasks."""
    down_right: list[int] = []
    down_left: list[int] = []
    for k in range(-7, 8):
        down_right.append(sum(1 << (r * 8 + r - k) for r in range(8) if 0 <= r - k < 8))
        down_left.append(sum(1 << (r * 8 + k + 7 - r) for r in range(8) if 0 <= k + 7 - r < 8))
    return tuple(m for m in down_right if m), tuple(m for m in down_left if m)


DIAG9, DIAG7 = line_masks()


def edge_runs() -> list[int]:
    """Index ``mine << 8 | theirs`` of an 8-square edge -> my discs that can never flip along
    that edge: runs anchored on a corner, or every disc of a full edge."""
    table = [0] * 65536
    for mine in range(256):
        rest = 255 ^ mine
        theirs = rest
        while True:
            if mine | theirs == 255:
                table[mine << 8 | theirs] = mine
            else:
                run = 0
                for order in (range(8), range(7, -1, -1)):
                    for i in order:
                        if not mine >> i & 1:
                            break
                        run |= 1 << i
                table[mine << 8 | theirs] = run
            if theirs == 0:
                break
            theirs = (theirs - 1) & rest
    return table


def fingerprint() -> str:
    """A short digest of every number and table here.

    numba keeps compiled kernels on disk with the values of the globals they read frozen in,
    and throws them away only when a kernel's own source file changes. The kernel modules
    (``native_bits``, ``native_endgame``) therefore each spell this digest out in their source,
    and tests/test_othello_native.py checks it: a change here must change them too, which makes
    numba compile them afresh instead of searching with the old values."""
    values = (SMALL, TT_MIN, TT_MAX_ENTRIES, ETC_MIN, CHECK_EVERY, STABILITY_MIN_ALPHA, WIN,
              CORNER_MASK, NOT_A, NOT_H, FILE_A, FILE_H, RANK_1, RANK_8, EDGE, QUADRANTS, TIERS,
              DIAG9, DIAG7, edge_runs())
    return hashlib.sha256(repr(values).encode()).hexdigest()[:16]
