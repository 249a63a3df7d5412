"""Othello's alpha-beta: ``ai.alphabeta``'s search, its tree below the root on compiled kernels
where nothing traces (issue 46, "Native speed").

What the Python search does at each node of an Othello tree, which the kernels
(``native_midgame``, ``native_table``, ``native_eval``) reproduce:

- the root (Python here, as in ``AlphaBetaSearcher``): iterative deepening from depth 1 when
  ordering is on; the first pass orders the root's moves by their children's static values,
  later passes by the previous depth's root values (best first, ties in the earlier order);
  an aspiration window of +-4 discs (the profile's) around the previous score, searched again
  with the whole window when the score falls on or outside it; PVS at the root re-searches
  every null-window answer above alpha, a fail high included. Every pass counts the root as
  a node; moves named by ``keep_at_root`` (or all, for exact root values) get whole windows;
- a decision node (``_negamax``): counted, the table probed (key ``(me, opp, to_move)``, slot
  ``hash(key)`` masked); any entry's move orders, an entry of *equal* depth returns its value
  when its bound allows (an exact one leaves its move as the node's line) or narrows the
  window; the moves (squares ascending, or PASS alone) sorted by the mover's history (highest
  first, ties in square order), then the table move and the ply's two killers in front; the
  first move with the node's window, the others a null window (width 1e-9) re-searched with
  (a, beta) when the answer lies strictly inside; a cutoff counts, makes the move a killer
  (unless it is one or the table's move) and adds depth squared to its history; the table
  keeps the value with its bound (two tiers: depth-preferred and always-replace) and whether
  the subtree met the horizon;
- a leaf (``_child``): counted; a finished game scores its final margin (empties to the
  winner) from the parent mover's view, a position at the horizon the evaluator's value (the
  learned tables, or the hand-made features in discs) and marks the search inexact. A pass is
  a move like any other: it costs a ply. Othello has no noisy moves, so no quiescence search;
- counters: nodes (root, decision nodes and leaves), leaves, cutoffs, table probes and hits.

``OthelloAlphaBeta`` searches with the kernels when they are compiled and ready, no tracer
listens, and the search is one they reproduce (the hand-made or learned evaluator unweighted,
no node limit); anything else runs the Python search unchanged. ``ready`` starts the kernels'
warm-up in the background the first time a search asks, so a search meanwhile runs in Python,
never waiting for the compiler. The worker warms them from a game's first search
(``kit.warm_kernels``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from ai import alphabeta, native
from ai.alphabeta import AlphaBetaSearcher
from ai.api import SearchConfig
from ai.native_alphabeta import KernelAlphaBeta
from ai.profiles import Profile
from ai.searchbase import EvalFn, RootSearch, Scoring, SearchAborted
from game.core import Move, State
from games.othello.ai.evaluation import OthelloEvaluator
from games.othello.ai.patterns import OthelloPatternEvaluator
from games.othello.rules import OthelloState

if TYPE_CHECKING:
    from games.othello.ai.native_midgame_search import MidgameKernels

#: The evaluators the kernels score with (``native_eval.HAND`` and ``PATTERNS``).
HAND, PATTERNS = 0, 1
WARM_NAME = "othello-midgame"


def evaluator_kind(evaluate: EvalFn) -> int | None:
    """Which evaluator kernel reproduces ``evaluate``; None for any other (a weighted one)."""
    owner = getattr(evaluate, "__self__", None)
    if type(owner) is OthelloPatternEvaluator:
        return PATTERNS
    if type(owner) is OthelloEvaluator and owner.scale is None:
        return HAND
    return None


class OthelloAlphaBeta(KernelAlphaBeta["MidgameKernels"]):
    """``AlphaBetaSearcher`` with each root window searched by the kernels where they apply
    (``ai.native_alphabeta``: when, the table handed back, the line lengthened)."""

    def _compile(self) -> MidgameKernels:
        from games.othello.ai.native_midgame_search import MidgameKernels

        size_log2 = self.tt.size.bit_length() - 1 if self.tt is not None else 4
        kind = evaluator_kind(self.evaluate)
        assert kind is not None
        return MidgameKernels(size_log2, self.tt is not None, self.use_ordering, self.pvs,
                              kind)

    def _reproduces(self, state: State) -> bool:
        return isinstance(state, OthelloState) and evaluator_kind(self.evaluate) is not None

    def _ready(self) -> bool:
        return ready()

    def _table_move(self, compiled: MidgameKernels, state: State) -> Move | None:
        board = cast(OthelloState, state)
        return compiled.probe_move(board.me, board.opp, board.to_move)

    def _root_window(self, state: State, moves: list[Move], depth: int, alpha: float,
                     beta: float) -> RootSearch:
        if not self._on_kernels:
            return super()._root_window(state, moves, depth, alpha, beta)
        compiled = self._compiled
        assert compiled is not None
        board = cast(OthelloState, state)
        whole = moves if self.exact_root_values else self.kept_root_moves
        stats = self.stats
        counters = [self.nodes, stats.leaves, stats.cutoffs, stats.tt_probes, stats.tt_hits,
                    int(self._horizon)]
        best = self._root_best
        window = compiled.window(
            board.me, board.opp, board.to_move, [cast(int, m) for m in moves],
            [m in whole for m in moves], depth, alpha, beta,
            self.tt.generation if self.tt is not None else 0, counters,
            None if best is None else (cast(int, best[0]), best[1]),
            self._stop_check(), self._poll(compiled))
        self.nodes, stats.leaves, stats.cutoffs, stats.tt_probes, stats.tt_hits = counters[:5]
        self._horizon = bool(counters[5])
        self._root_best = compiled.best_so_far()
        if window is None:
            raise SearchAborted
        values = tuple(zip(moves, window.values, strict=False))
        return RootSearch(window.score, window.move, values,
                          self._extend_pv(state, tuple(window.pv), depth), window.root_exact)

    def _stop_check(self) -> Callable[[], bool] | None:
        cancel, deadline = self._cancel, self._deadline
        if cancel is None and deadline is None:
            return None

        def stop() -> bool:
            if cancel is not None and cancel.is_set():
                return True
            return deadline is not None and time.perf_counter() >= deadline

        return stop

    def _poll(self, compiled: MidgameKernels) -> Callable[[], None] | None:
        """The progress reports ``_tick`` sends, from the thread watching the kernels."""
        if self._progress is None:
            return None

        def poll() -> None:
            now = time.perf_counter()
            if now - self._last_progress >= self.PROGRESS_EVERY_S:
                self.nodes = compiled.nodes()
                self._root_best = compiled.best_so_far()
                self._send_progress(now)

        return poll


def build(evaluate: EvalFn, scoring: Scoring, profile: Profile,
          config: SearchConfig) -> AlphaBetaSearcher:
    """Othello's alpha-beta (GameAI.searchers): the shared one's options, its own class."""
    return alphabeta.build(evaluate, scoring, profile, config, OthelloAlphaBeta)


#: The kernels as this process has them (ai.native.KernelSet): ``warm_up`` now, ``ready``
#: (starting the warm-up in the background the first time), ``start_warm_up``.
KERNELS = native.KernelSet(WARM_NAME, "games.othello.ai.native_midgame_search")
warm_up = KERNELS.warm_up
ready = KERNELS.ready
start_warm_up = KERNELS.start
