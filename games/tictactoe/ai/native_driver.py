"""The compiled tic-tac-toe search's driver: one searcher's arrays, each root window handed to
``native_search.root_window``, the table read back, warm-up.

Importing this module imports numba and compiles (or loads from the disk cache) the kernels
on their first call: ``search.ready`` does that in a thread of its own, never in a search's.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import numpy as np

from games.tictactoe.ai.native_search import (
    BEST_MOVE,
    CTL_SLOTS,
    CUTOFFS,
    GEN,
    HITS,
    HZ,
    KIND,
    LEAVES,
    MASK,
    MOVES,
    NODES,
    ORDERING,
    PLIES,
    PROBES,
    PVS,
    ROOT_COUNT,
    ROOT_EXACT,
    USE_TT,
    root_window,
)

#: The Python searcher's counters as ``ctl`` holds them: nodes, leaves, cutoffs, table probes
#: and hits, and the horizon flag.
COUNTERS = (NODES, LEAVES, CUTOFFS, PROBES, HITS, HZ)


class Window:
    """A root window's outcome: its value, best move, the values of the moves it searched (in
    order), the principal variation and whether every root value is exact."""

    def __init__(self, score: float, move: int, values: list[float], pv: list[int],
                 root_exact: bool) -> None:
        self.score, self.move, self.values, self.pv = score, move, values, pv
        self.root_exact = root_exact


class Kernels:
    """One searcher's compiled state: its table, counters, killers and history."""

    def __init__(self, size_log2: int, use_tt: bool, ordering: bool, pvs: bool,
                 kind: int) -> None:
        size = 1 << (size_log2 if use_tt else 4)
        self.keys = np.empty((size, 2), dtype=np.int64)  # read only where info says so
        self.info = np.zeros((size, 2), dtype=np.int64)
        self.vals = np.empty((size, 2), dtype=np.float64)
        self.ctl = np.zeros(CTL_SLOTS, dtype=np.int64)
        self.pv = np.zeros((PLIES, PLIES), dtype=np.int64)
        self.pvlen = np.zeros(PLIES, dtype=np.int64)
        self.mbuf = np.zeros((PLIES, MOVES), dtype=np.int64)
        self.killers = np.full((PLIES, 2), -1, dtype=np.int64)
        self.history = np.zeros((2, MOVES), dtype=np.int64)
        self.ctl[MASK] = size - 1
        self.ctl[USE_TT] = use_tt
        self.ctl[ORDERING] = ordering
        self.ctl[PVS] = pvs
        self.ctl[KIND] = kind
        self.mask = size - 1

    def new_pass(self) -> None:
        """Killers and history afresh (``_begin_pass`` at depth 1)."""
        self.killers.fill(-1)
        self.history.fill(0)

    def window(self, x: int, o: int, to_move: int, moves: Sequence[int], full: Sequence[bool],
               depth: int, alpha: float, beta: float, gen: int, counters: list[int]) -> Window:
        """``_root_window`` compiled. ``counters`` (``COUNTERS`` order: nodes, leaves,
        cutoffs, probes, hits, the horizon flag) go in and come out updated, in place."""
        ctl = self.ctl
        for slot, value in zip(COUNTERS, counters, strict=True):
            ctl[slot] = value
        ctl[GEN] = gen
        ctl[ROOT_COUNT] = 0
        values = np.zeros(len(moves), dtype=np.float64)
        score = float(root_window(
            x, o, to_move, np.array(moves, dtype=np.int64), np.array(full, dtype=np.int64),
            depth, alpha, beta, 1, values, self.keys, self.info, self.vals, ctl, self.pv,
            self.pvlen, self.mbuf, self.killers, self.history))
        counters[:] = [int(ctl[slot]) for slot in COUNTERS]
        count = int(ctl[ROOT_COUNT])
        pv = [int(m) for m in self.pv[0, : self.pvlen[0]]]
        return Window(score, int(ctl[BEST_MOVE]), [float(v) for v in values[:count]], pv,
                      bool(ctl[ROOT_EXACT]))

    def probe_move(self, key: int) -> int | None:
        """The table's move for the position (its ``tt_key()``), None without an entry."""
        i = key & self.mask
        for tier in range(2):
            word = int(self.info[i, tier])
            if word and int(self.keys[i, tier]) == key:
                return (word >> 4) & 0xF
        return None

    def entries(self) -> list[tuple[int, int, int, int, float, int, int, bool, int]]:
        """Every used entry as (slot, tier, key, depth, value, bound, move, horizon,
        generation): the table handed over to the Python searcher."""
        out = []
        for i, tier in zip(*np.nonzero(self.info), strict=True):
            word = int(self.info[i, tier])
            out.append((int(i), int(tier), int(self.keys[i, tier]), (word >> 8) & 0xFF,
                        float(self.vals[i, tier]), (word >> 2) & 3, (word >> 4) & 0xF,
                        bool((word >> 1) & 1), word >> 16))
        return out


def warm_up() -> float:
    """Compile the kernels (or load them from the disk cache) on a tiny search; seconds."""
    start = time.perf_counter()
    for kind in (0, 1):
        kernels = Kernels(8, True, True, True, kind)
        kernels.window(0b000010001, 0b000000100, 1, [1, 3, 5, 6, 7], [False] * 5, 3, -np.inf,
                       np.inf, 1, [0] * len(COUNTERS))
    return time.perf_counter() - start
