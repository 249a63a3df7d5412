"""The search lab's depth chart: iterative deepening depth by depth.

``depth_chart`` searches depth 1, 2, 3, ... and reports each depth's value and move (a changed
move is just that; a value that swings across zero or into a proven result when one more ply
is searched is the horizon effect), its nodes and leaves, the effective branching factor, and
like-against-like references: minimax's nodes and leaves and alpha-beta's best case counted
on this position's own tree (ai.lab.minimal_tree), where that tree is small enough to walk whole,
and for a uniform tree of the game's branching factor b, 1 + b + ... + b^d nodes, b^d leaves
and b^ceil(d/2) + b^floor(d/2) - 1 (Knuth and Moore). The lab draws minimax's uniform lines
only past the counted depths, and the uniform best case never: with the real tree's branching
uneven they drew minimax under alpha-beta (tic-tac-toe's depth 1) and a best case alpha-beta
beat (Othello's depth 3). It takes ``cancel`` and ``progress`` like the comparison (ai.lab.compare),
so the lab runs it on the worker and shows rows as they arrive.

For a game with noisy moves (captures: ai.quiescence) it can chart two series side by side
(``with_quiescence``): the search to the depth limit and the same search with quiescence
search past it, depth by depth, each row saying which series it is (``DepthRow.quiescence``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from ai.api import Cancel, Limits, Result, SearchConfig, Searcher
from ai.engine import make_searcher, node_predictor, search_to_depth
from ai.kit import get_evaluator, profile_for
from ai.lab.growth import branching_factor, effective_branching_factor, extrapolate
from ai.lab.minimal_tree import count_tree, walkable
from ai.lab.search import quiescence_applies
from ai.mcts.units import value_label
from ai.searchbase import is_win_score
from game.core import State
from game.jsontypes import JSONObject

#: Hears each row as it is done, and what the chart waits for meanwhile.
Progress = Callable[["DepthRow | CountingTree"], None] | None


@dataclass(frozen=True)
class CountingTree:
    """Sent to ``progress`` once the search is done, before the real tree to ``depth`` is
    counted: the lab says what it is waiting for. The row, counted, follows."""

    depth: int


@dataclass
class DepthRow:
    depth: int
    value: float
    value_text: str
    move: str | None
    #: Nodes of the depth-d pass itself (what the 1 + b + ... + b^d line compares with).
    nodes: int
    #: Nodes of the whole search to this depth (iterative deepening's shallower passes too).
    total_nodes: int
    time_s: float
    #: Effective branching factor b*: a uniform tree of this depth with b* children per node
    #: would have ``nodes`` nodes (1 + b* + b*^2 + ... + b*^d = nodes).
    ebf: float
    #: True when the move differs from the previous depth's: the answer changed with depth.
    move_changed: bool
    #: The search saw the end of the game on every line: deeper search changes nothing.
    exact: bool
    #: The game's branching factor b at this position, and the reference lines.
    branching: float = 0.0
    b_pow_d: float = field(default=0.0)
    b_pow_half_d: float = field(default=0.0)
    #: Leaves of the depth-d pass (what the b^d and best-case lines compare with).
    leaves: int = 0
    #: A uniform tree's nodes, 1 + b + ... + b^d (minimax's whole tree).
    tree_nodes: float = 0.0
    #: Alpha-beta's best case on that tree: b^ceil(d/2) + b^floor(d/2) - 1 leaves; None
    #: beside a search it does not bound (``has_best_case``).
    best_case_leaves: float | None = None
    #: This position's own tree to this depth, walked whole where it is small enough
    #: (ai.lab.minimal_tree), else None (and never for a quiescence search or beside chance): minimax's
    #: nodes and leaves, and alpha-beta's best case, the fewest leaves any search without a
    #: transposition table looks at to know the value.
    minimax_nodes: int | None = None
    minimax_leaves: int | None = None
    fewest_leaves: int | None = None
    #: One more ply turned the verdict: the value crossed zero by a wide margin or a proven
    #: win or loss appeared or vanished (the horizon effect); see ``horizon_swing``.
    horizon: bool = False
    #: False when the search stopped above positions that have no value of their own (a
    #: classroom tree has numbers only at its leaves): ``value`` is then not a real value.
    has_value: bool = True
    #: Which series of a chart with and without quiescence search this row is (True: with
    #: it); None in a chart of one series.
    quiescence: bool | None = None
    #: The searcher takes depth + 1 over from this depth (SearchBase.reuses_depth): a chart
    #: asked for depth + 1 ends here, finished, not stopped for time.
    next_taken_over: bool = False

    def to_json(self) -> JSONObject:
        return {
            "depth": self.depth,
            "value": round(self.value, 6),
            "value_text": self.value_text,
            "move": self.move,
            "move_changed": self.move_changed,
            "nodes": self.nodes,
            "total_nodes": self.total_nodes,
            "time_s": round(self.time_s, 6),
            "ebf": round(self.ebf, 3),
            "exact": self.exact,
            "b": round(self.branching, 3),
            "b_pow_d": round(self.b_pow_d, 1),
            "b_pow_half_d": round(self.b_pow_half_d, 1),
            "leaves": self.leaves,
            "tree_nodes": round(self.tree_nodes, 1),
            **({} if self.best_case_leaves is None
               else {"best_case_leaves": round(self.best_case_leaves, 1)}),
            "minimax_nodes": self.minimax_nodes,
            "minimax_leaves": self.minimax_leaves,
            "fewest_leaves": self.fewest_leaves,
            "horizon": self.horizon,
            "has_value": self.has_value,
            **({} if self.quiescence is None else {"quiescence": self.quiescence}),
            **({"next_taken_over": True} if self.next_taken_over else {}),
        }


def _results_by_depth(state: State, config: SearchConfig, searcher: Searcher, max_depth: int,
                      cancel: Cancel | None) -> Iterator[Result]:
    """The search to depth 1, 2, ... as a player would run it. A searcher that deepens anyway
    (move ordering) runs once and reports each finished depth; one that searches a fixed
    depth in a single pass (minimax, unordered alpha-beta) runs once per depth. A depth the
    searcher only takes over from the one below (SearchBase.reuses_depth) is left out."""

    if searcher.orders_moves():
        for result in searcher.iterate(state, Limits(depth=max_depth), cancel):
            if not searcher.reuses_depth(result.depth):
                yield result
        return
    for d in range(1, max_depth + 1):
        if searcher.reuses_depth(d):
            continue
        result = search_to_depth(state, config, d, cancel)
        if not result.complete:  # cancelled
            return
        yield result


#: A verdict turns when the value swings by at least this share of the range values take.
HORIZON_SHARE = 0.05


def horizon_swing(previous: DepthRow, value: float, min_swing: float = 0.0) -> bool:
    """The horizon effect, as the chart names it: one more ply turns the verdict. Either a
    proven win or loss appears or vanishes, or the value crosses zero into an opposite verdict
    of comparable size (the smaller side at least half the larger) by at least ``min_swing``
    in the game's units: a capture, a corner or a hit the shallower search could not see. A
    best move that merely changes, or an evaluation that wobbles around zero from one ply to
    the next, is not called that."""
    if not previous.has_value:
        return False
    before = previous.value
    if is_win_score(before) != is_win_score(value):
        return True
    crosses = (before > 0 > value) or (before < 0 < value)
    small, large = sorted((abs(before), abs(value)))
    return crosses and small >= 0.5 * large and abs(value - before) >= min_swing


def has_best_case(algorithm: str) -> bool:
    """Whether alpha-beta's best case bounds this search. Not expectiminimax: a chance node
    averages its rolls and can cut one (Star1) only when bounds on the values allow, so a tree
    with chance layers has no b^(d/2) to reach. Beside it the line read as badly ordered moves
    (backgammon's depth 3: 3,262 leaves against "362")."""
    return algorithm != "expectiminimax"


def counts_tree(config: SearchConfig, with_quiescence: bool) -> bool:
    """Whether the chart counts the real tree to each depth (minimax's nodes and leaves,
    alpha-beta's best case): not beside a search the best case does not bound, nor beside a
    lone search with quiescence, whose leaves lie past the depth limit. Beside the two series
    of a chart with and without quiescence it counts, for the series without."""
    lone_quiescent = (quiescence_applies(config) and config.refinements.quiescence
                      and not with_quiescence)
    return has_best_case(config.algorithm) and not lone_quiescent


def uniform_tree(b: float, depth: int) -> tuple[float, float, float]:
    """A uniform tree of branching factor ``b``: (nodes 1 + b + ... + b^d, leaves b^d,
    alpha-beta's best-case leaves b^ceil(d/2) + b^floor(d/2) - 1)."""
    nodes = float(depth + 1) if abs(b - 1.0) < 1e-9 else (b ** (depth + 1) - 1) / (b - 1)
    best = b ** math.ceil(depth / 2) + b ** math.floor(depth / 2) - 1
    return nodes, b ** depth, best


def depth_chart(
    state: State, config: SearchConfig, max_depth: int, *, max_s: float = 30.0,
    cancel: Cancel | None = None, progress: Progress = None, with_quiescence: bool = False,
) -> list[DepthRow]:
    """Depth 1 .. ``max_depth`` searched with ``config``; ``nodes`` and ``leaves`` of a row are
    its own pass, ``total_nodes`` and ``time_s`` the whole search to that depth. Stops before a
    depth predicted to end past ``max_s`` seconds, when cancelled, or after a depth that saw
    the end of the game on every line (deeper searches would say the same).

    ``with_quiescence`` (a game with noisy moves, minimax or alpha-beta): two series, the
    search without quiescence search and with it, each depth's two rows one after the other
    (each search run to that depth as ai.engine.search_to_depth runs it)."""
    game = config.kit.rules()
    profile = profile_for(config.kit)
    evaluator = get_evaluator(config.kit, config.evaluator) if config.use_evaluator else None
    # A tree with numbers only at its leaves (a classroom tree) has no value above them.
    values_inside = getattr(evaluator, "values_inner_nodes", True)
    config = replace(config, noise=0.0, exact=False)
    own = getattr(state, "value_bounds", None)
    lo, hi = own() if own is not None else profile.value_bounds
    min_swing = HORIZON_SHARE * (hi - lo)
    b = branching_factor(state)
    series: list[bool | None] = [None]
    searcher = make_searcher(config)
    # Depths that take the one below over are not charted (nor is their cost predicted).
    reused = searcher.reuses_depth
    passes: Iterator[tuple[Result, ...]] = ((r,) for r in _results_by_depth(
        state, config, searcher, max_depth, cancel))
    if with_quiescence and quiescence_applies(config):
        series = [False, True]
        passes = _pairs_by_depth(
            state, [config.with_refinements(quiescence=q) for q in (False, True)], max_depth,
            cancel)
    rows: list[DepthRow] = []
    previous: dict[bool | None, DepthRow] = {}
    points: list[tuple[int, int, float]] = []
    # One series: the searcher may know its own growth; two series add up, so they extrapolate.
    own = node_predictor(state, config) if len(series) == 1 else None
    for results in passes:
        if any(r.move is None for r in results) or (cancel is not None and cancel.is_set()):
            break
        for which, result in zip(series, results, strict=True):
            stats = result.stats
            pass_nodes = stats.nodes_per_depth[-1] if stats.nodes_per_depth else stats.nodes
            pass_leaves = stats.leaves_per_depth[-1] if stats.leaves_per_depth else stats.leaves
            move = game.format_move(state, result.move)
            has_value = result.exact or values_inside
            tree_nodes, leaves, best_case = uniform_tree(b, result.depth)
            before = previous.get(which)
            row = DepthRow(
                depth=result.depth,
                value=result.score,
                value_text=(value_label(profile, result.score, exact=result.exact,
                                        algorithm=result.algorithm).long
                            if has_value
                            else "no value: the tree has numbers only at its leaves"),
                move=move,
                nodes=pass_nodes,
                total_nodes=stats.nodes,
                time_s=stats.time_s,
                ebf=effective_branching_factor(pass_nodes, result.depth),
                move_changed=before is not None and before.move != move,
                exact=result.exact,
                branching=b,
                b_pow_d=leaves,
                b_pow_half_d=b ** (result.depth / 2),
                leaves=pass_leaves,
                tree_nodes=tree_nodes,
                best_case_leaves=best_case if has_best_case(config.algorithm) else None,
                horizon=before is not None and has_value and horizon_swing(
                    before, result.score, min_swing),
                has_value=has_value,
                quiescence=which,
                next_taken_over=reused(result.depth + 1),
            )
            previous[which] = row
            rows.append(row)
            if progress is not None:
                progress(row)
        depth = results[0].depth
        points.append((depth, sum(r.stats.nodes for r in results),
                       sum(r.stats.time_s for r in results)))
        if all(r.exact for r in results) or depth >= max_depth:
            break
        following = next((d for d in range(depth + 1, max_depth + 1)
                          if not reused(d)), None)
        if following is None or extrapolate(points, following, state, own)[1] > max_s:
            break
    if counts_tree(config, with_quiescence):
        rows = with_counted_tree(state, config, rows, cancel, progress)
    return rows


def with_counted_tree(state: State, config: SearchConfig, rows: list[DepthRow],
                      cancel: Cancel | None = None, progress: Progress = None) -> list[DepthRow]:
    """The rows with the real tree counted (minimax's nodes and leaves, alpha-beta's best
    case), depth by depth, until the whole tree is too big to walk; each counted row goes to
    ``progress`` again. Rows of a quiescence search are left as they are. Counted after the
    search, not between its depths: an iterative deepening search's clock runs on while it
    waits, so time spent counting in between would be charged to the search."""
    counted: list[DepthRow] = []
    for i, row in enumerate(rows):
        if row.quiescence:
            counted.append(row)
            continue
        if not walkable(row.tree_nodes):  # too big: not worth announcing
            return counted + rows[i:]
        if progress is not None:
            progress(CountingTree(row.depth))
        tree = count_tree(state, config, row.depth, cancel=cancel)
        if tree is None:
            return counted + rows[i:]
        counted.append(replace(row, minimax_nodes=tree.nodes, minimax_leaves=tree.leaves,
                               fewest_leaves=tree.fewest_leaves))
        if progress is not None:
            progress(counted[-1])
    return counted


def _pairs_by_depth(state: State, configs: list[SearchConfig], max_depth: int, cancel: Cancel | None
                    ) -> Iterator[tuple[Result, ...]]:
    """Each of ``configs`` searched to depth 1, 2, ... as ai.engine.search_to_depth runs it,
    the searches of one depth together. (Running two deepening searches side by side would
    mix their clocks.)"""
    for d in range(1, max_depth + 1):
        results = tuple(search_to_depth(state, c, d, cancel) for c in configs)
        if not all(r.complete for r in results):  # cancelled
            return
        yield results
