"""The depth chart draws alpha-beta's best case only beside a search it can apply to: a tree
with chance layers has no b^(d/2) to reach, so beside expectiminimax the line would promise a
saving the search cannot make."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from ai.depth_chart import depth_chart  # noqa: E402
from ai.labsearch import lab_config  # noqa: E402
from game.registry import get_game  # noqa: E402
from game.ui.lab import depth_plot  # noqa: E402

BEST_CASE = "alpha-beta's best b^⌈d/2⌉+b^⌊d/2⌋−1"


def drawn_legend(monkeypatch, rows, algorithm: str) -> list[str]:
    pygame.font.init()
    drawn: list[str] = []
    real = depth_plot.draw_text
    monkeypatch.setattr(depth_plot, "draw_text", lambda surface, text, *a, **k: drawn.append(
        text) or real(surface, text, *a, **k))
    depth_plot.draw_depth_chart(pygame.Surface((1200, 800)), pygame.Rect(0, 0, 1200, 800), rows,
                                rows[0].branching, 16, "", "", algorithm)
    return drawn


def test_the_best_case_line_is_drawn_beside_alpha_beta_only(monkeypatch) -> None:
    othello = get_game("othello").initial_state()
    rows = depth_chart(othello, lab_config("othello", "Master", 3), 3)
    assert BEST_CASE in drawn_legend(monkeypatch, rows, "alpha-beta")
    backgammon = get_game("backgammon").parse_position("4HPwATDgc/ABMA 31")
    config = lab_config("backgammon", "Intermediate", 2, backgammon)
    assert config.algorithm == "expectiminimax"
    rows = depth_chart(backgammon, config, 2)
    drawn = drawn_legend(monkeypatch, rows, depth_plot.algorithm_label(config.algorithm))
    assert BEST_CASE not in drawn
    assert "its leaves b^d" in drawn and "leaves" in drawn  # the other series stay keyed


def test_the_charts_name_alpha_beta_with_its_hyphen() -> None:
    assert depth_plot.algorithm_label("alphabeta") == "alpha-beta"
    assert depth_plot.algorithm_label("expectiminimax") == "expectiminimax"
    assert not depth_plot.shows_best_case("expectiminimax")
    assert depth_plot.shows_best_case("minimax")
