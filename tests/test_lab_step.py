"""Step mode shows the code that ran, the line it was on and the window it had (issue "The
lab tells the truth": the cutoff at c showed (3, +inf) after (3, 5); PVS ran beside plain
alpha-beta code; expectiminimax's code had no window but the panel showed one)."""

from __future__ import annotations

import pytest

from ai.api import Limits, Refinements, SearchConfig
from ai.lab.record import record_search
from ai.lab.search import lab_config
from game.registry import get_game, get_kit
from ui.lab.pseudocode import (
    OFF_PAGE,
    panel_for,
    panel_line,
    panel_lines,
    shown_window,
)
from ui.lab.stepper import Stepper

TEXTBOOK = "[[3,12,8],[2,4,6],[14,5,2]]"
CHANCE = "[{0.9: [2,3], 0.1: [4,5]}, {0.9: [1,6], 0.1: [7,8]}]"
BARE = {"use_tt": False, "use_ordering": False, "use_pvs": False, "use_aspiration": False}


def classroom(text: str, algorithm: str, depth: int, **switches: bool):  # type: ignore[no-untyped-def]
    state = get_game("classroom").parse_position(text)
    return record_search(state, SearchConfig("classroom", algorithm, Limits(depth=depth),
                                             Refinements.from_options(switches)))


def test_the_cutoff_at_c_shows_the_window_the_search_had() -> None:
    rec = classroom(TEXTBOOK, "alphabeta", 2, **BARE)
    stepper = Stepper(rec.nodes, rec.events)
    c = next(n.id for n in rec.nodes if n.move == "c" and n.parent == 0)
    seen = []
    while stepper.forward():
        if stepper.current == c:
            line = panel_line("alphabeta", rec, rec.events, stepper.position)
            seen.append((line, stepper.current_window()))
    assert seen == [("min-init", (3, None)), ("min-value", (3, 14)), ("min-value", (3, 5)),
                    ("min-value", (3, 5)), ("min-cutoff", (3, 5)), ("min-return", (3, 5))]


@pytest.mark.parametrize(("text", "algorithm", "switches", "panel"), [
    (TEXTBOOK, "minimax", {}, "minimax"),
    (TEXTBOOK, "alphabeta", BARE, "alphabeta"),
    (TEXTBOOK, "alphabeta", {}, "pvs"),
    (CHANCE, "minimax", {}, "expectiminimax"),
    (CHANCE, "expectiminimax", {"use_star1": False}, "expectiminimax-ab"),
    (CHANCE, "expectiminimax", {}, "expectiminimax-star1"),
])
def test_each_search_gets_its_own_code(text: str, algorithm: str, switches: dict[str, bool],
                                       panel: str) -> None:
    rec = classroom(text, algorithm, 3 if text == CHANCE else 2, **switches)
    assert panel_for(rec) == panel
    names = {name for name, _ in panel_lines(panel)} | set(OFF_PAGE)
    stepper = Stepper(rec.nodes, rec.events)
    while stepper.forward():
        line = panel_line(panel, rec, rec.events, stepper.position)
        assert line in names, (panel, line)
        node = rec.nodes[stepper.current]
        window = shown_window(panel, node, stepper.current_window())
        if panel in ("minimax", "expectiminimax") or (
                panel == "expectiminimax-ab" and node.kind == "chance"):
            assert window is None  # the code has no window here: none is shown


def test_pvs_names_its_probe_and_its_re_search() -> None:
    state = get_game("tictactoe").parse_position("X---O---- X")
    rec = record_search(state, SearchConfig("tictactoe", "alphabeta", Limits(depth=4),
                                            Refinements(tt=False, aspiration=False)))
    lines = set()
    stepper = Stepper(rec.nodes, rec.events)
    while stepper.forward():
        lines.add(panel_line("pvs", rec, rec.events, stepper.position))
    assert {"probe", "research", "cutoff", "value", "leaf"} <= lines


def test_negamax_step_view_speaks_maxs_view_throughout_with_a_labelled_note() -> None:
    """Issue 41, item 5: "Cutoff at b: 2 is outside the window (3, +∞)" stood over "Window
    (α, β) for the mover: (−∞, −3)" beside a tree of MAX's values. The teacher's tree is
    max(min(3,12,8), min(2,4,6), min(14,5,2)) = 3: the sentence, the window line and the tree
    all speak MAX's view, and the negamax code's own (negated) window is a labelled note."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from ui import scene_record
    from ui.lab.step_panel import draw_step_panel, event_text

    pygame.font.init()
    rec = classroom(TEXTBOOK, "alphabeta", 2, **BARE)
    assert panel_for(rec, negamax=True) == "negamax"
    b = next(n for n in rec.nodes if n.move == "b" and n.parent == 0)
    stepper = Stepper(rec.nodes, rec.events)
    while not (stepper.current == b.id and rec.events[stepper.position - 1].kind == "cutoff"):
        assert stepper.forward()
    assert stepper.shown_value(b.id) == 2  # the tree's value at b: MAX's, as on the slide
    said = event_text(rec, stepper)
    assert said == "Cutoff at b: 2 is outside MAX's window (3, +∞), skipping 2 sibling(s)"
    surface = pygame.Surface((520, 900))
    with scene_record.recording(surface) as drawn:
        draw_step_panel(surface, pygame.Rect(0, 0, 520, 900), rec, stepper, 16, negamax=True)
    text = drawn.joined()
    assert "Window (α, β) for MAX: (3, +∞)" in text
    assert "Window (α, β) for the mover" not in text
    assert "Negamax code, MIN's view: here it holds (α, β) = (−∞, −3)" in text
    assert shown_window("negamax", b, (3.0, None)) == (3.0, None)
    assert shown_window("alphabeta", b, (3.0, None)) == (3.0, None)


def test_the_network_search_shows_textbook_expectiminimax_without_a_window() -> None:
    # Red's reply to White's 3-1 (the first move itself is the opening book's).
    state = get_game("backgammon").parse_position("sGfwATDgc/ABMA 31 1")
    rec = record_search(state, lab_config(get_kit("backgammon"), "Advanced", None), level="Advanced")
    assert panel_for(rec) == "expectiminimax"
    assert all(e.alpha is None and e.beta is None for e in rec.events)
    # Its step text names no window either (it once said "window now (−∞, +∞)").
    from ui.lab.step_panel import event_text

    stepper = Stepper(rec.nodes, rec.events)
    said = []
    for _ in range(60):
        stepper.forward()
        said.append(event_text(rec, stepper))
    assert any(t.startswith("Back up into") for t in said)
    assert not any("window" in t for t in said)


def test_a_null_window_reads_as_a_question_in_the_games_units() -> None:
    """Nim's probe at a loss in 4 used to read "(L4, L4+ε)", no value a game can have."""
    from ai.searchbase import WIN
    from ui.lab.style import window_text

    loss_in_4 = -(WIN - 4)
    assert window_text(loss_in_4, loss_in_4 + 1e-9, get_kit("nim")) == "null window at L4"
    assert window_text(3.0, 3.0 + 1e-9) == "null window at 3"
    assert window_text(None, 5.0) == "(−∞, 5)"


def test_the_values_on_the_path_never_hide_behind_the_panels_edge(monkeypatch) -> None:
    """A panel too short for every value on the path says how many it left out (the nodes
    nearest the root), and draws no heading over an empty list."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from ui.lab import step_panel

    rec = classroom("[[[[1,2],[3,4]],[[5,6],[7,8]]]]", "alphabeta", 4, **BARE)
    stepper = Stepper(rec.nodes, rec.events)
    while len(stepper.path_to_current()) < 5:
        assert stepper.forward()
    drawn: list[tuple[str, int]] = []  # (text, its bottom)
    monkeypatch.setattr(step_panel, "draw_text",
                        lambda surface, text, pos, size, *a, **k: drawn.append((text,
                                                                                pos[1] + size)))
    pygame.font.init()
    surface = pygame.Surface((460, 900))
    step_panel.draw_step_panel(surface, pygame.Rect(0, 0, 460, 900), rec, stepper, 20)
    texts = [t for t, _ in drawn]
    assert "Values on the path (rising to the root):" in texts
    assert not any("more toward the root" in t for t in texts)
    heading_seen_cut = False
    for height in range(900, 150, -5):
        drawn.clear()
        step_panel.draw_step_panel(surface, pygame.Rect(0, 0, 460, height), rec, stepper, 20)
        heading = [b for t, b in drawn if t.startswith("Values on the path")]
        rows = [b for t, b in drawn if t[:1] in "▲▼●■" and ": " in t]
        more = [t for t, _ in drawn if "more toward the root" in t]
        assert bool(heading) == bool(rows or more), height  # no heading over nothing
        assert all(b <= height for b in rows + heading), height  # nothing past the edge
        if more:
            heading_seen_cut = True
            assert int(more[0].split()[1]) + len(rows) == len(stepper.path_to_current()), height
    assert heading_seen_cut  # some height cut the list, and the cut was counted


def test_a_null_window_reads_as_one_phrase_in_the_step_sentences() -> None:
    """Issue 41: PVS's probe read "Enter b (min) with window null window at 3"."""
    from ui.lab.step_panel import event_text

    rec = classroom(TEXTBOOK, "alphabeta", 2, use_tt=False, use_ordering=False,
                    use_aspiration=False)
    stepper = Stepper(rec.nodes, rec.events)
    said = []
    while stepper.forward():
        said.append(event_text(rec, stepper))
    assert "Enter b (min) with MAX's null window at 3" in said
    assert not any("window null window" in t for t in said)
