"""Expectiminimax for backgammon on top of the network, with every roll's moves in one batch.

The generic searchers call the evaluator once per position; a neural network pays most of its
cost per call, so this searcher asks it about all candidate positions of a roll at once (one
matrix product) and walks the tree on movegen's plain lists instead of state objects. It is
the same algorithm as :mod:`ai.expectiminimax` (decision layers take the best move, chance
layers average the 21 rolls by probability, depth counts every layer) with the move filtering
strong backgammon programs use:

- depth 1: every move's resulting position, scored by the network ("0-ply"; the Intermediate level);
- depth 3: the best moves by depth 1 (at most ``ROOT_KEEP[3]``, only those within
  ``ROOT_MARGIN[3]`` points of the best), each averaged over the opponent's 21 rolls and his best
  reply by the network ("1-ply", one chance layer; the Advanced level). The last chance layer puts
  all 21 rolls' replies through the network in one batch. The root moves kept
  (``SearchBase.keep_at_root``: a game review's move played) are searched too, whatever
  the filter says;
- depth 5: the ``ROOT_KEEP[5]`` best moves by depth 3, with two chance layers; at the opponent's
  decisions only his ``REPLY_KEEP`` best replies by the network are searched on ("2-ply", two
  chance layers; the Master level).

Even depths end on a chance layer whose rolled positions the network scores without their
dice, so depth 2k has exactly the values of depth 2k - 1; they are taken over, not recomputed.

Below the root, a search that plays asks games.backgammon.positions where each turn leads (four
times as fast as the rules' generator, which also builds each turn's steps); a traced search
(the lab) takes the rules' moves, whose steps it draws. Both see the same positions in the same
order, so the lab's tree is the search that plays, value for value (tested).
Values are cubeless equity in points for the side to move at the root.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.api import Cancel, Limits, ProgressCallback, Result
from ai.searchbase import INF, RootSearch, Scoring, SearchBase
from game.core import Move, State, own_state
from games.backgammon import movegen as mg
from games.backgammon.ai.net import NetEvaluator, equity
from games.backgammon.positions import Packed, pack, positions, unpack
from games.backgammon.rules import ROLLS, BackgammonState, as_steps

#: Root moves searched further at depths 3 and 5: at most ``ROOT_KEEP`` of the best ones by the
#: depth below, and of those only the ones within ``ROOT_MARGIN`` points of the best.
ROOT_KEEP: dict[int, int] = {3: 16, 5: 3}
ROOT_MARGIN: dict[int, float] = {3: 0.3, 5: 3.0}
#: Replies searched on at an opponent's decision with two chance layers below.
REPLY_KEEP = 2

#: A move generator's turn: (its steps, the mover's counts after it, the opponent's).
Turn = tuple[Move, Sequence[int], Sequence[int]]


def root_filter(values: list[float], depth: int) -> list[int]:
    """Indices of the root moves searched to ``depth``, best first, given their values one
    search below: at most ``ROOT_KEEP`` of them, only those within ``ROOT_MARGIN`` of the best
    (the depth's own, or the deepest one's)."""
    keep = ROOT_KEEP.get(depth, ROOT_KEEP[max(ROOT_KEEP)])
    margin = ROOT_MARGIN.get(depth, ROOT_MARGIN[max(ROOT_MARGIN)])
    return best_within(values, keep, margin)


def best_within(values: list[float], keep: int, margin: float) -> list[int]:
    """Indices of at most ``keep`` of the best ``values``, best first, only those within
    ``margin`` of the best."""
    order = sorted(range(len(values)), key=lambda i: -values[i])
    return [i for i in order if values[i] >= values[order[0]] - margin][:keep]


class BackgammonPlySearcher(SearchBase):
    name = "expectiminimax"
    has_windows = False

    def __init__(self, evaluator: NetEvaluator, scoring: Scoring | None = None) -> None:
        super().__init__(evaluator.evaluate, scoring or Scoring(points=True))
        self.evaluator = evaluator
        self.net = evaluator.net
        #: Equity of each position this search has scored, by packed position.
        self._scored: dict[Packed, float] = {}

    def predicted_nodes(self, state: State, measured: Sequence[tuple[int, int, float]],
                        depth: int) -> float | None:
        """Growth rates cannot foretell this search: from depth 3 to 5 it grew between 8 and
        170 times on the positions tried, as the root filter keeps 1 to 16 moves at depth 3
        and at most 3 at depth 5. Its shape can. Depth 3 searches the moves the root filter
        keeps, each over 21 rolls: the opponent's decision and his replies (as many as the
        mover's own moves per roll here, until depth 3 has measured them). Depth 5 searches
        at most ``ROOT_KEEP[5]`` of those; under each, ``REPLY_KEEP`` replies a roll get a
        chance layer of the mover's next moves. An even depth takes the odd one's answer over
        for one node."""
        nodes = {d: n for d, n, _ in measured}
        if depth not in (2, 3, 4, 5) or 1 not in nodes:
            return None
        if depth % 2 == 0 and depth - 1 in nodes:
            return nodes[depth - 1] + 1.0
        ranked = self._search_root(state, 1, None).root_values
        searched = len(root_filter([v for _, v in ranked], 3))
        me, opp = own_state(state, BackgammonState).mover_view()
        mine = sum(p * len(positions(me, opp, d1, d2)) for (d1, d2), p in ROLLS)
        rolls = len(ROLLS)
        if 3 in nodes:
            per_move = (nodes[3] - nodes[1] - 1) / max(1, searched)
        else:
            per_move = rolls * (1 + mine)
        total = nodes.get(3, nodes[1] + 1.0 + searched * per_move)
        if depth >= 4:
            total += 1.0
        if depth == 5:
            replies = max(0.0, per_move / rolls - 1)
            two_layers = per_move + rolls * min(REPLY_KEEP, replies) * rolls * (1 + mine)
            total += min(ROOT_KEEP[5], searched) * two_layers
        return float(total)

    def orders_moves(self) -> bool:
        """Always deepen: each depth filters the root moves by the depth below."""
        return True

    # ------------------------------------------------------------------ batches

    def _begin(self, limits: Limits, cancel: Cancel | None,
               progress: ProgressCallback | None) -> None:
        super()._begin(limits, cancel, progress)
        self._scored = {}  # a new search (whatever position) starts with an empty table

    def _after_moves(self, results: Sequence[Turn]) -> list[float]:
        """Equity of the mover after each movegen result ``(steps, me, opp)`` (numpy stays
        inside the evaluator; the tree walk is plain Python)."""
        return self._after_positions([pack(r[1], r[2]) for r in results])

    def _after_positions(self, found: list[Packed]) -> list[float]:
        """:meth:`_after_moves` for packed positions. A two-layer search meets the same
        position under several rolls and replies (a quarter of its positions, more in
        quiet ones), so each is scored once a search: the new ones of a call in one batch.
        Every position still counts as a leaf, so the tree and its counts are the same."""
        self._count_leaves(len(found))
        scored = self._scored
        new = [p for p in dict.fromkeys(found) if p not in scored]
        if new:
            scored.update(zip(new, equity(self.net.after_positions(new)).tolist(), strict=True))
        return [scored[p] for p in found]

    def _count_leaves(self, n: int) -> None:
        self.nodes += n
        self.stats.leaves += n
        if self.nodes >= self._next_check:
            self._tick()

    def _chance(self, a: list[int], b: list[int], depth: int, state: State | None = None
                ) -> float:
        """Equity of ``a`` (on roll, dice not yet thrown) with ``depth`` layers below.
        ``state`` is the same position as a State, carried only when the search is traced."""
        self.nodes += 1
        if depth <= 2:
            return self._last_chance(a, b, state)
        tracer = self.tracer
        total = 0.0
        for (d1, d2), prob in ROLLS:
            if tracer is not None and state is not None:
                rolled = state.apply((d1, d2))
                tracer.edge((d1, d2), prob)
                tracer.enter(rolled, rolled.current_player(), depth - 1, -INF, INF)
                v = self._decision(a, b, d1, d2, depth - 1, rolled)
                tracer.leave(v)
            else:
                v = self._decision(a, b, d1, d2, depth - 1)
            total += prob * v
        return total

    def _last_chance(self, a: list[int], b: list[int], state: State | None) -> float:
        """A chance layer whose decisions end the search: the moves of all 21 rolls go through
        the network in one batch (a batch costs little more than one position), then each
        roll's best move is averaged by the roll's probability."""
        opp = b[::-1]
        tracer = self.tracer if state is not None else None
        turns: list[Turn] = []  # traced: each move's steps are edges of the tree
        found: list[Packed] = []
        ends: list[int] = []
        for (d1, d2), _ in ROLLS:
            if tracer:
                turns += mg.generate(a, opp, d1, d2)
            else:
                found += positions(a, opp, d1, d2)
            ends.append(len(turns) if tracer else len(found))
        self.nodes += len(ROLLS)
        values = self._after_moves(turns) if tracer else self._after_positions(found)
        total, start = 0.0, 0
        for ((roll, prob), end) in zip(ROLLS, ends, strict=True):
            best = max(values[start:end])
            if tracer is not None:
                assert state is not None
                rolled = state.apply(roll)
                tracer.edge(roll, prob)
                tracer.enter(rolled, rolled.current_player(), 1, -INF, INF)
                self._trace_leaves(rolled, turns[start:end], values[start:end])
                tracer.leave(best)
            total += prob * best
            start = end
        return total

    def _trace_leaves(self, state: State, results: Sequence[Turn], values: list[float]
                      ) -> None:
        """The positions one batch scored, each a leaf below ``state`` (in the mover's view)."""
        tracer = self.tracer
        assert tracer is not None
        mover = state.current_player()
        tracer.expanded([r[0] for r in results])
        for r, v in zip(results, values, strict=True):
            tracer.edge(r[0])
            tracer.enter(state.apply(r[0]), mover, 0, -INF, INF)
            tracer.leave(v)

    def _decision(self, a: list[int], b: list[int], d1: int, d2: int, depth: int,
                  state: State | None = None) -> float:
        """Equity of ``a`` to play ``d1-d2``: his best move with ``depth`` layers left."""
        self.nodes += 1
        tracer = self.tracer if state is not None else None
        if tracer is None or state is None:  # (state is given whenever the tracer is)
            found = positions(a, b[::-1], d1, d2)
            values = self._after_positions(found)
            if depth <= 1:
                return max(values)
            keep = sorted(range(len(values)), key=lambda j: -values[j])[:REPLY_KEEP]
            return max(self._move_value(None, None, *unpack(found[i]), depth - 1, values[i])
                       for i in keep)
        results = mg.generate(a, b[::-1], d1, d2)
        values = self._after_moves(results)
        if depth <= 1:
            self._trace_leaves(state, results, values)
            return max(values)
        keep = sorted(range(len(values)), key=lambda j: -values[j])[:REPLY_KEEP]
        # Every reply was scored by the network; the best few are searched further.
        tracer.filtered(len(keep), len(values), len(values))
        tracer.expanded([results[i][0] for i in keep])
        best = -float("inf")
        for i in keep:
            steps, me, opp = results[i]
            best = max(best, self._move_value(state, steps, me, opp, depth - 1, values[i]))
        return best

    def _move_value(self, state: State | None, steps: Move | None, me: Sequence[int],
                    opp: Sequence[int], depth: int, scored: float | None) -> float:
        """The mover's equity after ``steps`` (leaving ``me``/``opp``) with ``depth`` layers
        below: a won game's exact value (``scored``, or scored now), else minus the
        opponent's chance node. Reported as a node when the search is traced (``state``, the
        position before the move, is given only then)."""
        won = me[0] == 15  # the move bore off the last checker: its value is exact
        tracer = self.tracer if state is not None else None
        child = None
        if tracer is not None:
            assert state is not None
            child = state.apply(steps)
            mover = state.current_player()
            tracer.edge(steps)
            # A won game's value is the mover's; a chance node's, the roller's (his opponent).
            tracer.enter(child, mover if won else 1 - mover, depth, -INF, INF)
        if won:
            v = scored if scored is not None else self._after_moves([(steps, me, opp)])[0]
            shown = v
        else:
            v = -self._chance(list(opp[::-1]), list(me), depth, child)
            shown = -v
        if tracer is not None:
            tracer.leave(shown)
        return v

    # ------------------------------------------------------------------ root

    def reuses_depth(self, depth: int) -> bool:
        """An even depth ends on a chance layer: its values are the odd depth's below."""
        return depth % 2 == 0

    def _search_root(
        self, state: State, depth: int, previous: Result | None
    ) -> RootSearch:
        self._horizon = True
        tracer = self.tracer
        if self.reuses_depth(depth) and previous is not None and previous.depth == depth - 1:
            if tracer is not None:
                tracer.pass_reused()
            return RootSearch(previous.score, previous.move, previous.root_values, previous.pv,
                              previous.root_values_exact)
        table = own_state(state, BackgammonState)._generated()
        moves = list(table)
        if depth == 1 or len(moves) == 1:
            results = [(m, *table[m]) for m in moves]
            values = self._after_moves(results)
            if tracer is not None:
                self._trace_leaves(state, results, values)
            ranked = sorted(zip(moves, values, strict=True), key=lambda mv: -mv[1])
            return RootSearch(ranked[0][1], ranked[0][0], tuple(ranked), (ranked[0][0],), True)
        assert previous is not None  # always deepens (orders_moves): depth 1 came first
        below = previous.root_values
        order = [below[i][0] for i in root_filter([v for _, v in below], depth)]
        order += [m for m in dict.fromkeys(self.kept_root_moves) if m in table and m not in order]
        if tracer is not None:
            # The depth below scored every move; only these are searched further (the
            # scores were counted as nodes in that pass, not in this one).
            tracer.filtered(len(order), len(moves), 0)
            tracer.expanded(order)
        scored: list[tuple[Move, float]] = []
        traced = state if tracer is not None else None
        for m in order:
            me, opp = table[as_steps(m)]  # the root's moves, as the table's keys are typed
            v = self._move_value(traced, m, list(me), list(opp), depth - 1, None)
            scored.append((m, v))
            if self._root_best is None or v > self._root_best[1]:
                self._root_best = (m, v)
        scored.sort(key=lambda mv: -mv[1])
        return RootSearch(scored[0][1], scored[0][0], tuple(scored), (scored[0][0],), True)
