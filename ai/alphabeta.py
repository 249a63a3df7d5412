"""Negamax alpha-beta with principal-variation search, the search the app plays with.

- Iterative deepening (1, 2, 3, ...) under the depth, time and node limits; aspiration windows
  around the previous depth's score (re-searched with a full window when the score falls
  outside). With move ordering off and only a depth given, one pass at that depth (textbook
  alpha-beta: the shallow passes would only add nodes) in the move generator's order.
- PVS: the first move of a node gets the full window, the others a null window that only asks
  "is this better?", re-searched when the answer is yes (``pvs=False``: every move gets the
  full window, as in the textbook).
- A bounded transposition table (ai.tt) storing depth, value, bound and best move. Its values
  are reused only at *equal* remaining depth: then a search with the table returns exactly the
  value of the same search without it (a deliberate choice, so a teacher can switch the table
  off and see the same answer from a bigger tree). Its best move orders the moves at any depth.
- Move ordering: table move, then two killer moves per ply, then the history heuristic.
- Turn order always comes from ``current_player()``: a child whose mover is the same player
  (a game that grants two moves in a row) keeps the sign and the window; otherwise the value
  and window are negated. Terminals score as the game's profile says (ai.profiles): ``WIN -
  ply`` (faster wins first), the game's points, or a final margin.
- Chance nodes, should a game have them, are averaged exactly (every outcome with a full
  window); ai.expectiminimax adds pruning and move filtering there. Quiescence search at the
  depth limit, for a game with noisy moves: ai.quiescence.

Scores are from the view of the side to move at the root. The file is longer than most: the
recursion, its table, its ordering and its windows share one searcher's state.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from ai.algorithms import AlgorithmSpec, register, tree_options
from ai.api import Result, SearchConfig
from ai.profiles import Profile
from ai.quiescence import WindowedQuiescence
from ai.searchbase import (
    INF,
    MAX_DEPTH,
    EvalFn,
    RootSearch,
    Scoring,
    is_win_score,
    state_key_fn,
    unkeyed,
)
from ai.trace import Tracer
from ai.tt import EXACT, LOWER, UPPER, TranspositionTable, from_tt, to_tt
from game.core import CHANCE, TERMINAL, Move, State

#: Width of a "null" window. Values are floats, so any nonzero width works: a null-window
#: search only answers "above alpha or not", and every "above" is re-searched.
NULL_WIDTH = 1e-9


class AlphaBetaSearcher(WindowedQuiescence):
    name = "alphabeta"

    def __init__(
        self,
        evaluate: EvalFn,
        scoring: Scoring,
        *,
        use_tt: bool = True,
        use_ordering: bool = True,
        exact_root_values: bool = False,
        aspiration: float | None = None,
        pvs: bool = True,
        tt_size_log2: int = 16,
    ) -> None:
        super().__init__(evaluate, scoring)
        self.use_tt = use_tt
        self.use_ordering = use_ordering
        self.exact_root_values = exact_root_values
        #: Half-width of the aspiration window; None = no aspiration windows.
        self.aspiration = aspiration
        #: Principal-variation search: moves after the first get a null window first. Off,
        #: every move gets the node's full window, as the textbook's alpha-beta does.
        self.pvs = pvs
        self.tt = TranspositionTable(tt_size_log2) if use_tt else None
        #: The states' transposition key, chosen by the first pass (``state_key_fn``).
        self._key: Callable[[State], Hashable] = unkeyed
        self._pv: list[tuple[Move, ...]] = [()] * (MAX_DEPTH + 2)
        self._killers: list[list[Move | None]] = [[None, None] for _ in range(MAX_DEPTH + 2)]
        #: Per player (0, 1): move -> history score (the sum of depth**2 over its cutoffs).
        self._history: tuple[dict[Move, int], dict[Move, int]] = ({}, {})
        self._leaf_value: EvalFn = evaluate  # a leaf from its mover's view (clamped: Star1)

    def orders_moves(self) -> bool:
        return self.use_ordering

    def set_tracer(self, tracer: Tracer | None) -> None:
        """A traced searcher enters and leaves every node through ``_traced_child``; an
        untraced one keeps the class's ``_child`` (no test on the hot path)."""
        super().set_tracer(tracer)
        if tracer is None:
            self.__dict__.pop("_child", None)
        else:
            self._child = self._traced_child  # type: ignore[method-assign]  # no per-node test

    def _traced_child(
        self, child: State, p: int, depth: int, alpha: float, beta: float, ply: int
    ) -> float:
        tracer = self.tracer
        assert tracer is not None
        tracer.enter(child, p, depth, alpha, beta)
        v = type(self)._child(self, child, p, depth, alpha, beta, ply)
        tracer.leave(v)
        return v

    # ------------------------------------------------------------------ root

    def _search_root(
        self, state: State, depth: int, previous: Result | None
    ) -> RootSearch:
        self._begin_pass(state, depth)
        moves = self._root_moves(state, previous)
        alpha, beta = -INF, INF
        if (
            self.aspiration is not None
            and previous is not None
            and not self.exact_root_values
            and not is_win_score(previous.score)
        ):
            alpha, beta = previous.score - self.aspiration, previous.score + self.aspiration
        result = self._root_window(state, moves, depth, alpha, beta)
        if not alpha < result.score < beta:
            self._root_best = None
            result = self._root_window(state, moves, depth, -INF, INF)
        return result

    def _begin_pass(self, state: State, depth: int) -> None:
        """A pass starts: the table's generation on the first, killers and history afresh at
        depth 1."""
        if self._key is unkeyed:
            self._key = state_key_fn(state)
            if self.tt is not None:
                self.tt.new_search()
        if depth == 1:
            for h in self._history:
                h.clear()
            for k in self._killers:
                k[0] = k[1] = None

    def _root_moves(self, state: State, previous: Result | None) -> list[Move]:
        """The root's moves in the order this pass searches them."""
        moves = list(state.legal_moves())
        if not self.use_ordering:
            pass  # the generator's order, every depth: what a teacher switching ordering off sees
        elif previous is not None and previous.root_values:
            # Best first: the previous depth's values are the best ordering there is.
            rank = {m: i for i, (m, _) in enumerate(
                sorted(previous.root_values, key=lambda mv: -mv[1]))}
            moves.sort(key=lambda m: rank.get(m, len(rank)))
            self._previous_best_first = moves[0] == previous.move
        elif len(moves) > 1:
            # No earlier depth to learn from: one cheap look at every child.
            p = state.current_player()
            moves.sort(key=lambda m: -self._static(state.apply(m), p, 1))
        return moves

    def _root_window(
        self, state: State, moves: list[Move], depth: int, alpha: float, beta: float
    ) -> RootSearch:
        p = state.current_player()
        full = alpha == -INF and beta == INF
        tracer = self.tracer
        if tracer is not None:
            tracer.root_window(moves, alpha, beta)
        best, best_move = -INF, moves[0]
        pv: tuple[Move, ...] = (moves[0],)
        values: list[tuple[Move, float]] = []
        a = alpha
        root_exact = True
        full_window = self.kept_root_moves if not self.exact_root_values else moves
        for i, m in enumerate(moves):
            child = state.apply(m)
            if tracer is not None:
                tracer.edge(m)
            if m in full_window:
                v = self._child(child, p, depth - 1, -INF, INF, 1)
            elif i == 0 or not self.pvs:
                v = self._child(child, p, depth - 1, a, beta, 1)
            else:
                v = self._scout(child, p, depth - 1, a, beta, 1, m, fail_high_too=True)
                if v <= a:
                    root_exact = False  # v is an upper bound: this move is no better
            values.append((m, v))
            if v > best:
                best, best_move = v, m
                pv = (m,) + self._pv[1]
                if full or alpha < v < beta:
                    self._root_best = (m, v)
            if v > a:
                a = v
            if a >= beta:
                root_exact = False
                if tracer is not None:
                    tracer.cutoff(moves[i + 1:])
                break
        if self.tt is not None and (full or alpha < best < beta):
            self.tt.store(self._key(state), depth, best, EXACT, best_move, self._horizon)
        return RootSearch(best, best_move, tuple(values), self._extend_pv(state, pv, depth),
                          root_exact)

    def _extend_pv(self, state: State, pv: tuple[Move, ...], depth: int) -> tuple[Move, ...]:
        """Lengthen a PV cut short by a table hit, following the table's best moves."""
        if self.tt is None:
            return pv
        s = state
        for m in pv:
            s = s.apply(m)
        out = list(pv)
        while len(out) < depth and s.current_player() not in (TERMINAL, CHANCE):
            e = self.tt.probe(self._key(s))
            if e is None or e.move is None or e.move not in s.legal_moves():
                break
            out.append(e.move)
            s = s.apply(e.move)
        return tuple(out)

    # ------------------------------------------------------------------ tree

    def _scout(
        self, child: State, p: int, depth: int, alpha: float, beta: float, ply: int, move: Move,
        *, fail_high_too: bool,
    ) -> float:
        """PVS for a move after the first: a null window asks only "better than alpha?"; a yes
        is searched again with the whole window (alpha, beta). Inside the tree a value at or
        above beta is a cutoff as it stands; at the root (``fail_high_too``) it is searched
        again too, so the move's line is the one the aspiration's wider re-search starts
        from."""
        v = self._child(child, p, depth, alpha, alpha + NULL_WIDTH, ply)
        if alpha < v and (fail_high_too or v < beta):
            if self.tracer is not None:
                self.tracer.edge(move, research=True)
            v = self._child(child, p, depth, alpha, beta, ply)
        return v

    def _child(
        self, child: State, p: int, depth: int, alpha: float, beta: float, ply: int
    ) -> float:
        """Value of ``child`` from ``p``'s view, searched with the window (alpha, beta) in
        ``p``'s view. Turn order comes from the child itself, never from the depth.

        Leaves are scored right here rather than in ``_negamax``: most nodes of a tree are
        leaves, and this saves each of them a function call."""
        cp = child.current_player()
        if cp >= 0 and depth > 0:
            if cp == p:
                return self._negamax(child, depth, alpha, beta, ply, cp)
            return -self._negamax(child, depth, -beta, -alpha, ply, cp)
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._tick()
        self._pv[ply] = ()
        if cp >= 0:  # the horizon: a static evaluation from the mover's view
            self._horizon = True
            if self.noisy_moves is not None:
                if cp == p:
                    return self._quiesce(child, cp, alpha, beta, ply, 0)
                return -self._quiesce(child, cp, -beta, -alpha, ply, 0)
            self.stats.leaves += 1
            v = self._leaf_value(child, cp)
            return v if cp == p else -v
        if cp == TERMINAL:
            self.stats.leaves += 1
            return self.scoring.terminal(child, p, ply)
        return self._chance(child, p, depth, alpha, beta, ply)

    def _chance(
        self, state: State, p: int, depth: int, alpha: float, beta: float, ply: int
    ) -> float:
        """Expected value from ``p``'s view; the window is ignored (every outcome is exact)."""
        if depth <= 0:
            self.stats.leaves += 1
            self._horizon = True
            return self._leaf_value(state, p)
        total = 0.0
        tracer = self.tracer
        for outcome, prob in state.chance_outcomes():
            if tracer is not None:
                tracer.edge(outcome, prob)
            total += prob * self._child(state.apply(outcome), p, depth - 1, -INF, INF, ply + 1)
        return total

    def _negamax(
        self, state: State, depth: int, alpha: float, beta: float, ply: int, p: int
    ) -> float:
        """Value from the view of ``state``'s mover ``p`` (a decision node with ``depth`` >= 1;
        ``_child`` scores the leaves)."""
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._tick()
        self._pv[ply] = ()
        tt = self.tt
        tt_move = None
        key = None
        outer_horizon = self._horizon
        tracer = self.tracer
        if tt is not None:
            key = self._key(state)
            stats = self.stats
            stats.tt_probes += 1
            e = tt.probe(key)
            if e is not None:
                stats.tt_hits += 1
                tt_move = e.move
                if e.depth == depth:
                    v = from_tt(e.value, ply)
                    if e.bound == EXACT or (v >= beta if e.bound == LOWER else v <= alpha):
                        self._horizon = outer_horizon or e.horizon
                        if e.bound == EXACT:
                            self._pv[ply] = (e.move,) if e.move is not None else ()
                        if tracer is not None:
                            tracer.table_hit()
                        return v
                    if e.bound == LOWER:
                        alpha = max(alpha, v)
                    else:
                        beta = min(beta, v)
        self._horizon = False  # before _moves_at: a move filter marks the node inexact
        moves = self._moves_at(state, depth, ply)
        if self.use_ordering and len(moves) > 1:
            moves = self._order(p, moves, tt_move, ply)
        if tracer is not None:
            tracer.expanded(moves)
        alpha0 = alpha
        best = -INF
        best_move = moves[0]
        a = alpha
        # Loop invariants bound to locals: this loop runs once per node of the tree.
        child_value = self._child
        apply = state.apply
        d = depth - 1
        next_ply = ply + 1
        full_windows = not self.pvs
        for i, m in enumerate(moves):
            child = apply(m)
            if tracer is not None:
                tracer.edge(m)
            if i == 0 or full_windows:
                v = child_value(child, p, d, a, beta, next_ply)
            else:
                v = self._scout(child, p, d, a, beta, next_ply, m, fail_high_too=False)
            if v > best:
                best, best_move = v, m
                if v > a:
                    a = v
                    self._pv[ply] = (m,) + self._pv[next_ply]
                    if a >= beta:
                        self.stats.cutoffs += 1
                        if self.use_ordering:
                            self._reward(p, m, depth, ply, tt_move)
                        if tracer is not None:
                            tracer.cutoff(moves[i + 1:])
                        break
        horizon = self._horizon
        self._horizon = outer_horizon or horizon
        if tt is not None:
            bound = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
            tt.store(key, depth, to_tt(best, ply), bound, best_move, horizon)
        return best

    # ------------------------------------------------------------------ ordering

    def _static(self, state: State, p: int, ply: int) -> float:
        """The evaluation of ``state`` from ``p``'s view without searching (for ordering)."""
        cp = state.current_player()
        if cp == TERMINAL:
            return self.scoring.terminal(state, p, ply)
        return self.evaluate(state, p)

    def _moves_at(self, state: State, depth: int, ply: int) -> tuple[Move, ...] | list[Move]:
        return state.legal_moves()  # all of them here; expectiminimax may filter

    def _order(
        self, p: int, moves: tuple[Move, ...] | list[Move], tt_move: Move | None, ply: int
    ) -> list[Move]:
        """Table move, then this ply's killers, then the rest by history (best first; ties keep
        the generator's order, as ``sorted`` is stable even with ``reverse``)."""
        hist = self._history[p]
        ordered = sorted(moves, key=lambda m: hist.get(m, 0), reverse=True)
        front = []
        if tt_move is not None and tt_move in ordered:
            front.append(tt_move)
        for k in self._killers[ply]:
            if k is not None and k not in front and k in ordered:
                front.append(k)
        if front:
            ordered = front + [m for m in ordered if m not in front]
        return ordered

    def _reward(self, p: int, m: Move, depth: int, ply: int, tt_move: Move | None) -> None:
        """A cutoff move: remember it as a killer for this ply and credit its history."""
        k = self._killers[ply]
        if m != k[0] and m != tt_move:
            k[1] = k[0]
            k[0] = m
        hist = self._history[p]
        hist[m] = hist.get(m, 0) + depth * depth


def build(evaluate: EvalFn, scoring: Scoring, profile: Profile, config: SearchConfig,
          cls: type[AlphaBetaSearcher] = AlphaBetaSearcher) -> AlphaBetaSearcher:
    """The searcher ``config`` asks for (``cls``: a game's own subclass with the same tree,
    GameAI.searchers)."""
    aspiration = profile.aspiration if config.refinements.aspiration else None  # if the game has
    return cls(evaluate, scoring, aspiration=aspiration, **tree_options(config))


register(AlgorithmSpec("alphabeta", build))
