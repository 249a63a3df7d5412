"""The search lab's drawing: layout, shapes, step mode, clicks and PNG export (headless)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.registry import get_kit
from tests.lab_trees import textbook_alphabeta, wide_tree  # noqa: E402
from ui.lab import style  # noqa: E402
from ui.lab.layout import default_collapsed, layout_tree  # noqa: E402
from ui.lab.stepper import DONE, OPEN, UNSEEN, Stepper  # noqa: E402
from ui.lab.treeview import TreeView  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((800, 600))
    yield


def _assert_tidy(rec, lay) -> None:
    for nid, x in lay.x.items():
        node = rec.nodes[nid]
        kids = [c for c in node.children if c in lay.x]
        if kids:
            assert all(lay.row[c] == lay.row[nid] + 1 for c in kids)
            assert min(lay.x[c] for c in kids) <= x <= max(lay.x[c] for c in kids) + 1
    for row_xs in lay.row_xs:
        assert all(b - a >= 1.0 for a, b in zip(row_xs, row_xs[1:], strict=False))
    stub_slots = {(s.row, s.x) for s in lay.stubs}
    node_slots = {(lay.row[n], lay.x[n]) for n in lay.x}
    assert not stub_slots & node_slots


def test_layout_puts_children_under_parents_without_overlap() -> None:
    rec = textbook_alphabeta()
    lay = layout_tree(rec.nodes)
    _assert_tidy(rec, lay)
    # Leaves 3 12 8 | 2 [stub] | 14 5 2: eight slots; the stub says two siblings were skipped.
    assert lay.width == 8
    assert [(s.parent, s.skipped, s.x) for s in lay.stubs] == [(5, 2, 4.0)]
    assert lay.x[1] == 1.0 and lay.x[5] == 3.5 and lay.x[7] == 6.0
    assert lay.x[0] == (1.0 + 6.0) / 2


def test_layout_of_a_big_tree_and_collapsing() -> None:
    rec = wide_tree(6, 4)
    lay = layout_tree(rec.nodes)
    _assert_tidy(rec, lay)
    assert len(lay.x) == len(rec.nodes)
    collapsed = {c for c in rec.nodes[0].children}
    small = layout_tree(rec.nodes, collapsed)
    assert set(small.x) == {0, *collapsed}
    assert all(small.hidden[c] == 6 + 36 + 216 for c in collapsed)
    _assert_tidy(rec, small)


def test_default_view_opens_the_principal_variation() -> None:
    rec = wide_tree(10, 4)
    collapsed = default_collapsed(rec.nodes, max_leaves=48)
    lay = layout_tree(rec.nodes, collapsed)
    pv = [n.id for n in rec.nodes if n.on_pv]
    assert all(nid in lay.x for nid in pv)
    assert lay.width < 60


def test_shapes_differ_by_kind() -> None:
    surfaces = {}
    for kind in style.KINDS:
        surf = pygame.Surface((40, 40))
        surf.fill((0, 0, 0))
        style.draw_shape(surf, kind, (20, 20), 16, (255, 255, 255), (255, 255, 255))
        surfaces[kind] = {(x, y) for x in range(40) for y in range(40)
                          if surf.get_at((x, y))[:3] != (0, 0, 0)}
    kinds = list(style.KINDS)
    for i, a in enumerate(kinds):
        for b in kinds[i + 1:]:
            differ = len(surfaces[a] ^ surfaces[b])
            assert differ > 150, (a, b, differ)  # the outline differs, not only the colour
    # max points up (more ink at the bottom), min points down
    def lower_half(kind):
        return sum(1 for _, y in surfaces[kind] if y > 20)

    assert lower_half("max") > lower_half("min")


def test_step_mode_forward_and_back_reproduce_the_events() -> None:
    rec = textbook_alphabeta()
    st = Stepper(rec.nodes, rec.events)
    assert st.node_status(0) == UNSEEN
    snapshots = []
    while True:
        snapshots.append((dict(st.status), dict(st.values), dict(st.partial), set(st.cut),
                          st.current, st.line))
        if not st.forward():
            break
    assert st.at_end and st.position == len(rec.events)
    # At the end every node the search visited has its recorded value.
    for n in rec.nodes:
        assert st.node_status(n.id) == DONE
        assert st.shown_value(n.id) == n.value
    assert st.cut == {5}
    for expected in reversed(snapshots[:-1]):
        assert st.back()
        assert (dict(st.status), dict(st.values), dict(st.partial), set(st.cut), st.current,
                st.line) == expected
    assert not st.back()
    # The leaf 2 under the second min node: the min node is open, best so far 2, then cut.
    st.seek(next(i for i, e in enumerate(rec.events) if e.kind == "cutoff") + 1)
    assert st.node_status(5) == OPEN and st.shown_value(5) == 2 and 5 in st.cut
    assert st.line == "min-cutoff" and st.current_window() == (3, 2)
    assert st.path_to_current() == [0, 5]


def _view(rec, size=(800, 500)) -> TreeView:
    view = TreeView(rec, text_size=14)
    view.set_rect(pygame.Rect(0, 0, *size))
    view.fit()
    return view


def test_clicking_a_node_selects_it() -> None:
    rec = textbook_alphabeta()
    view = _view(rec)
    for nid in (0, 5, 9):
        x, y = view.camera.screen_pos(nid)
        view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(x), int(y)),
                                             button=1))
        view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(x), int(y)),
                                             button=1))
        assert view.selected == nid
    # A click on empty canvas keeps the selection; a drag pans without selecting.
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 495), button=1))
    assert view.selected == 9
    before = view.camera.cam_x
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(65, 495), rel=(60, 0),
                                         buttons=(1, 0, 0)))
    assert view.camera.cam_x == before - 60


def test_right_click_collapses_and_expands() -> None:
    rec = textbook_alphabeta()
    view = _view(rec)
    x, y = view.camera.screen_pos(1)
    ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(x), int(y)), button=3)
    view.handle_event(ev)
    assert 1 in view.shape.collapsed and 2 not in view.shape.layout.x and view.shape.layout.hidden[1] == 3
    x, y = view.camera.screen_pos(1)
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(x), int(y)), button=3))
    assert 1 not in view.shape.collapsed and 2 in view.shape.layout.x


def test_drawing_shows_distinct_node_pixels_and_culls() -> None:
    rec = wide_tree(10, 4)
    view = _view(rec, (800, 500))
    view.expand_all()
    view.camera.look(slot=80.0)
    view.camera.look(cam_x=0)
    screen = pygame.display.get_surface()
    view.draw(screen)
    # Only the tiles on screen were rendered, each with only nearby nodes.
    assert 0 < len(view.tiles.tiles) <= 6
    x, y = view.camera.screen_pos(4)  # the first leaf, at the left edge
    assert screen.get_at((int(x), int(y)))[:3] != style.BG


def _is_png(path) -> bool:
    data = path.read_bytes()
    return data[:8] == b"\x89PNG\r\n\x1a\n" and b"IEND" in data[-16:]


def test_export_tree_writes_a_valid_png(tmp_path) -> None:
    from ui.lab.export import export_tree_png

    out = export_tree_png(textbook_alphabeta(), tmp_path / "tree.png")
    assert _is_png(out)
    img = pygame.image.load(str(out))
    assert img.get_width() >= 900 and img.get_height() > 200
    with pytest.raises(ValueError):
        export_tree_png(textbook_alphabeta(), tmp_path / "tree.jpg")
    with pytest.raises(ValueError):
        export_tree_png(textbook_alphabeta(), tmp_path / "missing" / "tree.png")


def test_compare_and_depth_exports_write_valid_pngs(tmp_path) -> None:
    from ai.api import Limits, SearchConfig
    from ai.lab.compare import compare
    from ai.lab.depth_chart import depth_chart
    from game.registry import get_game
    from ui.lab.export import export_compare_png, export_depth_png

    state = get_game("tictactoe").parse_position("X---O---- X")
    rows = compare(state, get_kit("tictactoe"), 3)
    out = export_compare_png(rows, tmp_path / "compare.png", "compare", get_kit("tictactoe"))
    assert _is_png(out)
    config = SearchConfig("tictactoe", "alphabeta", Limits(depth=4), exact=False)
    depth_rows = depth_chart(state, config, 4)
    out = export_depth_png(depth_rows, tmp_path / "depth.png", "depth", "plies", get_kit("tictactoe"))
    assert _is_png(out)
    assert pygame.image.load(str(out)).get_size() == (1400, 900)


def test_export_runs_headless_in_a_fresh_process(tmp_path) -> None:
    """What `explain --png` does: no window, no display, only the dummy video driver."""
    import subprocess
    import sys

    code = (
        "from tests.lab_trees import textbook_alphabeta\n"
        "from ui.lab.export import export_tree_png\n"
        f"export_tree_png(textbook_alphabeta(), {str(tmp_path / 't.png')!r})\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "SDL_VIDEODRIVER")}
    subprocess.run([sys.executable, "-c", code], check=True, env=env, timeout=120,
                   cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert _is_png(tmp_path / "t.png")


def test_header_says_how_many_nodes_were_not_recorded() -> None:
    from ui.lab.tree_header import header_lines

    rec = textbook_alphabeta()
    headline, note = header_lines(rec)
    assert "11 nodes" in headline and "value 3" in headline and note == ""
    rec.truncated = 12_345
    headline, note = header_lines(rec)
    assert "12,345 nodes not recorded" in note and "12,356 nodes" in headline


@pytest.mark.parametrize("game_id, position, algorithm, depth", [
    ("classroom", "[[[[5,6],[7,4]],[[3,2],[8,9]]],[[[1,3],[6,2]],[[9,7],[4,5]]]]", "alphabeta", 4),
    ("classroom", "[{0.9: [2,3], 0.1: [4,5]}, {0.9: [1,6], 0.1: [7,8]}]", "expectiminimax", 3),
    ("tictactoe", "X---O---- X", "alphabeta", 3),
    ("tictactoe", "X---O---- X", "minimax", 2),
])
def test_step_mode_replays_real_recordings_to_their_values(game_id, position, algorithm,
                                                           depth) -> None:
    from ai.api import Limits, SearchConfig
    from ai.lab.record import record_search
    from game.registry import get_game

    state = get_game(game_id).parse_position(position)
    rec = record_search(state, SearchConfig(game_id, algorithm, Limits(depth=depth),
                                            exact=False))
    st = Stepper(rec.nodes, rec.events)
    st.seek(len(rec.events))
    returned = {e.node for e in rec.events if e.kind in ("exit", "leaf", "tt_hit")}
    assert returned
    for nid in returned:
        assert st.node_status(nid) == DONE
        assert st.shown_value(nid) == pytest.approx(rec.nodes[nid].value)
    assert st.shown_value(0) == pytest.approx(rec.value)
    st.seek(0)
    assert (st.status, st.values, st.partial, st.cut, st.current) == ({}, {}, {}, set(), None)


def test_export_of_a_huge_open_tree_stays_a_reasonable_picture(tmp_path) -> None:
    from ui.lab.export import MAX_WIDTH, export_tree_png

    rec = wide_tree(10, 4)  # 10,000 leaves, all open
    view = TreeView(rec, 14)
    view.expand_all()
    out = export_tree_png(rec, tmp_path / "big.png", view=view)
    img = pygame.image.load(str(out))
    assert 900 <= img.get_width() <= MAX_WIDTH and img.get_height() < 1200


def test_layout_sampling_and_stub_index() -> None:
    rec = wide_tree(10, 3)  # 1,000 leaves in row 3
    lay = layout_tree(rec.nodes)
    leaves = lay.row_ids[3]
    picked = lay.sampled_in(3, 0, 10_000, 10.0)
    assert len(leaves) == 1000 and picked[0] == leaves[0]
    xs = [lay.x[n] for n in picked]
    assert all(b - a >= 10.0 for a, b in zip(xs, xs[1:], strict=False))
    assert 95 <= len(picked) <= 120  # about one per 10 slots (stubs widen the row a little)
    stubs = lay.stubs_in(3, 0, lay.width)
    assert stubs == sorted((s for s in lay.stubs if s.row == 3), key=lambda s: s.x)
    assert lay.stubs_in(3, -5, -1) == []


def test_step_mode_shows_a_value_rising_into_its_parent() -> None:
    rec = textbook_alphabeta()
    st = Stepper(rec.nodes, rec.events)
    st.seek(3)  # enter root, enter a, enter leaf 3: nothing has risen yet
    assert st.rising() is None
    st.seek(5)  # leaf 3 evaluated, then backed up into a
    assert st.rising() == (2, 1, 3)
    view = _view(rec)
    view.set_stepper(st)
    view.draw(pygame.display.get_surface())  # the arrow is drawn without error


def test_wheel_zoom_stretches_the_picture_then_draws_sharp_tiles() -> None:
    rec = wide_tree(6, 4)
    view = TreeView(rec, 14)
    view.set_rect(pygame.Rect(0, 0, 700, 500))
    view.expand_all()
    view.fit()
    screen = pygame.display.get_surface()
    view.draw(screen)
    now = [100.0]
    view.tiles.set_clock(lambda: now[0])
    before = view.camera.slot
    view.zoom_at(1.25, (350, 250))
    assert view.camera.slot == before * 1.25 and view.tiles.preview is not None
    view.draw(screen)  # the wheel is turning: the stretched picture, no sharp tile drawn
    assert not view.tiles.tiles and view.tiles.preview is not None
    now[0] += 1.0  # the wheel rests: sharp tiles replace the stretched picture
    for _ in range(20):
        view.draw(screen)
    assert view.tiles.tiles and view.tiles.preview is None
    # The sharp picture equals one drawn without the stretched step.
    sharp = screen.subsurface(view.camera.rect).copy()
    fresh = TreeView(rec, 14)
    fresh.set_rect(view.camera.rect)
    fresh.set_collapsed(view.shape.collapsed)
    cam = view.camera
    fresh.camera.look(slot=cam.slot, cam_x=cam.cam_x, cam_y=cam.cam_y)
    fresh.draw(screen)
    assert pygame.image.tobytes(sharp, "RGB") == pygame.image.tobytes(
        screen.subsurface(view.camera.rect), "RGB")


def test_export_in_step_mode_shows_the_replayed_state(tmp_path) -> None:
    from ui.lab.export import STEP_PANEL_W, export_tree_png

    rec = textbook_alphabeta()
    view = TreeView(rec, 14)
    whole = pygame.image.load(str(export_tree_png(rec, tmp_path / "a.png", view=view)))
    view.set_stepper(Stepper(rec.nodes, rec.events))
    view.shape.stepper.seek(4)
    stepped = pygame.image.load(str(export_tree_png(rec, tmp_path / "b.png", view=view)))
    assert stepped.get_width() == whole.get_width() + STEP_PANEL_W
    # The unreached third branch is drawn hollow: its pixels differ from the full picture.
    w = whole.get_width()
    assert pygame.image.tobytes(whole, "RGB") != pygame.image.tobytes(
        stepped.subsurface(pygame.Rect(0, 0, w, whole.get_height())), "RGB")


def test_a_long_line_of_code_is_broken_after_a_comma() -> None:
    from ui.assets import font
    from ui.lab.pseudocode import break_line

    f = font(14)
    line = "    v = max(v, MIN-VALUE(RESULT(s, a), depth-1, alpha, beta))"
    width = f.size(line)[0] * 2 // 3
    parts = break_line(line, f, width)
    assert len(parts) == 2 and all(f.size(p)[0] <= width for p in parts)
    assert parts[0].endswith(",") and parts[1].startswith(" " * 8)
    assert "".join(p.strip() + (" " if p.endswith(",") else "") for p in parts).strip() == \
        line.strip()
    assert break_line("x = 1", f, 5) == ["x = 1"]


def test_stretch_places_the_old_picture_for_the_new_zoom() -> None:
    from ui.lab.tree_tiles import stretch as _stretch

    pic = pygame.Surface((400, 50))
    pic.fill((255, 255, 255))
    pic.fill((255, 0, 0), (100, 0, 2, 50))  # a red line at old screen x = 100
    wider = _stretch(pic, 2.0, 0.0, 0.0)  # twice as wide, same left edge: the line at 200
    assert wider.get_at((201, 10))[:3] == (255, 0, 0)
    assert wider.get_at((150, 10))[:3] == (255, 255, 255)
    # Half as wide, the camera 100 px further left: x' = x / 2 + 100, the rest is background.
    narrower = _stretch(pic, 0.5, 0.0, -100.0)
    assert narrower.get_at((150, 10))[:3] == (255, 0, 0)
    assert narrower.get_at((50, 10))[:3] == style.BG[:3]
    assert narrower.get_at((350, 10))[:3] == style.BG[:3]


def test_a_node_searched_past_the_budget_is_labelled_not_a_leaf(monkeypatch) -> None:
    """The root's moves past the node budget are drawn without their subtrees: each says how
    many children were left out, where a bare node would read as a leaf."""
    from ai.api import Limits, SearchConfig
    from ai.lab.record import record_search
    from game.registry import get_game

    pygame.font.init()
    state = get_game("othello").initial_state()
    rec = record_search(state, SearchConfig("othello", "minimax", Limits(depth=4)),
                        node_budget=100)
    view = TreeView(rec, 14, 12)
    drawn: list[str] = []
    real = view.labels.render
    monkeypatch.setattr(view.labels, "render", lambda text, *a: drawn.append(text) or real(text, *a))
    late = rec.root.children[-1]
    view.labels.node_labels(late, (400.0, 100.0), 8.0)
    unrecorded = rec.nodes[late].unrecorded
    assert unrecorded > 0 and any(t in (f"{unrecorded} not recorded", f"+{unrecorded}")
                                  for t in drawn)
    drawn.clear()
    first = rec.root.children[0]  # recorded in full
    view.labels.node_labels(first, (400.0, 100.0), 8.0)
    assert rec.nodes[first].unrecorded == 0 and not any("not recorded" in t for t in drawn)
    assert "unrecorded" in view.shape.legend_keys()
    assert "unrecorded" not in TreeView(record_search(state, SearchConfig(
        "othello", "minimax", Limits(depth=2))), 14, 12).shape.legend_keys()
