"""Issue 18, the lab's tree: what it draws must be what the search did, and readable.

Headless (SDL dummy driver, thread worker). Each test fails on the tree view before the
issue: it drew a cutoff as one "2 skipped" box (the textbook's 4 and 6 never appeared), said
"2 skipped" without saying what, labelled Grundy's game with moves ("1:3"), threw a mistyped
tree away, opened the four-ply example cropped, drew a re-searched move as two moves
("c", "c ↻") and took its label sizes from a fixed fraction of the body text.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pygame
import pytest

from ai.lab.record import record_search
from ai.lab.search import TEACHING, lab_config
from game.registry import get_game, get_kit
from games.classroom.rules import EXAMPLES
from tests.test_ui_support import click, key, make_app, resize
from ui.lab import lab_scene, style, teaching_scene
from ui.lab.shown_tree import SkippedChild
from ui.lab.tree_editor import TreeDialog
from ui.lab.tree_header import header_lines
from ui.lab.treeview import TreeView

TEXTBOOK = EXAMPLES["textbook"].text


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, size=(1280, 720))
    yield a
    a.close()


@pytest.fixture
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    yield


def _record(game_id: str, position: str, depth: int, refined: bool = False,
            **options: Any) -> Any:
    """Teaching mode's search of ``position`` (with ordering and PVS when ``refined``)."""
    game = get_game(game_id)
    state = game.parse_position(position, **options)
    config = lab_config(get_kit(game_id), TEACHING, depth, state)
    if refined:
        config = config.with_refinements(ordering=True, pvs=True)
    return record_search(state, config, level=TEACHING)


@contextmanager
def _drawn_texts(view: TreeView) -> Iterator[list[tuple[str, int, tuple[int, ...]]]]:
    """Every label the view renders while inside, as (text, px size, colour)."""
    texts: list[tuple[str, int, tuple[int, ...]]] = []
    original = view.labels.render

    def render(text: str, size: int, color: tuple[int, ...]) -> pygame.Surface:
        texts.append((text, size, tuple(color)))
        return original(text, size, color)

    view.labels.render = render  # type: ignore[method-assign]
    view.labels.forget()
    try:
        yield texts
    finally:
        view.labels.render = original  # type: ignore[method-assign]


def _render_all(view: TreeView) -> pygame.Surface:
    """The whole laid-out tree drawn on one surface at a readable zoom."""
    view.camera.look(slot=90.0)
    width, height = view.camera.world_size()
    surface = pygame.Surface((int(width) + 40, int(height) + 40))
    view.render_world(surface, 0, 0)
    return surface


# ---- pruned leaves drawn greyed, with their values ----------------------------------------
def test_the_textbook_tree_draws_4_and_6_greyed_under_the_cutoff(display) -> None:
    rec = _record("classroom", TEXTBOOK, 2)
    view = TreeView(rec, 15, 13)
    b = next(n for n in rec.nodes if n.parent == 0 and n.move == "b")
    skipped = [n for n in view.shape.nodes if isinstance(n, SkippedChild)]
    assert [(n.parent, n.label, n.value, n.kind) for n in skipped] == [
        (b.id, "b", 4, "leaf"), (b.id, "c", 6, "leaf")]
    with _drawn_texts(view) as texts:
        surface = _render_all(view)
    grey = [t for t, _, color in texts if color == style.DIM]
    assert "4" in grey and "6" in grey  # their values, drawn in grey
    for ghost in skipped:
        x, y = view.camera.world(ghost.id)
        assert surface.get_at((int(x), int(y)))[:3] == style.SKIPPED_FILL
    # Skipped children are laid out beside the searched ones, not counted as searched.
    assert rec.node_count == 11 and rec.leaves == 7
    assert view.shape.sizes[0] == len(rec.nodes) - 1


def test_a_skipped_child_cannot_be_selected(display) -> None:
    rec = _record("classroom", TEXTBOOK, 2)
    view = TreeView(rec, 15, 13)
    view.set_rect(pygame.Rect(0, 0, 1000, 600))
    view.fit()
    ghost = next(n.id for n in view.shape.nodes if isinstance(n, SkippedChild))
    x, y = view.camera.screen_pos(ghost)
    assert view.camera.rect.collidepoint(x, y)
    view.handle_event(click((int(x), int(y))))
    assert view.selected is None
    searched = rec.nodes[0].children[0]
    view.handle_event(click(tuple(int(v) for v in view.camera.screen_pos(searched))))
    assert view.selected == searched


def test_skipped_children_appear_in_step_mode_once_the_cutoff_happens(display) -> None:
    from ui.lab.stepper import Stepper

    rec = _record("classroom", TEXTBOOK, 2)
    view = TreeView(rec, 15, 13)
    view.set_stepper(Stepper(rec.nodes, rec.events))
    cut = next(i for i, e in enumerate(rec.events) if e.kind == "cutoff")
    view.shape.stepper.seek(cut)
    with _drawn_texts(view) as before:
        _render_all(view)
    view.shape.stepper.seek(cut + 1)
    with _drawn_texts(view) as after:
        _render_all(view)
    assert "6" not in [t for t, _, _ in before]
    assert "6" in [t for t, _, _ in after]


def test_step_mode_keeps_the_pruned_leaves_unrevealed_until_the_cutoff(display) -> None:
    """Issue 41, item 12: at step 0 the leaves 4 and 6 were missing under b (their slots
    empty), which answered the class's question "which leaves get pruned?" before the first
    step. Until the cutoff at b they are drawn as children not reached yet: a plain edge with
    its move, no value, no "skipped" key; from the cutoff on, greyed with their values."""
    from ui.lab.stepper import Stepper

    rec = _record("classroom", TEXTBOOK, 2)
    view = TreeView(rec, 15, 13)
    view.set_stepper(Stepper(rec.nodes, rec.events))
    ghosts = [n.id for n in view.shape.nodes if isinstance(n, SkippedChild)]
    b = next(n.id for n in rec.nodes if n.parent == 0 and n.move == "b")
    cut = next(i for i, e in enumerate(rec.events) if e.kind == "cutoff" and e.node == b)
    edge_labels = 3 + 3 * 3  # the root's three moves, three under each MIN node
    for position in (0, cut):
        view.shape.stepper.seek(position)
        assert not any(view.shape.shows_as_skipped(g) for g in ghosts)
        assert "skipped" not in view.shape.legend_keys()
        with _drawn_texts(view) as texts:
            _render_all(view)
        moves = [t for t, _, color in texts if t in ("a", "b", "c") and color == style.TEXT]
        assert len(moves) == edge_labels, position  # 4's and 6's moves like any other's
        assert "4" not in [t for t, _, _ in texts] and "6" not in [t for t, _, _ in texts]
        assert "not searched" not in [t for t, _, _ in texts]
    view.shape.stepper.seek(cut + 1)
    assert all(view.shape.shows_as_skipped(g) for g in ghosts)
    assert "skipped" in view.shape.legend_keys()
    with _drawn_texts(view) as texts:
        _render_all(view)
    assert ("4", style.DIM) in [(t, c) for t, _, c in texts]
    view.set_stepper(None)
    assert all(view.shape.shows_as_skipped(g) for g in ghosts)  # the explorer shows them always


def test_the_header_counts_prunings_and_names_what_they_skipped() -> None:
    textbook = _record("classroom", TEXTBOOK, 2)
    assert "1 pruning (2 leaves skipped)" in header_lines(textbook)[0]
    four_ply = _record("classroom", EXAMPLES["four-ply"].text, 4)
    assert "2 prunings (1 leaf, 1 subtree skipped)" in header_lines(four_ply)[0]


# ---- Nim and Grundy's game read as heaps ---------------------------------------------------
def test_grundy_edges_show_the_heaps_a_split_makes(display) -> None:
    rec = _record("nim", "7 1", 3, variant="grundy")
    view = TreeView(rec, 15, 13)
    with _drawn_texts(view) as texts:
        _render_all(view)
    shown = {t for t, _, _ in texts}
    assert {"6+1", "5+2", "4+3"} <= shown  # the first splits of a heap of 7
    assert "5+1,1" in shown  # and deeper: heaps 5, 1, 1 after splitting the 6
    assert not any(":" in t for t in shown)  # no move notation such as "1:3"


def test_nim_edges_show_the_heaps_left() -> None:
    rec = _record("nim", "3,4,5 1", 1, max_take=None)
    labels = {style.edge_text(rec.nodes[c], get_kit("nim")) for c in rec.nodes[0].children}
    assert {"2,4,5", "3,4,0", "3,1,5"} <= labels


def test_the_header_names_nims_move_as_its_edge_does() -> None:
    """Issue 41: the header said "move 1:3" over edges of coins left ("4"): it names the
    played move both ways, and says what the edges show."""
    rec = _record("nim", "7 1", 6, max_take=3)
    played = next(c for c in rec.nodes[0].children if rec.nodes[c].move == rec.move)
    edge = style.edge_text(rec.nodes[played], get_kit("nim"))
    assert edge != rec.move
    assert f"move {rec.move} → {edge} (edges: the heaps left)" in header_lines(rec)[0]
    tictactoe = _record("tictactoe", "X---O---- X", 2)
    assert header_lines(tictactoe)[0].endswith(f"move {tictactoe.move}")  # edges are moves


# ---- a re-searched move is one move --------------------------------------------------------
def test_a_re_searched_move_is_named_once_with_its_probe_beside_it(display) -> None:
    rec = _record("classroom", "[[1,2],[5,0],[7,3]]", 2, refined=True)
    research = [n for n in rec.nodes if n.research]
    assert research, "PVS should re-search move c (its probe says 'better')"
    again = research[0]
    view = TreeView(rec, 15, 13)
    siblings = rec.nodes[again.parent].children
    edges = {cid: [text for text, _ in view.labels.edge_lines(cid)] for cid in siblings}
    named = [cid for cid, lines in edges.items() if again.move in lines]
    assert named == [again.id]  # the move is named once: on the re-search
    probe = next(cid for cid, lines in edges.items() if lines == ["probe"])
    assert rec.nodes[probe].move == again.move and rec.nodes[probe].null_window
    assert edges[again.id] == [again.move, "↻ re-searched"]
    with _drawn_texts(view) as texts:
        _render_all(view)
    shown = {t for t, _, _ in texts}
    assert {"probe", "↻ re-searched"} <= shown
    assert not any(t.endswith("↻") for t in shown)  # no "c ↻" beside a "c"


# ---- windows in the game's units -----------------------------------------------------------
def test_windows_in_node_labels_are_never_sentinels(display) -> None:
    game = get_game("tictactoe")
    state = game.initial_state()
    rec = record_search(state, lab_config(get_kit("tictactoe"), "Master", 3, state), level="Master")
    view = TreeView(rec, 15, 13)
    with _drawn_texts(view) as texts:
        _render_all(view)
    assert texts
    assert not any(any(s in t for s in ("1000000", "e+", "inf")) for t, _, _ in texts)


def _window_labels(rec: Any) -> list[str]:
    """The window labels the view draws under the recording's inner nodes."""
    view = TreeView(rec, 15, 13)
    with _drawn_texts(view) as texts:
        for node in rec.nodes:
            if node.kind != "leaf":
                view.labels.node_labels(node.id, (0.0, 0.0), view.camera.radius)
    return [t for t, _, _ in texts if t.startswith(("(", "null window"))]


def test_a_search_that_kept_no_window_is_drawn_without_one(display) -> None:
    """Backgammon's Master (its batched ply search and its opening book) keeps no (alpha,
    beta) window: its tree once showed "(−∞, +∞)" under every node, a pruning it never did.
    Alpha-beta's tree still shows its windows."""
    from games.backgammon.rules import START_POINTS, BackgammonState

    for dice in ((4, 1), (3, 3)):  # the book's answer; a one-chance-layer search
        state = BackgammonState(START_POINTS, (0, 0), (0, 0), 0, dice)
        rec = record_search(state, lab_config(get_kit("backgammon"), "Master", None), level="Master")
        assert not rec.windows and len(rec.nodes) > 5
        assert _window_labels(rec) == []
    rec = _record("classroom", TEXTBOOK, 2)
    assert rec.windows and "(−∞, +∞)" in _window_labels(rec)


def test_a_book_or_a_solver_answer_is_drawn_without_a_window(display) -> None:
    """Othello's Advanced answers the start from its book, Nim's Master by theory: neither
    searched, so the root once showed an alpha-beta window nobody kept."""
    othello = get_game("othello").initial_state()
    nim = get_game("nim").parse_position("7 1", max_take=3)
    for game_id, state, level in (("othello", othello, "Advanced"), ("nim", nim, "Master")):
        rec = record_search(state, lab_config(get_kit(game_id), level, None, state), level=level)
        assert rec.answered_by != rec.algorithm and rec.root.children  # an answer, drawn
        assert not rec.windows and _window_labels(rec) == []
    searched = record_search(othello, lab_config(get_kit("othello"), "Intermediate", 2, othello),
                             level="Intermediate")
    assert searched.windows and _window_labels(searched)


def test_a_filtered_search_does_not_read_as_unpruned(capsys) -> None:
    """Backgammon's Master drops root moves after the network's quick look (forward pruning,
    which can drop the best move); its header once said only "no pruning"."""
    import main
    from games.backgammon.rules import START_POINTS, BackgammonState

    state = BackgammonState(START_POINTS, (0, 0), (0, 0), 0, (3, 3))
    rec = record_search(state, lab_config(get_kit("backgammon"), "Master", 3), level="Master")
    dropped = rec.filtered
    assert rec.root.filtered == len(state.legal_moves()) - len(rec.root.children) > 0
    assert dropped == sum(n.filtered for n in rec.nodes)
    figures, _ = header_lines(rec)
    assert f"no pruning, {dropped} moves dropped by the move filter" in figures
    main.main(["explain", "--game", "backgammon", "--position", "4HPwATDgc/ABMA 33",
               "--level", "Master", "--depth", "3"])
    assert f"no pruning, {dropped} moves dropped by the move filter" in capsys.readouterr().out
    main.main(["explain", "--game", "backgammon", "--position", "4HPwATDgc/ABMA 33",
               "--level", "Master", "--depth", "3", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert report["filtered"] == dropped and report["windows"] is False
    textbook = _record("classroom", TEXTBOOK, 2)
    assert textbook.filtered == 0 and "move filter" not in header_lines(textbook)[0]


# ---- a mistyped tree stays in the box ------------------------------------------------------
def test_a_mistyped_tree_stays_in_the_box_with_the_reason_under_it(app) -> None:
    scene = teaching_scene(app, get_kit("classroom"))
    app.switch(scene)
    app.run_frames(1)
    scene.edit_tree()
    dialog = scene.dialog
    assert isinstance(dialog, TreeDialog)
    typed = "[[3,12,8],[2,4,6],[14,5,2]"
    dialog.field.text = typed
    app.step([key(pygame.K_RETURN)], 0.016)
    assert scene.dialog is dialog and not dialog.closed
    assert dialog.field.text == typed and dialog.error.startswith("Not a tree")
    # One more bracket and Enter: the tree is read and searched.
    dialog.field.text = typed + "]"
    app.step([key(pygame.K_RETURN)], 0.016)
    assert scene.dialog is None
    assert app.run_until(lambda: not scene.jobs.busy, timeout_s=60)
    app.run_frames(2)
    assert scene.pane().recording.value == 3


def test_the_tree_dialog_draws_its_error_and_clears_it_on_typing(app) -> None:
    game = get_game("classroom")
    taken: list[Any] = []
    dialog = TreeDialog(game, "[[1,2]", taken.append)
    dialog.layout(app.screen.get_rect())
    dialog.accept()
    assert not dialog.closed and not taken and dialog.error
    surface = pygame.Surface(app.screen.get_size())
    dialog.draw(surface)
    dialog.field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="]"))
    assert dialog.field.text == "[[1,2]]" and not dialog.error
    dialog.accept()
    assert dialog.closed and len(taken) == 1


# ---- examples open fitted, texts from the scene --------------------------------------------
@pytest.mark.parametrize("size", [(1100, 720), (1280, 720)])  # the first: a new window's
@pytest.mark.parametrize("example", ["textbook", "four-ply", "chance"])
def test_examples_open_fitted_with_every_node_in_the_pane(app, example, size) -> None:
    resize(app, *size)
    scene = teaching_scene(app, get_kit("classroom"), example)
    app.switch(scene)
    assert app.run_until(lambda: scene._shown and not scene.jobs.busy, timeout_s=60)
    app.run_frames(2)
    pane = scene.pane()
    view = pane.view
    assert view is not None and view.camera.labels_on
    inside = view.camera.rect.inflate(-2 * view.camera.radius, 0)
    inside.top = view.camera.rect.top + int(view.camera.top_margin)
    inside.bottom = view.camera.rect.bottom - int(view.camera.bottom_margin)
    for nid in view.shape.layout.x:
        x, y = view.camera.screen_pos(nid)
        assert inside.collidepoint(x, y), f"{example}: node {nid} at {(x, y)} outside {inside}"


def test_tree_labels_take_the_scenes_sizes_in_presentation_mode(tmp_path, monkeypatch) -> None:
    app = make_app(tmp_path, monkeypatch, size=(1280, 720), lab_presentation=True)
    try:
        scene = teaching_scene(app, get_kit("classroom"))
        app.switch(scene)
        assert app.run_until(lambda: scene._shown and not scene.jobs.busy, timeout_s=60)
        app.run_frames(2)
        view = scene.pane().view
        assert (view.camera.text_size, view.camera.small_size) == (scene.text_size, scene.small_size)
        with _drawn_texts(view) as texts:
            view.invalidate()
            app.step([], 0.016)
            app.draw()
        sizes = {t: size for t, size, _ in texts}
        assert sizes.get("(3, +∞)") == scene.small_size  # a window
        assert sizes.get("b") == scene.small_size  # an edge label
        assert min(size for _, size, _ in texts) >= scene.small_size
    finally:
        app.close()


def test_a_level_search_is_drawn_with_its_own_description(app) -> None:
    scene = lab_scene(app, get_game("tictactoe").initial_state(), get_kit("tictactoe"), "tree",
                     level="Master")
    app.switch(scene)
    assert app.run_until(lambda: scene._shown and not scene.jobs.busy, timeout_s=90)
    app.run_frames(2)
    rec = scene.pane().recording
    assert rec.level == "Master" and rec.description.startswith("Master's")
    assert scene.search_line() == rec.description


def test_the_node_card_names_what_was_skipped_and_each_visit_of_a_re_searched_move() -> None:
    from ui.lab.detail import node_lines

    rec = _record("classroom", TEXTBOOK, 2)
    b = next(n for n in rec.nodes if n.parent == 0 and n.move == "b")
    texts = [text for text, _ in node_lines(rec, b.id)]
    assert any("2 children: b (4), c (6) never searched" in t for t in texts)
    rec = _record("classroom", "[[1,2],[5,0],[7,3]]", 2, refined=True)
    again = next(n for n in rec.nodes if n.research)
    probe = next(c for c in rec.nodes[again.parent].children
                 if rec.nodes[c].move == again.move and c != again.id)
    assert any(t.startswith("Null-window probe") for t, _ in node_lines(rec, probe))
    assert any(t.startswith("↻ Re-search") for t, _ in node_lines(rec, again.id))


def test_a_solvers_answer_is_not_given_a_depth_it_never_had() -> None:
    game = get_game("nim")
    state = game.parse_position("3,4,5 1", max_take=None)
    rec = record_search(state, lab_config(get_kit("nim"), "Master", 3, state), level="Master")
    assert rec.solved
    headline = header_lines(rec)[0]
    assert "exact, no depth limit" in headline and "depth 7" not in headline


def test_a_noisy_level_s_move_is_shown_beside_the_search_s_best() -> None:
    """Casual's noise plays e6 from Othello's start (seed 0) while the tree's principal
    variation leads to d3, the search's best among four equal moves: the header said only
    "move e6", so the tree seemed to contradict the move it played."""
    state = get_game("othello").initial_state()
    config = replace(lab_config(get_kit("othello"), "Casual", 4), seed=0)
    rec = record_search(state, config, level="Casual")
    assert (rec.move, rec.best_move) == ("e6", "d3")
    assert "move e6 (the level's noise; the search's best: d3)" in header_lines(rec)[0]
    root = style.value_text(rec.nodes[0].value, get_kit("othello"))
    assert f"(e6; the root's {root} is d3's)" in header_lines(rec)[0]
    quiet = record_search(state, replace(config, seed=2), level="Casual")
    assert quiet.best_move is None and "move d3   " in header_lines(quiet)[0] + "   "


def test_a_wide_tree_opens_with_the_principal_variation_s_first_move_in_view() -> None:
    """Casual's tree from Othello's start is too wide to read whole at 880 pixels: the first
    view showed the root alone in the middle, with d3, the move the search chose, cut off at
    the left edge."""
    state = get_game("othello").initial_state()
    rec = record_search(state, replace(lab_config(get_kit("othello"), "Casual", 4), seed=0),
                        level="Casual")
    view = TreeView(rec, text_size=14)
    view.set_rect(pygame.Rect(0, 0, 880, 500))
    view.readable()
    assert not view.camera.fits_readably()
    first = rec.principal_variation()[1]
    for nid in (0, first):
        x, _ = view.camera.screen_pos(nid)
        assert view.camera.slot < x < 880 - view.camera.slot, nid


def test_a_chance_node_without_star1_shows_its_exact_average_beside_no_pruning(
        display) -> None:
    """Issue 41: the chance example read "no pruning" beside "≤1.6": without Star1 a chance
    node averages every roll exactly (0.9 × 1 + 0.1 × 7), whatever window it was entered
    with; only a Star1 cutoff makes its value a bound, and then the header counts it."""
    chance = EXAMPLES["chance"].text
    plain = _record("classroom", chance, 3)
    assert "no pruning" in header_lines(plain)[0]
    b = next(n for n in plain.nodes if n.parent == 0 and n.move == "b")
    assert b.kind == "chance" and b.value == pytest.approx(1.6) and b.bound == "exact"
    assert TreeView(plain, 15, 13).labels.node_label_texts(b.id)[0] == "1.6"
    assert all(n.bound == "exact" for n in plain.nodes)  # nothing pruned: nothing a bound
    state = get_game("classroom").parse_position(chance)
    config = lab_config(get_kit("classroom"), TEACHING, 3, state).with_refinements(star1=True)
    star1 = record_search(state, config, level=TEACHING)
    cut = next(n for n in star1.nodes if n.parent == 0 and n.move == "b")
    assert cut.cutoff and cut.bound == "upper" and "pruning" in header_lines(star1)[0]
    assert "no pruning" not in header_lines(star1)[0]
    assert TreeView(star1, 15, 13).labels.node_label_texts(cut.id)[0].startswith("≤")


def test_first_view_returns_to_the_view_the_tree_opened_with(app) -> None:
    """A wide tree opens readable, leaning toward the chosen move; Fit shows it whole, too
    small for labels; First view (X) brings back the opening view, not Fit's."""
    scene = lab_scene(app, get_game("tictactoe").initial_state(), get_kit("tictactoe"), "tree",
                     level=TEACHING)
    app.switch(scene)
    assert app.run_until(lambda: scene._shown and not scene.jobs.busy, timeout_s=90)
    app.run_frames(2)
    camera = scene.pane().view.camera
    opened = (camera.slot, camera.cam_x, camera.cam_y)
    app.step([key(pygame.K_f)], 0.016)
    assert camera.slot < opened[0]  # the whole tree: smaller
    app.step([key(pygame.K_x)], 0.016)
    assert (camera.slot, camera.cam_x, camera.cam_y) == pytest.approx(opened)
