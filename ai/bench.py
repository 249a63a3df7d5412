"""What a game's kit offers ``main.py bench``: its rules' speed figures and its search positions.

Each game's package fills a ``SpeedBench`` (``GameAI.speed``) with its own figures and
positions; ``bench`` walks the kits and prints them, so a new game brings its bench along.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from game.core import TERMINAL, State
from game.jsontypes import JSONObject

T = TypeVar("T")


@dataclass(frozen=True)
class ParseCase:
    """A text reader's worst case for ``bench parse``: ``make(n)`` writes a text of about ``n``
    characters that makes ``read`` work hardest (a refusal with a ValueError is an answer too),
    so a reader whose time per character grows with the text shows as quadratic."""

    name: str
    make: Callable[[int], str]
    read: Callable[[str], object]
    #: Longest text the reader accepts (None: no limit of its own): ``bench parse`` measures
    #: at most this much, so the figure is the reading, not the refusal.
    max_chars: int | None = None


@dataclass(frozen=True)
class Variant:
    label: str
    algorithm: str
    depth: int
    use_tt: bool = True
    use_ordering: bool = True
    #: Let run_search's exact solvers answer; off elsewhere so the named algorithm is measured.
    exact: bool = False
    #: A time budget only where it changes what runs (the exact solver's reach grows with it).
    time_s: float | None = None
    #: Evaluator variant (SearchConfig.evaluator), e.g. "net": the backgammon network.
    evaluator: str | None = None


@dataclass(frozen=True)
class BenchPosition:
    name: str
    game_id: str
    #: Notation; None for the initial position.
    position: str | None
    options: tuple[tuple[str, object], ...]
    variants: tuple[Variant, ...]


def deterministic(depth: int, minimax_depth: int | None = None) -> tuple[Variant, ...]:
    """Minimax, MTD(f) and the alpha-beta switches at one depth (minimax shallower where it
    would crawl)."""
    mm = depth if minimax_depth is None else minimax_depth
    out = [Variant(f"minimax d{mm}", "minimax", mm, use_tt=False, use_ordering=False)]
    if mm != depth:  # the same depth as minimax, for a like-for-like node count
        out.append(Variant(f"alphabeta d{mm}", "alphabeta", mm))
    out += [
        Variant(f"alphabeta d{depth}", "alphabeta", depth),
        Variant(f"mtdf d{depth}", "mtdf", depth),
        Variant(f"alphabeta d{depth} no-tt", "alphabeta", depth, use_tt=False),
        Variant(f"alphabeta d{depth} no-ordering", "alphabeta", depth, use_ordering=False),
        Variant(f"alphabeta d{depth} bare", "alphabeta", depth, use_tt=False, use_ordering=False),
    ]
    return tuple(out)


@dataclass(frozen=True)
class SpeedBench:
    """A game's figures for ``bench``."""

    #: ``rules(repeat)``: the rules' own speed figures (perft, tree walks, solves), checked
    #: against known counts so a fast but wrong generator fails instead of flattering.
    rules: Callable[[int], JSONObject] | None = None
    #: Fixed positions searched by every algorithm (``bench search``).
    positions: tuple[BenchPosition, ...] = ()
    #: Brings the game's compiled search kernels in before ``bench search`` times them
    #: (None: it has none), so its figures are the compiled search's, not its first seconds
    #: in Python while the kernels warm up.
    warm_search: Callable[[], object] | None = None
    #: ``endgame(repeat)`` and its table: an exact solver's figures (``bench endgame``).
    endgame: Callable[[int], JSONObject] | None = None
    endgame_table: Callable[[JSONObject], str] | None = None
    #: ``bench ui``: how long this game plays AI against AI, as a share of ``--seconds``
    #: (0: not played); the game with ``ui_lab_subject`` also shows the lab's own views and
    #: waits idle for a human; each game's own lab views open on ``ui_options``' position.
    ui_play_share: float = 0.0
    ui_lab_subject: bool = False
    ui_options: Mapping[str, object] = field(default_factory=dict)
    #: ``bench lab``: the depth of the plain minimax tree recorded from the start (the bench
    #: keeps its first 20,000 nodes), on the game with one.
    lab_tree_depth: int | None = None
    #: ``solve(repeat, full)`` and its table: an exact solver's figures on the game itself
    #: (``bench solve``; ``full``: the longest proofs too).
    solve: Callable[[int, bool], JSONObject] | None = None
    solve_table: Callable[[JSONObject], str] | None = None
    #: ``bench parse``: this game's own readers at their worst (a GGF file, a move transcript,
    #: a tree), beside the worst cases every game's notation gets.
    parse_cases: tuple[ParseCase, ...] = ()


def median_time(fn: Callable[[], T], repeat: int) -> tuple[float, T]:
    """(median seconds of ``repeat`` calls, the last call's result)."""
    times: list[float] = []
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), out


def tree_size(state: State) -> int:
    """Every node of the full game tree, root included (decision games only)."""
    if state.current_player() == TERMINAL:
        return 1
    return 1 + sum(tree_size(state.apply(m)) for m in state.legal_moves())


def solve(state: State, memo: dict[Hashable, tuple[float, float]]) -> tuple[float, float]:
    """Perfect-play returns of a deterministic game, memoised on ``key()``: rules-only work."""
    key = state.key()
    hit = memo.get(key)
    if hit is not None:
        return hit
    player = state.current_player()
    if player == TERMINAL:
        value = state.returns()
    else:
        value = max(
            (solve(state.apply(m), memo) for m in state.legal_moves()), key=lambda r: r[player]
        )
    memo[key] = value
    return value
