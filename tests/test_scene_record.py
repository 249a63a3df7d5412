"""The drawn-scene record: what draw_text and the screens note is what reaches the screen, in
screen coordinates, with what was cut, covered or lit (issue "Every screen checked")."""

from __future__ import annotations

import pygame
import pytest

from ui import scene_record
from ui.layout_check import Finding, findings
from ui.widgets import draw_text


@pytest.fixture
def screen():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((400, 300))
    pygame.display.quit()


def test_nothing_is_noted_unless_a_record_is_open(screen) -> None:  # type: ignore[no-untyped-def]
    draw_text(screen, "before", (0, 0), 14)
    with scene_record.recording(screen) as rec:
        draw_text(screen, "during", (0, 0), 14)
    draw_text(screen, "after", (0, 0), 14)
    assert rec.strings() == ["during"]
    assert not scene_record.active()


def test_a_text_on_a_subsurface_is_noted_where_it_is_on_screen(screen) -> None:  # type: ignore[no-untyped-def]
    part = screen.subsurface(pygame.Rect(100, 50, 200, 100))
    with scene_record.recording(screen) as rec:
        r = draw_text(part, "moved", (10, 5), 16, kind="status")
    (text,) = rec.of_kind("status")
    assert text.rect[:2] == (110, 55) and text.rect[2:] == r.size
    assert text.clip == (100, 50, 200, 100) and text.size == 16


def test_a_cut_text_keeps_what_was_asked_and_what_was_shown(screen) -> None:  # type: ignore[no-untyped-def]
    with scene_record.recording(screen) as rec:
        draw_text(screen, "a rather long line of text", (0, 0), 16, max_width=60)
        draw_text(screen, "short", (0, 40), 16, max_width=300)
    cut, whole = rec.texts
    assert cut.cut and cut.shown.endswith("…") and cut.text == "a rather long line of text"
    assert not whole.cut
    assert [f.check for f in findings(rec)] == ["cut"]


def test_a_picture_drawn_off_screen_is_not_on_screen(screen) -> None:  # type: ignore[no-untyped-def]
    tile = pygame.Surface((100, 100))
    with scene_record.recording(screen) as rec:
        draw_text(tile, "cached", (0, 0), 14)
        scene_record.note(tile, "tree-node", (0, 0, 4, 4), root=True)
    assert rec.texts == [] and rec.marks == []


def test_a_panel_drawn_over_texts_hides_them(screen) -> None:  # type: ignore[no-untyped-def]
    with scene_record.recording(screen) as rec:
        draw_text(screen, "under the dialog", (20, 20), 14)
        draw_text(screen, "beside it", (20, 250), 14)
        scene_record.cover(screen, (0, 0, 400, 100))
        draw_text(screen, "the dialog's text", (20, 20), 14)
    assert rec.strings() == ["beside it", "the dialog's text"]
    assert [t.shown for t in rec.covered] == ["under the dialog"]
    assert findings(rec) == []


def test_two_texts_on_one_place_are_an_overlap(screen) -> None:  # type: ignore[no-untyped-def]
    with scene_record.recording(screen) as rec:
        draw_text(screen, "first", (20, 20), 20)
        draw_text(screen, "second", (30, 24), 20)
        draw_text(screen, "below", (20, 60), 20)
    assert [f.check for f in findings(rec)] == ["overlap"]


def test_texts_running_off_the_screen_and_small_ones_are_found(screen) -> None:  # type: ignore[no-untyped-def]
    with scene_record.recording(screen) as rec:
        draw_text(screen, "over the edge", (380, 10), 16)
        draw_text(screen, "tiny", (10, 100), 11)
    assert {f.check for f in findings(rec)} == {"off screen"}
    assert {f.check for f in findings(rec, presentation=True)} == {"off screen", "small"}


def test_the_code_panel_and_the_tree_are_checked_by_their_marks(screen) -> None:  # type: ignore[no-untyped-def]
    with scene_record.recording(screen) as rec:
        scene_record.note(screen, "code-panel", (0, 0, 100, 100), active="min-value",
                          lit=False, lines=1)
        scene_record.note(screen, "tree-area", (0, 0, 200, 200), fitted=True,
                          step_current=None)
        scene_record.note(screen, "tree-node", (90, 5, 10, 10), nid=0, row=0, root=True)
        scene_record.note(screen, "tree-node", (90, 195, 10, 10), nid=1, row=1, root=False)
    assert findings(rec) == [
        Finding("code line", "'min-value' is not drawn on the panel"),
        Finding("tree", "after Fit 1 nodes of rows [1] are outside the tree's area")]


def test_a_hyphen_written_as_a_minus_sign_is_found(screen) -> None:  # type: ignore[no-untyped-def]
    """Before: "×-1.00" on a slider beside "−1" on the board; a dash between numbers stays."""
    with scene_record.recording(screen) as rec:
        draw_text(screen, "corners ×-1.00", (0, 0), 14)
        draw_text(screen, "(−3, +5)", (0, 30), 14)
        draw_text(screen, "White wins 37-27, rolled 6-5", (0, 60), 14)
        draw_text(screen, "(-3, +5)", (0, 90), 14)
    assert [f.detail.split("'")[1] for f in findings(rec) if f.check == "minus"] == [
        "corners ×-1.00", "(-3, +5)"]
