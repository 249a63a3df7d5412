"""The compare chart when its verdict takes the room of the rows' second lines (a projector's
large text, a busy machine that held the slowest search back): the names shorten to their
head and the verdict to its brief wording, never cut with an ellipsis."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from ai.lab.compare import CompareRow
from ai.lab.compare_notes import agreement_text, label_head
from game.registry import get_kit
from ui import scene_record
from ui.lab import charts
from ui.layout_check import cut_texts

LONG = "expectiminimax, network batches and root filter (Master plays)"


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((1280, 720))


def rows() -> list[CompareRow]:
    """What the backgammon lab showed at 1280x720 in presentation mode on a loaded machine."""
    return [CompareRow("minimax, rolls averaged (no pruning)", "minimax", {}, 3, "too long",
                       estimate_s=15.9, estimate_nodes=2e6),
            CompareRow(LONG, "expectiminimax", {}, 3, "done", nodes=6972, final_nodes=6972,
                       passes=1, time_s=0.378, value=0.036, value_text="+0.04 points a game",
                       move="24/18 13/11", agree=True),
            CompareRow("MCTS, iterations = its nodes", "mcts", {}, 3, "done", nodes=145,
                       final_nodes=145, passes=1, time_s=5.0, value=0.47, move="8/2 6/4"),
            CompareRow("MCTS, the same time", "mcts", {}, 3, "done", nodes=6, final_nodes=6,
                       passes=1, time_s=0.38, value=2.0, move="13/11 13/7")]


def test_label_heads_and_the_brief_verdict() -> None:
    assert label_head(LONG) == "expectiminimax"
    assert label_head("MCTS, the same time") == "MCTS"
    assert label_head("alpha-beta") == "alpha-beta"
    assert agreement_text(rows()) == (f"Only {LONG} finished (value +0.04 points a game): "
                                      "nothing to compare it with.")
    assert agreement_text(rows(), brief=True).startswith("Only expectiminimax finished (value ")


def drawn(screen: pygame.Surface, height: int, size: int) -> list[str]:
    """The texts of the chart drawn ``height`` pixels high, none of them cut."""
    screen.fill((0, 0, 0))
    with scene_record.recording(screen) as record:
        charts.draw_compare(screen, pygame.Rect(31, 193, 1218, height), rows(), size,
                            {0: ("not run: ~15.9 s — L runs it", "not run (L runs it)")},
                            get_kit("backgammon"))
    assert cut_texts(record) == []
    return [t.shown for t in record.texts]


def test_the_brief_verdict_gives_the_names_their_two_lines_back(
        screen: pygame.Surface) -> None:
    """The full verdict would take two lines of the 372 pixels; the brief one takes one."""
    shown = drawn(screen, 372, 24)
    assert "Only expectiminimax finished (value +0.04 points a game): nothing to compare it " \
        "with." in shown
    assert "expectiminimax, network batches" in shown  # the name's first of two lines


def test_a_chart_too_short_for_two_lines_shows_the_names_heads(screen: pygame.Surface) -> None:
    shown = drawn(screen, 290, 24)
    assert "expectiminimax" in shown and "minimax" in shown, shown
    assert "MCTS, iterations = its nodes" in shown  # fits one line: whole


def test_a_roomy_chart_keeps_the_whole_names(screen: pygame.Surface) -> None:
    screen.fill((0, 0, 0))
    with scene_record.recording(screen) as record:
        charts.draw_compare(screen, pygame.Rect(22, 128, 1236, 491), rows(), 15, {},
                            get_kit("backgammon"))
    assert cut_texts(record) == []
    assert " ".join(t.shown for t in record.texts).count("network batches") >= 2  # row, verdict
