"""Quiescence search: the lecture's remedy for the horizon effect, for minimax and alpha-beta.

A search that stops at a fixed depth scores a position where a capture is on the board as it
stands, though its value jumps one ply later: the search walks into a capture it cannot see
(the horizon effect). Quiescence search does not score such a position at once. It searches
on along the game's noisy moves only (the profile names them: Kalah's captures and extra
turns), and takes the static value as the "stand pat": the side to move may decline every
noisy move, so the static value is the least it is sure of. A position without noisy moves is
quiet, and its static value is final.

Both searchers share the rule so that they still agree: minimax's quiescence takes the best of
the stand-pat and the noisy moves' values; alpha-beta's returns the same value with a window
(a stand-pat at or above beta is a cutoff at once). A search with quiescence reports its extra
nodes in ``Stats.quiescence_nodes`` and tells its tracer (ai.trace ``quiescence``), so the lab
draws these nodes in their own style.
"""

from __future__ import annotations

from collections.abc import Callable

from ai.searchbase import INF, QUIESCENCE_PLIES, SearchBase
from game.core import TERMINAL, State

#: The searchers that run quiescence search at their depth limit (expectiminimax does not:
#: its chance nodes already average what lies past them).
QUIESCENT_ALGORITHMS = ("minimax", "alphabeta", "mtdf")


class Quiescence(SearchBase):
    """Minimax's quiescence: no window, every noisy move searched."""

    def _quiesce(self, state: State, p: int, ply: int, qply: int) -> float:
        """Value of a position at or past the depth limit from its mover ``p``'s view: the
        best of its static value (the "stand pat") and its noisy moves' values. No window:
        alpha-beta's quiescence returns this same value, only faster."""
        self.stats.leaves += 1
        best = self.evaluate(state, p)
        noisy = self.noisy_moves  # set whenever a searcher quiesces
        moves = noisy(state) if noisy is not None and qply < QUIESCENCE_PLIES else ()
        if not moves:
            return best
        tracer = self.tracer
        if tracer is not None:
            tracer.quiescence(best, p)
        for m in moves:
            child = state.apply(m)
            self.nodes += 1
            self.stats.quiescence_nodes += 1
            if self.nodes >= self._next_check:
                self._tick()
            if tracer is not None:
                tracer.edge(m)
                tracer.enter(child, p, 0, -INF, INF)
            cp = child.current_player()
            if cp == TERMINAL:
                self.stats.leaves += 1
                v = self.scoring.terminal(child, p, ply + 1)
            elif cp == p:
                v = self._quiesce(child, p, ply + 1, qply + 1)
            else:
                v = -self._quiesce(child, cp, ply + 1, qply + 1)
            if tracer is not None:
                tracer.leave(v)
            if v > best:
                best = v
        return best


class WindowedQuiescence(SearchBase):
    """Alpha-beta's quiescence: the same values, searched within the node's window."""

    #: Scores a leaf from its mover's view (expectiminimax clamps it).
    _leaf_value: Callable[[State, int], float]

    def _quiesce(
        self, state: State, p: int, alpha: float, beta: float, ply: int, qply: int
    ) -> float:
        """Value of a position at or past the depth limit from its mover ``p``'s view, with
        the window in ``p``'s view: the static value stands ("stand pat") unless a noisy move
        beats it. The node itself is already counted; its noisy children count here."""
        self.stats.leaves += 1
        stand = self._leaf_value(state, p)
        noisy = self.noisy_moves  # set whenever a searcher quiesces
        moves = noisy(state) if noisy is not None and qply < QUIESCENCE_PLIES else ()
        if not moves:
            return stand
        tracer = self.tracer
        if tracer is not None:
            tracer.quiescence(stand, p)
        if stand >= beta:
            if tracer is not None:
                tracer.cutoff(moves)
            return stand
        best = a = stand
        if alpha > a:
            a = alpha
        stats = self.stats
        for i, m in enumerate(moves):
            child = state.apply(m)
            self.nodes += 1
            stats.quiescence_nodes += 1
            if self.nodes >= self._next_check:
                self._tick()
            if tracer is not None:
                tracer.edge(m)
                tracer.enter(child, p, 0, a, beta)
            cp = child.current_player()
            if cp == TERMINAL:
                stats.leaves += 1
                v = self.scoring.terminal(child, p, ply + 1)
            elif cp == p:
                v = self._quiesce(child, p, a, beta, ply + 1, qply + 1)
            else:
                v = -self._quiesce(child, cp, -beta, -a, ply + 1, qply + 1)
            if tracer is not None:
                tracer.leave(v)
            if v > best:
                best = v
                if v > a:
                    a = v
                    if a >= beta:
                        stats.cutoffs += 1
                        if tracer is not None:
                            tracer.cutoff(moves[i + 1:])
                        break
        return best
