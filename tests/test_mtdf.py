"""MTD(f): the same value as alpha-beta on every game without dice, and a recording whose probes
are the worked answer the slides give for the textbook tree."""

from __future__ import annotations

import json

import pytest

import main
from ai.api import Limits, Refinements, SearchConfig
from ai.engine import run_search
from ai.lab import textbook
from ai.lab.record import record_search
from ai.lab.search import lab_config, teaching_config
from game.registry import get_game, get_kit
from tests.random_positions import random_positions
from ui.lab import probes
from ui.lab.pseudocode import panel_for, panel_lines
from ui.lab.stepper import Stepper

GAMES_WITHOUT_DICE = ("tictactoe", "othello", "nim", "kalah")


@pytest.mark.parametrize("game_id", GAMES_WITHOUT_DICE)
def test_mtdf_equals_alphabeta(game_id: str) -> None:
    """Every switch combination, depths 1 to 3: the value is alpha-beta's (Kalah with its
    quiescence search on, as both play it)."""
    for state in random_positions(game_id, 5, seed=len(game_id)):
        for depth in (1, 2, 3):
            for use_tt in (True, False):
                for use_ordering in (True, False):
                    config = SearchConfig(game_id, "alphabeta", Limits(depth=depth),
                                          Refinements(tt=use_tt, ordering=use_ordering))
                    expected = run_search(state, config)
                    switches = Refinements(tt=use_tt, ordering=use_ordering)
                    got = run_search(state, SearchConfig(game_id, "mtdf", Limits(depth=depth),
                                                         switches))
                    assert got.score == pytest.approx(expected.score, abs=1e-9), (
                        game_id, depth, use_tt, use_ordering)
                    assert got.algorithm == "mtdf" and got.stats.probes_per_depth[-1] >= 1


def test_mtdf_on_the_classroom_trees_and_the_textbook_driver() -> None:
    game = get_game("classroom")
    for name in ("textbook", "four-ply", "worst-case"):
        state = game.initial_state(example=name)
        height = 4 if name != "textbook" else 2
        problem = textbook.Problem(state.current_player(), lambda s, _d: s.leaf_value() or 0.0)
        want = textbook.alphabeta(state, height, problem)
        assert textbook.mtdf(state, height, problem) == want
        assert textbook.mtdf(state, height, problem, first_guess=100.0) == want
        found = run_search(state, teaching_config(get_kit("classroom"), height, "mtdf"))
        assert found.score == want


def test_textbook_tree_probes_are_the_worked_answer() -> None:
    """max(min(3,12,8), min(2,4,6), min(14,5,2)) from the guess 0: probe 1 asks "at least 0?"
    and fails high after the first MIN node (3: b and c are not needed); probe 2 asks "above
    3?" and fails low at 3 (leaves 3, 2, 14, 5, 2). The bounds meet at 3."""
    state = get_game("classroom").initial_state(example="textbook")
    rec = record_search(state, teaching_config(get_kit("classroom"), 2, "mtdf"))
    assert rec.value == 3 and rec.move == "a"
    first, second = rec.probes
    assert (first.test, first.answer, first.value, first.lower, first.upper) == (
        0.0, "lower", 3.0, 3.0, None)
    assert first.skipped == ["b", "c"]
    assert second.answer == "upper" and second.value == 3.0
    assert second.lower == second.upper == 3.0 and second.test == pytest.approx(3.0)
    assert rec.evaluated_leaves == [3, 12, 8, 3, 2, 14, 5, 2]
    assert rec.stats["probes_per_depth"] == [2]
    # The root's moves once per probe; the principal variation goes through probe 1's a.
    root_children = [(rec.nodes[c].move, rec.nodes[c].probe) for c in rec.root.children]
    assert root_children == [("a", 1), ("a", 2), ("b", 2), ("c", 2)]
    assert [rec.nodes[c].on_pv for c in rec.root.children] == [True, False, False, False]
    assert rec.root.bound == "exact" and not rec.root.pruned
    # Step events at the root: each probe starts with its null window and ends with a bound.
    root_steps = [(e.kind, e.alpha, e.beta) for e in rec.events
                  if e.node == 0 and e.kind in ("probe", "bound")]
    assert root_steps[0][0] == "probe" and root_steps[0][2] == 0.0
    assert root_steps[1] == ("bound", 3.0, None)
    assert root_steps[2][0] == "probe" and root_steps[2][1] == 3.0
    assert root_steps[2][2] == pytest.approx(3.0)
    assert root_steps[3] == ("bound", 3.0, 3.0)
    # The driver's first line runs first; each probe's test, then its bounds.
    assert [e.line for e in rec.events if e.node == 0][:2] == ["mtd-init", "mtd-probe"]
    # Inside probe 2 every node has the null window just above 3.
    assert all(n.null_window for n in rec.nodes if n.probe == 2)


def test_probe_words_and_step_mode() -> None:
    state = get_game("classroom").initial_state(example="textbook")
    rec = record_search(state, teaching_config(get_kit("classroom"), 2, "mtdf"))
    assert probes.question(rec, 1) == "is the value at least 0?"
    assert probes.question(rec, 2) == "is the value above 3?"
    assert probes.event_text(rec, "bound", 1) == (
        "Probe 1 answers at least 3: the value lies in [3, +∞]. It stopped early: b, c not "
        "needed for the answer.")
    assert probes.event_text(rec, "bound", 2).endswith(
        "the value is 3. The bounds meet: the search is over.")
    assert panel_for(rec) == "mtdf"
    names = [name for name, _ in panel_lines("mtdf")]
    assert {"mtd-probe", "mtd-bound", "max-value", "min-cutoff"} <= set(names)
    # Replayed to probe 1's answer: the root shows 3 and the known interval [3, +∞].
    stepper = Stepper(rec.nodes, rec.events)
    first_bound = next(i for i, e in enumerate(rec.events) if e.kind == "bound")
    stepper.seek(first_bound + 1)
    assert stepper.shown_value(0) == 3 and stepper.current_window() == (3.0, None)
    assert probes.probe_index(rec.events, stepper.position) == 1
    stepper.seek(first_bound + 2)  # probe 2 starts with its null window
    alpha, beta = stepper.current_window()
    assert alpha == 3.0 and beta == pytest.approx(3.0)


def test_recorded_probes_converge_on_othello() -> None:
    """Master's evaluator at depth 3: the bounds only close in, and meet at the value."""
    state = get_game("othello").initial_state()
    config = lab_config(get_kit("othello"), "Master", 3)
    rec = record_search(state, SearchConfig("othello", "mtdf", Limits(depth=3),
                                            evaluator=config.evaluator))
    assert len(rec.probes) == rec.stats["probes_per_depth"][-1] >= 2
    lows = [p.lower for p in rec.probes if p.lower is not None]
    highs = [p.upper for p in rec.probes if p.upper is not None]
    assert lows == sorted(lows) and highs == sorted(highs, reverse=True)
    last = rec.probes[-1]
    assert last.lower == last.upper == pytest.approx(rec.value)
    played = run_search(state, SearchConfig("othello", "alphabeta", Limits(depth=3),
                                            evaluator=config.evaluator))
    assert rec.value == pytest.approx(played.score)


def test_explain_json_and_text_show_the_probes(capsys: pytest.CaptureFixture[str]) -> None:
    code = main.main(["explain", "--game", "classroom", "--example", "textbook",
                      "--algorithm", "mtdf", "--depth", "2", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and [p["answer"] for p in data["probes"]] == ["lower", "upper"]
    assert data["probes"][0]["skipped"] == ["b", "c"]
    code = main.main(["explain", "--game", "classroom", "--example", "textbook",
                      "--algorithm", "mtdf", "--depth", "2"])
    out = capsys.readouterr().out
    assert code == 0 and "probe 1: null window at 0 -> at least 3" in out
    assert "(probe 2)" in out


def test_exact_root_values_and_a_kept_move_take_full_windows() -> None:
    """Where every root value must be exact (a level's noise) or one move kept (a review),
    MTD(f) hands the root to alpha-beta's full windows: the same root values, no probes."""
    state = random_positions("kalah", 1, seed=3)[0]
    plain = run_search(state, SearchConfig("kalah", "alphabeta", Limits(depth=4),
                                           exact_root_values=True))
    got = run_search(state, SearchConfig("kalah", "mtdf", Limits(depth=4),
                                         exact_root_values=True))
    assert dict(got.root_values) == pytest.approx(dict(plain.root_values))
    assert set(got.stats.probes_per_depth) == {0}
    kept = state.legal_moves()[-1]
    review = run_search(state, SearchConfig("kalah", "mtdf", Limits(depth=4),
                                            keep_root_moves=(kept,)))
    assert dict(review.root_values)[kept] == pytest.approx(dict(plain.root_values)[kept])


def test_the_first_probe_keeps_its_null_window_in_the_tree_steps_and_explain(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 41: probe 1 at 0 (every leaf of the textbook tree above it) was drawn with the
    window (-inf, 0), the null window's lower side opened because it lay below the leaves."""
    from ui.lab.step_panel import event_text
    from ui.lab.style import window_text

    state = get_game("classroom").initial_state(example="textbook")
    rec = record_search(state, teaching_config(get_kit("classroom"), 2, "mtdf"))
    first = [n for n in rec.nodes if n.probe == 1]
    assert first and all(n.null_window for n in first)
    assert {window_text(n.alpha, n.beta) for n in first} == {"null window at 0"}
    probe_event = next(e for e in rec.events if e.kind == "probe")
    assert probe_event.alpha == pytest.approx(0.0, abs=1e-6) and probe_event.beta == 0.0
    assert probe_event.alpha < probe_event.beta
    stepper = Stepper(rec.nodes, rec.events)
    while stepper.current is None or rec.nodes[stepper.current].probe != 1:
        stepper.forward()
    assert "null window at 0" in event_text(rec, stepper)
    code = main.main(["explain", "--example", "textbook", "--algorithm", "mtdf", "--no-tt",
                      "--no-ordering", "--no-pvs"])
    out = capsys.readouterr().out
    assert code == 0 and "[-inf, 0]" not in out
    assert "a MIN (null window at 0) = >=3 (probe 1)" in out
