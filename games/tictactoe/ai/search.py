"""Tic-tac-toe's alpha-beta: ``ai.alphabeta``'s search, its tree below the root on compiled
kernels (``native_search``) where nothing traces (issue 46, "Native speed").

The root stays Python, as in ``AlphaBetaSearcher`` (iterative deepening, the root's order,
the aspiration window of one open line, PVS's re-searches, each depth's result); each root
window is searched by ``native_search.root_window``, the same tree node for node: values,
moves, lines, root values and every counter (tests/test_tictactoe_native.py).

``TicTacToeAlphaBeta`` searches with the kernels when they are compiled and ready, no tracer
listens, and the search is one they reproduce (the open-lines evaluator unweighted or none,
no node limit, no quiescence); anything else runs the Python search unchanged. ``ready``
starts the kernels' warm-up in the background the first time a search asks, so a search
meanwhile runs in Python; the worker warms them from a game's first search
(``kit.warm_kernels``). A root window takes microseconds, so the kernels run in the caller's
thread and a deadline or a cancel is looked at between windows.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, cast

from ai import alphabeta, native
from ai.alphabeta import AlphaBetaSearcher
from ai.api import SearchConfig
from ai.native_alphabeta import KernelAlphaBeta
from ai.profiles import Profile
from ai.searchbase import INF, EvalFn, RootSearch, Scoring, SearchAborted, zero_eval
from game.core import Move, State
from games.tictactoe.ai.evaluation import TicTacToeEvaluator
from games.tictactoe.rules import TicTacToeState

if TYPE_CHECKING:
    from games.tictactoe.ai.native_driver import Kernels

#: The evaluators the kernels score with (``native_search.OPEN_LINES`` and ``ZERO``).
OPEN_LINES, ZERO = 0, 1
WARM_NAME = "tictactoe-search"


def evaluator_kind(evaluate: EvalFn) -> int | None:
    """Which evaluator the kernels reproduce as ``evaluate``; None for any other."""
    if evaluate is zero_eval:
        return ZERO
    owner = getattr(evaluate, "__self__", None)
    if type(owner) is TicTacToeEvaluator and owner.scale is None:
        return OPEN_LINES
    return None


class TicTacToeAlphaBeta(KernelAlphaBeta["Kernels"]):
    """``AlphaBetaSearcher`` with each root window searched by the kernels where they apply."""

    def _compile(self) -> Kernels:
        from games.tictactoe.ai.native_driver import Kernels

        size_log2 = self.tt.size.bit_length() - 1 if self.tt is not None else 4
        kind = evaluator_kind(self.evaluate)
        assert kind is not None
        return Kernels(size_log2, self.tt is not None, self.use_ordering, self.pvs, kind)

    def _reproduces(self, state: State) -> bool:
        return isinstance(state, TicTacToeState) and evaluator_kind(self.evaluate) is not None

    def _ready(self) -> bool:
        return ready()

    def _table_move(self, compiled: Kernels, state: State) -> Move | None:
        return compiled.probe_move(cast(TicTacToeState, state).tt_key())

    def _root_window(self, state: State, moves: list[Move], depth: int, alpha: float,
                     beta: float) -> RootSearch:
        if not self._on_kernels:
            return super()._root_window(state, moves, depth, alpha, beta)
        compiled = self._compiled
        assert compiled is not None
        self._stop_if_asked()
        board = cast(TicTacToeState, state)
        whole = moves if self.exact_root_values else self.kept_root_moves
        stats = self.stats
        counters = [self.nodes, stats.leaves, stats.cutoffs, stats.tt_probes, stats.tt_hits,
                    int(self._horizon)]
        x, o = board.marks
        window = compiled.window(
            x, o, board.to_move, [cast(int, m) for m in moves], [m in whole for m in moves],
            depth, alpha, beta, self.tt.generation if self.tt is not None else 0, counters)
        self.nodes, stats.leaves, stats.cutoffs, stats.tt_probes, stats.tt_hits = counters[:5]
        self._horizon = bool(counters[5])
        values = tuple(zip(moves, window.values, strict=False))
        full = alpha == -INF and beta == INF
        best = -INF
        for m, v in values:  # the root's best fully searched move, as the Python search keeps it
            if v > best:
                best = v
                if full or alpha < v < beta:
                    self._root_best = (m, v)
        return RootSearch(window.score, window.move, values,
                          self._extend_pv(state, tuple(window.pv), depth), window.root_exact)

    def _stop_if_asked(self) -> None:
        cancel, deadline = self._cancel, self._deadline
        if ((cancel is not None and cancel.is_set())
                or (deadline is not None and time.perf_counter() >= deadline)):
            raise SearchAborted


def build(evaluate: EvalFn, scoring: Scoring, profile: Profile,
          config: SearchConfig) -> AlphaBetaSearcher:
    """Tic-tac-toe's alpha-beta (GameAI.searchers): the shared one's options, its own class."""
    return alphabeta.build(evaluate, scoring, profile, config, TicTacToeAlphaBeta)


#: The kernels as this process has them (ai.native.KernelSet): ``warm_up`` now, ``ready``
#: (starting the warm-up in the background the first time), ``start_warm_up``.
KERNELS = native.KernelSet(WARM_NAME, "games.tictactoe.ai.native_driver")
warm_up = KERNELS.warm_up
ready = KERNELS.ready
start_warm_up = KERNELS.start
