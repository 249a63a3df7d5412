"""Othello board view: pixels at known squares, clicks to moves, passes, values and animation."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from games.othello.game import GAME
from games.othello.rules import PASS, parse_square, play_transcript  # noqa: E402
from games.othello.ui import board as view_module  # noqa: E402
from games.othello.ui.board import OthelloGeometry, OthelloView, format_value  # noqa: E402
from ui.boards.base import ViewContext  # noqa: E402

RECT = pygame.Rect(0, 0, 640, 520)
#: Black to move, no placement for Black, White has moves.
MUST_PASS = "O-XXXX--OOXXX---OOXXX-XOOOXXXXOOOOXXXOX-OOOXOXXXOOOOXXX-OOOO-X-- X"


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    yield


def render(state, ctx=None, rect=RECT) -> pygame.Surface:
    surf = pygame.Surface((rect.right, rect.bottom))
    surf.fill((0, 0, 0))
    OthelloView(GAME).draw(surf, rect, state, ctx or ViewContext())
    return surf


def centre(sq_name: str, rect=RECT) -> tuple[int, int]:
    return OthelloGeometry(rect).square_center(parse_square(sq_name))


def brightness(c) -> int:
    return c[0] + c[1] + c[2]


def is_black_disc(c) -> bool:
    """Dark and grey (the felt is dark too, but green)."""
    return brightness(c) < 300 and max(c[:3]) - min(c[:3]) < 15


def is_felt(c) -> bool:
    return all(abs(a - b) <= 20 for a, b in zip(c[:3], view_module.FELT, strict=True))


def click(view, state, pos, interactive=True, button=1):
    ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    return view.handle_event(ev, RECT, state, ViewContext(interactive=interactive))


def test_start_position_discs_and_felt():
    surf = render(GAME.initial_state())
    assert is_black_disc(surf.get_at(centre("d5")))
    assert is_black_disc(surf.get_at(centre("e4")))
    assert brightness(surf.get_at(centre("d4"))) > 600  # white disc
    assert brightness(surf.get_at(centre("e5"))) > 600
    assert is_felt(surf.get_at(centre("a1")))
    assert is_felt(surf.get_at(centre("h8")))


def test_legal_move_dots_only_when_interactive():
    state = GAME.initial_state()
    quiet = render(state)
    shown = render(state, ViewContext(interactive=True))
    assert is_felt(quiet.get_at(centre("d3")))
    dot = shown.get_at(centre("d3"))
    assert not is_felt(dot) and dot[1] < view_module.FELT[1] - 20  # a darker green dot
    assert is_felt(shown.get_at(centre("c3")))  # not legal for Black: no dot


def test_click_legal_square_returns_it_illegal_returns_none():
    view = OthelloView(GAME)
    state = GAME.initial_state()
    assert click(view, state, centre("d3")) == 19
    assert click(view, state, centre("f5")) == parse_square("f5")
    assert click(view, state, centre("a1")) is None
    assert click(view, state, centre("d4")) is None  # occupied
    assert click(view, state, centre("d3"), interactive=False) is None
    assert click(view, state, centre("d3"), button=3) is None
    assert click(view, state, (RECT.right - 1, RECT.bottom - 1)) is None  # outside the board


def test_forced_pass_by_clicking_anywhere_on_the_board():
    view = OthelloView(GAME)
    state = GAME.parse_position(MUST_PASS)
    assert state.legal_moves() == (PASS,)
    assert click(view, state, centre("a1")) == PASS
    assert click(view, state, centre("h8")) == PASS
    assert "Black must pass \u2014 click to pass" in view.status_text(state)


def test_status_text_counts_discs():
    view = OthelloView(GAME)
    assert view.status_text(GAME.initial_state()).startswith("Black 2 \u2013 White 2")
    state = play_transcript("f5")
    assert view.status_text(state).startswith("Black 4 \u2013 White 1")
    assert "White to move" in view.status_text(state)


def test_last_move_dot_and_flip_animation():
    before = GAME.initial_state()
    move = parse_square("f5")
    after = before.apply(move)  # flips e5 to black
    geo = OthelloGeometry(RECT)
    done = render(after, ViewContext(last_move=move, previous_state=before, anim_t=1.0))
    red = done.get_at(geo.square_center(move))
    assert red[0] > 150 and red[1] < 90  # the small red last-move mark
    # e5 mid-flip is squashed: a point 35% of a cell right of centre shows felt, not disc.
    side = (geo.square_center(parse_square("e5"))[0] + int(geo.cell * 0.35),
            geo.square_center(parse_square("e5"))[1])
    mid = render(after, ViewContext(last_move=move, previous_state=before, anim_t=0.4))
    assert is_felt(mid.get_at(side))
    assert is_black_disc(done.get_at(side))


def test_move_values_and_hint_ring():
    state = GAME.initial_state()
    values = {19: 1.0, 26: -2.0, 37: 3.5, 44: 0.5}
    geo = OthelloGeometry(RECT)
    surf = render(state, ViewContext(move_values=values, highlight_move=26))
    best = geo.square_rect(37)
    gold = pygame.mask.from_threshold(surf.subsurface(best), view_module.BEST_VALUE, (30, 30, 30, 255))
    assert gold.count() > 20
    other = pygame.mask.from_threshold(
        surf.subsurface(geo.square_rect(19)), view_module.BEST_VALUE, (30, 30, 30, 255)
    )
    assert other.count() == 0
    cx, cy = geo.square_center(26)
    ring = [surf.get_at((cx + dx, cy)) for dx in range(int(geo.cell * 0.36), int(geo.cell * 0.5))]
    assert any(abs(c[2] - view_module.HINT_RING[2]) < 30 and c[0] < 140 for c in ring)
    assert format_value(3.5) == "+3.50" and format_value(-12.0) == "-12" and format_value(2) == "+2"


@pytest.mark.parametrize("size", [(200, 200), (900, 600), (1600, 1000), (90, 400)])
def test_scales_to_any_rect(size):
    rect = pygame.Rect(10, 20, *size)
    geo = OthelloGeometry(rect)
    assert geo.outer.width <= max(80, min(size)) and geo.board.width == geo.cell * 8
    surf = render(GAME.initial_state(), ViewContext(interactive=True), rect)
    assert brightness(surf.get_at(geo.square_center(parse_square("d4")))) > 600
    assert geo.square_at(geo.square_center(19)) == 19


@pytest.mark.parametrize("side", [360, 560, 800])
def test_move_values_are_sized_to_the_square(side):
    """A value's digits were 11 px in a 65 px square: now a third of the square or more, the
    longest label still inside it."""
    from ui import scene_record

    rect = pygame.Rect(0, 0, side, side)
    state = GAME.initial_state()
    values = {19: 1.0, 26: -2.0, 37: 3.5, 44: 0.5}
    labels = {19: "+1.0", 26: "\u22122.0", 37: "+3.5", 44: "+0.5"}
    geo = OthelloGeometry(rect)
    surf = pygame.display.set_mode(rect.size)
    with scene_record.recording(surf) as rec:
        OthelloView(GAME).draw(surf, rect, state, ViewContext(move_values=values,
                                                              value_labels=labels))
    drawn = [t for t in rec.texts if t.shown in labels.values()]
    assert len(drawn) == 4
    for text in drawn:
        assert text.size >= geo.cell * 0.3, (text.size, geo.cell)
        assert text.rect[2] <= geo.cell
