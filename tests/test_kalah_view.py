"""Kalah's board view: drawing, clicks to moves, the sowing animation as data, skipping it,
the words for extra turns and captures, and the play screen's longer animation for it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_ui_support import click, playing, seats  # noqa: E402

from game.core import TERMINAL  # noqa: E402
from game.registry import get_kit  # noqa: E402
from games.kalah.rules import GAME, NORTH, SOUTH, pit_slot, sow, store_slot  # noqa: E402
from games.kalah.ui.board import CAPTURE, WELL, KalahView  # noqa: E402
from games.kalah.ui.geometry import KalahGeometry  # noqa: E402
from games.kalah.ui.sowing import ring_of, shown_counts, sowing_frame, steps  # noqa: E402
from ui.boards.base import BoardView, ViewContext  # noqa: E402
from ui.kit import game_ui  # noqa: E402
from ui.scenes.play import ANIM_S  # noqa: E402

RECT = pygame.Rect(20, 10, 860, 600)
SMALL = pygame.Rect(0, 0, 420, 300)
#: South to move; South's pit 3 (4 seeds) ends in South's store: an extra turn.
EXTRA = ("4,4,4,4,4,4|0|4,4,4,4,4,4|0 S", 2)
#: South's pit 1 drops its seed in the empty pit 2, facing North's pit 5 (5 seeds): 6 captured.
CAPTURED = ("1,0,0,3,0,0|0|0,0,0,0,5,2|0 S", 0)
#: South sows its last seed: South's side is empty, North's 7 seeds go to North's store.
SWEPT = ("0,0,0,0,0,1|20|3,0,4,0,0,0|20 S", 5)
#: 15 seeds from South's pit 2 lap the 13-slot ring (North's store skipped) back past it.
LAPPED = ("0,15,0,0,0,0|0|1,0,0,0,0,0|0 S", 1)


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    yield


def position(text: str, **options):
    return GAME.parse_position(text, **options)


def played_game(seed: int, pits: int = 4, seeds: int = 3) -> list[tuple]:
    """(state, move) for every move of a random game, then (final, None)."""
    rng = random.Random(seed)
    state = GAME.initial_state(pits=pits, seeds=seeds)
    out = []
    while state.current_player() != TERMINAL:
        move = rng.choice(state.legal_moves())
        out.append((state, move))
        state = state.apply(move)
    return [*out, (state, None)]


def render(view, state, ctx=None, rect=RECT) -> pygame.Surface:
    surf = pygame.Surface((rect.right + 20, rect.bottom + 20))
    surf.fill((0, 0, 0))
    view.draw(surf, rect, state, ctx or ViewContext())
    return surf


def press(view, state, pos, ctx=None, button=1):
    ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    return view.handle_event(ev, RECT, state, ctx or ViewContext(interactive=True))


def close(c1, c2, tol=30) -> bool:
    return all(abs(int(a) - int(b)) <= tol for a, b in zip(c1[:3], c2[:3], strict=True))


# ---- drawing ------------------------------------------------------------------------------

def test_the_kit_hands_out_this_view():
    assert game_ui(get_kit("kalah")).view_class is KalahView


@pytest.mark.parametrize("rect", [RECT, SMALL])
def test_every_state_of_a_played_game_draws(rect):
    view = KalahView(GAME)
    history = played_game(1)
    previous = None
    for state, move in history:
        last = previous[1] if previous else None
        prev_state = previous[0] if previous else None
        live = state.current_player() != TERMINAL
        values = {m: float(m - 1) for m in state.legal_moves()} if live else None
        for t in (0.0, 0.4, 0.8, 1.0):
            ctx = ViewContext(last_move=last, previous_state=prev_state, anim_t=t,
                              interactive=live, move_values=values,
                              highlight_move=state.legal_moves()[0] if live else None)
            render(view, state, ctx, rect)
            assert view.status_text(state)
        previous = (state, move)
    assert history[-1][0].current_player() == TERMINAL


def test_layout_is_the_usual_kalah_board():
    """South's pits left to right along the bottom to South's store on the right; North's
    pits right to left along the top to North's store on the left."""
    m = 6
    g = KalahGeometry(RECT, m)
    south = [g.center(pit_slot(m, SOUTH, i)) for i in range(m)]
    north = [g.center(pit_slot(m, NORTH, i)) for i in range(m)]
    assert [x for x, _ in south] == sorted(x for x, _ in south)
    assert [x for x, _ in north] == sorted((x for x, _ in north), reverse=True)
    assert all(sy > ny for (_, sy), (_, ny) in zip(south, north, strict=True))
    for i in range(m):  # North's pit i faces South's pit m-1-i
        assert north[i][0] == south[m - 1 - i][0]
    s_store, n_store = g.center(store_slot(m, SOUTH)), g.center(store_slot(m, NORTH))
    assert s_store[0] > south[-1][0] and n_store[0] < north[-1][0]
    assert RECT.contains(g.board)


def test_stones_show_in_full_pits_and_not_in_empty_ones():
    view = KalahView(GAME)
    state = position("0,5,0,0,0,0|3|0,0,0,0,0,2|0 S")
    surf = render(view, state)
    g = KalahGeometry(RECT, 6)
    assert close(surf.get_at(g.center(pit_slot(6, NORTH, 0))), WELL, 12)  # the bare well
    bare = surf.get_at(g.center(0))  # South's row is lit (South to move)
    assert not close(surf.get_at(g.center(1)), bare, 12)  # the first stone lies mid-well
    assert not close(surf.get_at(g.center(pit_slot(6, NORTH, 5))), WELL, 12)


# ---- clicks -------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["4,4,4,4,4,4|0|4,4,4,4,4,4|0 S", "0,3,0,1,0,9|7|2,0,5,0,1,0|6 N",
                                  "1,0,2|1|0,3,0|2 N"])
def test_a_click_on_a_legal_pit_plays_it_and_nothing_else_does(text):
    view = KalahView(GAME)
    state = position(text)
    m, p = state.size, state.to_move
    g = KalahGeometry(RECT, m)
    for move in range(m):
        got = press(view, state, g.center(pit_slot(m, p, move)))
        assert got == (move if move in state.legal_moves() else None)
        if got is None:
            assert "empty" in view.refusal
        assert press(view, state, g.center(pit_slot(m, 1 - p, move))) is None
        assert "pit" in view.refusal
    for slot in (store_slot(m, 0), store_slot(m, 1)):
        assert press(view, state, g.center(slot)) is None
        assert "store" in view.refusal
    assert press(view, state, (RECT.x + 2, RECT.y + 2)) is None
    assert press(view, state, (RECT.right + 5, RECT.centery)) is None
    legal = g.center(pit_slot(m, p, state.legal_moves()[0]))
    assert press(view, state, legal, ViewContext(interactive=False)) is None
    assert press(view, state, legal, button=3) is None
    assert view.move_at(RECT, state, legal) == state.legal_moves()[0]


def test_keys_do_not_play_pits():
    """No board takes keys for moves (the play screen sends keys to its commands)."""
    view = KalahView(GAME)
    state = GAME.initial_state()
    ev = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0)
    assert view.handle_event(ev, RECT, state, ViewContext(interactive=True)) is None


# ---- the sowing as data -------------------------------------------------------------------

def sowings():
    cases = [sow(position(text), move) for text, move in (EXTRA, CAPTURED, SWEPT, LAPPED)]
    cases.append(sow(position("2,0,0|0|0,0,1|0 S", empty_capture=True), 0))
    for state, move in played_game(5, 6, 4) + played_game(9, 3, 6):
        if move is not None:
            cases.append(sow(state, move))
    return cases


@pytest.mark.parametrize("s", sowings(), ids=lambda s: f"{'SN'[s.player]}{s.pit + 1}")
def test_shown_counts_follow_the_sowing(s):
    m = s.before.size
    start = pit_slot(m, s.player, s.pit)
    emptied = ring_of(s.before)
    emptied[start] = 0
    total = sum(ring_of(s.before))
    assert shown_counts(s, 0.0) == tuple(emptied)
    assert shown_counts(s, 1.0) == tuple(ring_of(s.after))
    n, units = len(s.drops), steps(s)
    for k in range(n):  # just after seed k lands: seeds 0..k are down, in drop order
        expect = list(emptied)
        for slot in s.drops[: k + 1]:
            expect[slot] += 1
        assert shown_counts(s, (k + 1.01) / units) == tuple(expect)
        if k + 1 < n:
            frame = sowing_frame(s, (k + 1.01) / units)
            assert frame.flights[0][:3] == (s.drops[k], s.drops[k + 1], n - k - 1)
    for i in range(101):
        frame = sowing_frame(s, i / 100)
        assert sum(frame.counts) + frame.in_air == total
        assert min(frame.counts) >= 0


def test_a_capture_flashes_its_pits_then_flies_to_the_store():
    s = sow(position(CAPTURED[0]), CAPTURED[1])
    assert s.captured == 6 and len(s.capture_slots) == 2
    n, units = len(s.drops), steps(s)
    flashing = sowing_frame(s, (n + 0.25) / units)
    assert set(flashing.flashing) == set(s.capture_slots)
    flying = sowing_frame(s, (n + 0.75) / units)
    assert {f[0] for f in flying.flights} == set(s.capture_slots)
    assert {f[1] for f in flying.flights} == {store_slot(6, SOUTH)}
    assert flying.in_air == 6


def test_a_capture_that_ends_the_game_then_sweeps():
    s = sow(position("1,0,0,0,0,0|0|0,0,0,0,5,2|0 S"), 0)
    assert s.captured == 6 and s.swept
    n, units = len(s.drops), steps(s)
    north_6 = pit_slot(6, NORTH, 5)
    assert sowing_frame(s, (n + 1.25) / units).flashing == (north_6,)
    flying = sowing_frame(s, (n + 1.75) / units)
    assert [f[:3] for f in flying.flights] == [(north_6, store_slot(6, NORTH), 2)]
    assert shown_counts(s, (n + 2.01) / units) == tuple(ring_of(s.after))


# ---- skipping, and what the finished move says --------------------------------------------

def moved(case, t):
    before = position(case[0])
    after = before.apply(case[1])
    return after, ViewContext(last_move=case[1], previous_state=before, anim_t=t,
                              interactive=after.current_player() != TERMINAL)


def test_a_click_during_the_sowing_ends_it_and_is_not_a_move():
    view = KalahView(GAME)
    after, ctx = moved(EXTRA, 0.3)  # South moves again: the board is live during the sowing
    assert view.animating(after, ctx) is not None
    pit = KalahGeometry(RECT, 6).center(pit_slot(6, SOUTH, 0))
    mid = render(view, after, ctx)
    assert press(view, after, pit, ctx) is None
    assert view.animating(after, ctx) is None
    skipped = render(view, after, ctx)
    done = render(KalahView(GAME), after, moved(EXTRA, 1.0)[1])
    assert pygame.image.tobytes(skipped, "RGB") == pygame.image.tobytes(done, "RGB")
    assert pygame.image.tobytes(mid, "RGB") != pygame.image.tobytes(done, "RGB")
    assert press(view, after, pit, ctx) == 0  # the next click plays
    view.reset_interaction()  # a new position: its own sowing shows again
    assert view.animating(after, ctx) is not None
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)
    assert view.handle_event(key, RECT, after, ctx) is None
    assert view.animating(after, ctx) is None


def test_the_extra_turn_is_said_once_the_sowing_is_done():
    view = KalahView(GAME)
    after, ctx = moved(EXTRA, 0.5)
    render(view, after, ctx)
    assert view.status_text(after) == "South sows pit 3… (click to skip)"
    render(view, after, ViewContext(last_move=ctx.last_move, previous_state=ctx.previous_state,
                                    anim_t=0.5, interactive=False))
    assert view.status_text(after) == "South sows pit 3…"  # a click would not reach the board
    after, ctx = moved(EXTRA, 1.0)
    render(view, after, ctx)
    assert "Extra turn: South moves again" in view.status_text(after)
    assert view.record_text(position(EXTRA[0]), EXTRA[1]) == "3+"
    render(view, after)  # the same position without its move: nothing to say
    assert "Extra turn" not in view.status_text(after)


def test_a_capture_is_said_and_its_pits_outlined():
    view = KalahView(GAME)
    after, ctx = moved(CAPTURED, 1.0)
    surf = render(view, after, ctx)
    assert "South captures 6" in view.status_text(after)
    assert view.record_text(position(CAPTURED[0]), CAPTURED[1]) == "1×6"
    g = KalahGeometry(RECT, 6)
    for slot in (pit_slot(6, SOUTH, 1), pit_slot(6, NORTH, 4)):
        x, y = g.center(slot)
        ring = [surf.get_at((x + round(g.well_r) + d, y)) for d in range(1, 6)]
        assert any(close(c, CAPTURE) for c in ring), slot
    quiet = render(KalahView(GAME), after)
    x, y = g.center(pit_slot(6, NORTH, 4))
    assert not any(close(quiet.get_at((x + round(g.well_r) + d, y)), CAPTURE)
                   for d in range(1, 6))


def test_the_sweep_is_said():
    view = KalahView(GAME)
    after, ctx = moved(SWEPT, 1.0)
    assert after.current_player() == TERMINAL and after.stores == (21, 27)
    render(view, after, ctx)
    assert "Game over" in view.status_text(after) and "Extra turn" not in view.status_text(after)


def test_the_record_caption_explains_the_marks():
    view = KalahView(GAME)
    start = GAME.initial_state()
    assert view.record_caption(start, []) == ""
    assert "extra turn" in view.record_caption(start, [2])


# ---- the play screen gives Kalah's sowing its time ----------------------------------------

def test_the_play_screen_uses_the_views_animation_time(tmp_path, monkeypatch):
    assert BoardView.animation_s is None and KalahView.animation_s > ANIM_S
    with playing(tmp_path, monkeypatch, game="kalah", seats=seats("human", "human"),
                 kalah_pits=6, kalah_seeds=4) as (app, scene):
        assert scene.match.pace().animation_s == KalahView.animation_s
        g = KalahGeometry(scene.geometry.board_rect, 6)
        app.step([click(g.center(pit_slot(6, SOUTH, 0)))], 0.02)  # pit 1: North's turn next
        assert scene.session.ply == 1 and scene.anim.length == KalahView.animation_s
        north_pit = g.center(pit_slot(6, NORTH, 0))
        app.step([click(north_pit)], 0.02)  # during the sowing: ends it, plays nothing
        assert scene.session.ply == 1 and scene.anim.t(app.now) < 1.0
        assert scene.view.animating(scene.session.current, scene.context()) is None
        app.step([click(north_pit)], 0.02)
        assert scene.session.ply == 2
        assert app.errors == []
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):
        assert scene.match.pace().animation_s == ANIM_S


def test_move_values_leave_the_seeds_of_the_movers_pits_in_view():
    """The values (V) sit outside the board, on the mover's pit-number line: a box over a
    pit hid the seeds in it."""
    from ui import scene_record

    state = position("4,4,4,4,4,4|0|4,4,4,4,4,4|0 S")
    values = {move: float(move) - 2.0 for move in state.legal_moves()}
    labels = {move: f"{value:+.0f}" for move, value in values.items()}
    ctx = ViewContext(move_values=values, value_labels=labels, interactive=True)
    surf = pygame.display.set_mode((RECT.right, RECT.bottom))
    with scene_record.recording(surf) as rec:
        KalahView(GAME).draw(surf, RECT, state, ctx)
    g = KalahGeometry(RECT, 6)
    wells = [pygame.Rect(0, 0, 2 * round(g.well_r), 2 * round(g.well_r)) for _ in range(14)]
    for slot, well in enumerate(wells):
        well.center = g.center(slot)
    shown = [t for t in rec.texts if t.shown in set(labels.values())]
    assert len(shown) == len(values)
    for text in shown:
        assert g.board.bottom <= text.box.top and text.box.collidelist(wells) == -1, text
