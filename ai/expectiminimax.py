"""Expectiminimax for games with dice: max and min layers (as negamax) plus chance layers that
average their outcomes by probability.

Depth counts every layer, chance layers included (``Result.depth`` is in these units):

- depth 1: my move, then evaluate the position (before the opponent's roll);
- depth 2: my move, the opponent's 21 rolls, evaluate each rolled position;
- depth 3: my move, the opponent's 21 rolls, the opponent's best reply to each, evaluate:
  "one chance layer", what backgammon programs call 1-ply;
- depth 5: ... then my 21 rolls and my best move to each: "two chance layers".

Decision nodes use alpha-beta (ai.alphabeta). On top of that:

- Star1 pruning (``star1=True``): every value lies within known bounds (backgammon: -3..3
  points), so after some outcomes of a chance node the rest can be assumed at their worst or
  best; once even that cannot bring the average inside the window, the node is cut. Each
  outcome is searched with the narrowest window that could still matter.
- Move filtering (``filter_k``): at a decision node whose children would be searched further
  (remaining depth >= 2), every move is scored by the cheap static evaluation and only the
  ``filter_k`` most promising are expanded (``root_filter_k`` at the root), as strong
  backgammon programs do. This is what makes two chance layers affordable. Filtering is a
  heuristic: with it the value is no longer the exact expectiminimax value. The root moves
  kept (``SearchBase.keep_at_root``) are searched whatever the filter says: a game review
  values the move played at the same depth as the best.
"""

from __future__ import annotations

from typing import Unpack

from ai.algorithms import AlgorithmSpec, register, tree_options
from ai.alphabeta import AlphaBetaSearcher
from ai.api import Result, SearchConfig, TreeOptions
from ai.profiles import Profile
from ai.searchbase import EvalFn, RootSearch, Scoring
from game.core import Move, State


class ExpectiminimaxSearcher(AlphaBetaSearcher):
    name = "expectiminimax"

    def __init__(
        self,
        evaluate: EvalFn,
        scoring: Scoring,
        *,
        star1: bool = True,
        filter_k: int | None = None,
        root_filter_k: int | None = None,
        **options: Unpack[TreeOptions],
    ) -> None:
        """``options`` (use_tt, use_ordering, exact_root_values, tt_size_log2) go to
        AlphaBetaSearcher unchanged; aspiration windows are always off here."""
        super().__init__(evaluate, scoring, aspiration=None, **options)
        self.star1 = star1
        self.filter_k = filter_k
        self.root_filter_k = root_filter_k
        self._set_bounds(*scoring.bounds)
        if star1:  # Star1's bounds must hold at the leaves too
            self._leaf_value = self._clamped_eval

    def _search_root(self, state: State, depth: int, previous: Result | None
                     ) -> RootSearch:
        """A position that knows tighter bounds than the game's (a classroom tree: its lowest
        and highest leaf) gives Star1 those, as the slides' L and U."""
        own = getattr(state, "value_bounds", None)
        self._set_bounds(*(own() if own is not None else (self.lo, self.hi)))
        return super()._search_root(state, depth, previous)

    def _set_bounds(self, lo: float, hi: float) -> None:
        """L and U as each player sees them: the bounds are player 0's (MAX's), so the other
        side sees them negated and swapped (a classroom tree's leaves -1..0 are 0..1 for MIN;
        backgammon's -3..3 is the same either way)."""
        self.lo, self.hi = lo, hi
        self._bounds = ((lo, hi), (-hi, -lo))

    def _clamped_eval(self, state: State, p: int) -> float:
        lo, hi = self._bounds[p]
        v = self.evaluate(state, p)
        return lo if v < lo else hi if v > hi else v

    def _chance(
        self, state: State, p: int, depth: int, alpha: float, beta: float, ply: int
    ) -> float:
        if depth <= 0 or not self.star1:
            # Horizon leaves go through the _leaf_value hook (clamped under Star1).
            return super()._chance(state, p, depth, alpha, beta, ply)
        lo, hi = self._bounds[p]
        total = 0.0
        remaining = 1.0
        tracer = self.tracer
        outcomes = state.chance_outcomes()
        for i, (outcome, prob) in enumerate(outcomes):
            if tracer is not None:
                tracer.edge(outcome, prob)
            remaining -= prob
            if remaining < 1e-12:
                remaining = 0.0
            # The child must beat these for the average to land inside (alpha, beta).
            ca = (alpha - total - remaining * hi) / prob
            cb = (beta - total - remaining * lo) / prob
            v = self._child(
                state.apply(outcome), p, depth - 1, max(ca, lo - 1.0), min(cb, hi + 1.0), ply + 1
            )
            total += prob * v
            if v <= ca or v >= cb:
                self.stats.cutoffs += 1
                if tracer is not None:
                    tracer.cutoff([o for o, _ in outcomes[i + 1:]])
                # Fail low: an upper bound, at most alpha; fail high: at least beta.
                return total + remaining * (hi if v <= ca else lo)
        return total

    def _filter(self, state: State, moves: list[Move], depth: int, ply: int) -> list[Move]:
        """The ``k`` best moves by static evaluation when the subtree below is deep enough."""
        k = self.root_filter_k if ply == 0 else self.filter_k
        if k is None or depth < 2 or len(moves) <= k:
            return moves
        p = state.current_player()
        scored = []
        for m in moves:
            self.nodes += 1
            if self.nodes >= self._next_check:
                self._tick()
            scored.append((self._static(state.apply(m), p, ply + 1), m))
        scored.sort(key=lambda vm: -vm[0])
        # Moves left unsearched: like a horizon, the value is no longer proven (Result.exact).
        self._horizon = True
        kept = [m for _, m in scored[:k]]
        if ply == 0:
            kept += [m for m in dict.fromkeys(self.kept_root_moves) if m in moves and m not in kept]
        if self.tracer is not None:
            self.tracer.filtered(len(kept), len(moves), len(moves))
        return kept

    def _moves_at(self, state: State, depth: int, ply: int) -> list[Move]:
        return self._filter(state, list(state.legal_moves()), depth, ply)

    def _root_window(
        self, state: State, moves: list[Move], depth: int, alpha: float, beta: float
    ) -> RootSearch:
        return super()._root_window(state, self._filter(state, moves, depth, 0), depth, alpha, beta)


def _build(evaluate: EvalFn, scoring: Scoring, profile: Profile,
           config: SearchConfig) -> ExpectiminimaxSearcher:
    """Star1 for games scored in points, the move filter where the profile has one."""
    refinements = config.refinements
    k, root_k = (refinements.move_filter and profile.move_filter) or (None, None)
    return ExpectiminimaxSearcher(evaluate, scoring, star1=profile.points and refinements.star1,
                                  filter_k=k, root_filter_k=root_k, **tree_options(config))


register(AlgorithmSpec("expectiminimax", _build))
