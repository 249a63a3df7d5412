"""What the same-tree tests of the compiled alpha-beta searches share (Othello's mid-game,
tic-tac-toe's solve): a searcher told which path to take, and its answers depth by depth with
the clock left out, so that the two paths' answers compare equal field by field."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ai.api import Result, SearchConfig
from ai.engine import make_searcher
from ai.native_alphabeta import KernelAlphaBeta
from game.core import State


def searcher(c: SearchConfig, kernels: bool) -> KernelAlphaBeta[Any]:
    """The game's own alpha-beta for ``c``, on the kernels or on the Python path."""
    s = make_searcher(c)
    assert isinstance(s, KernelAlphaBeta)
    s.kernels = kernels
    return s


def timeless(r: Result) -> Result:
    """Everything a search answers but the seconds it took."""
    return replace(r, stats=replace(r.stats, time_s=0.0))


def depth_by_depth(state: State, c: SearchConfig, kernels: bool,
                   keep: tuple[int, ...] = ()) -> list[Result]:
    """Each depth's answer of iterative deepening, clocks aside."""
    s = searcher(c, kernels)
    s.keep_at_root(keep)
    return [timeless(r) for r in s.iterate(state, c.limits)]
