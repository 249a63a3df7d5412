"""Plain minimax (as negamax): every node of the tree is visited, nothing is pruned.

Given only a depth, it searches that depth in one pass (the driver in ai.searchbase): ordering
buys minimax nothing, so the shallower passes of iterative deepening would only add nodes.
Minimax to depth 9 on the empty tic-tac-toe board visits the whole game tree, 549,946 nodes
with the root. Under a time or node budget it deepens 1, 2, 3, ... so that it always has a
finished depth to answer with, and reports the nodes of each pass (``Stats.nodes_per_depth``).

This is the baseline a teacher compares alpha-beta against: same values, many more nodes.
Chance nodes are averaged by probability (so at tiny depths it is also the reference for
expectiminimax). Turn order comes from ``current_player()``: a child moved by the same player
keeps its sign. Every root move's value is exact.
"""

from __future__ import annotations

from ai.algorithms import AlgorithmSpec, register
from ai.api import Result, SearchConfig
from ai.profiles import Profile
from ai.quiescence import Quiescence
from ai.searchbase import INF, EvalFn, RootSearch, Scoring
from ai.trace import Tracer
from game.core import TERMINAL, Move, State


class MinimaxSearcher(Quiescence):
    name = "minimax"
    has_windows = False

    def set_tracer(self, tracer: Tracer | None) -> None:
        """A traced searcher enters and leaves every node through ``_traced_value``."""
        super().set_tracer(tracer)
        if tracer is None:
            self.__dict__.pop("_value", None)
        else:
            self._value = self._traced_value  # type: ignore[method-assign]  # no per-node test

    def _traced_value(self, state: State, p: int, depth: int, ply: int
                      ) -> tuple[float, tuple[Move, ...]]:
        tracer = self.tracer
        assert tracer is not None
        tracer.enter(state, p, depth, -INF, INF)
        out = type(self)._value(self, state, p, depth, ply)
        tracer.leave(out[0])
        return out

    def _search_root(
        self, state: State, depth: int, previous: Result | None
    ) -> RootSearch:
        p = state.current_player()
        best, best_move = -float("inf"), None
        best_pv: tuple[Move, ...] = ()
        values = []
        moves = list(state.legal_moves())
        if previous is not None and previous.root_values:
            # The previous depth's best first (stable sorts: ties keep the previous search order).
            # Ordering costs minimax nothing (it visits every node anyway) but keeps the
            # driver's contract: when the budget runs out mid-depth, the partial best may only
            # replace the last answer once the last answer's move was searched at this depth.
            # Searched in generator order, an interrupted depth could return the best of its
            # first few moves, however bad.
            ranked = sorted(previous.root_values, key=lambda mv: -mv[1])
            rank = {m: i for i, (m, _) in enumerate(ranked)}
            moves.sort(key=lambda m: rank.get(m, len(rank)))
            self._previous_best_first = moves[0] == previous.move
        tracer = self.tracer
        if tracer is not None:
            tracer.expanded(moves)
        for m in moves:
            if tracer is not None:
                tracer.edge(m)
            v, pv = self._value(state.apply(m), p, depth - 1, 1)
            values.append((m, v))
            if v > best:
                best, best_move, best_pv = v, m, (m, *pv)
                self._root_best = (m, v)
        return RootSearch(best, best_move, tuple(values), best_pv, True)

    def _value(self, state: State, p: int, depth: int, ply: int) -> tuple[float, tuple[Move, ...]]:
        """Value of ``state`` from ``p``'s view, and the principal variation below it."""
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._tick()
        cp = state.current_player()
        if cp == TERMINAL:
            self.stats.leaves += 1
            return self.scoring.terminal(state, p, ply), ()
        if depth <= 0:
            self._horizon = True
            if cp >= 0 and self.noisy_moves is not None:
                v = self._quiesce(state, cp, ply, 0)
                return (v if cp == p else -v), ()
            self.stats.leaves += 1
            return self.evaluate(state, p), ()
        tracer = self.tracer
        if cp < 0:  # CHANCE: the probability-weighted average; the PV stops at the dice
            total = 0.0
            for outcome, prob in state.chance_outcomes():
                if tracer is not None:
                    tracer.edge(outcome, prob)
                total += prob * self._value(state.apply(outcome), p, depth - 1, ply + 1)[0]
            return total, ()
        sign = 1.0 if cp == p else -1.0
        best = -float("inf")
        best_pv: tuple[Move, ...] = ()
        for m in state.legal_moves():
            if tracer is not None:
                tracer.edge(m)
            v, pv = self._value(state.apply(m), cp, depth - 1, ply + 1)
            if v > best:
                best, best_pv = v, (m, *pv)
        return sign * best, best_pv


def _build(evaluate: EvalFn, scoring: Scoring, profile: Profile,
           config: SearchConfig) -> MinimaxSearcher:
    return MinimaxSearcher(evaluate, scoring)


register(AlgorithmSpec("minimax", _build))
