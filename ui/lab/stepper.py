"""Step mode: the recorded search replayed one event at a time, forwards and backwards.

``Stepper`` holds what the search knew after the first ``position`` events: which nodes it has
entered, the window each was entered with, the values found so far (rising from the leaves to
the root) and which cutoffs have happened. Forward applies one event and remembers how to undo
it, so back is exact and cheap at any point of a long recording.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from ai.lab.recording import RecordedNode, StepEvent

#: Node states in step mode.
UNSEEN, OPEN, DONE = 0, 1, 2

#: What a restored table of the stepper holds.
V = TypeVar("V")


@dataclass
class _Undo:
    node: int
    status: int
    value: float | None
    partial: float | None
    window: tuple[float | None, float | None] | None
    cut: bool
    current: int | None
    line: str


class Stepper:
    def __init__(self, nodes: Sequence[RecordedNode], events: Sequence[StepEvent]) -> None:
        self.nodes = nodes
        self.events = events
        self.position = 0
        self.status: dict[int, int] = {}
        self.values: dict[int, float] = {}  # returned values (leaf, table hit, exit)
        self.partial: dict[int, float] = {}  # best so far, from "update" events
        self.windows: dict[int, tuple[float | None, float | None]] = {}
        self.cut: set[int] = set()
        self.current: int | None = None
        self.line = ""
        self.version = 0  # bumped on every change: the view re-renders its cached tiles
        self._undo: list[_Undo] = []

    # ---- moving --------------------------------------------------------------------------
    @property
    def at_end(self) -> bool:
        return self.position >= len(self.events)

    def forward(self) -> bool:
        if self.at_end:
            return False
        ev = self.events[self.position]
        nid = ev.node
        self._undo.append(_Undo(nid, self.status.get(nid, UNSEEN), self.values.get(nid),
                                self.partial.get(nid), self.windows.get(nid), nid in self.cut,
                                self.current, self.line))
        kind = ev.kind
        if kind in ("enter", "chance", "probe"):
            self.status[nid] = max(OPEN, self.status.get(nid, UNSEEN))
            self.windows[nid] = (ev.alpha, ev.beta)
        elif kind in ("update", "bound"):
            self.status[nid] = max(OPEN, self.status.get(nid, UNSEEN))
            if ev.value is not None:
                self.partial[nid] = ev.value
            self.windows[nid] = (ev.alpha, ev.beta)
        elif kind in ("leaf", "tt_hit", "exit"):
            self.status[nid] = DONE
            if ev.value is not None:
                self.values[nid] = ev.value
            if nid not in self.windows and (ev.alpha is not None or ev.beta is not None):
                self.windows[nid] = (ev.alpha, ev.beta)
        elif kind == "cutoff":
            self.cut.add(nid)
            if ev.value is not None:
                self.partial[nid] = ev.value
        self.current = nid
        self.line = ev.line
        self.position += 1
        self.version += 1
        return True

    def back(self) -> bool:
        if not self._undo:
            return False
        u = self._undo.pop()
        self.position -= 1
        _restore(self.status, u.node, u.status if u.status != UNSEEN else None)
        _restore(self.values, u.node, u.value)
        _restore(self.partial, u.node, u.partial)
        _restore(self.windows, u.node, u.window)
        if u.cut:
            self.cut.add(u.node)
        else:
            self.cut.discard(u.node)
        self.current, self.line = u.current, u.line
        self.version += 1
        return True

    def seek(self, position: int) -> None:
        position = max(0, min(len(self.events), position))
        while self.position < position and self.forward():
            pass
        while self.position > position and self.back():
            pass

    # ---- what the view shows -------------------------------------------------------------
    def node_status(self, nid: int) -> int:
        return self.status.get(nid, UNSEEN)

    def shown_value(self, nid: int) -> float | None:
        """The node's value as far as the search knows now: final once it has exited, else
        the best so far the search reported ("update"), else the best of its finished children
        (max / min) or the probability-weighted sum so far at a chance node."""
        if nid in self.values:
            return self.values[nid]
        if nid in self.partial:
            return self.partial[nid]
        node = self.nodes[nid]
        done = [c for c in node.children if c in self.values]
        if not done:
            return None
        vals = [self.values[c] for c in done]
        if node.kind == "max":
            return max(vals)
        if node.kind == "min":
            return min(vals)
        if node.kind == "chance":
            return sum((self.nodes[c].probability or 0.0) * self.values[c] for c in done)
        return None

    def current_window(self) -> tuple[float | None, float | None] | None:
        if self.current is None:
            return None
        return self.windows.get(self.current)

    def rising(self) -> tuple[int, int, float | None] | None:
        """(child, parent, value) when the event just replayed backed a child's value up into
        its parent (an "update" right after the child returned), else None."""
        if self.position < 2:
            return None
        ev, before = self.events[self.position - 1], self.events[self.position - 2]
        if ev.kind != "update" or before.kind not in ("exit", "leaf", "tt_hit"):
            return None
        if self.nodes[before.node].parent != ev.node:
            return None
        return before.node, ev.node, before.value

    def path_to_current(self) -> list[int]:
        """Root .. the current node: the stack of the recursive search at this moment."""
        path = []
        nid = self.current
        while nid is not None:
            path.append(nid)
            nid = self.nodes[nid].parent
        return path[::-1]


def _restore(store: dict[int, V], key: int, value: V | None) -> None:
    if value is None:
        store.pop(key, None)
    else:
        store[key] = value
