"""Issue 41, item 4: with aspiration windows the root showed the failed first try ("≤+2
(+6, +14)") beside the header's "value +2". The root shows the search's answer and the window
that found it; the failed try is said as a failed try (explain, the node card, step mode)."""

from __future__ import annotations

import pygame
import pytest

import main
from ai.lab.record import record_search
from ai.lab.search import lab_config
from game.registry import get_game, get_kit
from ui.lab import detail, style
from ui.lab.step_panel import event_text
from ui.lab.stepper import Stepper
from ui.lab.treeview import TreeView

POSITION = "------------------OOOXO---XXOXOO---XXXO------OO-----O----------- X"


@pytest.fixture(scope="module")
def recording():  # type: ignore[no-untyped-def]
    state = get_game("othello").parse_position(POSITION)
    return record_search(state, lab_config(get_kit("othello"), "Master", 2), level="Master")


def test_the_root_shows_the_value_and_window_of_the_search_that_answered(recording) -> None:
    pygame.font.init()
    root = recording.root
    assert recording.first_try is not None, "the depth-1 value's window should fail here"
    assert (root.alpha, root.beta, root.bound) == (None, None, "exact")
    assert root.value == recording.value
    assert not root.cutoff and not root.pruned
    header_value = style.value_text(recording.value, get_kit("othello"))
    assert TreeView(recording, 14, 12).labels.node_label_texts(0) == [header_value, "(−∞, +∞)"]


def test_the_failed_try_is_kept_as_a_bound_outside_its_window(recording) -> None:
    tried = recording.first_try
    assert tried.answer == "upper" and tried.value is not None and tried.alpha is not None
    assert tried.value <= tried.alpha  # failed low: only "at most", below the window
    assert recording.value <= tried.value
    data = recording.to_json()
    assert data["first_try"]["answer"] == "upper"
    assert data["tree"][0]["bound"] == "exact" and data["tree"][0]["alpha"] is None


def test_the_card_and_step_mode_name_the_failed_try(recording) -> None:
    card = " ".join(text for text, _ in detail.node_lines(recording, 0))
    assert ("First try: the aspiration window (+5.668, +13.668) failed low: at most +4.949"
            in card)
    assert "Window (α, β): (−∞, +∞)" in card and "Value: +2" in card
    stepper = Stepper(recording.nodes, recording.events)
    said = []
    while stepper.forward():
        if stepper.events[stepper.position - 1].kind == "research" and stepper.current == 0:
            said.append(event_text(recording, stepper))
    assert said[0].startswith(
        "The aspiration window (+5.668, +13.668) failed low: at most +4.949, outside it")
    assert said[0].endswith("searched again with MAX's window (−∞, +∞)")


def test_explain_prints_the_answer_at_the_root_and_the_try_apart(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main.main(["explain", "--game", "othello", "--position", POSITION, "--level",
                      "Master", "--depth", "2"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    assert "root MAX = +2 *" in lines
    tried = next(ln for ln in lines if ln.startswith("(first try:"))
    assert "aspiration window (+5.668, +13.668) failed low: at most +4.949" in tried
    assert tried.endswith("searched again with (-inf, +inf): +2)")


def test_step_mode_lights_the_aspiration_lines_of_the_code(recording) -> None:
    """The root's answer keeps the re-search's window; the code still lights the aspiration
    window on entering the root, and the whole pass searched again after it failed."""
    from ui.lab.pseudocode import panel_for, panel_line

    assert panel_for(recording) == "pvs"
    lines = [panel_line("pvs", recording, recording.events, i)
             for i in range(1, len(recording.events) + 1)]
    assert lines[0] == "asp-window" and lines.count("asp-research") == 1


def test_every_root_move_of_the_failed_try_is_labelled_first_try(recording) -> None:
    """The card points to the dashed "first try" visits: each root move searched in the
    failed window reads so, PVS's null-window ones too (they read "probe")."""
    pygame.font.init()
    view = TreeView(recording, 14, 12)
    tried = [c for c in recording.root.children if not recording.nodes[c].research]
    assert tried and any(recording.nodes[c].null_window for c in tried)
    assert all(view.labels.edge_lines(c) == [("first try", style.DIM)] for c in tried)
