"""The compiled mid-game search's driver: its arrays, a thread that watches the clock, warm-up.

``games.othello.ai.midgame.OthelloAlphaBeta`` asks ``MidgameKernels.window`` for a root window
where ``AlphaBetaSearcher`` would run ``_root_window``; ``native_midgame.root_window`` searches
it. A window deep enough to outlast a moment runs in a thread (the kernels release the GIL)
while the caller's thread polls the deadline and the cancel event, raises the kernels' stop
flag when either fires, and sends the searcher's progress reports as the Python search would.

Importing this module imports numba and compiles (or loads from the disk cache) the kernels
on their first call: ``midgame.ready`` does that in a thread of its own, never in a search's.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import cache

import numpy as np

from ai import native
from games.othello.ai import native_eval
from games.othello.ai.native_bits import U64
from games.othello.ai.native_eval import Floats, Ints
from games.othello.ai.native_midgame import (
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
    ROOT_BEST,
    ROOT_BEST_VALUE,
    ROOT_COUNT,
    ROOT_EXACT,
    STOP,
    USE_TT,
    root_window,
)
from games.othello.ai.native_table import (
    entry_bound,
    entry_depth,
    entry_gen,
    entry_horizon,
    entry_move,
    entry_to_move,
)

#: Windows this deep or deeper run in a thread watched for the deadline and the cancel event;
#: shallower ones take a few milliseconds at most and run in the caller's thread.
THREAD_MIN_DEPTH = 4
#: How often the watching thread looks at the clock and the cancel event (seconds).
POLL_S = 0.003
#: The Python searcher's counters as ``ctl`` holds them: nodes, leaves, cutoffs, table probes
#: and hits, and the horizon flag.
COUNTERS = (NODES, LEAVES, CUTOFFS, PROBES, HITS, HZ)


@cache
def evaluator_arrays() -> tuple[Ints, Ints, Floats, Ints, Floats]:
    """Both evaluators' tables, loaded once a process."""
    tables, places = native_eval.pattern_arrays()
    weights, edge, scale = native_eval.hand_arrays()
    return tables, places, weights, edge, scale


class Window:
    """A root window's outcome: its value, best move, the values of the moves it searched (in
    order), the principal variation and whether every root value is exact."""

    def __init__(self, score: float, move: int, values: list[float], pv: list[int],
                 root_exact: bool) -> None:
        self.score, self.move, self.values, self.pv = score, move, values, pv
        self.root_exact = root_exact


class MidgameKernels:
    """One searcher's compiled state: its table, counters, killers and history."""

    def __init__(self, size_log2: int, use_tt: bool, ordering: bool, pvs: bool,
                 kind: int) -> None:
        size = 1 << (size_log2 if use_tt else 4)
        self.keys = np.empty((size, 2, 2), dtype=np.uint64)  # read only where info says so
        self.info = np.zeros((size, 2), dtype=np.int64)
        self.vals = np.empty((size, 2), dtype=np.float64)
        self.ctl = np.zeros(CTL_SLOTS, dtype=np.int64)
        self.fctl = np.zeros(1, dtype=np.float64)
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

    def window(self, me: int, opp: int, to_move: int, moves: Sequence[int],
               full: Sequence[bool], depth: int, alpha: float, beta: float, gen: int,
               counters: list[int], root_best: tuple[int, float] | None,
               stop: Callable[[], bool] | None, poll: Callable[[], None] | None,
               ) -> Window | None:
        """``_root_window`` compiled. ``counters`` (``COUNTERS`` order: nodes, leaves,
        cutoffs, probes, hits, the horizon flag) and ``root_best`` go in and come out
        updated (``counters`` in place, ``root_best`` by ``best_so_far``); None when stopped."""
        ctl = self.ctl
        for slot, value in zip(COUNTERS, counters, strict=True):
            ctl[slot] = value
        ctl[GEN] = gen
        ctl[STOP] = 0
        ctl[ROOT_COUNT] = 0
        ctl[ROOT_BEST] = -1 if root_best is None else root_best[0]
        self.fctl[ROOT_BEST_VALUE] = 0.0 if root_best is None else root_best[1]
        root_moves = np.array(moves, dtype=np.int64)
        flags = np.array(full, dtype=np.int64)
        values = np.zeros(len(moves), dtype=np.float64)
        tables, places, weights, edge, scale = evaluator_arrays()

        def run() -> float:
            with np.errstate(over="ignore"):  # the table's hash wraps on the Python path
                return float(root_window(
                    U64(me), U64(opp), to_move, root_moves, flags, depth, alpha, beta, 1, values,
                    self.fctl, self.keys, self.info, self.vals, ctl, self.pv, self.pvlen,
                    self.mbuf, self.killers, self.history, tables, places, weights, edge,
                    scale))

        watched = (stop is not None or poll is not None) and depth >= THREAD_MIN_DEPTH
        score = (native.watched(run, ctl, STOP, stop, poll, POLL_S, "othello-midgame")
                 if watched else run())
        counters[:] = [int(ctl[slot]) for slot in COUNTERS]
        if ctl[STOP]:
            return None
        count = int(ctl[ROOT_COUNT])
        pv = [int(m) for m in self.pv[0, : self.pvlen[0]]]
        return Window(score, int(ctl[BEST_MOVE]), [float(v) for v in values[:count]], pv,
                      bool(ctl[ROOT_EXACT]))

    def best_so_far(self) -> tuple[int, float] | None:
        """The root's best fully searched move and value in the window running or last run."""
        move = int(self.ctl[ROOT_BEST])
        return None if move < 0 else (move, float(self.fctl[ROOT_BEST_VALUE]))

    def nodes(self) -> int:
        return int(self.ctl[NODES])

    def probe_move(self, me: int, opp: int, to_move: int) -> int | None:
        """The table's move for the position, None without an entry (``probe``)."""
        i = hash((me, opp, to_move)) & self.mask
        for tier in range(2):
            word = int(self.info[i, tier])
            if (word and int(self.keys[i, tier, 0]) == me and int(self.keys[i, tier, 1]) == opp
                    and entry_to_move(word) == to_move):
                return int(entry_move(word))
        return None

    def entries(self) -> list[tuple[int, int, tuple[int, int, int], int, float, int, int, bool,
                                    int]]:
        """Every used entry as (slot, tier, key, depth, value, bound, move, horizon,
        generation): the table handed over to the Python searcher."""
        out = []
        for i, tier in zip(*np.nonzero(self.info), strict=True):
            word = int(self.info[i, tier])
            key = (int(self.keys[i, tier, 0]), int(self.keys[i, tier, 1]),
                   int(entry_to_move(word)))
            out.append((int(i), int(tier), key, int(entry_depth(word)),
                        float(self.vals[i, tier]), int(entry_bound(word)),
                        int(entry_move(word)), bool(entry_horizon(word)),
                        int(entry_gen(word))))
        return out


def warm_up() -> float:
    """Compile the kernels (or load them from the disk cache) on a tiny search; seconds."""
    start = time.perf_counter()
    evaluator_arrays()
    me, opp = (1 << 28) | (1 << 35), (1 << 27) | (1 << 36)
    for kind in (native_eval.HAND, native_eval.PATTERNS):
        kernels = MidgameKernels(8, True, True, True, kind)
        kernels.window(me, opp, 0, [19, 26, 37, 44], [False] * 4, 3, -np.inf, np.inf, 1,
                       [0] * len(COUNTERS), None, None, None)
    return time.perf_counter() - start
