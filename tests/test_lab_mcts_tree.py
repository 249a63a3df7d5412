"""The tree explorer on a Monte Carlo tree search (issue 44): the recorded tree is the
searcher's own (N and W per node), the screen says each node's visits and mean, edges widen
with visits, and the selected path shows UCB1 split into its two terms."""

from __future__ import annotations

import math
from typing import Any

from ai.engine import make_searcher
from ai.lab.mcts_recording import FirstIterations, mcts_limits
from ai.lab.mcts_text import edge_width
from ai.lab.recording import SearchRecording
from ai.lab.search import teaching_config
from ai.lab.tasks import record
from ai.mcts.searcher import MctsSearcher
from ai.mcts.snapshot import NodeSnapshot
from game.registry import get_kit
from tests.test_ui_support import make_app, mcts_tree_lab
from ui import scene_record


def _recorded(game_id: str) -> tuple[SearchRecording, NodeSnapshot, Any]:
    kit = get_kit(game_id)
    state = kit.rules().initial_state()
    if state.current_player() < 0:
        state = state.apply(state.chance_outcomes()[0][0])
    config = teaching_config(kit, 3, "mcts")
    rec = record(state, config, 20_000)
    searcher = make_searcher(config)
    assert isinstance(searcher, MctsSearcher)
    searcher.owner = None
    searcher.set_observer(FirstIterations())  # as the recording runs it (step mode's record)
    searcher.search(state, mcts_limits(config))
    return rec, searcher.snapshot(), searcher


def _walk(rec: SearchRecording, nid: int, snap: NodeSnapshot) -> int:
    node = rec.nodes[nid]
    assert (node.visits, node.reward) == (snap.n, snap.w), node.move
    assert (node.exploitation, node.exploration) == (snap.exploitation, snap.exploration)
    assert len(node.children) == len(snap.children)
    return 1 + sum(_walk(rec, c, s) for c, s in zip(node.children, snap.children, strict=True))


def test_the_recorded_tree_is_the_searchers_statistics() -> None:
    for game_id in ("tictactoe", "backgammon"):
        rec, snap, searcher = _recorded(game_id)
        assert _walk(rec, 0, snap) == len(rec.nodes) == snap.size()
        assert rec.nodes[0].visits == searcher.final_result.stats.nodes == 1000
        # values are means from MAX's view: the root's children are the root mover's
        for c in rec.nodes[0].children:
            child = rec.nodes[c]
            assert child.value is not None and child.visits and child.reward is not None
            assert math.isclose(child.value, child.reward / child.visits)


def test_a_node_budget_leaves_out_the_least_visited() -> None:
    kit = get_kit("tictactoe")
    state = kit.rules().initial_state()
    rec = record(state, teaching_config(kit, 3, "mcts"), 100)
    assert len(rec.nodes) <= 100 and rec.truncated == 1001 - len(rec.nodes)
    assert sum(n.unrecorded for n in rec.nodes) > 0


def test_edges_widen_with_visits() -> None:
    rec, _, _ = _recorded("tictactoe")
    kids = sorted((rec.nodes[c] for c in rec.nodes[0].children), key=lambda n: n.visits or 0)
    widths = [edge_width(n.visits or 0, 1000) for n in kids]
    assert widths == sorted(widths) and widths[-1] > widths[0] >= 1


def test_the_screen_shows_n_and_the_ucb_split_on_the_selected_path(
        tmp_path: Any, monkeypatch: Any) -> None:
    app = make_app(tmp_path, monkeypatch, size=(1280, 720))
    try:
        pane = mcts_tree_lab(app)
        rec = pane.recording
        assert rec is not None and rec.algorithm == "mcts"
        pv = rec.principal_variation()
        pane.view.select(pv[2])
        app.step([], 0.02)
        with scene_record.recording(app.screen) as frame:
            app.step([], 0.02)
        drawn = {m["nid"]: m for m in frame.marks_of("tree-node")}
        assert drawn
        for nid, mark in drawn.items():
            node = rec.nodes[nid]
            assert (mark["visits"], mark["reward"]) == (node.visits, node.reward)
            labels = mark["labels"]
            assert isinstance(labels, list)
            if labels:
                assert labels[-1] == f"N {node.visits:,}"
        ucb = frame.marks_of("mcts-ucb")
        assert [m["nid"] for m in ucb] == pv[1:3]
        for m in ucb:
            node = rec.nodes[int(str(m["nid"]))]
            parent = rec.nodes[node.parent or 0]
            assert node.visits and parent.visits and node.reward is not None
            # UCB1 by hand: W/N + C * sqrt(ln N(parent) / N)
            assert math.isclose(float(str(m["exploitation"])), node.reward / node.visits)
            assert math.isclose(float(str(m["exploration"])), math.sqrt(2) * math.sqrt(
                math.log(parent.visits) / node.visits))
        assert frame.find("MCTS (UCT, C = 1.41)")
        # MCTS has no table, ordering or windows to switch: the bar offers none of them
        assert frame.find("Iterations") and not frame.find("Table") and not frame.find("PVS")
        assert "refinements" not in app.scene.search_line()
    finally:
        app.close()


def test_an_exported_mcts_pictures_title_names_iterations_not_a_depth() -> None:
    from ui.lab.export import _title

    rec, _, _ = _recorded("tictactoe")
    assert _title(rec) == "Tic-tac-toe: MCTS (UCT, C = 1.41) · 1,000 iterations"
