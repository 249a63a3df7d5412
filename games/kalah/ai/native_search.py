"""The compiled null-window search that proves Kalah positions (driven by native_solve).

``probe`` answers one question about a board (games.kalah.ai.native_rules' view: the seeds in
the pits, from the mover's side): is its value at least ``beta``? It returns a fail-soft
bound, as alpha-beta with the window (beta-1, beta) does. Boards with at most the database's
seeds are looked up, finished games are worth what the last move banked, and every other
board is searched: moves that end the game or reach the database first (they cost nothing),
then the table's move, extra turns (the pit nearest the store first, so the others stay
extra turns), then the moves banking most. A board of n seeds is worth -n..n, so a window
outside that answers at once.

The transposition table is a NumPy array: each entry keeps its board exactly (two words of
seven bits a pit, so a hit is never another position) and the bounds proven for it, which
hold for good because a value here never depends on depth. Buckets are two entries in one
cache line: the first keeps the bigger proof (its subtree's node count), the second takes
whatever came last.

The compiled code cannot read a clock, so ``probe`` stops after ``counters[BUDGET]`` nodes,
sets ``counters[STOPPED]`` and unwinds without storing anything; the driver checks the
deadline and the cancel event, then asks the same question again (the table keeps what was
proven, so the repeat costs little).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ai.native import kernel
from games.kalah.ai.native_rules import Board, play, rank

#: counters: nodes searched, nodes left before returning to Python, stopped (1) or not.
NODES, BUDGET, STOPPED = 0, 1, 2
#: Rows of one ply in the search's stack: the board, the sowing's scratch, the moves to
#: search in order, each move's (banked, extra), then each move's child.
BOARD_ROW, RING_ROW, ORDER_ROW, INFO_ROW, CHILD_ROWS = 0, 1, 2, 3, 4
#: A ply's frame: its seeds and beta, the table entry (found, bucket, keys, bounds, hint), the
#: moves to search (count, next), the best so far and the node count when it was entered.
(F_SEEDS, F_BETA, F_FOUND, F_SLOT, F_LOW, F_HIGH, F_LOWER, F_UPPER, F_HINT, F_COUNT, F_NEXT,
 F_BEST, F_BEST_MOVE, F_START) = range(14)
FRAME_FIELDS = 14
#: A table entry is one row of three words: the board's two keys, then its lower bound + 128
#: (8 bits), upper bound + 128 (8 bits), best move + 1 (8 bits; 0: none) and the nodes its
#: proofs took (the rest): one cache line holds a bucket, so a probe costs one memory read.
WORK_SHIFT = 24
MAX_WORK = (1 << 38) - 1
#: The search's steps: enter a node, try its next move, take a child's answer back.
ENTER, NEXT, RETURN = 0, 1, 2

Table = npt.NDArray[np.int64]


@kernel
def board_keys(board: Board, m: int) -> tuple[int, int]:
    """The board exactly, in two words of seven bits a pit (a pit holds at most 72)."""
    low = 0
    high = 0
    for k in range(m - 1, -1, -1):
        low = (low << 7) | board[k]
        high = (high << 7) | board[m + k]
    return low, high


@kernel
def _store(tt: Table, frame: Table, best: int, best_move: int, spent: int) -> None:
    """Keep what the node proved: a lower bound if it failed high, else an upper bound."""
    lower = frame[F_LOWER]
    upper = frame[F_UPPER]
    if best >= frame[F_BETA]:
        lower = max(lower, best)
    else:
        upper = min(upper, best)
    found = frame[F_FOUND]
    work = 0
    if found < 0:
        slot = frame[F_SLOT]
        found = slot if (tt[slot, 2] >> WORK_SHIFT) <= spent else slot + 1
        tt[found, 0] = frame[F_LOW]
        tt[found, 1] = frame[F_HIGH]
    else:
        work = tt[found, 2] >> WORK_SHIFT
    move = best_move if best >= frame[F_BETA] or frame[F_HINT] < 0 else frame[F_HINT]
    work = min(max(work, spent), MAX_WORK)
    tt[found, 2] = (lower + 128) | ((upper + 128) << 8) | ((move + 1) << 16) | (
        work << WORK_SHIFT)


@kernel
def _child_bound(child: npt.NDArray[np.int32], m: int, seeds: int, need: int, extra: int,
                 zobrist: Table, tt: Table, mask: int) -> tuple[int, int]:
    """(value, 1) when the table already settles whether a move reaches the parent's beta:
    the move's worth from the parent's side less what it banks, ``need`` or more (a cut) or
    below it for sure; (0, 0) when the child must be searched (enhanced transposition
    cutoff)."""
    h = 0
    for k in range(2 * m):
        h ^= zobrist[k, child[k]]
    low, high = board_keys(child, m)
    slot = (h & mask) & ~1
    if tt[slot, 0] == low and tt[slot, 1] == high:
        found = slot
    elif tt[slot + 1, 0] == low and tt[slot + 1, 1] == high:
        found = slot + 1
    else:
        return 0, 0
    data = tt[found, 2]
    lower = (data & 255) - 128
    upper = ((data >> 8) & 255) - 128
    if extra:
        if lower >= need:
            return lower, 1
        if upper < need:
            return upper, 1
    else:
        if -upper >= need:
            return -upper, 1
        if -lower < need:
            return -lower, 1
    return 0, 0


@kernel
def probe(stack: npt.NDArray[np.int32], frames: Table, m: int, empty_capture: bool,
          seeds: int, beta: int, db: npt.NDArray[np.int8], limit: int, table: Table,
          starts: Table, zobrist: Table, tt: Table, mask: int, counters: Table) -> int:
    """A bound on the value of ``stack[0, BOARD_ROW]`` (``seeds`` seeds in its pits): at least
    ``beta`` if the result is, else below it. Depth-first with its own stack (``frames``:
    one row of F_* fields a ply), because numba's cache cannot keep a function that calls
    itself; the three steps are entering a node, trying its next move, and taking a
    child's answer back."""
    pits = 2 * m
    ply = 0
    frames[0, F_SEEDS] = seeds
    frames[0, F_BETA] = beta
    answer = 0
    step = ENTER
    while True:
        frame = frames[ply]
        if step == ENTER:
            seeds = frame[F_SEEDS]
            beta = frame[F_BETA]
            step = RETURN
            if beta <= -seeds:
                answer = -seeds
                continue
            if beta > seeds:
                answer = seeds
                continue
            if counters[BUDGET] <= 0:
                counters[STOPPED] = 1
                return 0
            counters[BUDGET] -= 1
            counters[NODES] += 1
            frame[F_START] = counters[NODES]
            board = stack[ply, BOARD_ROW]
            h = 0
            for k in range(pits):
                h ^= zobrist[k, board[k]]
            low, high = board_keys(board, m)
            slot = (h & mask) & ~1
            found = -1
            if tt[slot, 0] == low and tt[slot, 1] == high:
                found = slot
            elif tt[slot + 1, 0] == low and tt[slot + 1, 1] == high:
                found = slot + 1
            frame[F_SLOT] = slot
            frame[F_FOUND] = found
            frame[F_LOW] = low
            frame[F_HIGH] = high
            frame[F_LOWER] = -seeds
            frame[F_UPPER] = seeds
            hint = -1
            if found >= 0:
                data = tt[found, 2]
                frame[F_LOWER] = (data & 255) - 128
                frame[F_UPPER] = ((data >> 8) & 255) - 128
                hint = ((data >> 16) & 255) - 1
                if frame[F_LOWER] >= beta:
                    answer = frame[F_LOWER]
                    continue
                if frame[F_UPPER] < beta:
                    answer = frame[F_UPPER]
                    continue
            frame[F_HINT] = hint
            ring = stack[ply, RING_ROW]
            order = stack[ply, ORDER_ROW]
            info = stack[ply, INFO_ROW]
            # Finished games and boards in the database are valued now; the rest are ordered.
            count = 0
            best = -1000
            best_move = -1
            for move in range(m - 1, -1, -1):
                if board[move] == 0:
                    continue
                child = stack[ply, CHILD_ROWS + move]
                banked, extra, over = play(board, m, move, empty_capture, ring, child)
                left = seeds - banked
                if over:
                    value = banked
                elif left <= limit:
                    sub = int(db[starts[left] + rank(child, pits, left, table)])
                    value = banked + sub if extra else banked - sub
                else:
                    # The table's bounds on the child may settle it without a search.
                    value, settled = _child_bound(child, m, left, beta - banked, extra,
                                                  zobrist, tt, mask)
                    if settled:
                        value += banked
                        if value > best:
                            best = value
                            best_move = move
                        if value >= beta:
                            break
                        continue
                    info[move] = 2 * banked + extra
                    key = 4 * banked + 2 * extra
                    if move == hint:
                        key = 1000
                    elif extra:
                        key = 500 + move
                    key = key * 8 + move
                    i = count  # insertion sort, biggest key first
                    while i > 0 and order[i - 1] < key:
                        order[i] = order[i - 1]
                        i -= 1
                    order[i] = key
                    count += 1
                    continue
                if value > best:
                    best = value
                    best_move = move
            frame[F_COUNT] = count
            frame[F_NEXT] = 0
            frame[F_BEST] = best
            frame[F_BEST_MOVE] = best_move
            if best >= beta or count == 0:
                _store(tt, frame, best, best_move,
                       counters[NODES] - frame[F_START] + 1)
                answer = best
                continue
            step = NEXT
        elif step == NEXT:
            i = frame[F_NEXT]
            if i >= frame[F_COUNT]:
                _store(tt, frame, frame[F_BEST], frame[F_BEST_MOVE],
                       counters[NODES] - frame[F_START] + 1)
                answer = frame[F_BEST]
                step = RETURN
                continue
            move = stack[ply, ORDER_ROW, i] & 7
            child = stack[ply, CHILD_ROWS + move]
            nxt = stack[ply + 1, BOARD_ROW]
            for k in range(pits):
                nxt[k] = child[k]
            banked = stack[ply, INFO_ROW, move] >> 1
            below = frames[ply + 1]
            below[F_SEEDS] = frame[F_SEEDS] - banked
            if stack[ply, INFO_ROW, move] & 1:
                below[F_BETA] = frame[F_BETA] - banked
            else:
                below[F_BETA] = banked - frame[F_BETA] + 1
            ply += 1
            step = ENTER
        else:  # RETURN: hand ``answer`` to the ply above
            if ply == 0:
                return answer
            ply -= 1
            frame = frames[ply]
            move = stack[ply, ORDER_ROW, frame[F_NEXT]] & 7
            banked = stack[ply, INFO_ROW, move] >> 1
            extra = stack[ply, INFO_ROW, move] & 1
            value = banked + answer if extra else banked - answer
            frame[F_NEXT] += 1
            if value > frame[F_BEST]:
                frame[F_BEST] = value
                frame[F_BEST_MOVE] = move
                if value >= frame[F_BETA]:
                    _store(tt, frame, value, move,
                           counters[NODES] - frame[F_START] + 1)
                    answer = value
                    continue
            step = NEXT
