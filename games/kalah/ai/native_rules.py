"""Kalah's rules as compiled kernels, and the endgame database they fill.

The solver sees a position as the seeds in the pits alone, from the mover's side: ``board``
holds the mover's pits 1..m then the other side's pits 1..m (index k faces 2m-1-k, as in
``KalahState.pits``), and a value is the final margin still to be won from there with perfect
play, the stores not counted (what is banked only adds). ``play`` is the rules' ``apply`` on
that array, written again in the restricted Python numba compiles; the tests hold it equal to
games/kalah/rules.py on random positions under both capture rules.

The endgame database is the value of every board with at most ``limit`` seeds in the pits,
one signed byte each, indexed by the board's rank among the boards of its seed count (the
combinatorial number system: ``rank``). A move never adds seeds to the pits, and a move that
keeps them all there sows only the mover's own side, nearer its store, so the boards of each
count are filled after the smaller counts, each from its successors (``_fill``, a memoised
walk that ends because every such move brings the seeds closer to a store): the retrograde
order without a predecessor generator. Kalah(6, n) with 16 seeds: 30 million boards, 30 MB.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from ai.native import kernel

Board = npt.NDArray[np.int32]
#: A database entry not filled yet (values lie in -72..72).
UNKNOWN = -128


@kernel
def play(board: Board, m: int, move: int, empty_capture: bool, ring: Board,
         out: Board) -> tuple[int, int, int]:
    """Sow the mover's pit ``move``: (banked, extra, over). ``banked`` is what the move puts
    in the mover's store less what it puts in the other store (the sweep when the game ends),
    ``extra`` 1 when the mover moves again, ``over`` 1 when the game ended. Unless it ended,
    ``out`` gets the next board from the next mover's side. ``ring`` (2m+1 slots) is scratch:
    the mover's pits, the mover's store, the other pits."""
    length = 2 * m + 1
    for k in range(m):
        ring[k] = board[k]
        ring[m + 1 + k] = board[m + k]
    ring[m] = 0
    seeds = ring[move]
    ring[move] = 0
    laps = seeds // length
    rest = seeds - laps * length
    if laps:
        for k in range(length):
            ring[k] += laps
    slot = move
    for _ in range(rest):
        slot += 1
        if slot == length:
            slot = 0
        ring[slot] += 1
    last = (move + seeds) % length
    if last < m and ring[last] == 1:
        facing = 2 * m - last
        caught = ring[facing]
        if caught or empty_capture:
            ring[m] += caught + 1
            ring[last] = 0
            ring[facing] = 0
    mine = 0
    theirs = 0
    for k in range(m):
        mine += ring[k]
        theirs += ring[m + 1 + k]
    if mine == 0 or theirs == 0:
        return int(ring[m]) + mine - theirs, 0, 1
    if last == m:
        for k in range(m):
            out[k] = ring[k]
            out[m + k] = ring[m + 1 + k]
        return int(ring[m]), 1, 0
    for k in range(m):
        out[k] = ring[m + 1 + k]
        out[m + k] = ring[k]
    return int(ring[m]), 0, 0


def rank_table(pits: int, limit: int) -> npt.NDArray[np.int64]:
    """``table[i, r, p]``: how many boards of ``r`` seeds over pits i.. come before those with
    ``p`` seeds in pit i (lexicographic order). ``rank`` adds one entry per pit."""
    table = np.zeros((pits, limit + 1, limit + 2), dtype=np.int64)
    for i in range(pits):
        parts = pits - 1 - i
        for r in range(limit + 1):
            total = 0
            for p in range(r + 1):
                table[i, r, p] = total
                total += math.comb(r - p + parts - 1, parts - 1) if parts else (r == p)
            table[i, r, r + 1] = total
    return table


def offsets(pits: int, limit: int) -> npt.NDArray[np.int64]:
    """Where the boards of each seed count start in the database (one more: its size)."""
    out = np.zeros(limit + 2, dtype=np.int64)
    for n in range(limit + 1):
        out[n + 1] = out[n] + math.comb(n + pits - 1, pits - 1)
    return out


@kernel
def rank(board: Board, pits: int, seeds: int, table: npt.NDArray[np.int64]) -> int:
    """The board's place among the boards of ``seeds`` seeds in ``pits`` pits."""
    out = 0
    left = seeds
    for i in range(pits - 1):
        p = board[i]
        out += table[i, left, p]
        left -= p
    return out


@kernel
def _fill(stack: Board, frames: npt.NDArray[np.int64], m: int, empty_capture: bool,
          seeds: int, index: int, db: npt.NDArray[np.int8], table: npt.NDArray[np.int64],
          starts: npt.NDArray[np.int64]) -> None:
    """Value the board ``stack[0]`` (``seeds`` seeds, database entry ``index``), first filling
    any board of the same count it needs; smaller counts are filled already. A walk with its
    own stack (a level: the board, the sowing's scratch; ``frames``: entry, move, best so
    far), because numba's cache cannot keep a function that calls itself."""
    if db[index] != UNKNOWN:
        return
    pits = 2 * m
    top = 0
    frames[0, 0] = index
    frames[0, 1] = 0
    frames[0, 2] = -1000
    while True:
        board = stack[2 * top]
        ring = stack[2 * top + 1]
        child = stack[2 * top + 2]
        move = frames[top, 1]
        best = frames[top, 2]
        pushed = False
        if move == 0:
            mine = 0
            theirs = 0
            for k in range(m):
                mine += board[k]
                theirs += board[m + k]
            if mine == 0 or theirs == 0:  # over already (never reached in play)
                best = mine - theirs
                move = m
        while move < m:
            if board[move] == 0:
                move += 1
                continue
            banked, extra, over = play(board, m, move, empty_capture, ring, child)
            if over:
                value = banked
            else:
                left = seeds - banked  # the other store gains nothing until the game ends
                at = starts[left] + rank(child, pits, left, table)
                sub = int(db[at])
                if sub == UNKNOWN:  # same count, not valued yet: value it first
                    frames[top, 1] = move
                    frames[top, 2] = best
                    top += 1
                    frames[top, 0] = at
                    frames[top, 1] = 0
                    frames[top, 2] = -1000
                    pushed = True
                    break
                value = banked + sub if extra else banked - sub
            if value > best:
                best = value
            move += 1
        if pushed:
            continue
        db[frames[top, 0]] = best
        if top == 0:
            return
        top -= 1


@kernel
def _fill_count(stack: Board, frames: npt.NDArray[np.int64], m: int, empty_capture: bool,
                seeds: int,
                db: npt.NDArray[np.int8], table: npt.NDArray[np.int64],
                starts: npt.NDArray[np.int64]) -> None:
    """Fill every board of ``seeds`` seeds, walking them in rank order."""
    pits = 2 * m
    board = stack[0]
    for k in range(pits):
        board[k] = 0
    board[pits - 1] = seeds
    index = starts[seeds]
    while True:
        _fill(stack, frames, m, empty_capture, seeds, index, db, table, starts)
        index += 1
        # The next board in lexicographic order (rank + 1).
        if board[pits - 1] > 0:
            board[pits - 2] += 1
            board[pits - 1] -= 1
            continue
        z = pits - 2
        while z >= 0 and board[z] == 0:
            z -= 1
        if z <= 0:
            return
        board[z - 1] += 1
        board[pits - 1] = board[z] - 1
        board[z] = 0


def build_database(m: int, limit: int, empty_capture: bool) -> npt.NDArray[np.int8]:
    """Every board of Kalah with ``m`` pits a side and at most ``limit`` seeds, valued."""
    pits = 2 * m
    starts = offsets(pits, limit)
    table = rank_table(pits, limit)
    db = np.full(int(starts[-1]), UNKNOWN, dtype=np.int8)
    db[0] = 0  # no seeds: the game is over (never asked for, but filled)
    # Each same-count move brings seeds nearer a store: at most m steps a seed.
    levels = m * limit + 2
    stack = np.zeros((2 * levels + 2, 2 * m + 1), dtype=np.int32)
    frames = np.zeros((levels + 1, 3), dtype=np.int64)
    for seeds in range(1, limit + 1):
        _fill_count(stack, frames, m, empty_capture, seeds, db, table, starts)
    return db
