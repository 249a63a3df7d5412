"""MTD(f), the "memory-enhanced test driver" of the slides: alpha-beta with null windows only.

Each pass of iterative deepening finds the root's value by zooming in on it from a first guess
(the previous depth's value, or the root's static value at depth 1). A probe is one alpha-beta
search of the root with a null window just under a test value: it can only answer "the value
is at least this" (it fails high: a lower bound) or "at most this" (it fails low: an upper
bound). The bounds close in, the next test is the last answer, and the pass ends when they
meet. Each probe is cheap because a null window cuts almost everywhere, and the transposition
table (the "memory") hands every probe the bounds the earlier ones proved; without the table
MTD(f) still finds the value, at the cost of searching the same positions again.

The probes are the alpha-beta searcher's own root pass (ai.alphabeta) with a window of width
``NULL_WIDTH``, so the tree below the root is the same code, ordering and table as alpha-beta's.
Inside a null window principal-variation search has nothing to add (every window is already
null), so MTD(f) runs without it. Values closer than the null width count as one value.

The tracer (ai.trace) hears ``probe`` before each probe and ``probe_done`` after it: the lab
shows each null-window test, its answer and the bounds converging.
"""

from __future__ import annotations

from typing import Unpack

from ai.algorithms import AlgorithmSpec, register, tree_options
from ai.alphabeta import NULL_WIDTH, AlphaBetaSearcher
from ai.api import Result, SearchConfig, TreeOptions
from ai.profiles import Profile
from ai.searchbase import INF, EvalFn, RootSearch, Scoring
from game.core import Move, State


class MTDFSearcher(AlphaBetaSearcher):
    name = "mtdf"

    def __init__(self, evaluate: EvalFn, scoring: Scoring,
                 **options: Unpack[TreeOptions]) -> None:
        """Alpha-beta's options (table, ordering, exact root values, table size); no
        aspiration window and no PVS, whatever is asked: every window here is already null."""
        null_windows: TreeOptions = {**options, "pvs": False}
        super().__init__(evaluate, scoring, aspiration=None, **null_windows)

    def _search_root(self, state: State, depth: int, previous: Result | None) -> RootSearch:
        if self.exact_root_values or self.kept_root_moves:
            # Every root move (or the one kept) valued exactly needs full windows: alpha-beta's.
            self.stats.probes_per_depth += (0,)
            return super()._search_root(state, depth, previous)
        self._begin_pass(state, depth)
        moves = self._root_moves(state, previous)
        guess = self._first_guess(state, previous)
        lower, upper = -INF, INF
        answer: RootSearch | None = None  # the last probe that proved the value reachable
        tracer = self.tracer
        probes = 0
        while lower < upper:
            test = max(guess, lower + NULL_WIDTH)
            if tracer is not None:
                tracer.probe(test, lower, upper)
            found = self._root_window(state, moves, depth, test - NULL_WIDTH, test)
            probes += 1
            guess = found.score
            if guess >= test:  # fails high: the value is at least this
                lower, answer = guess, found
            elif guess <= test - NULL_WIDTH:  # fails low: at most this
                upper = guess
            else:  # inside the null window: exact
                lower = upper = guess
                answer = found
            if tracer is not None:
                tracer.probe_done(guess, lower, upper)
            if answer is not None and self.use_ordering:
                moves = _first(moves, answer.move)
        self.stats.probes_per_depth += (probes,)
        assert answer is not None  # a probe can only fail low down to a bound already proved
        return RootSearch(lower, answer.move, answer.root_values, answer.pv, False)

    def _first_guess(self, state: State, previous: Result | None) -> float:
        """Where the zooming starts: the previous depth's value, else the root's static one."""
        if previous is not None:
            return previous.score
        return self._static(state, state.current_player(), 0)


def _first(moves: list[Move], move: Move) -> list[Move]:
    """``moves`` with ``move`` searched first (the move the last successful probe found)."""
    return [move] + [m for m in moves if m != move] if move in moves else moves



def _build(evaluate: EvalFn, scoring: Scoring, profile: Profile,
           config: SearchConfig) -> MTDFSearcher:
    return MTDFSearcher(evaluate, scoring, **tree_options(config))


register(AlgorithmSpec("mtdf", _build))
