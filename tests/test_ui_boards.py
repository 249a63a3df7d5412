"""Screenshot tests: tic-tac-toe and Nim boards rendered to a Surface, pixels checked."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.registry import get_game, get_kit  # noqa: E402
from games.nim.ui.board import NimView, heaps_of  # noqa: E402
from games.tictactoe.ui.board import TicTacToeView  # noqa: E402
from ui import theme  # noqa: E402
from ui.boards.base import ViewContext  # noqa: E402
from ui.kit import game_ui, make_view  # noqa: E402

RECT = pygame.Rect(0, 0, 600, 480)


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    yield


def render(view, state, ctx=None) -> pygame.Surface:
    surf = pygame.Surface(RECT.size)
    surf.fill((0, 0, 0))
    view.draw(surf, RECT, state, ctx or ViewContext())
    return surf


def close(c1, c2, tol=40) -> bool:
    return all(abs(int(a) - int(b)) <= tol for a, b in zip(c1[:3], c2[:3], strict=True))


def test_tictactoe_marks_and_empty_cells():
    game = get_game("tictactoe")
    view = TicTacToeView(game)
    state = game.parse_position("X---O---- X", )
    surf = render(view, state)
    x_cell = TicTacToeView.cell_rect(RECT, 0)
    o_cell = TicTacToeView.cell_rect(RECT, 4)
    # the X's centre is where its two strokes cross
    assert close(surf.get_at(x_cell.center), theme.color("mark_x"))
    # the O is a ring: its colour on the ring, board colour in the middle
    ring = (o_cell.centerx + int(o_cell.width * 0.30 * 1.08) - 3, o_cell.centery)
    assert close(surf.get_at(ring), theme.color("mark_o"))
    assert close(surf.get_at(o_cell.center), theme.color("board"), 8)
    empty = TicTacToeView.cell_rect(RECT, 8)
    assert close(surf.get_at(empty.center), theme.color("board"), 8)


def test_tictactoe_click_maps_to_the_square():
    game = get_game("tictactoe")
    view = TicTacToeView(game)
    state = game.initial_state()
    ctx = ViewContext(interactive=True)
    for sq in range(9):
        ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=TicTacToeView.cell_rect(RECT, sq).center,
                                button=1)
        assert view.handle_event(ev, RECT, state, ctx) == sq
    taken = game.parse_position("X-------- O")
    ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=TicTacToeView.cell_rect(RECT, 0).center,
                            button=1)
    assert view.handle_event(ev, RECT, taken, ctx) is None
    assert view.handle_event(ev, RECT, state, ViewContext(interactive=False)) is None


def test_tictactoe_last_move_and_hint_are_marked():
    game = get_game("tictactoe")
    view = TicTacToeView(game)
    state = game.parse_position("----X---- O")
    surf = render(view, state, ViewContext(last_move=4, highlight_move=0))
    last = TicTacToeView.cell_rect(RECT, 4).inflate(-8, -8)
    hint = TicTacToeView.cell_rect(RECT, 0)
    # last move: an accent outline near the cell's edge
    edge = [surf.get_at((last.centerx, y)) for y in range(last.y, last.y + 12)]
    assert any(close(c, theme.color("last_move")) for c in edge)
    edge = [surf.get_at((hint.centerx, y)) for y in range(hint.y, hint.y + 20)]
    assert any(close(c, theme.color("hint")) for c in edge)


def test_nim_coins_present_and_absent():
    game = get_game("nim")
    view = NimView(game)
    state = game.parse_position("3,0,5 1", max_take=None)
    heaps = heaps_of(game, state)
    assert heaps == [3, 0, 5]
    surf = render(view, state)
    coin = theme.color("coin")
    top_of_first = view.coin_rect(RECT, heaps, 0, 2)
    assert close(surf.get_at(top_of_first.center), coin)
    above_first = view.coin_rect(RECT, heaps, 0, 3)  # no 4th coin on heap 1
    assert not close(surf.get_at(above_first.center), coin)
    empty_heap = view.coin_rect(RECT, heaps, 1, 0)
    assert not close(surf.get_at(empty_heap.center), coin)
    assert close(surf.get_at(view.coin_rect(RECT, heaps, 2, 4).center), coin)


def test_nim_taken_coins_leave_a_ghost_outline():
    game = get_game("nim")
    view = NimView(game)
    before = game.parse_position("3,4 1", max_take=None)
    after = before.apply((1, 2))
    heaps = heaps_of(game, after)
    surf = render(view, after, ViewContext(last_move=(1, 2), previous_state=before, anim_t=1.0))
    ghost = view.coin_rect(RECT, heaps, 1, 3)
    assert not close(surf.get_at(ghost.center), theme.color("coin"))
    outline = [surf.get_at((ghost.centerx, y)) for y in range(ghost.y - 2, ghost.y + 4)]
    assert any(close(c, theme.color("last_move"), 60) for c in outline)


def test_nim_clicks_take_within_the_limit():
    game = get_game("nim")
    view = NimView(game)
    state = game.parse_position("5,2 1", max_take=3)
    heaps = heaps_of(game, state)
    ctx = ViewContext(interactive=True)

    def click(heap, k):
        pos = view.coin_rect(RECT, heaps, heap, k).center
        ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        return view.handle_event(ev, RECT, state, ctx)

    assert click(0, 4) == (0, 1)  # the top coin
    assert click(0, 2) == (0, 3)  # three coins: the limit
    assert click(0, 1) is None  # four would break the take-1-to-3 rule
    assert click(1, 0) == (1, 2)


def test_grundy_click_splits_between_coins():
    game = get_game("nim")
    view = NimView(game)
    state = game.parse_position("7 1", variant="grundy")
    heaps = heaps_of(game, state)
    ctx = ViewContext(interactive=True)
    g = view.geometry(RECT, heaps)
    cx = int(RECT.x + 0.5 * g["col_w"])

    def click_gap(split):
        y = int(g["base_y"] - split * g["coin_h"])
        ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(cx, y), button=1)
        return view.handle_event(ev, RECT, state, ctx)

    assert click_gap(3) == (0, 3)
    assert click_gap(5) == (0, 2)  # 5 + 2: the smaller part names the split
    assert click_gap(0) is None


def test_registry_knows_every_game():
    assert game_ui(get_kit("tictactoe")).view_class is TicTacToeView
    assert game_ui(get_kit("nim")).view_class is NimView
    for gid in ("othello", "backgammon"):
        assert make_view(get_kit(gid)).game is get_game(gid)
    with pytest.raises(ValueError):
        game_ui(get_kit("classroom"))  # a teaching game: no board view


def test_scores_read_like_a_person_would_say_them():
    from ui.widgets import format_score

    assert format_score(9997) == "win in 3"
    assert format_score(-9996, short=True) == "L4"
    assert format_score(0) == "0"
    assert format_score(-1.0) == "-1"
    assert format_score(0.456) == "+0.46"
    assert format_score(None) == "—"
