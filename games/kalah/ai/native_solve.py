"""Kalah proved from any position: MTD(f) over the compiled null-window search, with an
endgame database below it.

MTD(f) (Plaat et al. 1996) homes in on a value with null-window probes only: each probe
``value >= beta?`` moves one bound, and with a transposition table that keeps every proven
bound the probes share their work. A board's value here is the margin still to be won by
the mover (games.kalah.ai.native_rules), so it is exact without any depth, and a bound once
proven holds for the rest of the process: a ``NativeSolver`` per board size and capture rule
is kept (``solver_for``) and every solve after the first starts from what the earlier ones
proved. Its endgame database (``native_rules.build_database``) is built on first use and
kept in memory, at most ``limit`` seeds (``database_limit``: a few seconds' build).

Between probes, and every ``chunk`` nodes within one, the driver reads the clock and the
cancel event: the compiled search cannot.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ai import native
from ai.api import Cancel
from game.core import TERMINAL
from games.kalah.ai import native_rules, native_search
from games.kalah.rules import KalahState

#: Seeds the endgame database holds, by pits a side: at most ten million boards or so (a few
#: seconds' build, once: then it is read from the cache folder). Kalah(2, n) and Kalah(3, n)
#: fit whole; Kalah(6, n) with 14 seeds is 9.7 million boards (10 MB).
DATABASE_LIMITS = {1: 40, 2: 40, 3: 36, 4: 22, 5: 16, 6: 14}
#: Bumped whenever the database's layout or rules change, so an old file is never read.
DATABASE_VERSION = 1
#: Seeds in the pits from which a move's solve is tried in play, by pits a side. Six pits:
#: measured (late Kalah(6,4) positions of 20-28 seeds take at most 0.3 s each on a loaded
#: machine, most under 0.1 s: `bench solve`); four and five: set lower than that, not measured; three or fewer:
#: the database holds every board.
REACH = {1: 72, 2: 72, 3: 72, 4: 30, 5: 26, 6: 28}
#: Table entries (a power of two): 2**20 entries take 32 MB.
TABLE_BITS = 20
#: Nodes between looks at the clock: well under a tenth of a second compiled.
CHUNK_NATIVE = 1 << 16
CHUNK_PYTHON = 1 << 11


class Stopped(Exception):
    """The deadline passed or the cancel event was set before the proof was done."""


def reach(m: int) -> int:
    """The most seeds in the pits a solve in play is tried from."""
    return REACH[m]


def board_of(state: KalahState) -> npt.NDArray[np.int32]:
    """The pits from the mover's side: its pits 1..m, then the other side's pits 1..m."""
    m = state.size
    p = state.to_move
    mine, theirs = state.pits[p * m : p * m + m], state.pits[(1 - p) * m : (1 - p) * m + m]
    return np.array(mine + theirs, dtype=np.int32)


@dataclass
class Solved:
    """What one solve found and spent."""

    value: int
    nodes: int
    probes: int


class NativeSolver:
    """Proves boards of one size under one capture rule; keeps its table between solves."""

    def __init__(self, m: int, empty_capture: bool, limit: int | None = None,
                 table_bits: int = TABLE_BITS) -> None:
        self.m = m
        self.empty_capture = empty_capture
        self.limit = DATABASE_LIMITS[m] if limit is None else limit
        pits = 2 * m
        self.table = native_rules.rank_table(pits, self.limit)
        self.starts = native_rules.offsets(pits, self.limit)
        self.db = database(m, self.limit, empty_capture)
        rng = np.random.default_rng(20001)
        self.zobrist = rng.integers(0, 1 << 62, size=(pits, 6 * 2 * 6 + 1), dtype=np.int64)
        size = 1 << table_bits
        # Three words an entry (native_search.WORK_SHIFT) and one of padding: a bucket of
        # two is 64 bytes, one cache line.
        self.tt = np.zeros((size, 4), dtype=np.int64)
        self.mask = size - 1
        self.counters = np.zeros(3, dtype=np.int64)
        self.chunk = CHUNK_NATIVE if native.enabled() else CHUNK_PYTHON
        self.lock = threading.Lock()

    def _stack(self, seeds: int) -> npt.NDArray[np.int32]:
        # Moves that keep every seed in the pits bring one nearer a store: at most m steps a
        # seed before one is banked, so a game from here lasts at most this many plies.
        plies = sum(self.m * n + 1 for n in range(self.limit, seeds + 1)) + 2
        rows = native_search.CHILD_ROWS + self.m
        self.frames = np.zeros((plies, native_search.FRAME_FIELDS), dtype=np.int64)
        return np.zeros((plies, rows, 2 * self.m + 1), dtype=np.int32)

    def value(self, board: npt.NDArray[np.int32], deadline: float | None = None,
              cancel: Cancel | None = None, guess: int = 0) -> Solved:
        """The board's exact value (mover's view, pits only); Stopped past the deadline."""
        seeds = int(board.sum())
        if seeds <= self.limit:
            at = self.starts[seeds] + native_rules.rank(board, 2 * self.m, seeds, self.table)
            return Solved(int(self.db[at]), 0, 0)
        with self.lock:
            stack = self._stack(seeds)
            stack[0, native_search.BOARD_ROW, : 2 * self.m] = board
            nodes_before = int(self.counters[native_search.NODES])
            lower, upper = -seeds, seeds
            g = max(lower, min(upper, guess))
            probes = 0
            while lower < upper:
                beta = g + 1 if g == lower else g
                g = self._probe(stack, seeds, beta, deadline, cancel)
                probes += 1
                if g < beta:
                    upper = g
                else:
                    lower = g
            nodes = int(self.counters[native_search.NODES]) - nodes_before
            return Solved(g, nodes, probes)

    def _probe(self, stack: npt.NDArray[np.int32], seeds: int, beta: int,
               deadline: float | None, cancel: Cancel | None) -> int:
        counters = self.counters
        while True:
            if cancel is not None and cancel.is_set():
                raise Stopped
            if deadline is not None and time.monotonic() > deadline:
                raise Stopped
            counters[native_search.BUDGET] = self.chunk
            counters[native_search.STOPPED] = 0
            found = native_search.probe(
                stack, self.frames, self.m, self.empty_capture, seeds, beta, self.db, self.limit,
                self.table, self.starts, self.zobrist, self.tt, self.mask, counters)
            if not counters[native_search.STOPPED]:
                return int(found)

    def root_values(self, state: KalahState, deadline: float | None = None,
                    cancel: Cancel | None = None) -> tuple[tuple[tuple[int, int], ...], int]:
        """Each root move's exact final margin for the mover (stores counted), and the nodes
        it took; Stopped past the deadline."""
        p = state.to_move
        out = []
        nodes = 0
        guess = 0
        for move in state.legal_moves():
            child = state.apply(move)
            gained = child.stores[p] - child.stores[1 - p]
            if child.current_player() == TERMINAL:
                out.append((move, gained))
                continue
            mine = child.to_move == p
            solved = self.value(board_of(child), deadline, cancel,
                                guess - gained if mine else gained - guess)
            nodes += solved.nodes + 1
            margin = gained + (solved.value if mine else -solved.value)
            guess = max(guess, margin) if out else margin
            out.append((move, margin))
        return tuple(out), nodes


def database_path(m: int, limit: int, empty_capture: bool) -> Path:
    """Where a built database is kept between runs: beside the compiled kernels."""
    rule = "empty" if empty_capture else "standard"
    return native.native_cache_dir() / f"kalah-db-v{DATABASE_VERSION}-{m}-{limit}-{rule}.npy"


def database(m: int, limit: int, empty_capture: bool) -> npt.NDArray[np.int8]:
    """The endgame database, read from the cache folder when an earlier run built it (only
    on the compiled path: the Python path builds small ones, and quickly enough)."""
    if not native.enabled():
        return native_rules.build_database(m, limit, empty_capture)
    path = database_path(m, limit, empty_capture)
    size = int(native_rules.offsets(2 * m, limit)[-1])
    try:
        kept = np.load(path)
        if kept.shape == (size,) and kept.dtype == np.int8:
            return np.asarray(kept)
    except (OSError, ValueError):
        pass
    db = native_rules.build_database(m, limit, empty_capture)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_suffix(f".{os.getpid()}.part")
        with open(part, "wb") as out:
            np.save(out, db)
        os.replace(part, path)
    except OSError:
        pass  # a read-only cache folder: build it again next time
    return db


_SOLVERS: dict[tuple[int, bool], NativeSolver] = {}
_BUILDING: set[tuple[int, bool]] = set()
_SOLVERS_LOCK = threading.Lock()


def solver_for(m: int, empty_capture: bool) -> NativeSolver:
    """The process's solver for this board size and rule, built now if it is not yet."""
    with _SOLVERS_LOCK:
        solver = _SOLVERS.get((m, empty_capture))
    if solver is None:
        solver = NativeSolver(m, empty_capture)
        with _SOLVERS_LOCK:
            solver = _SOLVERS.setdefault((m, empty_capture), solver)
    return solver


def ready_solver(m: int, empty_capture: bool) -> NativeSolver | None:
    """The solver if it is built; else None, and it is built in the background (the
    kernels compile or load, the database builds or loads) so that a move asked for now is
    never kept waiting for it."""
    with _SOLVERS_LOCK:
        solver = _SOLVERS.get((m, empty_capture))
        if solver is not None or (m, empty_capture) in _BUILDING:
            return solver
        _BUILDING.add((m, empty_capture))
    threading.Thread(target=_build, args=(m, empty_capture), daemon=True,
                     name="kalah-solver-build").start()
    return None


def warm(solver: NativeSolver) -> None:
    """Run the search once on a board just above the database, so its kernels are compiled
    (or read from the cache) now rather than in the first solve that counts."""
    board = np.zeros(2 * solver.m, dtype=np.int32)
    board[0] = solver.limit
    board[solver.m] = 1
    solver.value(board)


def _build(m: int, empty_capture: bool) -> None:
    """Build the solver and run its search once, so the kernels are compiled (or read from
    the cache) here rather than during the first move that needs them."""
    solver = NativeSolver(m, empty_capture)
    warm(solver)
    with _SOLVERS_LOCK:
        _SOLVERS.setdefault((m, empty_capture), solver)
