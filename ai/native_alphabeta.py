"""``ai.alphabeta``'s search with its tree below the root on a game's compiled kernels (issue 46).

A game whose alpha-beta runs on kernels (``ai.native``) subclasses ``KernelAlphaBeta``: the
root stays this package's Python (iterative deepening, the root's order, the aspiration
window, each depth's result), and the game's ``_root_window`` hands each root window to its
kernels, which search the same tree node for node. What every such game shares lives here:

- when the kernels search: compiled and ready (``kernels`` None), no tracer listening (the lab
  records every node), no quiescence, no node limit (counted every 64 nodes in Python), and a
  position and evaluator the game's kernels reproduce (``_reproduces``). Anything else runs the
  Python search unchanged, and a searcher that has searched in Python once stays there;
- the table: a searcher that leaves the kernels (a tracer came) hands their table to the Python
  one, entry for entry, slot for slot, so its next tree is the Python search's too;
- killers and history afresh at depth 1, and the principal variation lengthened by the
  kernels' table as ``_extend_pv`` does with the Python one.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from typing import Generic, Protocol, TypeVar

from ai.alphabeta import AlphaBetaSearcher
from ai.api import Cancel, Limits, ProgressCallback, Result
from ai.tt import Entry
from game.core import CHANCE, TERMINAL, Move, State

#: A kernel table's entry: slot, tier (0: depth-preferred), key, depth, value, bound, move,
#: whether the subtree met the horizon, generation.
KernelEntry = tuple[int, int, Hashable, int, float, int, Move, bool, int]


class Kernels(Protocol):
    """One searcher's compiled state, as the shared part uses it."""

    def new_pass(self) -> None: ...

    def entries(self) -> Sequence[KernelEntry]: ...


K = TypeVar("K", bound=Kernels)


class KernelAlphaBeta(AlphaBetaSearcher, Generic[K]):
    """``AlphaBetaSearcher`` with each root window searched by a game's kernels where they
    apply; a game names its kernels (``_compile``, ``_reproduces``, ``_ready``,
    ``_table_move``) and searches a window in ``_root_window`` when ``_on_kernels``."""

    #: True: the kernels wherever they reproduce the search (tests, on both of their paths);
    #: False: never; None: once compiled and ready, and never while a tracer listens.
    kernels: bool | None = None
    _compiled: K | None = None
    _on_kernels = False
    _searched_python = False

    def _compile(self) -> K:
        """This searcher's compiled state (its table, killers, history, counters)."""
        raise NotImplementedError

    def _reproduces(self, state: State) -> bool:
        """True when the kernels search ``state`` with this searcher's evaluator."""
        raise NotImplementedError

    def _ready(self) -> bool:
        """True once the kernels are in (the game starts their warm-up otherwise)."""
        raise NotImplementedError

    def _table_move(self, compiled: K, state: State) -> Move | None:
        """The kernels' table's move for ``state``, None without an entry."""
        raise NotImplementedError

    def iterate(self, state: State, limits: Limits, cancel: Cancel | None = None,
                progress: ProgressCallback | None = None) -> Iterator[Result]:
        self._on_kernels = self._kernels_apply(state, limits)
        if self._on_kernels:
            if self._compiled is None:
                self._compiled = self._compile()
        else:
            self._hand_table_back()
            self._searched_python = True
        return super().iterate(state, limits, cancel, progress)

    def _kernels_apply(self, state: State, limits: Limits) -> bool:
        if (self.tracer is not None or self.noisy_moves is not None or limits.nodes is not None
                or self._searched_python or not self._reproduces(state)):
            return False
        return self.kernels if self.kernels is not None else self._ready()

    def _hand_table_back(self) -> None:
        """A searcher that searched on the kernels and now must search in Python (a tracer
        came): its table moves into the Python table, entry for entry, slot for slot."""
        compiled, self._compiled = self._compiled, None
        if compiled is None or self.tt is None:
            return
        for slot, tier, key, depth, value, bound, move, horizon, gen in compiled.entries():
            self.tt.place(slot, tier == 0, Entry(key, depth, value, bound, move, horizon, gen))

    def _begin_pass(self, state: State, depth: int) -> None:
        super()._begin_pass(state, depth)
        if self._on_kernels and depth == 1:
            assert self._compiled is not None
            self._compiled.new_pass()

    def _extend_pv(self, state: State, pv: tuple[Move, ...], depth: int) -> tuple[Move, ...]:
        compiled = self._compiled
        if not self._on_kernels or self.tt is None or compiled is None:
            return super()._extend_pv(state, pv, depth)
        s = state
        for m in pv:
            s = s.apply(m)
        out = list(pv)
        while len(out) < depth and s.current_player() not in (TERMINAL, CHANCE):
            move = self._table_move(compiled, s)
            if move is None or move not in s.legal_moves():
                break
            out.append(move)
            s = s.apply(move)
        return tuple(out)
