"""The lab shows quiescence search (issue: "the depth chart with and without it, the tree showing
the quiescence nodes in their own style, and a classroom example where a fixed-depth search
walks into a capture it cannot see and quiescence avoids it").

Generic code decides by the profile's noisy moves; these tests name Kalah (the game that has
them) and Othello (one that has none)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import replace  # noqa: E402
from types import SimpleNamespace  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from ai.api import Refinements  # noqa: E402
from ai.engine import search_to_depth  # noqa: E402
from ai.kit import (
    get_evaluator,  # noqa: E402
    profile_for,  # noqa: E402
)
from ai.lab import textbook  # noqa: E402
from ai.lab.compare import compare, compare_specs  # noqa: E402
from ai.lab.compare_notes import refinement_notes  # noqa: E402
from ai.lab.depth_chart import depth_chart  # noqa: E402
from ai.lab.record import record_search  # noqa: E402
from ai.lab.search import TEACHING, has_quiescence, lab_config  # noqa: E402
from game.core import TERMINAL  # noqa: E402
from game.registry import get_kit, playable_kits  # noqa: E402
from ui.lab import style  # noqa: E402
from ui.lab.defaults import defaults_for  # noqa: E402
from ui.lab.pseudocode import panel_for, panel_lines, step_code  # noqa: E402
from ui.lab.stepper import Stepper  # noqa: E402
from ui.lab.treeview import TreeView  # noqa: E402

#: A Kalah position where captures and extra turns lie just past a shallow horizon.
POSITION = "0,0,3,0,1,0|10|0,2,0,0,1,1|6 S"
#: Bare alpha-beta: one pass, every node recorded as the slides draw it.
BARE = {"use_tt": False, "use_ordering": False, "use_pvs": False, "use_aspiration": False}


def kalah(text: str = POSITION) -> Any:
    return get_kit("kalah").rules().parse_position(text)


def teaching(depth: int, quiescence: bool, state: Any = None, algorithm: str | None = None,
             **switches: bool) -> Any:
    """Teaching mode's config with quiescence as asked and ``switches`` by their outside
    names ("use_pvs": True)."""
    state = state if state is not None else kalah()
    config = lab_config(get_kit("kalah"), TEACHING, depth, state)
    refinements = Refinements.from_options(switches, config.refinements)
    return replace(config, algorithm=algorithm or config.algorithm,
                   refinements=refinements.but(quiescence=quiescence))


def record(depth: int, quiescence: bool, algorithm: str = "alphabeta", **switches: Any) -> Any:
    config = teaching(depth, quiescence, algorithm=algorithm, **switches)
    return record_search(kalah(), config, level=TEACHING)


def ply(rec: Any, nid: int) -> int:
    return len(rec.path_to(nid)) - 1


# ---- the recorded tree --------------------------------------------------------------------

@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_quiescence_nodes_are_exactly_where_the_search_went_past_its_depth(algorithm: str
                                                                           ) -> None:
    rec = record(2, True, algorithm)
    assert rec.depth == 2
    past = [n for n in rec.nodes if ply(rec, n.id) > rec.depth]
    assert past, "the position has captures past the horizon: quiescence must go there"
    for n in rec.nodes:
        depth_of = ply(rec, n.id)
        if depth_of < rec.depth:
            assert not n.quiescence and n.stand_pat is None, n.id
        elif depth_of > rec.depth:
            assert n.quiescence, n.id  # every node past the depth limit
        else:  # at the limit: marked exactly when quiescence went on from it
            assert n.quiescence == (n.stand_pat is not None) == bool(n.children), n.id
    # The nodes past the limit are the searcher's own count of quiescence nodes.
    assert len(past) == rec.stats["quiescence_nodes"]


def test_no_quiescence_nodes_with_quiescence_off() -> None:
    rec = record(2, False)
    assert not any(n.quiescence or n.stand_pat is not None for n in rec.nodes)
    assert max(ply(rec, n.id) for n in rec.nodes) <= rec.depth
    assert rec.options["use_quiescence"] is False


# ---- the tree view ------------------------------------------------------------------------

def test_the_tree_view_styles_quiescence_nodes_from_the_recording() -> None:
    for quiescence in (True, False):
        rec = record(2, quiescence)
        view = TreeView(rec, 14, 12)
        assert view.shape.has_quiescence == quiescence
        for n in rec.nodes:
            marks = view.shape.node_style(n.id)
            assert ("quiescence" in marks) == n.quiescence, n.id
            assert ("pv" in marks) == n.on_pv  # its own mark, beside the PV's
        assert view.shape.shows_depth_limit() == quiescence


def _ring_pixels(surface: pygame.Surface, center: tuple[float, float], radius: float) -> int:
    """Pixels of the quiescence colour on the ring of ``radius`` around ``center``."""
    count = 0
    for dx in range(-int(radius) - 2, int(radius) + 3):
        for dy in range(-int(radius) - 2, int(radius) + 3):
            if abs((dx * dx + dy * dy) ** 0.5 - radius) > 1.6:
                continue
            x, y = int(center[0]) + dx, int(center[1]) + dy
            if 0 <= x < surface.get_width() and 0 <= y < surface.get_height() and \
                    tuple(surface.get_at((x, y)))[:3] == style.QUIESCENCE:
                count += 1
    return count


def test_the_tree_view_draws_the_quiescence_ring_around_those_nodes_only() -> None:
    pygame.font.init()
    rec = record(2, True)
    view = TreeView(rec, 14, 12)
    view.expand_all()
    view.camera.look(slot=90.0)
    width, height = int(view.shape.layout.width * view.camera.slot) + 40, int(view.shape.layout.rows * view.camera.row_h)
    surface = pygame.Surface((width, height + 40))
    surface.fill(style.BG)
    view.render_world(surface, -20, 0)
    ring = style.quiescence_ring(view.camera.radius)
    for n in rec.nodes:
        if n.id not in view.shape.layout.x:
            continue
        wx, wy = view.camera.world(n.id)
        found = _ring_pixels(surface, (wx + 20, wy), ring)
        if n.quiescence:
            assert found > 10, (n.id, found)
        else:
            assert found == 0, (n.id, found)


def texts_drawn_by(module, monkeypatch) -> list[str]:
    """Every text ``module`` draws from now on (its ``draw_text`` still draws it)."""
    pygame.font.init()
    drawn: list[str] = []
    real = module.draw_text
    monkeypatch.setattr(module, "draw_text",
                        lambda surface, text, *a, **k: drawn.append(text) or real(
                            surface, text, *a, **k))
    return drawn


def test_the_legend_keys_the_ring_only_when_the_tree_has_quiescence_nodes(monkeypatch) -> None:
    from ui.lab import tree_header

    drawn = texts_drawn_by(tree_header, monkeypatch)
    surface = pygame.Surface((1400, 200))
    for quiescence in (False, True):
        keys = TreeView(record(2, quiescence), 14, 12).shape.legend_keys()
        drawn.clear()
        tree_header.draw_legend(surface, pygame.Rect(0, 0, 1400, 200), 12, keys)
        assert any("quiescence" in t for t in drawn) == quiescence


def legend_of(recording: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The words the legend under ``recording``'s tree draws (wide enough for every key)."""
    from ui.lab import tree_header

    drawn = texts_drawn_by(tree_header, monkeypatch)
    tree_header.draw_legend(pygame.Surface((2400, 100)), pygame.Rect(0, 0, 2400, 100), 12,
                            TreeView(recording, 14, 12).shape.legend_keys())
    return drawn


def test_the_legend_keys_only_the_marks_the_tree_shows(monkeypatch) -> None:
    """A key to cutoffs under a tree that pruned nothing would teach that it pruned."""
    from ai.api import Limits, SearchConfig
    from game.registry import get_game

    textbook_tree = get_game("classroom").parse_position("[[3,12,8],[2,4,6],[14,5,2]]")
    bare = {"use_tt": False, "use_ordering": False, "use_pvs": False, "use_aspiration": False}
    pruned = legend_of(record_search(textbook_tree, SearchConfig(
        "classroom", "alphabeta", Limits(depth=2), Refinements.from_options(bare))),
        monkeypatch)
    assert "skipped by a cutoff" in pruned and "principal variation" in pruned
    assert "chance" not in pruned and not any("re-searched" in t for t in pruned)
    every_leaf = legend_of(record_search(textbook_tree, SearchConfig(
        "classroom", "minimax", Limits(depth=2))), monkeypatch)
    assert "skipped by a cutoff" not in every_leaf and "table hit" not in every_leaf
    # PVS's null-window probe of b fails high (5 > 1), so b is searched again.
    better_later = get_game("classroom").parse_position("[[1,2],[5,6]]")
    unrefined = SearchConfig("classroom", "alphabeta", Limits(depth=2),
                             Refinements(tt=False, ordering=False))
    with_probes = legend_of(record_search(better_later, unrefined), monkeypatch)
    assert any("re-searched" in t for t in with_probes)
    # Backgammon's network search keeps no window and prunes nothing: chance circles, no cuts.
    rolls = get_game("backgammon").parse_position("sGfwATDgc/ABMA 31 1")
    network = legend_of(record_search(rolls, lab_config(get_kit("backgammon"), "Advanced", None),
                                      level="Advanced"), monkeypatch)
    assert "chance" in network
    assert not {"skipped by a cutoff", "table hit"} & set(network)
    assert not any("re-searched" in t for t in network)


def test_the_node_card_says_why_and_shows_the_stand_pat() -> None:
    from ui.lab.detail import node_lines

    rec = record(2, True)
    horizon = next(n for n in rec.nodes if n.stand_pat is not None and ply(rec, n.id) == 2)
    text = " ".join(t for t, _ in node_lines(rec, horizon.id))
    assert "at the depth limit" in text and "jump one ply later" in text
    assert f"Stand pat: {style.value_text(horizon.stand_pat, get_kit('kalah'))}" in text
    deeper = next(n for n in rec.nodes if ply(rec, n.id) == 3)
    assert "past the depth limit" in " ".join(t for t, _ in node_lines(rec, deeper.id))
    plain = next(n for n in rec.nodes if ply(rec, n.id) == 1)
    assert "Quiescence" not in " ".join(t for t, _ in node_lines(rec, plain.id))


# ---- step mode ----------------------------------------------------------------------------

@pytest.mark.parametrize(("algorithm", "depth", "switches", "negamax", "q_panel"), [
    ("minimax", 2, {}, False, "quiescence-minimax"),
    ("alphabeta", 2, BARE, False, "quiescence-alphabeta"),
    ("alphabeta", 2, BARE, True, "quiescence-negamax"),
    ("alphabeta", 3, {"use_pvs": True}, False, "quiescence-negamax"),
])
def test_step_mode_shows_the_quiescence_code_that_ran(
        algorithm: str, depth: int, switches: dict[str, bool], negamax: bool, q_panel: str
) -> None:
    rec = record(depth, True, algorithm, **switches)
    if switches.get("use_pvs"):
        assert panel_for(rec) == "pvs"  # the probes are in the tree: PVS's code
    stepper = Stepper(rec.nodes, rec.events)
    stand_pats = 0
    while stepper.forward():
        panel, line = step_code(rec, rec.events, stepper.position, negamax)
        node = rec.nodes[stepper.current]
        assert line in {name for name, _ in panel_lines(panel)}, (panel, line)
        assert (panel == q_panel) == node.quiescence, (panel, node.id)
        if not node.quiescence:  # the algorithm's own code, calling QUIESCE at the limit
            assert panel.endswith("+quiescence")
            assert any("QUIESCE" in text for _, text in panel_lines(panel))
            if node.kind == "leaf" and ply(rec, node.id) == rec.depth and not node.terminal:
                assert line == "horizon"  # a quiet position at the limit: QUIESCE's call
        if stepper.line == "stand-pat":
            stand_pats += 1
            assert line == "stand-pat"
    assert stand_pats == sum(1 for n in rec.nodes if n.stand_pat is not None) > 0


def test_the_step_panel_draws_every_step_of_a_quiescence_search() -> None:
    from ui.lab.step_panel import draw_step_panel, event_text

    pygame.font.init()
    rec = record(2, True)
    stepper = Stepper(rec.nodes, rec.events)
    surface = pygame.Surface((460, 900))
    texts = []
    while stepper.forward():
        draw_step_panel(surface, pygame.Rect(0, 0, 460, 900), rec, stepper, 16)
        texts.append(event_text(rec, stepper))
    assert any(t.startswith("Stand pat at") for t in texts)
    assert any("Quiescence at" in t and "jump one ply later" in t for t in texts)


def test_the_textbook_quiescence_finds_the_engines_values() -> None:
    game = get_kit("kalah").rules()
    profile = profile_for(get_kit("kalah"))
    evaluator = get_evaluator(get_kit("kalah"), None)
    scoring = profile.scoring()
    for text in (POSITION, "6,2,0|2|6,1,6|1 N", "3,0,4,1,0,2|5|0,3,1,0,2,0|7 N"):
        state = game.parse_position(text)
        me = state.current_player()

        def leaf(s: Any, depth: int, me: int = me) -> float:
            if s.current_player() == TERMINAL:
                return scoring.terminal(s, me, 0)
            return evaluator.evaluate(s, me)

        problem = textbook.Problem(me, leaf, profile.noisy_moves)
        for algorithm in ("minimax", "alphabeta"):
            for depth in (1, 2, 3):
                engine = search_to_depth(state, teaching(depth, True, state,
                                                         algorithm=algorithm), depth, None)
                assert textbook.decision(state, depth, problem, algorithm)[1] == \
                    pytest.approx(engine.score), (text, algorithm, depth)


# ---- the depth chart ----------------------------------------------------------------------

def _depth_pane(game_id: str, state: Any, level: str) -> Any:
    from ui.lab.depth_pane import DepthPane

    ctx = SimpleNamespace(game_id=game_id, kit=get_kit(game_id), state=state, level=level,
                          defaults=defaults_for(get_kit(game_id), state))
    return DepthPane(ctx)


def test_only_a_game_with_noisy_moves_charts_a_quiescence_series() -> None:
    for kit in playable_kits():
        state = kit.rules().initial_state()
        pane = _depth_pane(kit.id, state, TEACHING)
        expected = profile_for(kit).noisy_moves is not None and \
            pane.config().algorithm in ("minimax", "alphabeta")
        assert pane.with_quiescence() == expected, kit.id
    assert _depth_pane("kalah", kalah(), "Master").with_quiescence()
    assert not _depth_pane("othello", get_kit("othello").rules().initial_state(),
                           "Master").with_quiescence()


def test_the_depth_charts_series_count_what_search_to_depth_counts() -> None:
    state = kalah()
    config = lab_config(get_kit("kalah"), "Master", 4, state)
    rows = depth_chart(state, config, 4, with_quiescence=True)
    assert [(r.depth, r.quiescence) for r in rows] == [
        (d, q) for d in range(1, 5) for q in (False, True)]
    for r in rows:
        quiet = replace(config.with_refinements(quiescence=r.quiescence), noise=0.0, exact=False)
        result = search_to_depth(state, quiet, r.depth, None)
        assert r.nodes == result.stats.nodes_per_depth[-1], (r.depth, r.quiescence)
        assert r.total_nodes == result.stats.nodes
        assert r.value == pytest.approx(result.score)
    # Quiescence looks past the horizon: it costs nodes somewhere.
    plain = {r.depth: r.nodes for r in rows if not r.quiescence}
    assert any(r.nodes > plain[r.depth] for r in rows if r.quiescence)
    # A game without noisy moves keeps one series, whatever is asked.
    othello = get_kit("othello").rules().initial_state()
    single = depth_chart(othello, lab_config(get_kit("othello"), "Master", 2), 2, with_quiescence=True)
    assert single and all(r.quiescence is None for r in single)
    assert "quiescence" not in single[0].to_json()


def test_the_depth_chart_draws_and_keys_the_second_series(monkeypatch) -> None:
    from ui.lab import depth_plot

    drawn = texts_drawn_by(depth_plot, monkeypatch)
    state = kalah()
    rows = depth_chart(state, lab_config(get_kit("kalah"), "Master", 3, state), 3, with_quiescence=True)
    surface = pygame.Surface((1200, 800))
    depth_plot.draw_depth_chart(surface, pygame.Rect(0, 0, 1200, 800), rows,
                                rows[0].branching, 16, "seeds", get_kit("kalah"), "alpha-beta")
    assert "nodes, alpha-beta + quiescence" in drawn and "+ quiescence" in drawn
    moves = [t.lstrip("▲◆") for t in drawn]
    for r in rows:  # each series' best move at each depth is written in the move table
        assert r.move in moves
    drawn.clear()
    plain = [replace(r, quiescence=None) for r in rows if not r.quiescence]
    depth_plot.draw_depth_chart(surface, pygame.Rect(0, 0, 1200, 800), plain,
                                plain[0].branching, 16, "seeds", get_kit("kalah"))
    assert not any("quiescence" in t for t in drawn)


# ---- compare ------------------------------------------------------------------------------

def test_the_compare_quiescence_row_counts_the_search_it_claims() -> None:
    state = kalah()
    depth = 3
    base = lab_config(get_kit("kalah"), "Master", depth, state)
    rows = compare(state, get_kit("kalah"), depth, base=base, level="Master")
    specs = compare_specs(state, get_kit("kalah"), depth, base, "Master")
    assert [r.label for r in rows] == [s.label for s in specs]
    q = [i for i, r in enumerate(rows) if r.switches.get("quiescence")]
    assert len(q) == 1
    i = q[0]
    row, spec, before = rows[i], specs[i], specs[i - 1]
    assert row.label.startswith("+ quiescence")
    assert spec.config.refinements.quiescence and not before.config.refinements.quiescence
    assert before.config.with_refinements(quiescence=True) == spec.config  # only the switch differs
    result = search_to_depth(state, spec.config, depth, None)
    assert row.final_nodes == result.stats.nodes_per_depth[-1]
    assert row.nodes == result.stats.nodes
    assert row.final_nodes > rows[i - 1].final_nodes  # quiescence adds nodes: said honestly
    notes = refinement_notes(rows)
    note = next(n for n in notes if n.startswith("Quiescence"))
    assert "accuracy at the horizon" in note and "not fewer nodes" in note
    assert f"adds {row.final_nodes - rows[i - 1].final_nodes:,} nodes" in note
    assert not any("quiescence did not pay" in n for n in notes)
    assert all(r.agree for r in rows if r.status == "done")  # each against its own kind


def test_compare_has_no_quiescence_row_without_noisy_moves() -> None:
    state = get_kit("othello").rules().initial_state()
    specs = compare_specs(state, get_kit("othello"), 2)
    assert not has_quiescence(get_kit("othello"))
    assert not any("quiescence" in s.label or "quiescence" in s.switches for s in specs)


# ---- the example, and the tree pane's switch -------------------------------------------------

@pytest.fixture
def app(tmp_path, monkeypatch):
    from tests.test_ui_support import make_app

    a = make_app(tmp_path, monkeypatch, size=(1280, 720))
    yield a
    a.close()


def test_the_example_button_is_there_for_a_game_with_examples(app, monkeypatch) -> None:
    from game.kit import Example
    from ui.lab import lab_scene

    kit = get_kit("kalah")
    first = next(iter(kit.examples().values()))
    assert first.depth == 1
    scene = lab_scene(app, kit.rules().initial_state(), get_kit("kalah"), "tree")
    assert scene.level != TEACHING
    labels = [c.name for c in scene._commands().buttons()]
    assert "Example" in labels and "Edit tree" not in labels
    scene.next_example()
    assert scene.state == kit.rules().parse_position(first.text)
    assert first.note in scene.message.text
    # The example opens where its lesson is: teaching mode, its depth, quiescence off.
    pane = scene.pane()
    assert scene.level == TEACHING and pane.depth == 1
    config = pane.config()
    assert config.limits.depth == 1 and config.refinements.quiescence is False
    # A game's example without a depth keeps the level and depth the lab had.
    plain = Example("plain", first.text, "no depth")
    monkeypatch.setattr(type(kit), "examples", lambda self: {"plain": plain})
    other = lab_scene(app, kit.rules().initial_state(), get_kit("kalah"), "tree", level="Advanced")
    other.next_example()
    assert other.level == "Advanced"
    othello = lab_scene(app, get_kit("othello").rules().initial_state(), get_kit("othello"), "tree")
    assert "Example" not in [c.name for c in othello._commands().buttons()]


def test_teaching_mode_has_a_quiescence_switch_for_a_game_with_noisy_moves(app) -> None:
    from ui.lab import lab_scene
    from ui.widgets import Choice

    scene = lab_scene(app, kalah(), get_kit("kalah"), "tree", level=TEACHING)
    app.switch(scene)
    pane = scene.pane()
    pane.layout(pane.rect)
    switch = next(w for w in pane.widgets if isinstance(w, Choice) and w.label == "Quiescence")
    assert switch.value is False and pane.config().refinements.quiescence is False  # the textbook's
    switch.step(1)
    assert pane.config().refinements.quiescence is True
    othello = lab_scene(app, get_kit("othello").rules().initial_state(), get_kit("othello"), "tree",
                        level=TEACHING)
    app.switch(othello)
    o_pane = othello.pane()
    o_pane.layout(o_pane.rect)
    assert not any(isinstance(w, Choice) and w.label == "Quiescence" for w in o_pane.widgets)


def test_step_mode_lights_the_quiet_test_or_the_game_over_line_at_a_leaf_past_the_limit() -> None:
    """A quiet position past the limit returns its static value (EVAL), a finished game its
    result (UTILITY): two lines of QUIESCE, and each leaf lights the one that ran."""
    state = kalah("6,2,0|2|6,1,6|1 N")
    recording = record_search(state, teaching(1, True, state))
    stepper = Stepper(recording.nodes, recording.events)
    seen = set()
    while stepper.forward():
        ev = stepper.events[stepper.position - 1]
        node = recording.nodes[ev.node]
        if ev.kind == "leaf" and node.quiescence:
            panel, line = step_code(recording, stepper.events, stepper.position)
            assert panel.startswith("quiescence-")
            assert line == ("q-leaf" if node.terminal else "q-quiet"), (node.id, line)
            assert line in {name for name, _ in panel_lines(panel)}
            seen.add(line)
    assert "q-quiet" in seen
