"""Othello's exact solver compiled (games.othello.ai.native_*): the traced Python search's tree,
node for node, on both of the kernels' paths, and stopped as promptly."""

from __future__ import annotations

import importlib
import random
import sys
import threading
import time
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from ai import native
from ai.trace import Tracer
from game.core import State
from games.othello.ai import endgame, endgame_tables, native_bits, native_endgame, native_search
from games.othello.ai.endgame import solve, stable_discs
from games.othello.game import GAME
from games.othello.rules import OthelloState, flip_mask, generate_moves

compiled_only = pytest.mark.skipif(not native.enabled(), reason="numba absent or switched off")

#: 24 empties: a root move's subtree alone takes the compiled search many seconds.
MIDGAME = GAME.parse_position("O---XXXXOOOOOO--XOXOOXX---OOX-O---OOOO--XXOOOXX-OO-OOXX----O---- X")


def positions(seed: int, empties: tuple[int, ...]) -> list[OthelloState]:
    """Positions from random games, one per entry of ``empties``, each with a move to make."""
    rng = random.Random(seed)
    out: list[OthelloState] = []
    for n in empties:
        while True:
            s = GAME.initial_state()
            while not s.is_over() and s.empties > n:
                s = s.apply(rng.choice(s.legal_moves()))
            if not s.is_over() and s.empties == n:
                out.append(s)
                break
    return out


#: 9 to 14 empties: deep nodes, the table and its enhanced cutoffs, shallow nodes, the last two
#: squares; the Python search takes a few seconds for all of them.
SAME_TREE = positions(50, (9, 10, 11, 11, 12, 12, 12, 13, 13, 14))


def test_the_kernels_name_the_tables_they_read() -> None:
    """Compiled kernels on disk keep the tables they were compiled with until their own source
    changes: each kernel module spells out the tables' digest, so changing a table means
    changing them (and numba compiles them afresh)."""
    digest = endgame_tables.fingerprint()
    assert digest == native_bits.TABLES_FINGERPRINT, "update native_bits.TABLES_FINGERPRINT"
    assert digest == native_endgame.TABLES_FINGERPRINT, "update native_endgame.TABLES_FINGERPRINT"


class Counting(Tracer):
    def __init__(self) -> None:
        self.entered = 0

    def enter(self, state: State, view: int, depth: int, alpha: float, beta: float) -> None:
        self.entered += 1


@compiled_only
def test_compiled_solver_walks_the_traced_tree() -> None:
    """Same value, best move, root values and node count as the Python search, and as the
    traced one the lab records; the default (untraced) solve runs the kernels."""
    native_search.warm_up()
    for s in SAME_TREE:
        python = solve(s, kernels=False)
        compiled = solve(s, kernels=True)
        assert compiled == python, GAME.format_position(s)
        assert solve(s, want_margin=False, kernels=True) == solve(s, want_margin=False,
                                                                   kernels=False)
    s = SAME_TREE[-1]
    tracer = Counting()
    traced = solve(s, tracer=tracer)
    assert tracer.entered > 1000 and traced == solve(s)


@compiled_only
def test_default_solve_searches_with_the_kernels_once_ready_and_unless_traced(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The first solve of a process starts the kernels' warm-up in the background and
    searches in Python meanwhile (never waiting for a compiler); later ones use the kernels,
    unless a tracer listens."""
    s = SAME_TREE[4]
    calls: list[int] = []
    real = native_search.NativeSearch.deep

    def counted(self: native_search.NativeSearch, *args: Any) -> tuple[int, int] | None:
        if args[4] == s.empties - 1:  # a root move's subtree (the warm-up's is smaller)
            calls.append(args[4])
        return real(self, *args)

    monkeypatch.setattr(native_search.NativeSearch, "deep", counted)
    # The warm-up waits for the test's word: kernels already compiled in this process would
    # otherwise be in before the first solve looked.
    release = threading.Event()
    driver = ModuleType("othello_endgame_held")

    def held_warm_up() -> float:
        release.wait(60)
        return native_search.warm_up()

    driver.warm_up = held_warm_up  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, driver.__name__, driver)
    monkeypatch.setattr(native, "_warming", set())
    kernels = native.KernelSet("othello-endgame", driver.__name__)
    monkeypatch.setattr(endgame, "KERNELS", kernels)
    assert solve(s) == solve(s, kernels=False) and not calls
    release.set()
    assert kernels.settle(300) and endgame.kernels_ready()
    solve(s)
    assert calls
    calls.clear()
    solve(s, tracer=Counting())
    assert not calls


@compiled_only
def test_compiled_search_stops_promptly() -> None:
    """The kernels read the stop flag the watching thread raises: a cancel or a deadline ends
    a search of minutes (24 empties, the whole window) within a fraction of a second."""
    native_search.warm_up()
    search = native_search.NativeSearch()
    moves = generate_moves(MIDGAME.me, MIDGAME.opp)
    start = time.perf_counter()
    out: list[tuple[int, int] | None] = []
    # In a thread of the test's own, so that a search which ignores the flag fails the test
    # at once instead of running for minutes first.
    thread = threading.Thread(target=lambda: out.append(search.deep(
        MIDGAME.me, MIDGAME.opp, -64, 64, MIDGAME.empties, moves, 0,
        lambda: time.perf_counter() > start + 0.3)), daemon=True)
    thread.start()
    thread.join(1.5)
    assert out == [None]
    assert search.stats[native_endgame.NODES] > 10_000  # it did search before it stopped

    cancel = threading.Event()
    timer = threading.Timer(0.3, cancel.set)
    start = time.perf_counter()
    timer.start()
    try:
        r = solve(MIDGAME, cancel=cancel)
    finally:
        timer.cancel()
    assert not r.complete and time.perf_counter() - start < 1.5
    start = time.perf_counter()
    r = solve(MIDGAME, deadline=time.monotonic() + 0.3)
    assert not r.complete and time.perf_counter() - start < 1.5
    # A stopped solve leaves nothing behind: the next one is complete and exact.
    assert solve(SAME_TREE[0], deadline=time.monotonic() + 60) == solve(SAME_TREE[0],
                                                                       kernels=False)


@pytest.fixture
def python_kernels(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The kernels' modules imported again with ``KIBITZ_NATIVE=0``: plain Python on NumPy
    scalars; imported once more afterwards, as they were."""
    modules = (native_bits, native_endgame, native_search)
    with monkeypatch.context() as patch:
        patch.setenv(native.ENV, "0")
        native._numba.cache_clear()
        for module in modules:
            importlib.reload(module)
        try:
            yield
        finally:
            native._numba.cache_clear()
    for module in modules:
        importlib.reload(module)


@pytest.mark.usefixtures("python_kernels")
def test_the_kernels_as_python_agree_with_the_rules() -> None:
    assert not hasattr(native_endgame.deep, "py_func")  # not a numba dispatcher
    rng = random.Random(3)
    s = GAME.initial_state()
    while not s.is_over():
        me, opp = np.uint64(s.me), np.uint64(s.opp)
        assert int(native_bits.moves(me, opp)) == generate_moves(s.me, s.opp)
        assert int(native_bits.stable_discs(me, opp)) == stable_discs(s.me, s.opp)
        for sq in s.legal_moves() if s.moves_mask else ():
            assert int(native_bits.flips(me, opp, sq)) == flip_mask(s.me, s.opp, sq)
        s = s.apply(rng.choice(s.legal_moves()))


@pytest.mark.usefixtures("python_kernels")
def test_the_kernels_as_python_walk_the_same_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    for s in SAME_TREE[:2]:
        assert solve(s, kernels=True) == solve(s, kernels=False)
    # A table emptied every ten positions, entries looked up before a search that empties
    # it updated in vain: still the dict's tree (which the emptying changes).
    monkeypatch.setattr(native_endgame, "TT_MAX_ENTRIES", 10)
    monkeypatch.setattr(endgame, "TT_MAX_ENTRIES", 10)
    s = SAME_TREE[3]
    assert solve(s, kernels=True) == solve(s, kernels=False)
    monkeypatch.setattr(native_endgame, "TT_MAX_ENTRIES", 10**6)
    assert solve(s, kernels=True) != solve(s, kernels=False)
