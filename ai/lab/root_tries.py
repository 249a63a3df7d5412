"""The tracer's calls about the root's extra searches (ai.lab.tree_recorder.TreeRecorder's share):
MTD(f)'s null-window probes, and the second pass over the root's moves after an aspiration
window failed. Each is the root searched again; the recording keeps the root as the answer's
and each try apart (``ProbeRecord``, ``AspirationTry``), so a failed try never reads as the
root's value. The recorder's open nodes (``Frame``) and passes (``Pass``) are defined here,
where both halves of the recorder read them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ai.alphabeta import NULL_WIDTH
from ai.lab.probe_record import AspirationTry, ProbeRecord
from ai.lab.recording import RecordedNode, StepEvent
from game.core import Move, State

INF = float("inf")


@dataclass(eq=False)
class Frame:
    """An open node (None on the stack: a node beyond the budget)."""

    node: RecordedNode
    state: State
    #: The player whose side the searcher's window and values for this node are on.
    view: int
    #: The node's window now, in MAX's view (None: open); it narrows as children return.
    alpha: float | None = None
    beta: float | None = None
    #: The best value (max, min) or the running probability-weighted sum (chance) so far.
    best: float | None = None
    #: The edge the next child is reached by: (move, probability, research).
    pending: tuple[Move, float | None, bool] | None = None
    #: A second pass over the root's moves (its aspiration window failed).
    research_pass: bool = False
    #: The MTD(f) probe this node belongs to (1, 2, ...; 0: a search without probes).
    probe: int = 0
    #: The running probe's test value, in the searcher's view (the root's frame only).
    probe_test: float = 0.0


@dataclass
class Pass:
    """One pass of iterative deepening, as recorded."""

    depth: int
    nodes: list[RecordedNode] = field(default_factory=list)
    events: list[StepEvent] = field(default_factory=list)
    evaluated_leaves: list[float] = field(default_factory=list)
    #: Nodes the searcher visited beyond the node budget: counted, not recorded.
    truncated: int = 0
    reused: bool = False
    #: MTD(f)'s null-window probes of the root, in order (empty for other searches).
    probes: list[ProbeRecord] = field(default_factory=list)
    #: The probe whose answer is the pass's move: the last one that reached the value.
    answer_probe: int = 0
    #: The root's search in an aspiration window that failed (None: no such try).
    first_try: AspirationTry | None = None


class RootTries:
    """A mixin of TreeRecorder: its stack (the root's frame first), its pass being recorded
    (``current``), its views and events."""

    stack: list[Frame | None]
    current: Pass
    max_player: int
    _window: Callable[[int, float, float], tuple[float | None, float | None]]
    _to_max: Callable[[int, float], float]
    _event: Callable[[str, Frame, float | None, str], None]

    def probe(self, test: float, lower: float, upper: float) -> None:
        """An MTD(f) probe starts: the root's children that follow belong to it."""
        frame = self.stack[0] if self.stack else None
        if frame is None:
            return
        rec = self.current
        low, high = self._bounds_to_max(frame.view, lower, upper)
        if not rec.probes and rec.events and rec.events[-1].kind == "enter":
            rec.events[-1].line = "mtd-init"  # the driver sets its bounds before any probe
        rec.probes.append(ProbeRecord(len(rec.probes) + 1, self._to_max(frame.view, test),
                                      low, high, first_node=len(rec.nodes)))
        frame.probe = len(rec.probes)
        frame.probe_test = test
        frame.best = None
        frame.pending = None
        root = frame.node  # a cutoff at the root belongs to its probe (ProbeRecord.skipped)
        root.cutoff, root.pruned, root.skipped = False, 0, []

    def probe_done(self, value: float, lower: float, upper: float) -> None:
        """The probe's answer and the bounds it leaves (the "bound" step event)."""
        frame = self.stack[0] if self.stack else None
        rec = self.current
        if frame is None or not rec.probes:
            return
        probe = rec.probes[-1]
        # Failed high or landed inside the null window: the value is reached, and this
        # probe's move is the answer (a later fail-low only confirms it).
        reached = value > frame.probe_test - NULL_WIDTH
        high = value >= frame.probe_test
        if reached and not high:
            probe.answer = "exact"
        else:
            probe.answer = "lower" if high == (frame.view == self.max_player) else "upper"
        probe.value = self._to_max(frame.view, value)
        probe.lower, probe.upper = self._bounds_to_max(frame.view, lower, upper)
        probe.nodes = len(rec.nodes) - probe.first_node
        probe.skipped = [label for label, _ in frame.node.skipped]
        if reached:
            rec.answer_probe = probe.index
        frame.best = probe.value
        self.current.events.append(StepEvent("bound", frame.node.id, probe.lower,
                                             probe.upper, probe.value, "mtd-bound"))

    def _bounds_to_max(self, view: int, lower: float, upper: float
                       ) -> tuple[float | None, float | None]:
        """The interval [lower, upper] in MAX's view, an infinite side as None."""
        if view != self.max_player:
            lower, upper = -upper, -lower
        return (None if lower == -INF else lower), (None if upper == INF else upper)

    def root_window(self, moves: Sequence[Move], alpha: float, beta: float) -> None:
        frame = self.stack[0] if self.stack else None
        if frame is None:
            return
        a, b = self._window(frame.view, alpha, beta)
        if frame.probe:
            # An MTD(f) probe: the root's moves again, with this probe's null window (the
            # root itself keeps no window: its value is exact when the probes meet).
            frame.alpha, frame.beta = a, b
            self._event("probe", frame, self.current.probes[-1].test, "mtd-probe")
        elif frame.node.children:
            # The aspiration window failed: the root's moves are searched again, wider. The
            # root is the answer's: its window is the one that found the value, and the
            # failed try, whose value was only a bound outside its window, is kept apart.
            root = frame.node
            self.current.first_try = AspirationTry(
                root.alpha, root.beta, frame.best,
                "lower" if frame.best is not None and root.beta is not None
                and frame.best >= root.beta else "upper",
                [label for label, _ in root.skipped])
            root.alpha, root.beta = a, b
            root.cutoff, root.pruned, root.skipped = False, 0, []
            frame.research_pass = True
            frame.best = None
            frame.alpha, frame.beta = a, b
            self._event("research", frame, None, "research")
        else:
            frame.node.alpha, frame.node.beta = a, b
            frame.alpha, frame.beta = a, b
