"""Recordings of real searches: the data the search lab draws (tree explorer, step mode, JSON).

This docstring is the contract between the searchers and the screens (so the file is
longer than most): change both together.

A recording is made by the very search that plays (``ai.engine.run_search`` with the level's
configuration: its evaluator, exact solver and noise), which reports itself node by node to a
tracer (ai.trace; the recorder is ai.lab.tree_recorder); it is never a re-implementation. Only the
search's last finished pass is kept (iterative deepening runs depths 1..D; the tree shown is the
depth-D pass, the one that chose the move), so ``node_count`` equals the searcher's own node
count for that pass (``stats["iteration_nodes"]``, ``passes[-1]``); ``total_nodes`` counts all
passes. A last pass that took the depth below's answer over is not kept (``searched_depth``).
When an exact solver answers (``solved``), the tree is the root and each move with the value
the solver proved (a tic-tac-toe solve is an alpha-beta search and is recorded in full).

Points of view. Every ``value``, ``alpha`` and ``beta`` in a recording is from the view of the
MAX player (``recording.max_player``): "max" nodes are that player's decisions, "min" nodes
the opponent's, so values rise at max nodes and fall at min nodes exactly as on the slides,
although the searchers compute in negamax form. MAX is the player to move at the root, except
where the game's profile names a fixed MAX (classroom trees: a node inside the tree searched on
its own keeps the slides' MAX and MIN, so its root may be a "min" node). An unbounded window side is ``None``
(in JSON: ``null``); minimax records no window at all (``alpha`` and ``beta`` stay ``None``).

RecordedNode (``recording.nodes[i].id == i``; ``nodes[0]`` is the root; a child's id is always
larger than its parent's, and children are listed in the order the search visited them):

- ``kind``: "max" | "min" | "chance" | "leaf" (a finished game or the depth horizon: the value
  is a static evaluation or the game's result; ``terminal`` tells which).
- ``move``: the edge label from the parent in the game's notation (chance children: the
  outcome, e.g. "31" for a backgammon roll); ``None`` at the root.
- ``probability``: children of chance nodes only. ``depth``: remaining depth (the root's:
  the search depth). ``alpha``, ``beta``: the window the node was searched with (on entry);
  ``null_window``: a null window (beta - alpha tiny: only "better or not?").
- ``value``: the value the node returned. In alpha-beta it can be a bound: ``bound`` says
  "exact", "upper" (value <= alpha: "at most") or "lower" (value >= beta: "at least").
- ``pruned``: children never searched because of a cutoff at this node (siblings skipped after
  the cutoff; at a chance node, outcomes skipped by Star1); ``skipped`` lists them (move label,
  and the value where it is known without search: a classroom tree's leaf); ``cutoff`` is True
  when the search stopped this node's loop early (even when no child was left to skip).
- ``filtered``: moves dropped by move filtering (expectiminimax) before the loop;
  ``static_evals``: the cheap evaluations that filtering made (the searcher counts each as a
  node, so ``node_count`` includes them).
- ``tt_hit``: the value came from the transposition table; the node has no children.
- ``research``: a second visit of a move, with a wider window (PVS's null-window probe said
  "better"; or the root's aspiration window failed: ``first_try``).
- ``probe``: MTD(f) searches the root once per null-window probe; the node belongs to probe
  1, 2, ... (0 in a search without probes). The root's children repeat once per probe.
- ``on_pv``: on the principal variation (the line both sides are expected to play).
- ``state``: the position, for the small board (not serialised).

StepEvent (``recording.events``, in the order the search did them; replaying them is step
mode). ``alpha`` and ``beta`` are the node's window *at that step*: the entry window, narrowed
by every update (a window side beyond the values any node can take is open, None). ``kind``:

- "enter": the search arrives at ``node`` with the window (alpha, beta); value None.
- "leaf": a leaf is evaluated; value = its value.
- "update": a child's value has been backed up into ``node``: value = the node's best so far
  (max: highest, min: lowest, chance: the probability-weighted sum so far), alpha/beta = the
  node's window after the update (alpha rises at max nodes, beta falls at min nodes).
- "cutoff": the node stops its loop (value, window as at the cutoff); "tt_hit": its value
  comes from the transposition table; "exit": the node returns ``value``.
- "filter": move filtering dropped some of the node's moves (``filtered``) before its loop.
- "research": the node searches its last child's move again with a wider window (PVS: the
  null-window probe said "better"; at the root: the aspiration window failed); alpha/beta are
  the re-search's window. A probe that is searched again has no "update" of its own.
- "probe": (MTD(f), at the root) a null-window probe starts (value: its test); the root's
  moves are searched again, their nodes carry ``probe``.
- "bound": (MTD(f), at the root) the probe returned ``value``; alpha/beta = the interval the
  root's value is now known to lie in (``recording.probes`` says whether it failed high or
  low); equal bounds end the pass.

A leaf has one "leaf" event and no "enter"/"exit"; an inner node has "enter", one "update" per
child visit (but a re-searched probe), possibly "cutoff" or "tt_hit", then "exit"; the first
event enters the root and the last one exits it.

``line`` names the line of the textbook pseudocode being executed (``ai.lab.textbook.PSEUDOCODE``
lists each algorithm's lines with these names): "leaf", "max-init", "max-value", "max-cutoff",
"max-return", the same with "min-", "chance-init", "chance-sum", "chance-return", plus
"tt-hit", "chance-cutoff" (Star1), "filter" (move filtering), "research" (PVS, aspiration),
"mtd-probe" and "mtd-bound" (MTD(f)), which the textbook has not (the screen says them).

SearchRecording: ``game_id``, ``algorithm``, ``depth`` (of the recorded pass), ``nodes``,
``events``, ``truncated`` (nodes the searcher visited beyond the node budget: counted, not
recorded; their subtrees are missing), ``value`` and ``move`` (the search's answer, root view,
move in notation), ``stats`` (the searcher's ``Stats.as_dict()`` for the whole run plus
"iteration_nodes"), ``evaluated_leaves`` (leaf values in evaluation order, root view),
``options`` (the switches: use_tt, use_ordering, use_pvs, use_aspiration, use_star1,
use_move_filter, node_budget), ``level`` and ``description`` (whose search: "Master's search:
learned tables, depth 3"), ``exact`` (the value is proven), ``passes`` (nodes of every pass),
``answered_by`` (the algorithm, or the solver that answered), ``best_move`` (the search's best
when a level's noise played another), ``probes`` (MTD(f): each null-window probe of the
recorded pass, ``ProbeRecord``), ``first_try`` (an aspiration window that failed,
``AspirationTry``: the root's window and value are the re-search's, the answer's).
``node_count``, ``leaves`` and ``cutoffs`` (prunings: nodes that skipped at least one child)
count the recorded pass; ``algorithm_label`` names the algorithm as a reader should;
``principal_variation()`` and ``path_to(id)`` give node ids from the root. ``to_json()`` is
the ``explain --json`` object. The measurements live in ai.lab.compare; ai.lab.record.record_search
(state, config, node_budget, cancel, level) runs the configured search exactly as play does
and records it (a search limited by time is played first, then recorded to the depth it finished).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ai.lab.mcts_step_data import MctsStep
from ai.lab.probe_record import AspirationTry, ProbeRecord
from ai.lab.search import LevelPlay
from game.core import Move, State
from game.jsontypes import JSONObject
from game.kit import GameKit
from game.registry import get_kit

NODE_KINDS = ("max", "min", "chance", "leaf")
EVENT_KINDS = ("enter", "leaf", "update", "cutoff", "tt_hit", "filter", "research", "probe",
               "bound", "exit")
#: Nodes recorded by default; a bigger search is recorded up to here and counts the rest.
DEFAULT_NODE_BUDGET = 20_000
NULL_WINDOW = 1e-6  # narrower than this, a window is a null window (PVS's, MTD(f)'s)


@dataclass
class RecordedNode:
    id: int
    parent: int | None
    kind: str
    move: str | None
    probability: float | None
    depth: int
    alpha: float | None
    beta: float | None
    value: float | None = None
    children: list[int] = field(default_factory=list)
    pruned: int = 0
    cutoff: bool = False
    filtered: int = 0
    static_evals: int = 0
    tt_hit: bool = False
    research: bool = False
    on_pv: bool = False
    terminal: bool = False
    state: State | None = None
    raw_move: Move = None  # the move (or chance outcome) as the rules know it; not saved
    #: Searched past the depth limit by quiescence search (a noisy move's position, or a
    #: horizon position quiescence went on from).
    quiescence: bool = False
    #: Where quiescence went on from this node: its static value (MAX's view), the least
    #: its mover is sure of ("stand pat"); None elsewhere.
    stand_pat: float | None = None
    #: The children this node's cutoff left unsearched, in the order the search would have
    #: visited them: (move label, value when known without searching: a classroom leaf).
    skipped: list[tuple[str, float | None]] = field(default_factory=list)
    #: The MTD(f) probe of the root this node was searched in (1, 2, ...); 0 elsewhere.
    probe: int = 0
    #: Children searched after the node budget ran out: counted, not recorded.
    unrecorded: int = 0
    #: Monte Carlo tree search (ai.lab.mcts_recording): visits N, total reward W from
    #: ``view``'s side (the player who chose the move into the node), UCB1's two terms as
    #: the parent compares the node (None: the root, a chance outcome), untried moves.
    visits: int | None = None
    reward: float | None = None
    view: int | None = None
    exploitation: float | None = None
    exploration: float | None = None
    untried: int = 0

    @property
    def bound(self) -> str:
        """"exact", "upper" (the true value is at most ``value``) or "lower" (at least). A
        chance node that cut nothing off averaged exact values (a roll failing its Star1
        window cuts), whatever window it was entered with."""
        if self.value is None or self.kind == "leaf" or (
                self.kind == "chance" and not self.cutoff):
            return "exact"
        if self.alpha is not None and self.value <= self.alpha:
            return "upper"
        if self.beta is not None and self.value >= self.beta:
            return "lower"
        return "exact"

    @property
    def null_window(self) -> bool:
        """Searched with a null window (PVS's "is this move better than alpha?" probe): the
        answer is only a bound, and a "yes" is re-searched with the full window."""
        a, b = self.alpha, self.beta
        return a is not None and b is not None and b - a < NULL_WINDOW

    def to_json(self) -> JSONObject:
        return {
            "id": self.id,
            "parent": self.parent,
            "kind": self.kind,
            "move": self.move,
            "probability": _num(self.probability),
            "depth": self.depth,
            "value": _num(self.value),
            "bound": self.bound,
            "alpha": _num(self.alpha),
            "beta": _num(self.beta),
            "children": list(self.children),
            "pruned": self.pruned,
            "cutoff": self.cutoff,
            "filtered": self.filtered,
            "static_evals": self.static_evals,
            "tt_hit": self.tt_hit,
            "research": self.research,
            "null_window": self.null_window,
            "on_pv": self.on_pv,
            "terminal": self.terminal,
            "quiescence": self.quiescence,
            "stand_pat": _num(self.stand_pat),
            "skipped": [{"move": m, "value": _num(v)} for m, v in self.skipped],
            "probe": self.probe,
            "unrecorded": self.unrecorded,
            **({} if self.visits is None else {
                "visits": self.visits, "reward": _num(self.reward), "view": self.view,
                "exploitation": _num(self.exploitation),
                "exploration": _num(self.exploration), "untried": self.untried}),
        }


@dataclass
class StepEvent:
    kind: str
    node: int
    alpha: float | None
    beta: float | None
    value: float | None
    line: str

    def to_json(self) -> JSONObject:
        return {
            "kind": self.kind,
            "node": self.node,
            "alpha": _num(self.alpha),
            "beta": _num(self.beta),
            "value": _num(self.value),
            "line": self.line,
        }


@dataclass
class SearchRecording:
    game_id: str
    algorithm: str
    depth: int
    nodes: list[RecordedNode]
    events: list[StepEvent]
    truncated: int
    value: float
    move: str | None
    stats: dict[str, float | list[int]]
    evaluated_leaves: list[float]
    options: dict[str, bool | int] = field(default_factory=dict)
    #: The player whose view values are in (0 or 1; see "Points of view").
    max_player: int = 0
    #: The level whose search this is (None: a configuration named flag by flag).
    level: str | None = None
    #: Whose search, in one line for the screen ("Master's search: learned tables, depth 3").
    description: str = ""
    #: The value is proven: no position was scored by an estimate (or a solver answered).
    exact: bool = False
    #: Nodes of each pass of iterative deepening (the last is the recorded one).
    passes: tuple[int, ...] = ()
    #: The depth asked for, when its pass took the depth below's answer over (an even depth of
    #: backgammon's network search: SearchBase.reuses_depth), so the tree is ``depth``'s; else 0.
    searched_depth: int = 0
    #: What answered: the algorithm, or an exact solver's name (Result.algorithm).
    answered_by: str = ""
    #: The best move before a level's noise chose among the near-best (None: no noise, or
    #: noise chose the best).
    best_move: str | None = None
    #: MTD(f)'s null-window probes of the root in the recorded pass (empty: no probes).
    probes: list[ProbeRecord] = field(default_factory=list)
    #: The root's first search, when its aspiration window failed (the root shows the
    #: search that answered; this try's value was only a bound outside its window).
    first_try: AspirationTry | None = None
    #: The search kept an (alpha, beta) window (alpha-beta and its kin, expectiminimax with
    #: Star1). Minimax and backgammon's batched ply search keep none: a picture that showed
    #: them a window would teach a pruning they never did.
    windows: bool = True
    played: LevelPlay | None = None  # the level's own move beside a smaller tree
    #: MCTS (ai.lab.mcts_recording): each event's phase, words and statistics, in step.
    mcts_steps: list[MctsStep] = field(default_factory=list)

    @property
    def node_count(self) -> int:
        """Nodes the searcher counted in the recorded pass: recorded nodes, the static
        evaluations made for move filtering, and the nodes beyond the budget."""
        return len(self.nodes) + sum(n.static_evals for n in self.nodes) + self.truncated

    @property
    def leaves(self) -> int:
        return sum(1 for n in self.nodes if n.kind == "leaf")

    def plies_past_limit(self, node_id: int) -> int:
        """Plies below the depth limit (0: at it or above): its ancestors quiescence went on from."""
        nodes = self.nodes
        past = 0
        parent = nodes[node_id].parent
        while parent is not None and nodes[parent].stand_pat is not None:
            past += 1
            parent = nodes[parent].parent
        return past

    @property
    def quiescence_nodes(self) -> int:
        """Nodes past the depth limit, children of nodes quiescence went on from (its Stats)."""
        nodes = self.nodes
        return sum(n.parent is not None and nodes[n.parent].stand_pat is not None for n in nodes)

    @property
    def cutoffs(self) -> int:
        """Prunings: nodes whose cutoff skipped a child (one with nothing left prunes nothing)."""
        return sum(1 for n in self.nodes if n.pruned)

    @property
    def filtered(self) -> int:
        """Moves a move filter dropped (forward pruning: unlike a cutoff, it may drop the best)."""
        return sum(n.filtered for n in self.nodes)

    def filtered_text(self) -> str:
        """", 5 moves dropped by the move filter" after the prunings (nothing without one)."""
        n = self.filtered
        return f", {n:,} move{'s' if n != 1 else ''} dropped by the move filter" if n else ""

    @property
    def total_nodes(self) -> int:
        """Nodes of the whole search, every pass of iterative deepening together."""
        return int(n) if isinstance(n := self.stats.get("nodes"), int | float) else self.node_count

    @property
    def solved(self) -> bool:
        """An exact solver answered: the tree is its proof's answer, one value a move."""
        return self.answered_by not in ("", self.algorithm)

    @property
    def algorithm_label(self) -> str:
        """The algorithm as a reader should name it: minimax over a tree with dice averages
        the rolls, which is expectiminimax without pruning."""
        if self.solved:
            return self.answered_by
        chance = any(n.kind == "chance" for n in self.nodes)
        if chance and self.algorithm == "minimax":
            return "expectiminimax without pruning (minimax, rolls averaged)"
        if chance and self.algorithm == "alphabeta":
            return "alpha-beta at decisions, rolls averaged without pruning"
        return self.algorithm

    @property
    def root(self) -> RecordedNode:
        return self.nodes[0]

    def principal_variation(self) -> list[int]:
        """Node ids from the root along ``on_pv`` (the root included)."""
        path = [0]
        while True:
            nxt = [c for c in self.nodes[path[-1]].children if self.nodes[c].on_pv]
            if not nxt:
                return path
            path.append(nxt[-1])

    @property
    def kit(self) -> GameKit | None:
        """The game searched; None for an id the registry does not know (a recording made
        by hand). The recording keeps the id, not the kit: it comes back from the worker,
        which may be another process, and is written as JSON (``to_json``)."""
        try:
            return get_kit(self.game_id)
        except ValueError:
            return None

    def path_to(self, node_id: int) -> list[int]:
        """Node ids from the root down to ``node_id`` (both included)."""
        path = [node_id]
        while (parent := self.nodes[path[-1]].parent) is not None:
            path.append(parent)
        return path[::-1]

    def to_json(self) -> JSONObject:
        """The ``explain --json`` object (finite numbers only; an unbounded window is null)."""
        return {
            "game": self.game_id,
            "algorithm": self.algorithm,
            "algorithm_label": self.algorithm_label,
            "answered_by": self.answered_by,
            "level": self.level,
            "description": self.description,
            "exact": self.exact,
            "depth": self.depth,
            "searched_depth": self.searched_depth or self.depth,
            "value": _num(self.value),
            "move": self.move,
            "best_move": self.best_move,
            "max_player": self.max_player,
            "nodes": self.node_count,
            "total_nodes": self.total_nodes,
            "passes": list(self.passes),
            "recorded_nodes": len(self.nodes),
            "truncated": self.truncated,
            "leaves": self.leaves,
            "cutoffs": self.cutoffs,
            "filtered": self.filtered,
            "windows": self.windows,
            "options": dict(self.options),
            "stats": {
                k: [_num(x) for x in v] if isinstance(v, list | tuple) else _num(v)
                for k, v in self.stats.items()
            },
            "evaluated_leaves": [_num(v) for v in self.evaluated_leaves],
            "probes": [p.to_json() for p in self.probes],
            "first_try": self.first_try.to_json() if self.first_try is not None else None,
            "tree": [n.to_json() for n in self.nodes],
        }


def _num(x: float | None) -> float | int | None:
    """A JSON-safe number: None stays None, infinities become None (an open window side)."""
    if x is None:
        return None
    if isinstance(x, int) and not isinstance(x, bool):
        return x
    x = float(x)
    if math.isinf(x) or math.isnan(x):
        return None
    if x == int(x) and abs(x) < 2**53:
        return int(x)
    return round(x, 6)
