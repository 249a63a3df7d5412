"""What a searcher tells the lab while it searches: the tracer protocol.

Every searcher that plays (minimax, alpha-beta, expectiminimax, the backgammon network's
searcher, and the exact solvers' answers) reports its own search as it happens, in these calls,
to a ``Tracer`` it is given with ``set_tracer``. Play gives none: the searchers' hot paths then
take their untraced code (node entry and exit are traced by a wrapper installed only on a
traced searcher; the few calls inside a node sit behind one ``is not None`` test), so a traced
and an untraced search of the same configuration are the same search, node for node, and play
pays nothing measurable (docs/speed.md, ``python main.py bench search``).

The order of calls, for one pass of iterative deepening::

    iteration(depth)
    enter(root, view, depth, -inf, +inf)
      root_window(moves, alpha, beta)          # alpha-beta family: a pass over the root's moves
      edge(move)  enter(child, ...)  ... leave(value)
      edge(move, research=True)  enter(child, ...) ... leave(value)   # the same move again
      cutoff(skipped_moves)
    leave(value)

MTD(f) (ai.mtdf) searches the root several times in one pass, each time with a null window::

    enter(root, ...)
      probe(test, lower, upper)  root_window(moves, test - eps, test)  edge ... leave ...
      probe_done(value, lower, upper)
      probe(...) ... probe_done(...)             # until lower = upper
    leave(value)
    pass_done(pv)                              # or nothing, when the budget stopped the pass

Inside any node: ``expanded(moves)`` (the moves in the order they will be searched),
``filtered(kept, total, static_evals)`` (move filtering), ``table_hit()`` (the value comes from
the transposition table), ``edge(outcome, probability)`` at chance nodes, ``cutoff(skipped)``.
``pass_reused()`` says a pass took the previous depth's answer without searching;
``answered()``, that the pass is a book's or a solver's answer (ai.trace.trace_root_values).
``quiescence(stand_pat, view)``: the current node, at or past the depth limit, is searched on
along its noisy moves (quiescence search); its static value ``stand_pat`` stands unless one of
them beats it. Its children are entered with depth 0.

Values and windows are in the view of ``view``, the player named at ``enter``: the searchers
are negamaxes, and the recorder (ai.lab.tree_recorder) turns everything into MAX's view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.core import Move, State

INF = float("inf")


class Tracer(Protocol):
    """Every call does nothing unless a tracer overrides it: a tracer hears what it needs
    (ai.lab.minimal_tree's only the tree of values) and subclasses this for the rest."""

    def iteration(self, depth: int) -> None:
        """A pass of iterative deepening to ``depth`` starts."""
        return None

    def enter(self, state: State, view: int, depth: int, alpha: float, beta: float) -> None:
        """The search arrives at ``state`` with ``depth`` plies left and the window (alpha,
        beta) from ``view``'s side (a searcher without windows passes -inf, +inf)."""
        return None

    def leave(self, value: float) -> None:
        """The node entered last and not yet left returns ``value`` (``view``'s side)."""
        return None

    def edge(self, move: Move, probability: float | None = None, research: bool = False
             ) -> None:
        """The next node entered is reached by ``move`` (a chance outcome with its
        ``probability``); ``research``: the same move again, with a wider window."""
        return None

    def root_window(self, moves: Sequence[Move], alpha: float, beta: float) -> None:
        """The root searches ``moves`` in this order with this window (a second call in one
        pass: the aspiration window failed and the root is searched again)."""
        return None

    def expanded(self, moves: Sequence[Move]) -> None:
        """The current node will search ``moves`` in this order."""
        return None

    def filtered(self, kept: int, total: int, static_evals: int) -> None:
        """Move filtering kept ``kept`` of ``total`` moves after ``static_evals`` cheap
        evaluations (each counted as a node by the searcher)."""
        return None

    def cutoff(self, skipped: Sequence[Move]) -> None:
        """The current node stops its loop; ``skipped`` are the moves (or outcomes) it will
        never search."""
        return None

    def table_hit(self) -> None:
        """The current node's value comes from the transposition table."""
        return None

    def quiescence(self, stand_pat: float, view: int) -> None:
        """The current node is searched on by quiescence search; ``stand_pat`` (``view``'s
        side) is its static value, the least its mover is sure of."""
        return None

    def probe(self, test: float, lower: float, upper: float) -> None:
        """MTD(f) starts a null-window probe of the root: is the value at least ``test``? So
        far it is known to lie in [``lower``, ``upper``] (the root's mover's side)."""
        return None

    def probe_done(self, value: float, lower: float, upper: float) -> None:
        """The probe returned ``value`` (a lower bound when it failed high, an upper bound when
        it failed low); the value now lies in [``lower``, ``upper``]: equal when found."""
        return None

    def pass_done(self, pv: Sequence[Move]) -> None:
        """The pass finished; ``pv`` is its principal variation."""
        return None

    def pass_reused(self) -> None:
        """The pass took the previous depth's answer over without searching."""
        return None

    def answered(self) -> None:
        """The pass that follows is an answer (an opening book's stored values, a solver's
        proven ones), not a search: it keeps no window."""
        return None


def trace_root_values(tracer: Tracer, state: State, depth: int, score: float,
                      root_values: Sequence[tuple[Move, float]], pv: Sequence[Move]) -> None:
    """An exact solver's answer as a one-layer tree: the root and each move with the value
    the solver proved for it (solvers that prove by theory or on bitboards report their
    answer, not their inner nodes)."""
    mover = state.current_player()
    # The root has its moves below it whatever depth the answer reports (a rolled-out book
    # reports none): entered with no depth left, it would be drawn as a leaf.
    depth = max(depth, 1)
    tracer.iteration(depth)
    tracer.answered()
    tracer.enter(state, mover, depth, -INF, INF)
    tracer.expanded([m for m, _ in root_values])
    for move, value in root_values:
        tracer.edge(move)
        tracer.enter(state.apply(move), mover, 0, -INF, INF)
        tracer.leave(value)
    tracer.leave(score)
    tracer.pass_done(pv)
