"""Monkey test: 20,000 random clicks, keys and resizes over every screen and game, AI on.

Frames are stepped with virtual time and no sleeping; the AI (real searches, clamped to tiny
limits so replies keep coming) runs on the worker thread meanwhile. Nothing may raise, nothing
may reach App.errors, and every game must only ever contain legal moves.
"""

from __future__ import annotations

import dataclasses
import random

import pygame
from test_ui_support import click, key, make_app, replay_is_legal

from ai.api import Limits
from play import setup as play_mod
from ui.scenes.menu import MenuScene
from ui.scenes.play import PlayScene

EVENTS = 20_000
GAMES = ("tictactoe", "nim", "othello", "backgammon", "kalah")
KEYS = [pygame.K_h, pygame.K_u, pygame.K_r, pygame.K_n, pygame.K_v, pygame.K_SPACE, pygame.K_m,
        pygame.K_PLUS, pygame.K_MINUS, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_BACKSPACE,
        pygame.K_TAB, pygame.K_a, pygame.K_1, pygame.K_o, pygame.K_p]
CTRL_KEYS = [pygame.K_c, pygame.K_v, pygame.K_s, pygame.K_o, pygame.K_z, pygame.K_y]


def _fast(config):
    return dataclasses.replace(config, limits=Limits(depth=min(config.limits.depth or 2, 2),
                                                     time_s=0.02))


def test_monkey(tmp_path, monkeypatch):
    real_cfg, real_strong = play_mod.search_config, play_mod.strongest_config
    monkeypatch.setattr(play_mod, "search_config",
                        lambda *a, **k: None if (c := real_cfg(*a, **k)) is None else _fast(c))
    monkeypatch.setattr(play_mod, "strongest_config", lambda *a, **k: _fast(real_strong(*a, **k)))
    app = make_app(tmp_path, monkeypatch, size=(720, 520), ai_delay_s=0.0)
    rng = random.Random(20240611)
    seen_games: set[str] = set()
    games_checked = 0
    try:
        sent = 0
        rotation = 0
        next_rotation = 0
        while sent < EVENTS:
            scene = app.scene
            w, h = app.screen.get_size()
            if sent >= next_rotation:  # make sure every game gets its turn
                next_rotation += 2000
                # Back to the menu from wherever the monkey is: an open dialog, the lab or a
                # file chooser each take an Esc of their own (worker timing varies the path).
                for _ in range(6):
                    if isinstance(app.scene, MenuScene):
                        break
                    if getattr(app.scene, "dialog", None) is not None:
                        app.scene.dialog = None
                    app.step([key(pygame.K_ESCAPE)], 0.05)
                app.scene.dialog = None if isinstance(app.scene, MenuScene) else app.scene.dialog
                if isinstance(app.scene, MenuScene):
                    app.settings.update(game=GAMES[rotation % len(GAMES)])
                    # Backgammon alternates cubeless and money games (doubles in the record).
                    app.settings.update(bg_cube=("off", "on")[rotation // len(GAMES) % 2])
                    app.settings.seats[rng.randrange(2)].kind = "level"
                    rotation += 1
                    app.scene.layout(app.scene.rect)
                    app.step([key(pygame.K_RETURN)], 0.05)
                    if isinstance(app.scene, MenuScene) and app.scene.dialog is not None:
                        app.step([key(pygame.K_y)], 0.05)  # a game waits: leave it, play this
            events = []
            for _ in range(rng.randint(2, 8)):
                r = rng.random()
                targets = [b.rect for b in getattr(scene, "buttons", [])] + [
                    wd.rect for wd in getattr(scene, "widgets", [])]
                if r < 0.40 and isinstance(scene, PlayScene):
                    br = scene.geometry.board_rect
                    events.append(click((rng.randint(br.left, br.right),
                                         rng.randint(br.top, br.bottom)), rng.choice((1, 1, 1, 3))))
                elif r < 0.55 and targets:
                    t = rng.choice(targets)
                    events.append(click((rng.randint(t.left, max(t.left, t.right - 1)),
                                         rng.randint(t.top, max(t.top, t.bottom - 1)))))
                elif r < 0.65:
                    events.append(click((rng.randrange(w), rng.randrange(h)), rng.choice((1, 2, 3))))
                elif r < 0.68:
                    events.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1))))
                elif r < 0.70:
                    events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=(rng.randrange(w),
                                                     rng.randrange(h)), rel=(0, 0), buttons=(0, 0, 0)))
                elif r < 0.88:
                    events.append(key(rng.choice(KEYS)))
                elif r < 0.93:
                    events.append(key(rng.choice(CTRL_KEYS), pygame.KMOD_CTRL))
                elif r < 0.97:
                    events.append(pygame.event.Event(pygame.TEXTINPUT,
                                                     text=rng.choice(["x", "7", ",", " ", "-"])))
                else:
                    size = (rng.randint(500, 1400), rng.randint(400, 1000))
                    events.append(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0],
                                                     h=size[1]))
            sent += len(events)
            app.step(events, 0.05)
            if not app.running:  # the monkey found "Quit": carry on
                app.running = True
            assert app.errors == [], app.errors[0]
            scene = app.scene
            if isinstance(scene, PlayScene):
                seen_games.add(scene.session.game.id)
                if sent % 97 < 8:
                    assert replay_is_legal(scene.session)
                    games_checked += 1
        assert seen_games == set(GAMES)
        assert games_checked > 20
    finally:
        app.close()
