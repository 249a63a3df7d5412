"""What every searcher shares: terminal scoring, the evaluator lookup, the budget and the
driver that runs the passes.

The driver deepens iteratively (1, 2, 3, ...) when that serves something: a time or node
budget (there is always a finished depth to answer with) or move ordering (each pass orders
the next). A search given only a depth, with no move ordering (minimax, alpha-beta with
ordering off), runs that depth in one pass. Every pass counts the root as a node.

Keeping the driver in one place means minimax, alpha-beta and expectiminimax stop, report
progress and build their Results identically, so a teacher comparing them compares only the
search itself.

Depth convention (all three algorithms): every layer of the tree costs one unit of depth, a
decision (a move) and a chance event (a dice roll) alike. Depth 1 = the side to move plays a
move, then the position is evaluated. In a game without chance nodes depth = plies.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import NamedTuple

from ai.api import Cancel, Limits, Progress, ProgressCallback, Result, Stats
from ai.trace import Tracer
from game.core import CHANCE, TERMINAL, Move, State

#: A proven win is worth WIN - plies-to-win, so a faster win beats a slower one.
WIN = 10_000.0
#: Scores this close to WIN are proven wins/losses rather than heuristic estimates.
WIN_MARGIN = 1_000.0
INF = float("inf")
#: Iterative deepening stops here when the caller gives no depth limit.
MAX_DEPTH = 64
EvalFn = Callable[[State, int], float]
#: A finished game's final margin from one player's view (Othello: discs).
MarginFn = Callable[[State, int], float]
#: The moves quiescence search follows from a position at the depth limit (a game's "noisy"
#: moves: Kalah's captures and extra turns), empty where the position is quiet.
NoisyMovesFn = Callable[[State], Sequence[Move]]
#: Quiescence search goes at most this many plies past the depth limit. A game's noisy moves
#: run out by themselves (each Kalah capture or extra turn puts seeds in a store for good);
#: the cap keeps a game with long chains from turning one leaf into a whole second search.
QUIESCENCE_PLIES = 8


class SearchAborted(Exception):
    """Raised inside the tree when the deadline, node limit or cancel event fires."""


def is_win_score(value: float) -> bool:
    return abs(value) >= WIN - WIN_MARGIN


def zero_eval(state: State, player: int) -> float:
    """For games searched to the end (or tests): every unfinished position looks level."""
    return 0.0



def state_key_fn(state: State) -> Callable[[State], Hashable]:
    """A state's cheapest transposition key: ``tt_key()`` (a compact int) when its class has
    one, else ``key()``. The unbound method is returned, so a probe costs a single call."""
    cls = type(state)
    key: Callable[[State], Hashable] = getattr(cls, "tt_key", None) or cls.key
    return key


def unkeyed(state: State) -> Hashable:
    """A searcher's state key before its first pass has chosen one (``state_key_fn``)."""
    raise AssertionError("a search keys states only once its first pass has begun")


class Scoring:
    """Values of finished games from one player's view, in the evaluator's units.

    Three kinds, chosen by the game's profile (ai.profiles):

    - win scores (the default): ``WIN - plies`` for a win, its negative for a loss, 0 for a
      draw, so a faster win beats a slower one (tic-tac-toe, Nim);
    - ``points=True``: the game's own ``returns()`` (backgammon: 1, 2 or 3 points);
    - ``margin``: a final margin (Othello: the disc difference, empties to the winner), on the
      same scale as the evaluator's predicted margin and the exact endgame solver.
    """

    def __init__(
        self,
        points: bool = False,
        *,
        margin: MarginFn | None = None,
        bounds: tuple[float, float] | None = None,
    ) -> None:
        self.points = points
        self.margin = margin
        if bounds is None:
            bounds = (-3.0, 3.0) if points else (-WIN, WIN)
        self._bounds = bounds

    def terminal(self, state: State, player: int, ply: int) -> float:
        if self.margin is not None:
            return float(self.margin(state, player))
        r = state.returns()[player]
        if self.points:
            return float(r)
        if r > 0:
            return WIN - ply
        if r < 0:
            return -(WIN - ply)
        return 0.0

    @property
    def bounds(self) -> tuple[float, float]:
        """Lowest and highest value any node can take (for Star1 pruning)."""
        return self._bounds


class RootSearch(NamedTuple):
    """One depth's search of the root: its value and move, each root move's value, the
    principal variation, and whether every root value is exact (not just a bound)."""

    score: float
    move: Move
    root_values: tuple[tuple[Move, float], ...]
    pv: tuple[Move, ...]
    root_exact: bool


class SearchBase:
    """Budget checks, statistics and the iterative-deepening loop; subclasses search one depth.

    A subclass implements ``_search_root(state, depth, previous)`` returning a ``RootSearch``
    and keeps ``self._root_best`` (the best
    fully searched root move of the current iteration) up to date, so an interrupted
    iteration can still improve the answer.
    """

    name = "base"
    #: Nodes between two looks at the clock / cancel event (each look costs well under 1 us).
    CHECK_EVERY = 64
    PROGRESS_EVERY_S = 0.1

    def __init__(self, evaluate: EvalFn, scoring: Scoring) -> None:
        self.evaluate = evaluate
        self.scoring = scoring
        self.stats = Stats()
        self.final_result: Result | None = None
        self._cancel: Cancel | None = None
        self._progress: ProgressCallback | None = None
        self._deadline: float | None = None
        self._node_limit: int | None = None
        self._start = 0.0
        self._next_check = 0
        self._last_progress = 0.0
        self._depth_in_progress = 0
        self._root_best: tuple[Move, float] | None = None
        self._horizon = False
        self.nodes = 0
        #: Iterative deepening starts here (a solver that knows the game's length skips the
        #: shallow iterations).
        self.first_depth = 1
        #: Set by ``_search_root`` when it searched the previous depth's best move first: only
        #: then may an interrupted iteration's best replace the last completed answer.
        self._previous_best_first = False
        #: Who hears about the search as it runs (ai.trace); None in play.
        self.tracer: Tracer | None = None
        #: Quiescence search at the depth limit (``set_quiescence``); None: the static value.
        self.noisy_moves: NoisyMovesFn | None = None
        #: Root moves valued as exactly as the best (``keep_at_root``).
        self.kept_root_moves: tuple[Move, ...] = ()

    def keep_at_root(self, moves: tuple[Move, ...]) -> None:
        """Value these root moves exactly, whatever the searcher would skip: a full window
        for alpha-beta (which otherwise only proves a move no better than the best), no
        filtering for a searcher that filters its root moves. A game review asks it for the
        move played, so its loss against the best is measured at the same depth."""
        self.kept_root_moves = tuple(moves)

    def set_quiescence(self, noisy_moves: NoisyMovesFn | None) -> None:
        """Search on past the depth limit along ``noisy_moves`` (None: stop at the limit).

        The lecture's remedy for the horizon effect: a position where a capture is on the
        board is not scored as it stands but searched along the noisy moves only, with its
        static value as the "stand pat" (the side to move may always decline them, so the
        static value is what it is sure of). Each searcher applies it at its own leaves."""
        self.noisy_moves = noisy_moves

    #: False for searchers that search without an (alpha, beta) window.
    has_windows = True

    def set_tracer(self, tracer: Tracer | None) -> None:
        """Report every later search to ``tracer`` (None: stop reporting)."""
        self.tracer = tracer

    def predicted_nodes(self, state: State, measured: Sequence[tuple[int, int, float]],
                        depth: int) -> float | None:
        """Nodes a search of ``state`` to ``depth`` would count, given the (depth, nodes,
        seconds) of the same search to shallower depths, for a searcher whose shape says more
        than a growth rate does (a filter that narrows deeper down). None: ai.lab.growth
        extrapolates the measured growth."""
        return None

    def reuses_depth(self, depth: int) -> bool:
        """True when a search to ``depth`` takes the depth below's answer over without
        searching (backgammon's network search at an even depth, which ends on a chance
        layer): a chart of depths leaves it out rather than draw a pass of one node."""
        return False

    def orders_moves(self) -> bool:
        """True when a shallow iteration makes the next one cheaper (move ordering). Without
        it, a search given only a depth runs that depth in one pass: the shallower passes
        of iterative deepening would be pure extra nodes."""
        return False

    def _deepens(self, limits: Limits) -> bool:
        """Iterative deepening (1, 2, 3, ...) or one pass at the requested depth? Deepening
        serves a time or node budget (there is always a finished depth to answer with) and
        move ordering; a fixed depth with neither runs exactly one pass."""
        return (
            limits.depth is None
            or limits.time_s is not None
            or limits.nodes is not None
            or self.orders_moves()
        )

    # ------------------------------------------------------------------ budget

    def _begin(
        self, limits: Limits, cancel: Cancel | None, progress: ProgressCallback | None
    ) -> None:
        self.stats = Stats()
        self.nodes = 0
        self._cancel = cancel
        self._progress = progress
        self._start = time.perf_counter()
        self._deadline = self._start + limits.time_s if limits.time_s is not None else None
        self._node_limit = limits.nodes
        self._next_check = self._check_point()
        self._last_progress = self._start

    def _check_point(self) -> int:
        nxt = self.nodes + self.CHECK_EVERY
        if self._node_limit is not None:
            nxt = min(nxt, self._node_limit)
        return nxt

    def _tick(self) -> None:
        """Called when ``self.nodes`` reaches ``self._next_check``: stop or carry on."""
        self._next_check = self._check_point()
        if self._cancel is not None and self._cancel.is_set():
            raise SearchAborted
        if self._node_limit is not None and self.nodes >= self._node_limit:
            raise SearchAborted
        now = time.perf_counter()
        if self._deadline is not None and now >= self._deadline:
            raise SearchAborted
        if self._progress is not None and now - self._last_progress >= self.PROGRESS_EVERY_S:
            self._send_progress(now)

    def _send_progress(self, now: float) -> None:
        self._last_progress = now
        best = self._root_best
        assert self._progress is not None
        self._progress(
            Progress(
                depth=self._depth_in_progress,
                nodes=self.nodes,
                elapsed_s=now - self._start,
                best_move=best[0] if best else None,
                score=best[1] if best else None,
            )
        )

    def _snapshot(self, depth: int) -> Stats:
        self.stats.nodes = self.nodes
        self.stats.depth = depth
        self.stats.time_s = time.perf_counter() - self._start
        return dataclasses.replace(self.stats)

    # ------------------------------------------------------------------ driver

    def _search_root(
        self, state: State, depth: int, previous: Result | None
    ) -> RootSearch:
        raise NotImplementedError

    def iterate(
        self,
        state: State,
        limits: Limits,
        cancel: Cancel | None = None,
        progress: ProgressCallback | None = None,
    ) -> Iterator[Result]:
        """One Result per finished depth. ``self.final_result`` holds the answer afterwards.

        ``complete`` is True when the requested depth was reached or the tree was searched
        to its end (no horizon anywhere: the value is exact and deeper search is pointless).
        """
        player = state.current_player()
        if player == TERMINAL:
            raise ValueError("the game is over: there is no move to search")
        if player == CHANCE:
            raise ValueError("the position is at a chance event: roll the dice first")
        if limits.depth is not None and limits.depth < 1:
            raise ValueError(f"search depth must be at least 1, got {limits.depth}")
        self._begin(limits, cancel, progress)
        self.final_result = None
        max_depth = limits.depth if limits.depth is not None else MAX_DEPTH
        first = self.first_depth if self._deepens(limits) else max_depth
        last: Result | None = None
        per_depth: list[int] = []
        leaves_per_depth: list[int] = []
        tracer = self.tracer
        for depth in range(min(first, max_depth), max_depth + 1):
            self._depth_in_progress = depth
            self._root_best = None
            self._previous_best_first = False
            self._horizon = False
            nodes_before, leaves_before = self.nodes, self.stats.leaves
            if tracer is not None:
                tracer.iteration(depth)
                tracer.enter(state, player, depth, -INF, INF)
            try:
                self.nodes += 1  # the root
                score, move, root_values, pv, root_exact = self._search_root(state, depth, last)
            except SearchAborted:
                per_depth.append(self.nodes - nodes_before)
                leaves_per_depth.append(self.stats.leaves - leaves_before)
                self.stats.nodes_per_depth = tuple(per_depth)
                self.stats.leaves_per_depth = tuple(leaves_per_depth)
                self.final_result = self._interrupted(state, last)
                return
            if tracer is not None:
                tracer.leave(score)
                tracer.pass_done(pv)
            per_depth.append(self.nodes - nodes_before)
            leaves_per_depth.append(self.stats.leaves - leaves_before)
            self.stats.nodes_per_depth = tuple(per_depth)
            self.stats.leaves_per_depth = tuple(leaves_per_depth)
            solved = not self._horizon
            result = Result(
                move=move,
                score=score,
                depth=depth,
                complete=solved or depth >= max_depth and limits.depth is not None,
                pv=pv,
                stats=self._snapshot(depth),
                root_values=root_values,
                root_values_exact=root_exact,
                algorithm=self.name,
                exact=solved,
            )
            last = result
            self.final_result = result
            yield result
            if solved:
                return
            if self._deadline is not None:
                now = time.perf_counter()
                # The next depth costs several times this one: starting it past half the
                # budget would almost surely be thrown away.
                if now - self._start > 0.5 * (self._deadline - self._start):
                    return

    def _interrupted(self, state: State, last: Result | None) -> Result:
        """The answer when the budget ran out mid-iteration: the last completed depth, moved
        to the partial iteration's best move if that one was fully searched and differs."""
        depth = last.depth if last else 0
        stats = self._snapshot(depth)
        best = self._root_best
        if last is None:
            if best is not None:
                move, score = best
            else:
                move, score = state.legal_moves()[0], 0.0
            return Result(move, score, 0, False, (move,), stats, (), algorithm=self.name)
        if best is not None and best[0] != last.move and self._previous_best_first:
            return dataclasses.replace(
                last, move=best[0], score=best[1], pv=(best[0],), complete=False, stats=stats,
                exact=False,
            )
        return dataclasses.replace(last, complete=False, stats=stats)

    def search(
        self,
        state: State,
        limits: Limits,
        cancel: Cancel | None = None,
        progress: ProgressCallback | None = None,
    ) -> Result:
        for _ in self.iterate(state, limits, cancel, progress):
            pass
        assert self.final_result is not None
        return self.final_result
