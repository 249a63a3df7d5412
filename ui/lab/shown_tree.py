"""The nodes the tree view lays out: the searched ones, then the children cutoffs skipped.

A teacher's picture of alpha-beta shows what was *not* searched as well as what was: the
textbook tree's leaves 4 and 6, greyed, under the cutoff that spared them. The recording lists
them per node (``RecordedNode.skipped``); here each becomes a ``SkippedChild`` placed after
its searched siblings, with ids after every searched node's, so the layout gives it a slot
like any child while nothing that counts or selects searched nodes ever sees it (the view
tells them apart by id: ``id >= searched``). A cutoff that skipped many moves (a game tree's
move list) shows its first few and a stub for the rest, so one cutoff cannot widen the tree
by a whole move list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ai.lab.recording import RecordedNode
from game.kit import GameKit
from ui.lab import style

#: Skipped children drawn one by one per cutoff; beyond this, the first ones and a stub
#: saying how many more.
MAX_SKIPPED_SHOWN = 5


@dataclass
class SkippedChild:
    """A child a cutoff left unsearched (never selectable, never counted as searched)."""

    id: int
    parent: int
    kind: str
    #: The edge label: the move, or in Nim the heaps it would have left.
    label: str
    #: Its value when known without searching (a classroom tree's leaf), else None.
    value: float | None
    children: list[int] = field(default_factory=list)
    pruned: int = 0
    on_pv: bool = False


class WithSkipped:
    """A searched node as the layout sees it: its children then its drawn skipped ones, and
    as ``pruned`` only the skipped children left to the stub. Everything else is the node's."""

    __slots__ = ("node", "children", "pruned", "shown_skipped")

    def __init__(self, node: RecordedNode, skipped_ids: list[int]) -> None:
        self.node = node
        self.children = list(node.children) + skipped_ids
        self.pruned = node.pruned - len(skipped_ids)
        #: How many of its skipped children are drawn one by one.
        self.shown_skipped = len(skipped_ids)

    # What the layout reads (ui.lab.layout.Node) is spelled out; the rest is forwarded.
    @property
    def id(self) -> int:
        return self.node.id

    @property
    def parent(self) -> int | None:
        return self.node.parent

    @property
    def on_pv(self) -> bool:
        return self.node.on_pv

    def __getattr__(self, name: str) -> object:
        return getattr(self.node, name)


def shown_nodes(nodes: Sequence[RecordedNode], kit: GameKit | None = None
                ) -> list[RecordedNode | WithSkipped | SkippedChild]:
    """The searched ``nodes`` (those with skipped children wrapped in ``WithSkipped``)
    followed by one ``SkippedChild`` per skipped child drawn."""
    out: list[RecordedNode | WithSkipped | SkippedChild] = list(nodes)
    for node in nodes:
        skipped = list(getattr(node, "skipped", None) or ())[:node.pruned]
        if not skipped:
            continue
        if len(skipped) > MAX_SKIPPED_SHOWN:
            skipped = skipped[:MAX_SKIPPED_SHOWN - 1]  # the stub then says "+N more"
        ids = []
        for label, value in skipped:
            child = SkippedChild(len(out), node.id, style.skipped_kind(nodes, node, value),
                                 style.skipped_edge_text(node, label, kit), value)
            out.append(child)
            ids.append(child.id)
        out[node.id] = WithSkipped(node, ids)
    return out
