"""Hand-built recordings for the search-lab UI tests (no tests here).

``textbook_alphabeta()`` is alpha-beta on the course's three-branch tree
max(min(3,12,8), min(2,4,6), min(14,5,2)) = 3, recorded the way ai.lab.recording documents it:
the second min node cuts off after the leaf 2 and skips the leaves 4 and 6.
``wide_tree(n)`` is a big uniform tree for layout and speed checks.
"""

from __future__ import annotations

from typing import Any

from ai.lab.recording import RecordedNode, SearchRecording, StepEvent


def node(nid: int, parent: int | None, kind: str, move: str | None = None, **kw: Any
         ) -> RecordedNode:
    fields: dict[str, Any] = dict(probability=None, depth=0, alpha=None, beta=None)
    fields.update(kw)
    fields["children"] = list(fields.get("children", []))
    return RecordedNode(id=nid, parent=parent, kind=kind, move=move, **fields)


def event(kind: str, nid: int, alpha: float | None = None, beta: float | None = None,
          value: float | None = None, line: str = "") -> StepEvent:
    return StepEvent(kind=kind, node=nid, alpha=alpha, beta=beta, value=value, line=line)


def recording(nodes: list[RecordedNode], events: list[StepEvent], **kw: Any
              ) -> SearchRecording:
    fields: dict[str, Any] = dict(game_id="classroom", algorithm="alphabeta", depth=2,
                                  truncated=0, value=nodes[0].value, move=None, stats={},
                                  evaluated_leaves=[], options={})
    fields.update(kw)
    return SearchRecording(nodes=nodes, events=events, **fields)


def textbook_alphabeta() -> Any:
    n = [node(0, None, "max", depth=2, children=[1, 5, 7], value=3, on_pv=True)]
    n.append(node(1, 0, "min", "a", depth=1, children=[2, 3, 4], value=3, on_pv=True))
    n += [node(2, 1, "leaf", "a1", value=3, on_pv=True), node(3, 1, "leaf", "a2", value=12),
          node(4, 1, "leaf", "a3", value=8)]
    n.append(node(5, 0, "min", "b", depth=1, children=[6], value=2, pruned=2, cutoff=True,
                  alpha=3))
    n.append(node(6, 5, "leaf", "b1", value=2))
    n.append(node(7, 0, "min", "c", depth=1, children=[8, 9, 10], value=2, alpha=3))
    n += [node(8, 7, "leaf", "c1", value=14), node(9, 7, "leaf", "c2", value=5),
          node(10, 7, "leaf", "c3", value=2)]
    e = [event("enter", 0, None, None, line="max-init"),
         event("enter", 1, None, None, line="min-init")]
    for leaf, v, best in ((2, 3, 3), (3, 12, 3), (4, 8, 3)):
        e += [event("enter", leaf), event("leaf", leaf, value=v, line="leaf"),
              event("update", 1, None, best, best, line="min-value")]
    e += [event("exit", 1, None, 3, 3, line="min-return"),
          event("update", 0, 3, None, 3, line="max-value"),
          event("enter", 5, 3, None, line="min-init"),
          event("enter", 6), event("leaf", 6, value=2, line="leaf"),
          event("update", 5, 3, 2, 2, line="min-value"),
          event("cutoff", 5, 3, 2, 2, line="min-cutoff"),
          event("exit", 5, 3, 2, 2, line="min-return"),
          event("enter", 7, 3, None, line="min-init")]
    for leaf, v, best in ((8, 14, 14), (9, 5, 5), (10, 2, 2)):
        e += [event("enter", leaf), event("leaf", leaf, value=v, line="leaf"),
              event("update", 7, 3, best, best, line="min-value")]
    e += [event("exit", 7, 3, 2, 2, line="min-return"),
          event("exit", 0, 3, None, 3, line="max-return")]
    for x in n:
        for c in x.children:
            assert n[c].parent == x.id
    return recording(n, e, evaluated_leaves=[3, 12, 8, 2, 14, 5, 2], move="a")


def chance_tree() -> Any:
    """max over two chance nodes with probabilities 0.9 / 0.1 (expectiminimax)."""
    n = [node(0, None, "max", depth=3, children=[1, 4], value=2.1, on_pv=True)]
    n.append(node(1, 0, "chance", "a", depth=2, children=[2, 3], value=2.1, on_pv=True))
    n += [node(2, 1, "leaf", "r1", probability=0.9, value=2, on_pv=True),
          node(3, 1, "leaf", "r2", probability=0.1, value=3)]
    n.append(node(4, 0, "chance", "b", depth=2, children=[5, 6], value=1.3))
    n += [node(5, 4, "leaf", "r1", probability=0.9, value=1, tt_hit=True),
          node(6, 4, "leaf", "r2", probability=0.1, value=4)]
    return recording(n, [], algorithm="expectiminimax", depth=3)


def wide_tree(branching: int = 10, depth: int = 4, prune_every: int = 7) -> Any:
    """A uniform tree of branching**depth leaves (11,111 nodes for 10, 4), in DFS order."""
    nodes: list[Any] = []

    def build(parent: int | None, level: int, move: str | None) -> int:
        nid = len(nodes)
        kind = "leaf" if level == depth else ("max" if level % 2 == 0 else "min")
        nodes.append(node(nid, parent, kind, move, depth=depth - level, value=nid % 17 - 8,
                          alpha=-5.0, beta=5.0))
        if level < depth:
            kids = [build(nid, level + 1, str(i)) for i in range(branching)]
            nodes[nid].children = kids
            if nid % prune_every == 3:
                nodes[nid].pruned = 2
        return nid

    build(None, 0, None)
    path = 0
    while True:
        nodes[path].on_pv = True
        if not nodes[path].children:
            break
        path = nodes[path].children[0]
    return recording(nodes, [], algorithm="alphabeta", depth=depth)
