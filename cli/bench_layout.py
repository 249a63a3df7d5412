"""``kibitz bench layout``: every screen looked at, by the program, as a person would.

Each screen (the menu, a game in play with and without the board's values, a finished game, the
keys, settings, the review, the ladder, and every view of the search lab with Fit and step mode)
of every game is opened headless as a player opens it, its work let finish, then drawn at
1280x720 and 1920x1080, in normal and in the lab's presentation mode, with the drawn-scene record
open. ui.layout_check reads each frame: a text cut or drawn over another, off the screen or
too small for a projector, step mode's running line off its panel, a tree hidden after Fit.

The report is a table of findings per screen and size; the tests run the same sweep and hold it
to none. Output: the table, then every finding in words, then one JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ai.kit import game_ai
from game.core import CHANCE, TERMINAL, Move, State
from game.kit import GameKit
from game.registry import all_kits, get_kit
from game.seat import Seat
from game.session import Session

if TYPE_CHECKING:
    from ui.app import App

SIZES = ((1280, 720), (1920, 1080))
MODES = ("normal", "presentation")
#: Longest wait for a screen's own work (a search, a review, a lab view) before it is drawn.
WORK_S = 60.0
#: Step mode is looked at this many steps in (the textbook tree's first MIN-VALUE line).
STEP_AT = 4


@dataclass
class Row:
    """One screen of one game at one size and mode, and what was found on it."""

    screen: str
    game: str
    size: tuple[int, int]
    mode: str
    findings: list[str] = field(default_factory=list)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--screens", default="", metavar="NAMES",
                        help="comma-separated subset of the screens (default: all)")


def finished_state(kit: GameKit, seed: int = 7) -> State | None:
    """A position at the end of a game of random moves (the result screen's subject)."""
    rng = random.Random(seed)
    state = kit.rules().initial_state(**game_ai(kit).speed.ui_options)
    for _ in range(5000):
        if state.current_player() == TERMINAL:
            return state
        state = state.apply(_random_step(state, rng))
    return None


def _random_step(state: State, rng: random.Random) -> Move:
    """A roll drawn by its probability at a chance node, else a move chosen uniformly."""
    if state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        return rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
    return rng.choice(list(state.legal_moves()))


def _settle(app: App, done: Callable[[], bool]) -> None:
    app.run_until(done, timeout_s=WORK_S)


def _press(app: App, *keys: int) -> None:
    import pygame

    for k in keys:
        app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)],
                 0.02)


def _lab_done(app: App) -> bool:
    from ui.lab.scene import LabScene

    scene = app.scene_as(LabScene)
    return bool(getattr(scene, "_shown", True)) and not scene.jobs.busy


def _new_session(kit: GameKit, state: State | None = None, seed: int = 7) -> Session:
    """A game against Master, at a decision: a game of dice starts after its first roll (the
    lab cannot search a position waiting for the dice, and the sweep must see its charts)."""
    options = dict(game_ai(kit).speed.ui_options)
    if state is None:
        state = kit.rules().initial_state(**options)
        rng = random.Random(seed)
        while state.current_player() == CHANCE:
            state = state.apply(_random_step(state, rng))
    return Session(kit, options, (Seat.human(), Seat.ai_level("Master")), start_state=state)


def _ai_first(kit: GameKit) -> Session:
    """A game where Master moves first: the panel then says why it played its move."""
    options = dict(game_ai(kit).speed.ui_options)
    return Session(kit, options, (Seat.ai_level("Master"), Seat.human()))


def _played(kit: GameKit, plies: int = 12, seed: int = 7) -> Session:
    """A game of a dozen random moves (and rolls), for the review to weigh."""
    rng = random.Random(seed)
    session = _new_session(kit)
    for _ in range(plies):
        state = session.current
        if state.current_player() == TERMINAL:
            break
        session.play(_random_step(state, rng))
    return session


def screens(kit: GameKit) -> Iterator[tuple[str, Callable[[App], None]]]:
    """(name, how to open it on an app showing the menu) for every screen of ``kit``."""
    import pygame

    from ui.kit import lab_views
    from ui.lab import lab_scene, teaching_scene
    from ui.scenes.menu import MenuScene
    from ui.scenes.play import PlayScene
    from ui.scenes.review import ReviewScene

    def stepped(app: App) -> None:
        """The lab shown, its recording done, then step mode a few steps in."""
        _settle(app, lambda: _lab_done(app))
        _press(app, pygame.K_s, *[pygame.K_n] * STEP_AT)

    def teaching_stepped(app: App) -> None:
        app.switch(teaching_scene(app, kit))
        stepped(app)

    if not kit.playable:  # a teaching game: its example trees, in the lab only
        yield "lab tree", lambda app: app.switch(teaching_scene(app, kit))
        yield "lab step", teaching_stepped
        return

    def play(app: App, session: Session | None = None) -> None:
        """The play screen on ``session`` (a new game against Master), with the evaluator's
        view in its panel arrived (computed off the window's thread, play.loader)."""
        app.open_play(session or _new_session(kit))
        app.step([], 0.02)
        _settle(app, lambda: not app.scene_as(PlayScene).match.knowledge.belief.pending)

    def play_values(app: App) -> None:
        play(app)
        _press(app, pygame.K_v)
        _settle(app, lambda: app.scene_as(PlayScene).match.knowledge.values_settled())

    def play_ai_moved(app: App) -> None:
        play(app, _ai_first(kit))
        _settle(app, lambda: len(app.scene_as(PlayScene).match.session.history) > 0
                and not app.scene_as(PlayScene).match.jobs.busy
                and not app.scene_as(PlayScene).match.knowledge.belief.pending)

    def play_keys(app: App) -> None:
        play(app)
        _press(app, pygame.K_F1)

    def review(app: App) -> None:
        app.open_review(_played(kit))
        app.step([], 0.02)
        _settle(app, lambda: not app.scene_as(ReviewScene).model.running)

    def ladder(app: App) -> None:
        app.open_ladder(kit)
        app.run_frames(30)

    def lab_stepped(app: App) -> None:
        app.switch(lab_scene(app, _new_session(kit), kit))
        app.step([], 0.02)
        stepped(app)

    def lab_keys(app: App) -> None:
        app.switch(lab_scene(app, _new_session(kit), kit))
        app.step([], 0.02)
        _settle(app, lambda: _lab_done(app))
        _press(app, pygame.K_F1)

    yield "menu", lambda app: None
    yield "program dialog", lambda app: app.scene_as(MenuScene).ask_program(1)
    yield "play", play
    yield "play values", play_values
    end = finished_state(kit)
    if end is not None:
        yield "play result", lambda app: play(app, _new_session(kit, end))
    yield "play ai moved", play_ai_moved
    yield "keys", play_keys
    yield "review", review
    yield "settings", lambda app: app.open_settings()
    yield "ladder", ladder
    for view in ("tree", "compare", "depth", "convergence", *(v.name for v in lab_views(kit))):
        def lab(app: App, view: str = view) -> None:
            app.switch(lab_scene(app, _new_session(kit), kit, view))
            app.step([], 0.02)
            _settle(app, lambda: _lab_done(app))
        yield f"lab {view}", lab
    yield "lab keys", lab_keys
    yield "lab step", lab_stepped


def sweep_game(kit: GameKit, only: set[str] | None = None,
               sizes: tuple[tuple[int, int], ...] = SIZES,
               modes: tuple[str, ...] = MODES) -> list[Row]:
    """Every screen of one game at every size and mode, with its findings."""
    import pygame

    from ui import scene_record
    from ui.app import App
    from ui.layout_check import findings
    from ui.settings import Settings

    rows: list[Row] = []
    for name, open_screen in screens(kit):
        if only and name not in only:
            continue
        settings = Settings.with_values(game=kit.id)
        app = App(sizes[0], settings=settings, persist_settings=False, worker_mode="thread")
        app.seed = 7
        try:
            open_screen(app)
            app.step([], 0.02)
            for size in sizes:
                for mode in modes:
                    app.settings.update(lab_presentation=mode == "presentation")
                    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0],
                                                 h=size[1])], 0.02)
                    if name == "lab tree":  # the pane as Fit leaves it
                        _press(app, pygame.K_f)
                    app.step([], 0.02)
                    with scene_record.recording(app.screen) as record:
                        app.step([], 0.02)
                    found = [str(f) for f in findings(record, mode == "presentation"
                                                      and name.startswith("lab"))]
                    found += [f"error: {e.splitlines()[0]}" for e in app.errors]
                    app.errors.clear()
                    rows.append(Row(name, kit.id, size, mode, found))
        finally:
            app.close()
    return rows


def sweep(games: set[str] | None = None, only: set[str] | None = None) -> list[Row]:
    return [row for kit in all_kits() if games is None or kit.id in games
            for row in sweep_game(kit, only)]


def format_table(rows: list[Row]) -> str:
    sizes = sorted({r.size for r in rows})
    columns = [(s, m) for s in sizes for m in MODES]
    head = "  ".join(f"{w}x{h} {m[:4]:>4}" for (w, h), m in columns)
    lines = [f"{'screen':<16} {'game':<11} {head}"]
    cells: dict[tuple[str, str], dict[tuple[tuple[int, int], str], int]] = {}
    for r in rows:
        cells.setdefault((r.screen, r.game), {})[(r.size, r.mode)] = len(r.findings)
    for (screen, game), counts in cells.items():
        shown = "  ".join(f"{counts.get(c, '-'):>14}" for c in columns)
        lines.append(f"{screen:<16} {game:<11} {shown}")
    total = sum(len(r.findings) for r in rows)
    lines.append(f"{len(rows)} screens drawn, {total} findings")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # drawn off screen, as the tests do
    only = {s.strip() for s in args.screens.split(",") if s.strip()} or None
    games = args.games
    if games is not None:
        games = {get_kit(g).id for g in games}
    rows = sweep(games, only)
    print(format_table(rows))
    for r in rows:
        for f in r.findings:
            print(f"  {r.screen} / {r.game} / {r.size[0]}x{r.size[1]} {r.mode}: {f}")
    print(json.dumps({"screens": len(rows),
                      "findings": sum(len(r.findings) for r in rows)}))
    return 0
