"""The compiled endgame search's driver: its arrays, a thread that watches the clock, warm-up.

``games.othello.ai.endgame`` asks ``NativeSearch`` for a root move's subtree, as it asks its own
``deep`` and ``shallow``; the kernels (``native_endgame``) search it. A subtree long enough to
outlast a moment is searched in a thread (the kernels release the GIL) while the caller's thread
polls the deadline and the cancel event and raises the kernels' stop flag when either fires.

Compiling the kernels takes seconds the first time (numba keeps them in the user's cache folder
after that, and loading them takes most of a second): ``warm_up`` does it on a tiny position.
``games.othello.ai.endgame.KERNELS`` runs it in the background the first time a solve asks, so
that solve and any other until the kernels are in runs in Python, never waiting for the
compiler.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from ai import native
from games.othello.ai.endgame_tables import WIN
from games.othello.ai.native_bits import U64, Int, moves
from games.othello.ai.native_endgame import (
    GEN,
    MAX_CHILDREN,
    NODES,
    ROWS,
    STOP,
    TT_SLOTS,
    Stats,
    Table,
    deep,
    shallow,
)

#: Subtrees with fewer empties than this are searched without a watching thread (at most a
#: few milliseconds compiled); the caller checks the clock between them.
THREAD_MIN = 12
#: How often the watching thread looks at the clock and the cancel event (seconds).
POLL_S = 0.003


class NativeSearch:
    """One solve's compiled search: its table, its children's rows and its counters."""

    def __init__(self) -> None:
        self.tt: Table | None = None  # made on the first deep search (about 50 MB, lazily)
        self.buf: Table = np.zeros((ROWS, MAX_CHILDREN, 4), dtype=np.uint64)
        self.keys: Stats = np.zeros((ROWS, MAX_CHILDREN), dtype=np.int64)
        self.stats: Stats = np.zeros(4, dtype=np.int64)
        self.stats[GEN] = 1

    def deep(self, me: int, opp: int, alpha: int, beta: int, n: int, mv: int, nodes: int,
             stop: Callable[[], bool] | None) -> tuple[int, int] | None:
        """(value, nodes) of ``_Solver.deep`` counting on from ``nodes``; None when stopped."""
        if self.tt is None:
            self.tt = np.zeros((TT_SLOTS, 3), dtype=np.uint64)
        tt = self.tt
        return self._run(lambda: deep(U64(me), U64(opp), alpha, beta, n, U64(mv), tt,
                                      self.buf, self.keys, self.stats), n, nodes, stop)

    def shallow(self, me: int, opp: int, alpha: int, beta: int, n: int, passed: bool,
                nodes: int, stop: Callable[[], bool] | None) -> tuple[int, int] | None:
        """(value, nodes) of ``_Solver.shallow``; None when stopped."""
        stats = self.stats

        def search() -> Int:
            value, searched = shallow(U64(me), U64(opp), alpha, beta, n, np.bool_(passed))
            stats[NODES] += searched
            return value

        return self._run(search, n, nodes, stop)

    def _run(self, search: Callable[[], Int], n: int, nodes: int,
             stop: Callable[[], bool] | None) -> tuple[int, int] | None:
        stats = self.stats
        stats[NODES] = nodes
        stats[STOP] = 0

        def run() -> int:
            with np.errstate(over="ignore"):  # the table's hash wraps on the Python path
                return int(search())

        value = (run() if stop is None or n < THREAD_MIN
                 else native.watched(run, stats, STOP, stop, None, POLL_S, "othello-endgame"))
        if stats[STOP]:
            return None
        return value, int(stats[NODES])


#: A 10-empties position (Black to move) that reaches every kernel: deep, the table, shallow
#: and the last two squares.
WARM_UP_POSITION = (0xE17E_6800_2C5D_FA3F, 0x0001_97FF_52A2_0400)


def warm_up() -> float:
    """Compile the kernels (or load them from the disk cache) on a tiny solve; seconds taken.

    ``games.othello.ai.endgame.KERNELS`` calls it, in the background or for a caller with time
    to spare (a bench), so that no real solve pays for compiling."""
    start = time.perf_counter()
    me, opp = WARM_UP_POSITION
    search = NativeSearch()
    search.deep(me, opp, -WIN, WIN, 64 - (me | opp).bit_count(), int(moves(U64(me), U64(opp))),
                0, None)
    search.shallow(me, opp, -WIN, WIN, 64 - (me | opp).bit_count(), False, 0, None)
    return time.perf_counter() - start
