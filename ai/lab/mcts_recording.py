"""An MCTS search as the tree explorer draws it: the searcher's own tree (``snapshot()``),
node by node, in a SearchRecording (ai.lab.recording).

Monte Carlo tree search is not a depth-first walk to replay: what the lab shows is the tree it
grew, each node with its visits N and total reward W (``RecordedNode.visits``, ``.reward``,
W from the point of view of the player who chose the move into it, as the searcher keeps it),
and the two terms of UCB1 its parent compares it by (``.exploitation``, ``.exploration``).
``value`` is the node's mean W / N from MAX's view (the root mover's), so the tree's colours
and the "max"/"min" shapes read as in the other searches; the principal line is the most
visited child, level by level. Children below ``min_visits`` are left out when the tree is
bigger than the node budget (``unrecorded`` counts them).
"""

from __future__ import annotations

from dataclasses import replace

from ai.api import Cancel, Limits, SearchConfig
from ai.engine import make_searcher
from ai.lab.mcts_steps import STEP_ITERATIONS, STEP_SELECTIONS, build_steps
from ai.lab.recording import RecordedNode, SearchRecording
from ai.lab.search import describe
from ai.mcts.observe import Iteration
from ai.mcts.searcher import DEFAULT_ITERATIONS, MctsSearcher
from ai.mcts.snapshot import NodeSnapshot
from game.core import CHANCE, TERMINAL, Game, Move, State


def mcts_limits(config: SearchConfig) -> Limits:
    """The iterations (or time) a recording runs: the level's, else DEFAULT_ITERATIONS (a
    depth limit means nothing to MCTS)."""
    lim = config.limits
    if lim.iterations is None and lim.time_s is None and lim.nodes is None:
        return Limits(iterations=DEFAULT_ITERATIONS)
    return replace(lim, depth=None)


def record_mcts(state: State, config: SearchConfig, node_budget: int,
                cancel: Cancel | None = None, level: str | None = None) -> SearchRecording:
    """Run MCTS as ``config`` says (a fresh tree, the config's seed) and record its tree."""
    searcher = make_searcher(replace(config, noise=0.0, exact=False))
    if not isinstance(searcher, MctsSearcher):
        raise TypeError("record_mcts needs the mcts searcher")
    searcher.owner = None  # the recording's own tree, never one kept from a game
    first = FirstIterations()
    searcher.set_observer(first)  # step mode replays them (the whole search observed alike)
    result = searcher.search(state, mcts_limits(config), cancel)
    if not result.complete or result.move is None:
        raise ValueError("the recording was stopped before the search finished")
    whole = searcher.snapshot()
    game = config.kit.rules()
    nodes = _nodes(game, state, whole, _min_visits(whole, node_budget))
    events, steps = build_steps(game, nodes, first.records, state.current_player())
    stats = result.stats.as_dict()
    stats["iteration_nodes"] = result.stats.nodes
    stats["iterations"] = result.stats.nodes
    stats["c"] = round(searcher.c, 6)  # UCB1's exploration constant
    return SearchRecording(
        game_id=config.game_id, algorithm="mcts", depth=max(n.depth for n in nodes),
        nodes=nodes, events=events, mcts_steps=steps, truncated=whole.size() - len(nodes),
        value=result.score, move=game.format_move(state, result.move), stats=stats,
        evaluated_leaves=[], max_player=state.current_player(), level=level,
        description=describe(config.kit, level, config) if level else "",
        exact=False, passes=(result.stats.nodes,), answered_by="mcts", windows=False,
        options={"node_budget": node_budget})


class FirstIterations:
    """An observer keeping the first iterations' records: up to ``selections`` that compare
    children by UCB1 (a root's untried moves are expanded first), at most ``most``."""

    def __init__(self, selections: int = STEP_SELECTIONS, most: int = STEP_ITERATIONS) -> None:
        self.selections = selections
        self.most = most
        self.records: list[Iteration] = []

    def iteration(self, record: Iteration) -> None:
        compared = sum(any(s.candidates for s in r.selection) for r in self.records)
        if compared < self.selections and len(self.records) < self.most:
            self.records.append(record)


def _min_visits(tree: NodeSnapshot, budget: int) -> int:
    """The fewest visits a node needs to be kept so at most ``budget`` nodes are."""
    counts: list[int] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        counts.append(node.n)
        stack.extend(node.children)
    if len(counts) <= budget:
        return 0
    counts.sort(reverse=True)
    return counts[budget - 1] + 1


def _nodes(game: Game, root_state: State, tree: NodeSnapshot, min_visits: int
           ) -> list[RecordedNode]:
    """The snapshot in RecordedNodes, parents before children, values from MAX's view;
    children with fewer than ``min_visits`` visits left out (as ``snapshot(min_visits=)``
    leaves them), counted in their parent's ``unrecorded``."""
    max_player = root_state.current_player()
    nodes: list[RecordedNode] = []
    pv: set[int] = set()

    def add(snap: NodeSnapshot, state: State, parent: int | None, depth: int,
            label: str | None, raw: Move, on_pv: bool) -> None:
        nid = len(nodes)
        p = snap.player
        kind = ("chance" if p == CHANCE else "leaf" if p == TERMINAL or not snap.children
                else "max" if p == max_player else "min")
        sign = 1.0 if snap.view == max_player else -1.0
        node = RecordedNode(
            id=nid, parent=parent, kind=kind, move=label, probability=snap.probability,
            depth=depth, alpha=None, beta=None, value=sign * snap.mean if snap.n else None,
            on_pv=on_pv, terminal=p == TERMINAL, state=state, raw_move=raw,
            visits=snap.n, reward=snap.w, view=snap.view,
            exploitation=snap.exploitation, exploration=snap.exploration,
            untried=snap.untried)
        kept = [c for c in snap.children if c.n >= min_visits]
        node.unrecorded = len(snap.children) - len(kept)
        nodes.append(node)
        if on_pv:
            pv.add(nid)
        if parent is not None:
            nodes[parent].children.append(nid)
        best = max(kept, key=lambda c: c.n) if kept else None
        for child in kept:
            assert child.move is not None or child.probability is not None
            text = _label(game, state, child.move)
            add(child, state.apply(child.move), nid, depth + 1, text, child.move,
                on_pv and child is best and p != CHANCE)

    add(tree, root_state, None, 0, None, None, True)
    return nodes


def _label(game: Game, state: State, move: Move) -> str:
    """A move in notation; a chance outcome as the game writes it (a roll: "31")."""
    if state.current_player() == CHANCE:
        fmt = getattr(game, "format_outcome", None)
        if fmt is not None:
            return str(fmt(state, move))
        if isinstance(move, tuple):
            return "".join(str(x) for x in sorted(move, reverse=True))
        return str(move)
    return game.format_move(state, move)
