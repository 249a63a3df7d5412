"""Backgammon board view: checker and dice pixels, and whole turns built from synthetic clicks."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from games.backgammon.game import GAME
from games.backgammon.rules import BackgammonState, from_board  # noqa: E402
from games.backgammon.ui import board as view_module  # noqa: E402
from games.backgammon.ui.board import BackgammonView  # noqa: E402
from games.backgammon.ui.geometry import BgGeometry  # noqa: E402
from games.backgammon.ui.turn import Snapshot, TurnBuilder, assign_dice  # noqa: E402
from ui.boards.base import ViewContext  # noqa: E402

RECT = pygame.Rect(0, 0, 900, 600)
PLAY = ViewContext(interactive=True)


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    yield


def render(view, state, ctx=None, rect=RECT) -> pygame.Surface:
    surf = pygame.Surface((rect.right, rect.bottom))
    surf.fill((0, 0, 0))
    view.draw(surf, rect, state, ctx or ViewContext())
    return surf


def close(c1, c2, tol=30) -> bool:
    return all(abs(int(a) - int(b)) <= tol for a, b in zip(c1[:3], c2[:3], strict=True))


def press(view, state, pos, button=1, ctx=PLAY):
    ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    return view.handle_event(ev, RECT, state, ctx)


def click_points(view, state, *points):
    """Click the mover's points in order; the result of the last click."""
    result = None
    for p in points:
        result = press(view, state, view.location_center(RECT, state, p))
    return result


def same_result(state, move, text) -> bool:
    return state.apply(move).key() == state.apply(GAME.parse_move(state, text)).key()


def test_start_checkers_on_both_sides():
    view = BackgammonView(GAME)
    state = BackgammonState(dice=(3, 1))
    surf = render(view, state)
    geo = BgGeometry(RECT)
    white, red = view_module.CHECKER
    # White's 24-point is top-right, Red's 24-point (White's 1) bottom-right; both hold two.
    assert close(surf.get_at(geo.slot(24, 0)), white)
    assert close(surf.get_at(geo.slot(24, 1)), white)
    assert close(surf.get_at(geo.slot(1, 0)), red)
    assert close(surf.get_at(geo.slot(13, 4)), white)  # five on the 13
    assert close(surf.get_at(geo.slot(12, 4)), red)
    assert not close(surf.get_at(geo.slot(24, 2)), white)  # no third checker there
    assert not close(surf.get_at(geo.slot(23, 0)), white)
    assert not close(surf.get_at(geo.slot(23, 0)), red)


def test_dice_pips_for_a_three_one():
    view = BackgammonView(GAME)
    state = BackgammonState(dice=(3, 1))
    surf = render(view, state)
    rects = view.die_rects(RECT, state)
    assert [v for v, _ in view.dice_faces(state)] == [3, 1]
    assert len(rects) == 2 and rects[0].left > BgGeometry(RECT).bar.right  # mover's half
    face, pip = view_module.DIE_FACE[0], view_module.DIE_PIP[0]

    def at(r, gx, gy):
        return surf.get_at((r.x + int(r.width / 4 * (gx + 1)), r.y + int(r.width / 4 * (gy + 1))))

    three, one = rects
    assert close(at(three, 0, 0), pip) and close(at(three, 1, 1), pip) and close(at(three, 2, 2), pip)
    assert close(at(three, 2, 0), face) and close(at(three, 0, 2), face)
    assert close(at(one, 1, 1), pip)
    assert close(at(one, 0, 0), face) and close(at(one, 2, 2), face)


def test_red_dice_on_the_left_and_numbers_follow_the_mover():
    view = BackgammonView(GAME)
    state = BackgammonState(to_move=1, dice=(6, 5))
    surf = render(view, state)
    rects = view.die_rects(RECT, state)
    assert rects[0].right < BgGeometry(RECT).bar.left
    assert close(surf.get_at(rects[0].move(3, 0).midleft), view_module.DIE_FACE[1])
    # Red's 8-point is White's 17: clicking there selects Red's checkers on it.
    assert view.location_center(RECT, state, 8) == BgGeometry(RECT).point_rect(17).center


def test_eight_five_six_five_by_clicks():
    view = BackgammonView(GAME)
    state = BackgammonState(dice=(3, 1))
    assert click_points(view, state, 8) is None
    assert click_points(view, state, 5) is None  # one step played, turn not complete
    assert click_points(view, state, 6) is None
    move = click_points(view, state, 5)
    assert move is not None and same_result(state, move, "8/5 6/5")
    assert move in state.legal_moves()


def test_partial_step_is_shown_on_the_board():
    view = BackgammonView(GAME)
    state = BackgammonState(dice=(3, 1))
    click_points(view, state, 8, 5)
    surf = render(view, state, PLAY)
    geo = BgGeometry(RECT)
    white = view_module.CHECKER[0]
    assert close(surf.get_at(geo.slot(5, 0)), white)  # the checker arrived on the 5
    assert not close(surf.get_at(geo.slot(8, 2)), white)  # and left the 8 (3 -> 2)
    faces = view.dice_faces(state)
    assert faces == [(3, True), (1, False)]


def test_cancel_with_right_click_or_second_click():
    view = BackgammonView(GAME)
    state = BackgammonState(dice=(3, 1))
    click_points(view, state, 8)
    press(view, state, view.location_center(RECT, state, 8), button=3)
    assert click_points(view, state, 5) is None  # no source: nothing happens
    click_points(view, state, 8, 8)  # select and deselect
    assert click_points(view, state, 5) is None
    # Nothing was played: the whole turn still needs two steps.
    assert click_points(view, state, 8, 5, 6) is None
    assert same_result(state, click_points(view, state, 5), "8/5 6/5")


def test_one_checker_two_steps_by_clicking_the_end_point():
    view = BackgammonView(GAME)
    state = BackgammonState(dice=(3, 1))
    move = click_points(view, state, 13, 9)
    assert move is not None and same_result(state, move, "13/9")


def test_die_click_chooses_between_two_destinations():
    view = BackgammonView(GAME)
    state = BackgammonState(dice=(6, 5))
    click_points(view, state, 13)
    dice = view.die_rects(RECT, state)
    assert view.dice_faces(state) == [(6, False), (5, False)]
    assert press(view, state, dice[0].center) is None  # the 6: 13/7
    assert view.dice_faces(state) == [(6, True), (5, False)]
    click_points(view, state, 13)
    move = press(view, state, view.die_rects(RECT, state)[1].center)  # the 5: 13/8
    assert move is not None and same_result(state, move, "13/7 13/8")


def test_used_die_click_does_nothing():
    view = BackgammonView(GAME)
    state = BackgammonState(dice=(6, 5))
    click_points(view, state, 13)
    press(view, state, view.die_rects(RECT, state)[0].center)
    click_points(view, state, 8)
    assert press(view, state, view.die_rects(RECT, state)[0].center) is None  # spent 6
    move = press(view, state, view.die_rects(RECT, state)[1].center)
    assert same_result(state, move, "13/7 8/3")


def test_bar_entry():
    points = [0] * 24
    points[5] = 14  # White: 14 on his 6-point, one on the bar
    points[0] = -15  # Red: all on White's 1-point
    state = from_board(points, bar=(1, 0), to_move=0, dice=(4, 2))
    view = BackgammonView(GAME)
    surf = render(view, state)
    assert close(surf.get_at(BgGeometry(RECT).bar_slot(False, 0)), view_module.CHECKER[0])
    assert click_points(view, state, 6) is None  # must enter first: 6 is not a source
    assert click_points(view, state, 25, 21) is None
    move = click_points(view, state, 6, 4)
    assert same_result(state, move, "bar/21 6/4")


def test_bear_off_by_clicking_the_tray():
    points = [0] * 24
    points[1] = 3  # White: three on his 2-point, twelve off
    points[23] = -15  # Red: all on his own 1-point
    state = from_board(points, to_move=0, dice=(6, 5))
    view = BackgammonView(GAME)
    surf = render(view, state)
    geo = BgGeometry(RECT)
    assert close(surf.get_at(geo.tray_slab(False, 11).center), view_module.CHECKER[0])
    assert not close(surf.get_at(geo.tray_slab(False, 12).center), view_module.CHECKER[0])
    assert click_points(view, state, 2, 0) is None
    move = click_points(view, state, 2, 0)
    assert same_result(state, move, "2/off(2)")
    assert state.apply(move).off == (14, 0)


def test_no_legal_move_click_continues():
    points = [0] * 24
    for i in range(18, 24):
        points[i] = -2  # Red closes White's entry points 19..24
    points[11] = -3
    points[5] = 14
    state = from_board(points, bar=(1, 0), to_move=0, dice=(6, 5))
    assert state.legal_moves() == ((),)
    view = BackgammonView(GAME)
    assert "No legal move \u2014 click to continue" in view.status_text(state)
    assert press(view, state, RECT.center) == ()
    assert press(view, state, RECT.center, ctx=ViewContext(interactive=False)) is None


def test_stack_count_on_a_tall_point():
    points = [0] * 24
    points[5] = 9
    points[0] = -3
    state = from_board(points, to_move=0, dice=(2, 1))
    surf = render(BackgammonView(GAME), state)
    geo = BgGeometry(RECT)
    top = geo.slot(6, 4)
    region = surf.subsurface(pygame.Rect(top[0] - 8, top[1] - 8, 16, 16))
    dark = pygame.mask.from_threshold(region, view_module.DIE_PIP[0], (40, 40, 40, 255))
    assert dark.count() > 5  # the "9" printed on the fifth checker
    lower = surf.subsurface(pygame.Rect(geo.slot(6, 3)[0] - 3, geo.slot(6, 3)[1] - 3, 6, 6))
    assert pygame.mask.from_threshold(lower, view_module.DIE_PIP[0], (40, 40, 40, 255)).count() == 0


def test_highlight_move_arrows_and_values_list():
    view = BackgammonView(GAME)
    state = BackgammonState(dice=(3, 1))
    hint = GAME.parse_move(state, "8/5 6/5")
    plain = render(view, state)
    surf = render(view, state, ViewContext(highlight_move=hint, move_values={hint: 0.12}))

    def hint_pixels(s):
        return pygame.mask.from_threshold(s, view_module.HINT, (12, 12, 12, 255)).count()

    assert hint_pixels(plain) == 0
    assert hint_pixels(surf) > 200
    gold = pygame.mask.from_threshold(
        surf.subsurface(BgGeometry(RECT).left_half), view_module.SELECT, (20, 20, 20, 255)
    )
    assert gold.count() > 20  # the best move's line in the values list


def test_slide_animation_moves_a_checker_between_points():
    view = BackgammonView(GAME)
    before = BackgammonState(dice=(6, 5))
    move = GAME.parse_move(before, "24/18 13/8")
    after = before.apply(move)
    geo = BgGeometry(RECT)
    white = view_module.CHECKER[0]
    start = render(view, after, ViewContext(last_move=move, previous_state=before, anim_t=0.0))
    assert close(start.get_at(geo.slot(24, 1)), white)  # not yet left
    assert not close(start.get_at(geo.slot(18, 0)), white)
    half = render(view, after, ViewContext(last_move=move, previous_state=before, anim_t=0.5))
    assert close(half.get_at(geo.slot(18, 0)), white)  # first step done
    assert close(half.get_at(geo.slot(13, 4)), white)  # second one just starting
    done = render(view, after, ViewContext(last_move=move, previous_state=before, anim_t=1.0))
    assert not close(done.get_at(geo.slot(13, 4)), white)
    assert close(done.get_at(geo.slot(8, 3)), white)


@pytest.mark.parametrize("size", [(300, 200), (900, 600), (1700, 1000), (500, 900)])
def test_scales_to_any_rect(size):
    rect = pygame.Rect(5, 7, *size)
    geo = BgGeometry(rect)
    assert rect.contains(geo.outer) or size[0] < 200
    surf = render(BackgammonView(GAME), BackgammonState(dice=(4, 4)), PLAY, rect)
    assert close(surf.get_at(geo.slot(24, 0)), view_module.CHECKER[0])
    for q in range(1, 25):
        loc = geo.location_at(geo.point_rect(q).center)
        assert loc is not None and (loc.kind, loc.value) == ("point", q)


def test_turn_builder_dice_and_preview():
    assert assign_dice([(4, 0), (6, 0)], [6, 5]) == [5, 6]  # the 4 bears off with the 5
    assert assign_dice([(8, 5)], [3, 1]) == [3]
    assert assign_dice([(8, 6)], [3, 1]) is None
    state = BackgammonState(dice=(3, 1))
    turn = TurnBuilder(0, (3, 1), [((8, 5), (6, 5)), ((6, 5), (8, 5))])
    assert turn.sources() == {8, 6}
    turn.play([(8, 5)])
    assert turn.unused_dice() == [1] and not turn.complete()
    snap = turn.preview(Snapshot.of(state))
    assert snap.count(0, 5) == 1 and snap.count(0, 8) == 2 and snap.pips(0) == 164
    with pytest.raises(ValueError):
        turn.play([(13, 10)])


def test_after_a_step_the_next_click_selects_a_new_source():
    view = BackgammonView(GAME)
    state = BackgammonState(dice=(6, 1))
    click_points(view, state, 13)
    press(view, state, view.die_rects(RECT, state)[0].center)  # 13/7
    assert click_points(view, state, 6) is None  # selects the 6 (not 7/6)
    move = press(view, state, view.die_rects(RECT, state)[1].center)  # 6/5 with the 1
    assert same_result(state, move, "13/7 6/5")


def test_last_move_stays_marked_after_the_next_roll():
    view = BackgammonView(GAME)
    before = BackgammonState(dice=(3, 1))
    move = GAME.parse_move(before, "8/5 6/5")
    after = before.apply(move)  # Red to roll
    rolled = after.apply((6, 5))
    geo = BgGeometry(RECT)
    probe = (geo.column_x(5) + 3, geo.point_rect(5).top + 3)  # felt above the 5-point
    unmarked = render(BackgammonView(GAME), rolled, ViewContext(last_move=(6, 5), previous_state=after))
    render(view, after, ViewContext(last_move=move, previous_state=before))
    marked = render(view, rolled, ViewContext(last_move=(6, 5), previous_state=after))
    assert marked.get_at(probe) != unmarked.get_at(probe)
    moved_on = rolled.apply(rolled.legal_moves()[0])
    again = render(view, moved_on, ViewContext(last_move=(6, 5), previous_state=rolled))
    plain = render(BackgammonView(GAME), moved_on, ViewContext())
    assert again.get_at(probe) == plain.get_at(probe)  # a new board: the old mark is gone


def test_random_clicks_only_ever_return_legal_turns():
    import random

    rng = random.Random(7)
    view = BackgammonView(GAME)
    state = BackgammonState(dice=(3, 1))
    played = 0
    for _ in range(1500):
        if state.current_player() == -1:
            state = state.apply(rng.choice([o for o, _ in state.chance_outcomes()]))
            view.reset_interaction()
            continue
        if state.current_player() not in (0, 1):
            break
        targets = [view.location_center(RECT, state, p) for p in range(26)]
        targets += [r.center for r in view.die_rects(RECT, state)]
        pos = rng.choice(targets) if rng.random() < 0.9 else (rng.randrange(900), rng.randrange(600))
        move = press(view, state, pos, button=1 if rng.random() < 0.95 else 3)
        if move is not None:
            state = state.apply(move)  # raises if the view produced an illegal turn
            played += 1
    assert played >= 5  # random clicks finish a turn only now and then


def test_status_before_a_roll_names_who_rolls():
    view = BackgammonView(GAME)
    start = GAME.initial_state()
    assert view.status_text(start).endswith("\u00b7 opening roll")
    rolled = start.apply(start.chance_outcomes()[0][0])  # the opening roll
    played = rolled.apply(rolled.legal_moves()[0])
    mover = "White" if played.to_move == 0 else "Red"
    assert played.current_player() == -1
    assert view.status_text(played).endswith(f"\u00b7 {mover} to roll")
