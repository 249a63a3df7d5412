"""``bench ui``'s first-time rows: the frames a window draws while something heavy is met for
the first time in its life (a learned evaluator, its tables, numpy).

Each row runs in a fresh interpreter (a spawned process), so nothing is loaded before the
window asks for it, as in a player's new window:

- **first panel**, for each game whose side panel shows an evaluator's view without a search
  (backgammon's network): AI against AI at the weakest level, no pause, for a few seconds;
- **lab level switch**, on the lab's subject game (Othello): the lab opened from a game against
  the weakest level, then V through every level, and again (the first switch to a level with a
  learned evaluation names it: Othello's Master, its learned tables).

A row prints the frames drawn, the busiest frame (the time the loop spent on a frame beyond its
sleep) and, for the panel, how long the network's view took to arrive; the target is no frame
over 50 ms.
"""

from __future__ import annotations

import multiprocessing
import os
import tempfile
import time
from typing import TYPE_CHECKING

from ai.kit import game_ai
from cli.bench_idle import lab_subject
from game.jsontypes import JSONObject, JSONValue
from game.kit import GameKit
from game.registry import get_kit, playable_kits

if TYPE_CHECKING:
    from multiprocessing.queues import Queue

    import pygame

    from ui.app import App

#: No frame of a first-time row may be busier than this (milliseconds).
FRAME_TARGET_MS = 50.0
#: How long the backgammon game is watched (seconds): a dozen positions at Beginner's pace.
PANEL_S = 6.0


def first_rows() -> list[JSONObject]:
    """Each first-time row, measured in its own fresh process (a RuntimeError if one fails)."""
    from ui.kit import game_ui  # the window's modules: only when this runs (no pygame at start)

    context = multiprocessing.get_context("spawn")
    rows: list[JSONObject] = []
    subjects = [(f"first {kit.title} panel", "panel", kit.id) for kit in playable_kits()
                if game_ui(kit).belief_lines is not None]
    subjects.append((f"{lab_subject().title} lab level switch", "lab", lab_subject().id))
    for name, kind, game_id in subjects:
        answers: Queue[JSONObject] = context.Queue()
        process = context.Process(target=_measure, args=(name, kind, game_id, answers))
        process.start()  # not a pool's: its window starts a search worker of its own
        try:
            row = answers.get(timeout=180)
        finally:
            process.join(10)
        if "error" in row:
            raise RuntimeError(f"{name}: {row['error']}")
        rows.append(row)
    return rows


def print_first(rows: list[JSONObject]) -> None:
    print()
    print("first time in a fresh window (a learned evaluator met for the first time):")
    for row in rows:
        extra = (f", the evaluator's view on screen at most {row['belief_ms']:.0f} ms after "
                 "it was asked"
                 if row.get("belief_ms") is not None else "")
        print(f"  {row['where']:>26}: {row['frames']} frames, busiest {row['frame_ms_max']:.1f}"
              f" ms, median {row['frame_ms_median']:.1f} ms{extra}")
    print(f"target: no frame over {FRAME_TARGET_MS:g} ms")


def _measure(name: str, kind: str, game_id: str, answers: Queue[JSONObject]) -> None:
    """One row in this fresh process (spawned: the game comes as its id)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["KIBITZ_CONFIG_DIR"] = tempfile.mkdtemp(prefix="kibitz-bench-")
    try:
        measure = _first_panel if kind == "panel" else _lab_level_switch
        answers.put(measure(name, get_kit(game_id)))
    except Exception as exc:  # noqa: BLE001 - the parent reports it in one line
        answers.put({"error": f"{type(exc).__name__}: {exc}"})


def _frame(app: App, events: list[pygame.event.Event] | None = None) -> float:
    """One frame of the real app; the milliseconds it was busy (beyond its pacing sleep)."""
    start = time.perf_counter()
    app.step(events or [])
    return max(0.0, (time.perf_counter() - start) * 1000 - app.sleep_ms)


def _row(name: str, busy: list[float], **more: JSONValue) -> JSONObject:
    ordered = sorted(busy)
    return {"where": name, "frames": len(busy), "frame_ms_max": ordered[-1],
            "frame_ms_median": ordered[len(ordered) // 2], **more}


def _weakest(kit: GameKit) -> str:
    return game_ai(kit).levels[0].name


def _first_panel(name: str, kit: GameKit) -> JSONObject:
    from ui.app import App  # the window's modules: in the fresh process only
    from ui.scenes.menu import MenuScene
    from ui.scenes.play import PlayScene
    from ui.settings import SeatSetting, Settings

    seats = [SeatSetting("level", _weakest(kit)), SeatSetting("level", _weakest(kit))]
    settings = Settings(game=kit.id, seats=seats, ai_delay_s=0.0)
    app = App((1280, 720), settings=settings, persist_settings=False)
    try:
        app.scene_as(MenuScene).start()
        belief = app.scene_as(PlayScene).match.knowledge.belief
        busy: list[float] = []
        waits: list[float] = []  # from a view asked for to the first frame that has it
        asked = None
        stop = time.perf_counter() + PANEL_S
        while time.perf_counter() < stop:
            busy.append(_frame(app))
            if asked is None and belief.pending:
                asked = time.perf_counter()
            elif asked is not None and not belief.pending:
                waits.append((time.perf_counter() - asked) * 1000)
                asked = None
        if app.errors:
            raise RuntimeError(app.errors[0].splitlines()[0])
        return _row(name, busy, belief_ms=max(waits, default=None),
                    plies=app.scene_as(PlayScene).session.ply)
    finally:
        app.close()


def _lab_level_switch(name: str, kit: GameKit) -> JSONObject:
    import pygame  # the window's modules: in the fresh process only

    from game.seat import Seat
    from game.session import Session
    from ui.app import App
    from ui.lab import lab_scene
    from ui.settings import Settings

    app = App((1280, 720), settings=Settings(), persist_settings=False)
    try:
        session = Session(kit, {}, (Seat.human(), Seat.ai_level(_weakest(kit))))
        scene = lab_scene(app, session, kit, "tree")
        app.switch(scene)
        for _ in range(30):  # the lab's first frames and its first recording under way
            _frame(app)
        busy: list[float] = []
        press = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0)
        for _ in range(2 * len(scene.levels)):
            busy.append(_frame(app, [press]))
            busy += [_frame(app) for _ in range(10)]
        if app.errors:
            raise RuntimeError(app.errors[0].splitlines()[0])
        return _row(name, busy, switches=2 * len(scene.levels))
    finally:
        app.close()
