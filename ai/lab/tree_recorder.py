"""The lab's tracer: it hears a search that plays (ai.trace) and writes it down as a tree
(the data model: ai.lab.recording).

``TreeRecorder`` implements the ``ai.trace.Tracer`` calls; the searchers say everything
themselves (the move to the next node, its window, value, cutoffs and skipped moves, table hits,
re-searches, chance outcomes, filtered moves, passes). The recorder only changes points of view
(MAX's, as on the slides), follows each window as the search narrows it (step mode shows the
window the search had), and keeps the last *finished* pass, whose answer the search returned:
a pass stopped half-way, or one that took the previous depth's answer over, is dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ai.lab.recording import NULL_WINDOW, RecordedNode, StepEvent
from ai.lab.root_tries import Frame, Pass, RootTries
from game.core import CHANCE, TERMINAL, Game, Move, State

INF = float("inf")


class TreeRecorder(RootTries):
    """Records a traced search (see the module docstring); ``completed`` is the last finished
    pass. The root's extra searches (MTD(f)'s probes, a failed aspiration window) are
    ai.lab.root_tries'."""

    def __init__(self, game: Game, max_player: int, node_budget: int, windows: bool,
                 bounds: tuple[float, float] = (-INF, INF),
                 known_value: Callable[[State], float | None] | None = None) -> None:
        self.game = game
        #: Whose view values and windows are recorded in: MAX (see ai.lab.recording).
        self.max_player = max_player
        self.node_budget = node_budget
        #: False for searchers without a window (minimax, the network's expectiminimax).
        self.windows = windows
        #: The game's value bounds: a window side beyond them is open (no sentinel on screen).
        self.bounds = bounds
        #: The value of a child a cutoff skips, when it is known without searching (a
        #: classroom tree's leaf), in MAX's view; None otherwise.
        self.known_value = known_value
        self.completed: Pass | None = None
        self.current = Pass(0)
        self.stack: list[Frame | None] = []

    # ------------------------------------------------------------------ views

    def _to_max(self, view: int, value: float) -> float:
        return value if view == self.max_player else -value

    def _window(self, view: int, alpha: float, beta: float) -> tuple[float | None, float | None]:
        if not self.windows:
            return None, None
        if view != self.max_player:
            alpha, beta = -beta, -alpha
        if 0 < beta - alpha < NULL_WINDOW:
            # A null window (MTD(f)'s probe, PVS's test) is the question it asks, whole: one
            # side opened because it lies past the values a node can take would turn "is the
            # value above 0?" into the full window (-inf, 0) it never was.
            return alpha, beta
        lo, hi = self.bounds
        return (None if alpha < lo else alpha), (None if beta > hi else beta)

    def _event(self, kind: str, frame: Frame, value: float | None, line: str) -> None:
        self.current.events.append(
            StepEvent(kind, frame.node.id, frame.alpha, frame.beta, value, line))

    def _top(self) -> Frame | None:
        return self.stack[-1] if self.stack else None

    # ------------------------------------------------------------------ passes

    def iteration(self, depth: int) -> None:
        self.current = Pass(depth)
        self.stack = []

    def pass_reused(self) -> None:
        self.current.reused = True

    def answered(self) -> None:
        self.windows = False  # a book's or a solver's answer: a drawn window would be invented

    def pass_done(self, pv: Sequence[Move]) -> None:
        if self.current.reused or not self.current.nodes:
            return
        self._mark_pv(pv)
        self.completed = self.current

    # ------------------------------------------------------------------ nodes

    def enter(self, state: State, view: int, depth: int, alpha: float, beta: float) -> None:
        rec = self.current
        if not self.stack and not rec.nodes:
            self._enter_root(state, view, depth, alpha, beta)
            return
        parent = self._top()
        edge = parent.pending if parent is not None else None
        if parent is not None:
            parent.pending = None
        # The root's moves go past the budget (a root drawn with one move teaches it had one).
        if parent is None or edge is None or (len(rec.nodes) >= self.node_budget
                                              and parent.node.id):
            rec.truncated += 1
            if parent is not None:
                parent.node.unrecorded += 1
            self.stack.append(None)
            return
        move, probability, research = edge
        research = research or parent.research_pass
        a, b = self._window(view, alpha, beta)
        if edge[2]:
            # The parent searches the same move again, now with this wider window.
            rec.events.append(StepEvent("research", parent.node.id, a, b, parent.best,
                                        "research"))
        kind = self._kind(state, depth)
        node = RecordedNode(
            len(rec.nodes), parent.node.id, kind, self._label(parent.state, move), probability,
            depth, a, b, research=research, state=state, raw_move=move,
            quiescence=parent.node.stand_pat is not None, probe=parent.probe,
        )
        rec.nodes.append(node)
        parent.node.children.append(node.id)
        frame = Frame(node, state, view, a, b, probe=parent.probe)
        self.stack.append(frame)
        if kind != "leaf":
            self._event("enter", frame, None, f"{kind}-init")

    def _enter_root(self, state: State, view: int, depth: int, alpha: float, beta: float
                    ) -> None:
        a, b = self._window(view, alpha, beta)
        node = RecordedNode(0, None, self._kind(state, depth), None, None, depth, a, b,
                            state=state)
        self.current.nodes.append(node)
        frame = Frame(node, state, view, a, b)
        self.stack.append(frame)
        self._event("enter", frame, None, f"{node.kind}-init")

    def leave(self, value: float) -> None:
        frame = self.stack.pop() if self.stack else None
        if frame is None:
            return
        node = frame.node
        node.value = self._to_max(frame.view, value)
        if node.kind == "leaf":
            self.current.evaluated_leaves.append(node.value)
            node.terminal = frame.state.current_player() == TERMINAL
            self._event("leaf", frame, node.value, "leaf")
        else:
            if node.tt_hit:
                self._event("tt_hit", frame, node.value, "tt-hit")
            self._event("exit", frame, node.value, f"{node.kind}-return")
        parent = self._top()
        if parent is not None:
            self._update(parent, node)

    def edge(self, move: Move, probability: float | None = None, research: bool = False
             ) -> None:
        frame = self._top()
        if frame is not None:
            frame.pending = (move, probability, research)

    def expanded(self, moves: Sequence[Move]) -> None:
        """The order is visible in the edges that follow; nothing to keep."""

    def filtered(self, kept: int, total: int, static_evals: int) -> None:
        frame = self._top()
        if frame is None:
            self.current.truncated += static_evals
            return
        frame.node.filtered += total - kept
        frame.node.static_evals += static_evals
        if total > kept:
            self._event("filter", frame, None, "filter")

    def cutoff(self, skipped: Sequence[Move]) -> None:
        frame = self._top()
        if frame is None:
            return
        node = frame.node
        node.cutoff = True
        node.pruned = len(skipped)
        chance = node.kind == "chance"
        node.skipped = [(self._label(frame.state, m), self._skipped_value(frame.state, m))
                        for m in skipped]
        self._event("cutoff", frame, frame.best, "chance-cutoff" if chance
                    else f"{node.kind}-cutoff")

    def quiescence(self, stand_pat: float, view: int) -> None:
        """A horizon leaf becomes a node quiescence searches on from: MAX or MIN by its mover,
        its stand-pat the best value so far (the window narrows to it as to a child's)."""
        frame = self._top()
        if frame is None:
            return
        node = frame.node
        node.kind = "max" if frame.state.current_player() == self.max_player else "min"
        node.quiescence = True
        stand = self._to_max(view, stand_pat)
        node.stand_pat = stand
        self._event("enter", frame, None, f"{node.kind}-init")
        frame.best = stand
        above = frame.alpha is None or stand > frame.alpha
        below = frame.beta is None or stand < frame.beta
        if self.windows and above and below:  # outside the window: a cutoff follows
            if node.kind == "max":
                frame.alpha = stand
            else:
                frame.beta = stand
        self._event("update", frame, stand, "stand-pat")

    def table_hit(self) -> None:
        frame = self._top()
        if frame is not None:
            frame.node.tt_hit = True

    # ------------------------------------------------------------------ helpers

    def _kind(self, state: State, depth: int) -> str:
        player = state.current_player()
        if player == TERMINAL or depth <= 0:
            return "leaf"
        if player == CHANCE:
            return "chance"
        return "max" if player == self.max_player else "min"

    def _label(self, state: State, move: Move) -> str:
        if state.current_player() == CHANCE:
            fmt = getattr(self.game, "format_outcome", None)
            if fmt is not None:
                return str(fmt(state, move))
            if isinstance(move, tuple):
                return "".join(str(x) for x in sorted(move, reverse=True))
            return str(move)
        return self.game.format_move(state, move)

    def _skipped_value(self, state: State, move: Move) -> float | None:
        if self.known_value is None:
            return None
        return self.known_value(state.apply(move))

    def _update(self, parent: Frame, child: RecordedNode) -> None:
        """Back the child's value up into the parent (the "update" step event)."""
        v = child.value
        if v is None:
            return
        node = parent.node
        if child.null_window and not parent.probe and self._research_follows(parent, v):
            return  # PVS's probe said "better": the value that counts is the re-search's
        alpha, beta = parent.alpha, parent.beta
        if node.kind == "chance":
            parent.best = (parent.best or 0.0) + (child.probability or 0.0) * v
            line = "chance-sum"
        elif node.kind == "max":
            parent.best = v if parent.best is None or v > parent.best else parent.best
            if self.windows and (alpha is None or parent.best > alpha) and (
                beta is None or parent.best < beta  # at or above beta: a cutoff, no update
            ):
                parent.alpha = parent.best
            line = "max-value"
        else:
            parent.best = v if parent.best is None or v < parent.best else parent.best
            if self.windows and (beta is None or parent.best < beta) and (
                alpha is None or parent.best > alpha
            ):
                parent.beta = parent.best
            line = "min-value"
        self._event("update", parent, parent.best, line)

    @staticmethod
    def _research_follows(parent: Frame, v: float) -> bool:
        """Does the searcher re-search a null-window child that returned ``v``? Inside a node
        when alpha < v < beta; at the root whenever v beats alpha (beta may be an aspiration
        bound)."""
        alpha, beta = parent.alpha, parent.beta
        above = alpha is None or v > alpha
        below = beta is None or v < beta
        if parent.node.id == 0:
            return above if parent.node.kind == "max" else below
        return above and below

    def _mark_pv(self, pv: Sequence[Move]) -> None:
        nodes = self.current.nodes
        node = nodes[0]
        node.on_pv = True
        answer = self.current.answer_probe  # MTD(f): the line of the probe that found it
        for move in pv:
            nxt = [c for c in node.children if nodes[c].raw_move == move
                   and (not answer or nodes[c].probe == answer)]
            if not nxt:
                return
            node = nodes[nxt[-1]]
            node.on_pv = True
            if node.kind == "chance":
                return
