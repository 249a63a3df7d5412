"""Recording the searchers that play, node by node, without a line of search code of its own.

``record_search`` builds the searcher exactly as play does (``ai.engine.make_searcher``) and
then gives that one object an observing subclass: each node method of the searcher
(``_value`` for minimax; ``_child``, ``_moves_at``, ``_order``, ``_filter``, ``_root_window``
for the alpha-beta family) is wrapped by one that tells a ``TreeRecorder`` "entering this
node with this window", then calls the searcher's own method unchanged, then reports the value
it returned. So the recorded tree is the search that ran (same nodes, same order, same values),
and the searcher classes used in play carry no recording code at all: with no recorder the hot
path pays nothing, not even an ``if``.

What the wrappers can see and how each recorded fact is derived:

- node entry and exit, the window and the value: the arguments and result of ``_child``
  (alpha-beta) or ``_value`` (minimax), turned into the root player's view;
- the move that led to a node: the parent's move list as the searcher expanded it (after
  filtering and ordering: ``_moves_at`` / ``_order`` / ``_filter`` return it), walked in order;
  a second call with the very same child object is a re-search of that move (PVS);
- cutoffs: the searcher's own ``stats.cutoffs`` counter, attributed to the node whose loop
  raised it; the skipped siblings are the moves of the list never visited;
- transposition-table hits: a decision node that returned without expanding its moves took
  its value from the table;
- static evaluations for move filtering: the searcher's node counter moving inside
  ``_filter``.

See ai.recorder for the data model.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ai.recorder import RecordedNode, StepEvent
from game.core import CHANCE, TERMINAL, Game, Move, State

INF = float("inf")


@dataclass(eq=False)
class _Frame:
    """An open node on the recorder's stack (None on the stack: a node beyond the budget)."""

    node: RecordedNode
    state: State
    #: The searcher's view of this node's window and value: ``view`` is the player whose
    #: point of view they are in (the parent's mover).
    view: int
    #: The moves (or (outcome, probability) pairs) in the order the search will visit them.
    moves: list[Any] | None = None
    cursor: int = 0
    last_child: State | None = None
    last_move: Any = None
    last_probability: float | None = None
    visited: set[Any] = field(default_factory=set)
    expanded: bool = False
    #: ``stats.cutoffs`` on entry and the part of it raised inside the children's subtrees.
    cutoffs_on_entry: int = 0
    child_cutoffs: int = 0
    best: float | None = None
    #: A second pass over the root's moves (an aspiration window failed).
    research_pass: bool = False


class TreeRecorder:
    """Collects one pass of a search as RecordedNodes and StepEvents (see ai.recorder)."""

    def __init__(self, game: Game, max_player: int, node_budget: int, windows: bool) -> None:
        self.game = game
        #: Whose view values and windows are recorded in: MAX (see ai.recorder).
        self.max_player = max_player
        self.node_budget = node_budget
        #: False for minimax, which has no window: alpha and beta stay None.
        self.windows = windows
        self.reset()

    def reset(self) -> None:
        """Forget everything: a new iteration of iterative deepening starts."""
        self.nodes: list[RecordedNode] = []
        self.events: list[StepEvent] = []
        self.evaluated_leaves: list[float] = []
        self.truncated = 0
        self.stack: list[_Frame | None] = []

    # ------------------------------------------------------------------ views

    def _to_max(self, view: int, value: float | None) -> float | None:
        if value is None or view == self.max_player:
            return value
        return -value

    def _window(self, view: int, alpha: float, beta: float) -> tuple[float | None, float | None]:
        if not self.windows:
            return None, None
        if view != self.max_player:
            alpha, beta = -beta, -alpha
        return (None if alpha == -INF else alpha), (None if beta == INF else beta)

    def _event(self, kind: str, node: RecordedNode, value: float | None, line: str,
               alpha: float | None = None, beta: float | None = None) -> None:
        self.events.append(StepEvent(kind, node.id, alpha, beta, value, line))

    # ------------------------------------------------------------------ nodes

    def enter_root(self, state: State, depth: int, cutoffs: int) -> None:
        self.reset()
        node = RecordedNode(0, None, self._kind(state, depth), None, None, depth, None, None,
                            state=state)
        self.nodes.append(node)
        mover = state.current_player()  # the searcher's root values are in the mover's view
        self.stack.append(_Frame(node, state, mover, cutoffs_on_entry=cutoffs))
        self._event("enter", node, None, f"{node.kind}-init")

    def root_pass(self, moves: list[Move], alpha: float, beta: float) -> None:
        """``_root_window`` starts a pass over the root's moves with this window."""
        frame = self.stack[0]
        assert frame is not None
        if frame.moves is not None:
            frame.research_pass = True
            frame.best = None
        frame.moves, frame.cursor, frame.last_child = list(moves), 0, None
        frame.expanded = True
        frame.node.alpha, frame.node.beta = self._window(frame.view, alpha, beta)

    def exit_root(self, value: float, cutoffs: int, pv: tuple[Move, ...]) -> None:
        frame = self.stack.pop()
        assert frame is not None and not self.stack
        self._close(frame, self._to_max(frame.view, value), cutoffs)
        self._mark_pv(pv)

    def enter(self, state: State, view: int, depth: int, alpha: float, beta: float,
              cutoffs: int) -> None:
        """The search arrives at ``state`` (a child of the node on top of the stack)."""
        parent = self.stack[-1] if self.stack else None
        if parent is None or len(self.nodes) >= self.node_budget:
            if parent is not None:
                self._advance(parent, state)  # keep the parent's move walk in step
            self.truncated += 1
            self.stack.append(None)
            return
        move, probability, research = self._advance(parent, state)
        kind = self._kind(state, depth)
        a, b = self._window(view, alpha, beta)
        node = RecordedNode(
            len(self.nodes), parent.node.id, kind, self._label(parent, move), probability, depth,
            a, b, research=research, state=state, raw_move=move,
        )
        self.nodes.append(node)
        parent.node.children.append(node.id)
        self.stack.append(_Frame(node, state, view, cutoffs_on_entry=cutoffs))
        if kind != "leaf":
            self._event("enter", node, None, f"{kind}-init", a, b)

    def exit(self, value: float, cutoffs: int) -> None:
        frame = self.stack.pop()
        if frame is None:
            return
        self._close(frame, self._to_max(frame.view, value), cutoffs)

    def expanded(self, moves: list[Move] | tuple[Move, ...]) -> None:
        """The node on top of the stack searches these moves, in this order."""
        frame = self.stack[-1] if self.stack else None
        if frame is not None:
            frame.moves, frame.cursor, frame.expanded = list(moves), 0, True

    def filtered(self, kept: int, total: int, static_evals: int) -> None:
        """Move filtering kept ``kept`` of ``total`` moves after ``static_evals`` evaluations."""
        frame = self.stack[-1] if self.stack else None
        if frame is None:
            self.truncated += static_evals
            return
        frame.node.filtered += total - kept
        frame.node.static_evals += static_evals
        if total > kept:
            self._event("filter", frame.node, None, "filter", frame.node.alpha, frame.node.beta)

    # ------------------------------------------------------------------ helpers

    def _kind(self, state: State, depth: int) -> str:
        player = state.current_player()
        if player == TERMINAL or depth <= 0:
            return "leaf"
        if player == CHANCE:
            return "chance"
        return "max" if player == self.max_player else "min"

    def _advance(self, parent: _Frame, child: State) -> tuple[Any, float | None, bool]:
        """The move from ``parent`` to ``child``, its probability, and whether this visit
        re-searches the previous sibling's move."""
        if child is parent.last_child:
            return parent.last_move, parent.last_probability, True
        if parent.moves is None:
            # Minimax (a recorded search is one pass: no earlier depth reorders its root) and
            # chance nodes visit their children in the rules' order.
            state = parent.state
            if state.current_player() == CHANCE:
                parent.moves = list(state.chance_outcomes())
            else:
                parent.moves = list(state.legal_moves())
            parent.expanded = True
        move: Any = parent.moves[parent.cursor]
        parent.cursor += 1
        probability = None
        if isinstance(move, tuple) and parent.state.current_player() == CHANCE:
            move, probability = move
        research = parent.research_pass or move in parent.visited
        parent.visited.add(move)
        parent.last_child, parent.last_move, parent.last_probability = child, move, probability
        return move, probability, research

    def _label(self, parent: _Frame, move: Any) -> str:
        state = parent.state
        if state.current_player() == CHANCE:
            fmt = getattr(self.game, "format_outcome", None)
            if fmt is not None:
                return str(fmt(state, move))
            if isinstance(move, tuple):
                return "".join(str(x) for x in sorted(move, reverse=True))
            return str(move)
        return self.game.format_move(state, move)

    def _close(self, frame: _Frame, value: float | None, cutoffs: int) -> None:
        node = frame.node
        node.value = value
        subtree_cutoffs = cutoffs - frame.cutoffs_on_entry
        own = subtree_cutoffs - frame.child_cutoffs
        parent = self.stack[-1] if self.stack else None
        if parent is not None:
            parent.child_cutoffs += subtree_cutoffs
        if node.kind == "leaf":
            self.evaluated_leaves.append(value)  # type: ignore[arg-type]
            node.terminal = frame.state.current_player() == TERMINAL
            self._event("leaf", node, value, "leaf", node.alpha, node.beta)
        else:
            if node.kind in ("max", "min") and not frame.expanded:
                node.tt_hit = True
                self._event("tt_hit", node, value, "tt-hit", node.alpha, node.beta)
            node.cutoff = own > 0
            if frame.moves is not None:
                node.pruned = max(0, len(frame.moves) - len(frame.visited))
            if node.cutoff:
                line = "chance-cutoff" if node.kind == "chance" else f"{node.kind}-cutoff"
                self._event("cutoff", node, value, line, node.alpha, node.beta)
            self._event("exit", node, value, f"{node.kind}-return", node.alpha, node.beta)
        if parent is not None:
            self._update(parent, node)

    def _update(self, parent: _Frame, child: RecordedNode) -> None:
        """Back the child's value up into the parent (the "update" step event)."""
        node = parent.node
        v = child.value
        if v is None:
            return
        alpha, beta = node.alpha, node.beta
        if node.kind == "chance":
            parent.best = (parent.best or 0.0) + (child.probability or 0.0) * v
            line = "chance-sum"
        elif node.kind == "max":
            parent.best = v if parent.best is None or v > parent.best else parent.best
            if self.windows and (alpha is None or parent.best > alpha) and (
                beta is None or parent.best < beta  # at or above beta: a cutoff, no update
            ):
                alpha = parent.best
            line = "max-value"
        else:
            parent.best = v if parent.best is None or v < parent.best else parent.best
            if self.windows and (beta is None or parent.best < beta) and (
                alpha is None or parent.best > alpha
            ):
                beta = parent.best
            line = "min-value"
        self.events.append(StepEvent("update", node.id, alpha, beta, parent.best, line))

    def _mark_pv(self, pv: tuple[Move, ...]) -> None:
        node = self.nodes[0]
        node.on_pv = True
        for move in pv:
            nxt = [c for c in node.children if self.nodes[c].raw_move == move]
            if not nxt:
                return
            node = self.nodes[nxt[-1]]
            node.on_pv = True
            if node.kind == "chance":
                return


# --------------------------------------------------------------------------- the observers


class _RootObserver:
    """The root of each pass (shared by both families). The recorder restarts with every
    iteration of iterative deepening, so it ends up holding the last pass: the one that chose
    the move."""

    recorder: TreeRecorder

    def _search_root(self, state, depth, previous):  # type: ignore[no-untyped-def]
        rec = self.recorder
        rec.enter_root(state, depth, self.stats.cutoffs)  # type: ignore[attr-defined]
        out = super()._search_root(state, depth, previous)  # type: ignore[misc]
        rec.exit_root(out[0], self.stats.cutoffs, out[3])  # type: ignore[attr-defined]
        return out


class _MinimaxObserver(_RootObserver):
    def _value(self, state, p, depth, ply):  # type: ignore[no-untyped-def]
        rec = self.recorder
        rec.enter(state, p, depth, -INF, INF, 0)
        out = super()._value(state, p, depth, ply)  # type: ignore[misc]
        rec.exit(out[0], 0)
        return out


class _TreeObserver(_RootObserver):
    """Alpha-beta and expectiminimax: every node of the tree passes through ``_child``."""

    def _child(self, child, p, depth, alpha, beta, ply):  # type: ignore[no-untyped-def]
        rec = self.recorder
        rec.enter(child, p, depth, alpha, beta, self.stats.cutoffs)  # type: ignore[attr-defined]
        v = super()._child(child, p, depth, alpha, beta, ply)  # type: ignore[misc]
        rec.exit(v, self.stats.cutoffs)  # type: ignore[attr-defined]
        return v

    def _root_window(self, state, moves, depth, alpha, beta):  # type: ignore[no-untyped-def]
        self.recorder.root_pass(moves, alpha, beta)
        return super()._root_window(state, moves, depth, alpha, beta)  # type: ignore[misc]

    def _moves_at(self, state, depth, ply):  # type: ignore[no-untyped-def]
        moves = super()._moves_at(state, depth, ply)  # type: ignore[misc]
        self.recorder.expanded(moves)
        return moves

    def _order(self, p, moves, tt_move, ply):  # type: ignore[no-untyped-def]
        ordered = super()._order(p, moves, tt_move, ply)  # type: ignore[misc]
        self.recorder.expanded(ordered)
        return ordered


class _FilterObserver(_TreeObserver):
    """Expectiminimax's move filtering (its static evaluations count as nodes)."""

    def _filter(self, state, moves, depth, ply):  # type: ignore[no-untyped-def]
        before = self.nodes  # type: ignore[attr-defined]
        kept = super()._filter(state, moves, depth, ply)  # type: ignore[misc]
        self.recorder.filtered(len(kept), len(moves), self.nodes - before)  # type: ignore[attr-defined]
        self.recorder.expanded(kept)
        return kept


@cache
def _observed_class(cls: type) -> type:
    from ai.alphabeta import AlphaBetaSearcher
    from ai.expectiminimax import ExpectiminimaxSearcher
    from ai.minimax import MinimaxSearcher

    if issubclass(cls, ExpectiminimaxSearcher):
        observer: type = _FilterObserver
    elif issubclass(cls, AlphaBetaSearcher):
        observer = _TreeObserver
    elif issubclass(cls, MinimaxSearcher):
        observer = _MinimaxObserver
    else:
        raise ValueError(f"cannot record a {cls.__name__}")
    return type(f"Recorded{cls.__name__}", (observer, cls), {})


def observe(searcher: Any, recorder: TreeRecorder) -> Any:
    """Make ``searcher`` report to ``recorder``: the object keeps its state and settings and
    gains the observing subclass of its own class (once: observing again swaps the recorder)."""
    if not isinstance(searcher, _RootObserver):
        searcher.__class__ = _observed_class(type(searcher))
    searcher.recorder = recorder
    return searcher
