"""The recording data types: a small recording written by hand (the textbook tree under
alpha-beta), so the JSON shape and the helpers are pinned independently of any searcher."""

from __future__ import annotations

import json

from ai.lab.recording import RecordedNode, SearchRecording, StepEvent

INF = float("inf")


def textbook_alphabeta_recording() -> SearchRecording:
    """max(min(3,12,8), min(2,4,6), min(14,5,2)) = 3 as alpha-beta searches it: node b stops
    after its first leaf (2 <= alpha 3), skipping the leaves 4 and 6."""
    nodes = [RecordedNode(0, None, "max", None, None, 2, -INF, INF, 3.0, [1, 5, 7])]

    def add(parent: int, kind: str, move: str, alpha: float, beta: float, value: float) -> int:
        node = RecordedNode(len(nodes), parent, kind, move, None, nodes[parent].depth - 1,
                            alpha, beta, value)
        nodes.append(node)
        if node.id not in nodes[parent].children:
            nodes[parent].children.append(node.id)
        return node.id

    a = 1
    nodes.append(RecordedNode(a, 0, "min", "a", None, 1, -INF, INF, 3.0, [2, 3, 4]))
    for i, leaf in enumerate((3.0, 12.0, 8.0)):
        nodes.append(RecordedNode(2 + i, a, "leaf", "abc"[i], None, 0, -INF, 3.0 if i else INF,
                                  leaf))
    b = add(0, "min", "b", 3.0, INF, 2.0)
    add(b, "leaf", "a", 3.0, INF, 2.0)
    nodes[b].pruned, nodes[b].cutoff = 2, True
    c = add(0, "min", "c", 3.0, INF, 2.0)
    for i, leaf in enumerate((14.0, 5.0, 2.0)):
        add(c, "leaf", "abc"[i], 3.0, INF, leaf)
    nodes[c].cutoff = True
    nodes[0].on_pv = nodes[a].on_pv = nodes[2].on_pv = True
    events = [StepEvent("enter", 0, None, None, None, "max-init"),
              StepEvent("exit", 0, 3.0, None, 3.0, "max-return")]
    return SearchRecording(
        game_id="classroom", algorithm="alphabeta", depth=2, nodes=nodes, events=events,
        truncated=0, value=3.0, move="a", stats={"nodes": 11, "iteration_nodes": 11},
        evaluated_leaves=[3.0, 12.0, 8.0, 2.0, 14.0, 5.0, 2.0],
    )


def test_hand_made_recording_counts_and_json_shape() -> None:
    rec = textbook_alphabeta_recording()
    assert [n.id for n in rec.nodes] == list(range(11))
    assert rec.node_count == 11
    assert rec.leaves == 7
    assert rec.cutoffs == 1  # one pruning: b skips 4 and 6
    out = rec.to_json()
    json.dumps(out)  # finite numbers only
    assert out["value"] == 3 and out["move"] == "a"
    assert out["nodes"] == 11 and out["leaves"] == 7 and out["cutoffs"] == 1
    assert out["evaluated_leaves"] == [3, 12, 8, 2, 14, 5, 2]
    tree = out["tree"]
    assert tree[0]["alpha"] is None and tree[0]["beta"] is None  # an open window is null
    assert tree[0]["children"] == [1, 5, 7]
    b = tree[5]
    assert (b["kind"], b["move"], b["pruned"], b["value"], b["alpha"]) == ("min", "b", 2, 2, 3)
    assert set(tree[0]) >= {"kind", "move", "value", "alpha", "beta", "children", "pruned"}


def test_bounds_and_paths() -> None:
    rec = textbook_alphabeta_recording()
    assert rec.nodes[5].bound == "upper"  # min(2, 4?, 6?) <= 2: "at most 2"
    assert rec.nodes[1].bound == "exact"
    assert rec.principal_variation() == [0, 1, 2]
    assert rec.path_to(6) == [0, 5, 6]
    assert rec.root.value == 3.0
