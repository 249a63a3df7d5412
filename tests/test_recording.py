"""Recordings of the real searchers: the recorded tree is the search that ran.

On every game the recorded node count equals the searcher's own count for the recorded pass,
the root value equals the search's value, and the tree is well formed (each child is its
parent's position after its move). The textbook algorithms (ai.lab.textbook) are the oracle: the
searchers must find their values, and alpha-beta with its refinements switched off must look at
exactly the same leaves in the same order.
"""

from __future__ import annotations

import pickle
import threading
from collections import Counter

import pytest

from ai.api import Limits, Refinements, SearchConfig
from ai.engine import make_searcher
from ai.kit import get_evaluator, profile_for
from ai.lab import textbook
from ai.lab.record import record_search
from ai.lab.recording import EVENT_KINDS, SearchRecording
from game.core import CHANCE, TERMINAL, State
from game.registry import get_game, get_kit
from ui.lab.detail import node_lines
from ui.lab.tree_header import header_lines

BACKGAMMON_31 = "4HPwATDgc/ABMA 31"

#: (game, position, options, algorithm, depth, switches) covering every game and algorithm,
#: the engine as it plays (table, ordering, PVS, aspiration, filtering) and stripped down.
CASES = [
    ("tictactoe", "X---O---- X", {}, "minimax", 4, {}),
    ("tictactoe", "X---O---- X", {}, "alphabeta", 5, {}),
    ("tictactoe", "X---O---- X", {}, "alphabeta", 5, {"use_tt": False, "use_pvs": False}),
    ("nim", "3,4,5 1", {"max_take": None}, "alphabeta", 4, {}),
    ("nim", "3,4,5 1", {"max_take": None}, "minimax", 3, {}),
    ("othello", None, {}, "alphabeta", 4, {}),
    ("othello", None, {}, "minimax", 3, {}),
    ("backgammon", BACKGAMMON_31, {}, "expectiminimax", 3, {}),
    ("backgammon", BACKGAMMON_31, {}, "expectiminimax", 3, {"use_move_filter": False}),
    ("backgammon", BACKGAMMON_31, {}, "minimax", 2, {}),
    ("backgammon", BACKGAMMON_31, {}, "alphabeta", 2, {}),
    ("tictactoe", "X---O---- X", {}, "expectiminimax", 4, {}),
    ("classroom", None, {"example": "four-ply"}, "alphabeta", 4, {}),
    ("classroom", None, {"example": "chance"}, "expectiminimax", 3, {}),
]


def load(game_id: str, position: str | None, options: dict) -> State:
    game = get_game(game_id)
    if position is None:
        return game.initial_state(**options)
    return game.parse_position(position, **options)


def check_well_formed(rec: SearchRecording) -> None:
    for node in rec.nodes:
        assert rec.nodes[node.id] is node
        for c in node.children:
            child = rec.nodes[c]
            assert child.parent == node.id and c > node.id
            parent_state = node.state
            assert parent_state.apply(child.raw_move) == child.state
            if node.kind == "chance":
                assert child.probability is not None
        if node.kind == "leaf":
            assert not node.children
        elif not node.tt_hit and not rec.truncated:
            assert node.children, f"inner node {node.id} without children"
        assert node.value is not None


@pytest.mark.parametrize(("game_id", "position", "options", "algorithm", "depth", "switches"),
                         CASES)
def test_recorded_tree_is_the_search_that_ran(
    game_id: str, position: str | None, options: dict, algorithm: str, depth: int,
    switches: dict,
) -> None:
    state = load(game_id, position, options)
    config = SearchConfig(game_id, algorithm, Limits(depth=depth),
                          Refinements.from_options(switches))
    rec = record_search(state, config)
    plain = make_searcher(config).search(state, config.limits)
    # The same search without a recorder: same answer, same nodes.
    assert rec.value == plain.score
    assert rec.stats["nodes"] == plain.stats.nodes
    assert rec.move == get_game(game_id).format_move(state, plain.move)
    # The recording is the last pass, node for node.
    assert rec.node_count == plain.stats.nodes_per_depth[-1] == rec.stats["iteration_nodes"]
    assert rec.truncated == 0
    assert rec.root.value == pytest.approx(plain.score)
    assert rec.depth == plain.depth
    assert rec.leaves == len(rec.evaluated_leaves)
    check_well_formed(rec)
    check_events(rec)
    pv = rec.principal_variation()
    assert rec.nodes[pv[1]].move == rec.move
    if algorithm == "minimax":
        assert rec.cutoffs == 0 and not any(n.tt_hit for n in rec.nodes)
        check_backed_up(rec)


def check_events(rec: SearchRecording) -> None:
    """A leaf has one "leaf" event; an inner node one "enter", one "update" per child visit
    (except a PVS probe that is searched again: its "research" event stands for it) and one
    "exit"; the first event enters the root, the last one exits it."""
    count = Counter((e.node, e.kind) for e in rec.events)
    assert {e.kind for e in rec.events} <= set(EVENT_KINDS)
    for n in rec.nodes:
        if n.kind == "leaf":
            assert count[(n.id, "leaf")] == 1 and count[(n.id, "enter")] == 0
        else:
            assert count[(n.id, "enter")] == count[(n.id, "exit")] == 1
            researched = sum(
                1 for a, b in zip(n.children, n.children[1:], strict=False)
                if rec.nodes[b].research and rec.nodes[a].raw_move == rec.nodes[b].raw_move
                and rec.nodes[a].null_window
            )
            assert count[(n.id, "update")] == len(n.children) - researched
            assert count[(n.id, "research")] >= researched
    assert (rec.events[0].kind, rec.events[0].node) == ("enter", 0)
    assert (rec.events[-1].kind, rec.events[-1].node) == ("exit", 0)


def check_backed_up(rec: SearchRecording) -> None:
    """Minimax values are exact: max, min or the probability-weighted average of children."""
    for node in rec.nodes:
        values = [rec.nodes[c].value for c in node.children]
        if node.kind == "max":
            assert node.value == pytest.approx(max(values))
        elif node.kind == "min":
            assert node.value == pytest.approx(min(values))
        elif node.kind == "chance":
            probs = [rec.nodes[c].probability for c in node.children]
            assert node.value == pytest.approx(sum(p * v for p, v in zip(probs, values, strict=True)))


def test_recordings_travel_between_processes() -> None:
    """The lab records on the background worker: a recording must survive pickling."""
    for game_id, position, depth in (("classroom", None, 3), ("backgammon", BACKGAMMON_31, 2)):
        state = load(game_id, position, {"example": "chance"} if position is None else {})
        rec = record_search(state, SearchConfig(game_id, "expectiminimax", Limits(depth=depth)))
        copy = pickle.loads(pickle.dumps(rec))
        assert copy.to_json() == rec.to_json()
        assert copy.nodes[-1].state == rec.nodes[-1].state


def test_node_budget_truncates_and_still_counts() -> None:
    state = get_game("othello").initial_state()
    config = SearchConfig("othello", "minimax", Limits(depth=4))
    full = record_search(state, config)
    rec = record_search(state, config, node_budget=100)
    # The first moves' subtrees fill the budget; the root's later moves are recorded past it,
    # each with its value and without its subtree (counted as unrecorded).
    late = [c for c in rec.root.children if c >= 100]
    assert len(rec.nodes) == 100 + len(late) and late
    assert [rec.nodes[c].value for c in rec.root.children] == [
        full.nodes[c].value for c in full.root.children]
    assert all(rec.nodes[c].unrecorded == len(full.nodes[f].children) > 0
               for c, f in zip(rec.root.children, full.root.children, strict=True) if c >= 100)
    assert rec.truncated == full.node_count - len(rec.nodes) > 0
    card = " ".join(text for text, _ in node_lines(rec, late[-1]))
    unrecorded = rec.nodes[late[-1]].unrecorded
    assert f"Children searched: {unrecorded}, {unrecorded} of them not recorded" in card
    assert f"{rec.truncated:,} nodes not recorded (node budget 100)" in header_lines(rec)[1]
    assert rec.node_count == full.node_count
    assert rec.value == full.value
    assert rec.to_json()["truncated"] == rec.truncated


def test_events_replay_the_search() -> None:
    """Every recorded node is entered (or evaluated) once per visit, children after parents,
    and each child's value is backed up into its parent."""
    game = get_game("classroom")
    state = game.initial_state(example="textbook")
    rec = record_search(state, SearchConfig("classroom", "alphabeta", Limits(depth=2),
                                            Refinements(tt=False, ordering=False, pvs=False)))
    kinds = [(e.kind, e.node, e.line) for e in rec.events]
    assert kinds[0] == ("enter", 0, "max-init")
    assert kinds[-1] == ("exit", 0, "max-return")
    seen = {e.node for e in rec.events if e.kind in ("enter", "leaf")}
    assert seen == set(range(len(rec.nodes)))
    b = rec.root.children[1]
    cut = [e for e in rec.events if e.kind == "cutoff"]
    assert [(e.node, e.line, e.value, e.alpha) for e in cut][0] == (b, "min-cutoff", 2, 3)
    ups = [e for e in rec.events if e.kind == "update" and e.node == 0]
    assert [(e.value, e.alpha) for e in ups] == [(3, 3), (3, 3), (3, 3)]


def test_table_hits_and_research_are_marked() -> None:
    state = get_game("tictactoe").parse_position("X---O---- X")
    rec = record_search(state, SearchConfig("tictactoe", "alphabeta", Limits(depth=5)))
    hits = [n for n in rec.nodes if n.tt_hit]
    assert hits and all(not n.children for n in hits)
    assert any(n.research for n in rec.nodes)  # PVS re-searched some move
    assert any(n.cutoff and n.pruned > 0 for n in rec.nodes)


def test_move_filtering_is_recorded() -> None:
    state = get_game("backgammon").parse_position(BACKGAMMON_31)
    rec = record_search(state, SearchConfig("backgammon", "expectiminimax", Limits(depth=3)))
    assert rec.root.filtered > 0 and rec.root.static_evals > 0
    assert len(rec.root.children) == len(state.legal_moves()) - rec.root.filtered
    assert any(e.kind == "filter" for e in rec.events)


def test_a_cancelled_recording_says_so() -> None:
    cancel = threading.Event()
    cancel.set()
    state = get_game("othello").initial_state()
    with pytest.raises(ValueError, match="stopped"):
        record_search(state, SearchConfig("othello", "minimax", Limits(depth=4)), cancel=cancel)


def test_bad_requests() -> None:
    over = get_game("tictactoe").parse_position("XXXOO---- O")
    with pytest.raises(ValueError, match="over"):
        record_search(over, SearchConfig("tictactoe", "alphabeta", Limits(depth=2)))


# --------------------------------------------------------------------------- the oracle


def oracle_problem(state: State, game_id: str, depth: int, log: list[float]) -> textbook.Problem:
    """The textbook's leaf values in the searchers' units: a finished game scores as the
    game's profile says (win scores count plies from the root), a horizon leaf is the game's
    evaluation, both for MAX."""
    root = state.current_player()
    scoring = profile_for(get_kit(game_id)).scoring()
    evaluate = get_evaluator(get_kit(game_id)).evaluate

    def leaf_value(s: State, depth_left: int) -> float:
        player = s.current_player()
        if player == TERMINAL:
            v = scoring.terminal(s, root, depth - depth_left)
        elif player in (CHANCE, root):
            v = evaluate(s, root)
        else:
            v = -evaluate(s, player)
        log.append(v)
        return v

    return textbook.Problem(root, leaf_value)


ORACLE_CASES = [
    ("tictactoe", "X---O---- X", {}, 4),
    ("tictactoe", "XO--X---O X", {}, 5),
    ("nim", "2,3,3 1", {"max_take": 2}, 5),
    ("othello", None, {}, 3),
    (
        "othello",
        "-O--------OO-------OO-----XOO----XXOO----XOX----OX-XXX---------- X",
        {},
        3,
    ),
    ("classroom", None, {"example": "four-ply"}, 4),
    ("classroom", None, {"example": "four-ply"}, 3),
]


@pytest.mark.parametrize(("game_id", "position", "options", "depth"), ORACLE_CASES)
def test_searchers_agree_with_the_textbook(
    game_id: str, position: str | None, options: dict, depth: int
) -> None:
    state = load(game_id, position, options)
    log: list[float] = []
    expected = textbook.minimax(state, depth, oracle_problem(state, game_id, depth, log))
    minimax = record_search(state, SearchConfig(game_id, "minimax", Limits(depth=depth)))
    assert minimax.value == pytest.approx(expected)
    assert minimax.evaluated_leaves == pytest.approx(log)
    log = []
    assert textbook.alphabeta(state, depth, oracle_problem(state, game_id, depth, log)) == (
        pytest.approx(expected)
    )
    bare = SearchConfig(game_id, "alphabeta", Limits(depth=depth),
                        Refinements(tt=False, ordering=False, pvs=False, aspiration=False))
    rec = record_search(state, bare)
    assert rec.value == pytest.approx(expected)
    assert rec.evaluated_leaves == pytest.approx(log)
    assert rec.node_count == rec.stats["nodes"]  # one pass
    playing = record_search(state, SearchConfig(game_id, "alphabeta", Limits(depth=depth)))
    assert playing.value == pytest.approx(expected)


@pytest.mark.parametrize(
    ("game_id", "position", "options", "depth"),
    [
        ("backgammon", BACKGAMMON_31, {}, 2),
        ("classroom", None, {"example": "chance"}, 3),
        ("classroom", None, {"example": "chance-rescaled"}, 3),
        ("classroom", "[{0.5: [{0.25: [1,-4], 0.75: [3,2]}, 7], 0.5: 2}, [5, {0.3: 9, 0.7: -1}]]",
         {}, 5),
    ],
)
def test_expectiminimax_agrees_with_the_textbook(
    game_id: str, position: str | None, options: dict, depth: int
) -> None:
    state = load(game_id, position, options)
    log: list[float] = []
    expected = textbook.expectiminimax(state, depth, oracle_problem(state, game_id, depth, log))
    for algorithm, switches in (
        ("minimax", {}),
        ("expectiminimax", {"use_move_filter": False}),
        ("expectiminimax", {"use_move_filter": False, "use_star1": False, "use_tt": False}),
    ):
        config = SearchConfig(game_id, algorithm, Limits(depth=depth),
                          Refinements.from_options(switches))
        rec = record_search(state, config)
        assert rec.value == pytest.approx(expected)
        if algorithm == "minimax":
            assert rec.evaluated_leaves == pytest.approx(log)
