"""Where each recorded node sits on the (unscaled) tree plane.

A tidy "leaf slot" layout: leaves and cutoff stubs take consecutive slots left to right in the
order the search visited them, and every parent sits midway between its first and last child.
Two neighbours in one row are therefore always at least one slot apart, and a node's subtree
never strays outside its own slot range, so nothing overlaps however the tree is collapsed.

The layout is plain data (no pygame) and is computed once per set of collapsed nodes; the tree
view caches it and only scales and culls it per frame. Rows are indexed for culling: each row's
visible nodes sorted by x, with the widest parent-to-child horizontal reach into that row, so
the view can find the nodes and edges inside a window with two bisections per row.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol


class Node(Protocol):
    """A node as the layout reads it: a RecordedNode (ai.lab.recording), or the tree view's
    drawn forms of one (ui.lab.shown_tree: a node with its skipped children, a skipped child)."""

    @property
    def id(self) -> int: ...
    @property
    def parent(self) -> int | None: ...
    @property
    def children(self) -> Sequence[int]: ...
    @property
    def pruned(self) -> int: ...
    @property
    def on_pv(self) -> bool: ...


@dataclass
class Stub:
    """The greyed stub for siblings a cutoff skipped: one slot after the parent's children."""

    parent: int
    x: float
    row: int
    skipped: int


@dataclass
class TreeLayout:
    #: Node id -> slot position (centre, in slot units) for every visible node.
    x: dict[int, float]
    #: Node id -> row (0 = root).
    row: dict[int, int]
    stubs: list[Stub]
    #: Total width in slots and number of rows.
    width: int
    rows: int
    #: Per row: visible node ids and their x, both sorted by x (for bisection).
    row_ids: list[list[int]] = field(default_factory=list)
    row_xs: list[list[float]] = field(default_factory=list)
    #: Per row: the largest |x(child) - x(parent)| of an edge ending in that row.
    row_reach: list[float] = field(default_factory=list)
    #: Collapsed node id -> number of descendants hidden below it.
    hidden: dict[int, int] = field(default_factory=dict)
    #: Per row: the cutoff stubs and their x, sorted by x.
    row_stubs: list[list[Stub]] = field(default_factory=list)
    row_stub_xs: list[list[float]] = field(default_factory=list)

    def visible_in(self, row: int, x0: float, x1: float, reach: float = 0.0) -> list[int]:
        """Ids in ``row`` whose x lies in [x0 - reach, x1 + reach]."""
        if row < 0 or row >= len(self.row_xs):
            return []
        xs = self.row_xs[row]
        lo = bisect_left(xs, x0 - reach)
        hi = bisect_right(xs, x1 + reach)
        return self.row_ids[row][lo:hi]

    def sampled_in(self, row: int, x0: float, x1: float, step: float) -> list[int]:
        """At most one id per ``step`` slots of [x0, x1] in ``row``: when many nodes share
        a pixel, one stands for them all and the cost follows the pixels, not the nodes."""
        if row < 0 or row >= len(self.row_xs):
            return []
        xs, ids = self.row_xs[row], self.row_ids[row]
        out = []
        i = bisect_left(xs, x0)
        while i < len(xs) and xs[i] <= x1:
            out.append(ids[i])
            i = max(i + 1, bisect_left(xs, xs[i] + step, i + 1))
        return out

    def stubs_in(self, row: int, x0: float, x1: float) -> list[Stub]:
        if row < 0 or row >= len(self.row_stub_xs):
            return []
        xs = self.row_stub_xs[row]
        return self.row_stubs[row][bisect_left(xs, x0):bisect_right(xs, x1)]

    def node_at(self, x: float, row: int, radius: float) -> int | None:
        """The visible node in ``row`` nearest to ``x`` within ``radius`` slots, if any."""
        best, best_d = None, radius
        for nid in self.visible_in(row, x, x, radius):
            d = abs(self.x[nid] - x)
            if d <= best_d:
                best, best_d = nid, d
        return best


def subtree_sizes(nodes: Sequence[Node]) -> list[int]:
    """Number of descendants of every node (children listed after parents in ``nodes``)."""
    sizes = [0] * len(nodes)
    for node in reversed(nodes):
        if node.parent is not None:
            sizes[node.parent] += sizes[node.id] + 1
    return sizes


def default_collapsed(nodes: Sequence[Node], max_leaves: int = 48) -> set[int]:
    """A first view a person can read: whole rows opened from the top while the number of
    leaves stays near ``max_leaves``, plus the principal variation opened to the bottom."""
    if not nodes:
        return set()
    by_row: list[list[int]] = [[0]]
    while True:
        nxt = [c for nid in by_row[-1] for c in nodes[nid].children]
        if not nxt:
            break
        by_row.append(nxt)
    open_rows = 1
    for r in range(1, len(by_row)):
        if len(by_row[r]) > max_leaves:
            break
        open_rows = r + 1
    collapsed = {nid for r in range(open_rows - 1, len(by_row)) for nid in by_row[r]
                 if nodes[nid].children}
    for node in nodes:
        if node.on_pv:
            collapsed.discard(node.id)
    # A PV node's parent must be open too, or the path would be hidden behind a collapse.
    return {nid for nid in collapsed if not _has_pv_child(nodes, nid)}


def _has_pv_child(nodes: Sequence[Node], nid: int) -> bool:
    return any(nodes[c].on_pv for c in nodes[nid].children)


def layout_tree(nodes: Sequence[Node], collapsed: Iterable[int] = (),
                sizes: Sequence[int] | None = None) -> TreeLayout:
    """Lay out every node not hidden below a collapsed one (see the module docstring)."""
    collapsed = set(collapsed)
    x: dict[int, float] = {}
    row: dict[int, int] = {}
    stubs: list[Stub] = []
    hidden: dict[int, int] = {}
    if not nodes:
        return TreeLayout(x, row, stubs, 0, 0)
    if sizes is None:
        sizes = subtree_sizes(nodes)
    slot = 0
    # Iterative post-order walk: (node id, row, children done?)
    stack: list[tuple[int, int, bool]] = [(0, 0, False)]
    while stack:
        nid, r, done = stack.pop()
        node = nodes[nid]
        row[nid] = r
        is_open = nid not in collapsed
        kids = node.children if is_open else ()
        if not done and kids:
            stack.append((nid, r, True))
            for c in reversed(kids):
                stack.append((c, r + 1, False))
            continue
        if kids:
            first = x[kids[0]]
            last = x[kids[-1]]
            if node.pruned:
                stubs.append(Stub(nid, float(slot), r + 1, node.pruned))
                last = float(slot)
                slot += 1
            x[nid] = (first + last) / 2
        else:
            if node.children:
                hidden[nid] = sizes[nid]
            x[nid] = float(slot)
            slot += 1
            if node.pruned and is_open:
                # A cutoff before any child was kept still gets its stub beside the node.
                stubs.append(Stub(nid, float(slot), r + 1, node.pruned))
                slot += 1
    layout = TreeLayout(x, row, stubs, slot, 1 + max(row.values(), default=0), hidden=hidden)
    _index_rows(layout, nodes)
    return layout


def _index_rows(layout: TreeLayout, nodes: Sequence[Node]) -> None:
    n_rows = max(layout.rows, 1 + max((s.row for s in layout.stubs), default=0))
    layout.rows = n_rows
    per_row: list[list[tuple[float, int]]] = [[] for _ in range(n_rows)]
    reach = [0.0] * n_rows
    for nid, px in layout.x.items():
        r = layout.row[nid]
        per_row[r].append((px, nid))
        parent = nodes[nid].parent
        if parent is not None:
            reach[r] = max(reach[r], abs(px - layout.x[parent]))
    for stub in layout.stubs:
        reach[stub.row] = max(reach[stub.row], abs(stub.x - layout.x[stub.parent]))
    for items in per_row:
        items.sort()
    layout.row_ids = [[nid for _, nid in items] for items in per_row]
    layout.row_xs = [[px for px, _ in items] for items in per_row]
    layout.row_reach = reach
    stubs: list[list[Stub]] = [[] for _ in range(n_rows)]
    for stub in sorted(layout.stubs, key=lambda st: st.x):
        stubs[stub.row].append(stub)
    layout.row_stubs = stubs
    layout.row_stub_xs = [[st.x for st in row] for row in stubs]
