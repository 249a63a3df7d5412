"""The idle figures of ``bench ui``: how much of a core the window uses when nothing moves, on
the start screen, a game waiting for the human, and every lab view once its work is done."""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING

from ai.kit import game_ai
from game.jsontypes import JSONObject
from game.kit import GameKit
from game.registry import all_kits, playable_kits
from game.seat import Seat
from game.session import Session

if TYPE_CHECKING:
    from ui.app import App
    from ui.lab.scene import LabScene

#: The lab's own views measured idle (tab, what it shows) on the lab subject's start.
LAB_OWN_VIEWS = {"tree": "the recorded tree", "compare": "every algorithm's bars",
                 "depth": "the depth chart"}
#: Longest wait for a lab view's own work (recording, comparison, depths) before measuring.
LAB_WORK_S = 90.0


def cpu_s(pid: int | None = None) -> float:
    """CPU seconds used so far by this process (all threads), or by ``pid`` where /proc
    tells (the worker process on Linux); 0.0 when it cannot be read."""
    if pid is None:
        return time.process_time()
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def lab_subject() -> GameKit:
    """The game whose start the lab's own views and the idle play screen are measured on."""
    return next(k for k in playable_kits() if game_ai(k).speed.ui_lab_subject)


def lab_views() -> dict[str, tuple[GameKit, str, str]]:
    """The lab views measured idle: name -> (game, tab, what it shows), on the position
    ``open_lab`` opens for it: the lab's own views on the lab subject, each game's own views,
    and step mode (the tree view with the stepper on, a few steps in) on a teaching tree."""
    from ui.kit import lab_views as own_views  # the window's modules: when this runs

    subject = lab_subject()
    views = {name: (subject, name, f"{subject.title} start, {what}")
             for name, what in LAB_OWN_VIEWS.items()}
    for kit in playable_kits():
        for view in own_views(kit):
            views[view.name] = (kit, view.name, f"{kit.title}, {view.tab.lower()}")
    teaching = next(k for k in all_kits() if not k.playable)
    first = next(iter(teaching.examples().values()))
    views["step"] = (teaching, "tree", f"{first.name} in step mode, 5 steps in")
    return views


def left_alone(app: App, seconds: float) -> dict[str, float]:
    """A second of frames to settle (first frames, caches), then ``seconds`` of the real
    loop with nothing happening: the UI's and the worker's share of a core, frames drawn."""
    settle = time.perf_counter() + 1.0
    app.run_loop(until=lambda: time.perf_counter() > settle)
    proc = getattr(app._worker, "_proc", None)
    pid = proc.pid if proc is not None else None
    frames0, wall0, cpu0 = app.drawn_frames, time.perf_counter(), cpu_s()
    worker0 = cpu_s(pid) if pid else 0.0
    stop = wall0 + seconds
    app.run_loop(until=lambda: time.perf_counter() > stop)
    wall = time.perf_counter() - wall0
    return {"seconds": wall, "ui_cpu_pct": 100 * (cpu_s() - cpu0) / wall,
            "worker_cpu_pct": 100 * (cpu_s(pid) - worker0) / wall if pid else 0.0,
            "frames_per_s": (app.drawn_frames - frames0) / wall}


def open_lab(app: App, view: str) -> LabScene:
    """The lab scene of ``view`` (``lab_views``) switched to, as a player would open it: from
    a game against Master (so the lab shows Master's search), or the menu's teaching trees."""
    # the window's modules: only when this runs (no pygame at start)
    from ui.lab import lab_scene, teaching_scene

    kit, tab, _ = lab_views()[view]
    if not kit.playable:
        scene = teaching_scene(app, kit)
    else:
        options = dict(game_ai(kit).speed.ui_options)
        session = Session(kit, options, (Seat.human(), Seat.ai_level("Master")))
        scene = lab_scene(app, session, kit, tab)
    app.switch(scene)
    return scene


def lab_idle(view: str, mode: str, seconds: float) -> JSONObject:
    """CPU share of the real loop on a lab view whose work has finished: the view is opened,
    its search runs to the end through the real loop, then the window is left alone."""
    # the window's modules: only when this runs (no pygame at start)
    import pygame

    from ui.app import App
    from ui.settings import Settings

    app = App((1280, 720), settings=Settings(), persist_settings=False, worker_mode=mode)
    try:
        scene = open_lab(app, view)
        give_up = time.perf_counter() + LAB_WORK_S

        def settled() -> bool:
            return (scene._shown and not scene.jobs.busy) or time.perf_counter() > give_up

        app.run_loop(until=settled)
        unfinished = scene.jobs.busy
        if view == "step":
            keys = [pygame.K_s] + [pygame.K_n] * 5
            app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0) for k in keys])
        figures = left_alone(app, seconds)
        if app.errors:
            raise RuntimeError(f"lab {view}: {app.errors[0].splitlines()[0]}")
        return {"where": f"lab {view}", "worker": mode, **figures,
                "work_unfinished": unfinished}
    finally:
        app.close()


def print_idle(rows: list[JSONObject]) -> None:
    for row in rows:
        note = "  (its work was still running)" if row.get("work_unfinished") else ""
        print(f"  {row['where']:>12}: UI {row['ui_cpu_pct']:.1f}%  worker "
              f"{row['worker_cpu_pct']:.1f}%  {row['frames_per_s']:.1f} frames/s "
              f"over {row['seconds']:.1f} s{note}")
