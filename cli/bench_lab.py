"""``kibitz bench lab``: does the tree explorer keep 60 fps while panning and zooming a
20,000-node tree?

Records a real search of 20,000 nodes (plain minimax on tic-tac-toe to depth 6, cut at the
node budget), opens it in the lab's tree explorer with every node expanded, and drags the
picture across the window at three zooms: labels on (the reading zoom), small shapes, and the
whole tree fitted into the window. Then it turns the mouse wheel: gestures of five wheel steps
(one every third frame) in and out around the mouse, from the whole tree to the labels and
back, counting every frame, the ones that draw the sharp picture after a gesture included.
Each run lasts a third of ``--seconds`` (pan) or as long (zoom). Frames run through the real
app loop at 60 fps (SDL dummy driver). Output: a table, then one JSON line (the last line).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from typing import TYPE_CHECKING

from ai.api import Limits, Refinements, SearchConfig
from ai.kit import game_ai
from ai.lab.record import record_search
from ai.lab.recording import SearchRecording
from cli.answers import figure
from game.jsontypes import JSONObject, JSONValue
from game.kit import GameKit
from game.registry import playable_kits

if TYPE_CHECKING:
    import pygame

    from ui.app import App
    from ui.lab.treeview import TreeView

TARGETS = {"frame_ms_median": 17.0, "frame_ms_p99": 25.0}
NODES = 20_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """`bench lab` reuses `bench`'s --seconds (length of each zoom's run)."""


def _pct(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))] if s else 0.0


class _FrameClock:
    """Steps the app one frame at a time and keeps each frame's period and busy time (the
    frame minus the loop's sleep), so every benchmark reports the same figures."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.periods: list[float] = []
        self.busy: list[float] = []
        self.last = time.perf_counter()

    def step(self, events: list[pygame.event.Event]) -> None:
        t0 = time.perf_counter()
        self.app.step(events)
        t1 = time.perf_counter()
        self.busy.append(max(0.0, (t1 - t0) * 1000 - self.app.sleep_ms))
        self.periods.append((t1 - self.last) * 1000)
        self.last = t1
        if self.app.errors:
            raise RuntimeError(self.app.errors[0].splitlines()[0])

    def summary(self) -> dict[str, float]:
        """The first period runs from before the loop started, so it is left out."""
        periods, busy = self.periods, self.busy
        return {
            "frames": len(periods),
            "frame_ms_median": statistics.median(periods[1:]) if len(periods) > 1 else 0.0,
            "frame_ms_p99": _pct(periods[1:], 99),
            "busy_ms_median": statistics.median(busy) if busy else 0.0,
            "busy_ms_p99": _pct(busy, 99),
        }


def tree_kit() -> GameKit:
    """The game whose kit names the depth of the big tree."""
    return next(k for k in playable_kits() if game_ai(k).speed.lab_tree_depth is not None)


def big_recording() -> SearchRecording:
    """The first 20,000 nodes of a plain minimax tree (the game whose kit names its depth)."""
    kit = tree_kit()
    depth = game_ai(kit).speed.lab_tree_depth
    state = kit.rules().initial_state()
    config = SearchConfig(kit.id, "minimax", Limits(depth=depth),
                          Refinements(tt=False, ordering=False), exact=False)
    return record_search(state, config, NODES)


def _pan(app: App, view: TreeView, seconds: float, speed_px: int) -> dict[str, float]:
    # the window's modules: only when this runs (no pygame at start)
    import pygame

    x, y = view.camera.rect.center
    direction = -1
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1)])
    clock = _FrameClock(app)
    start = clock.last
    travelled = 0
    while time.perf_counter() - start < seconds:
        if travelled > view.camera.rect.width * 3:
            direction, travelled = -direction, 0
        nx = x + direction * speed_px
        if view.camera.rect.inflate(-20, -20).collidepoint(nx, y):
            events = [pygame.event.Event(pygame.MOUSEMOTION, pos=(nx, y), rel=(nx - x, 0),
                                         buttons=(1, 0, 0))]
            x = nx
            travelled += speed_px
        else:  # the mouse reached the edge: let go and grab the picture again mid-window
            events = [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1),
                      pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=view.camera.rect.center,
                                         button=1)]
            x, y = view.camera.rect.center
        clock.step(events)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1)])
    return clock.summary()


def _zoom_gestures(app: App, view: TreeView, seconds: float) -> dict[str, float]:
    """Wheel gestures around the window's centre: five steps in, a rest, five steps out, a
    rest, ...; the frames after each gesture draw the sharp tiles again."""
    # the window's modules: only when this runs (no pygame at start)
    import pygame

    centre = view.camera.rect.center
    pygame.mouse.set_pos(centre)
    pygame.event.pump()
    clock = _FrameClock(app)
    start = clock.last
    frame = 0
    steps = 0
    direction = 1
    while time.perf_counter() - start < seconds:
        phase = frame % 40  # 5 steps on frames 0, 3, ..., 12; then 27 frames at rest
        events = []
        if phase <= 12 and phase % 3 == 0:
            events = [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=direction, flipped=False)]
            steps += 1
        elif phase == 39:
            direction = -direction
        clock.step(events)
        frame += 1
    summary = clock.summary()
    return {"frames": summary.pop("frames"), "wheel_steps": steps, **summary}


def measure(seconds: float) -> tuple[SearchRecording, list[JSONObject], JSONObject]:
    """(the recording, one row per pan zoom, the wheel-zoom row): frames of the tree explorer
    on a fully open 20,000-node recording (also run by ``bench ui``)."""
    per_zoom = max(0.3, seconds / 3)
    rec = big_recording()

    # the window's modules: only when this runs (no pygame at start)
    from ui.app import App
    from ui.lab import lab_scene
    from ui.lab.tree_pane import TreePane
    from ui.settings import Settings

    app = App((1280, 800), settings=Settings(), persist_settings=False, worker_mode="thread")
    try:
        root = rec.nodes[0].state
        if root is None:
            raise RuntimeError("the recording kept no root position")
        scene = lab_scene(app, root, tree_kit(), "tree")
        app.switch(scene)
        pane = scene.pane()
        if not isinstance(pane, TreePane):
            raise TypeError(f"the lab's tree view shows a {type(pane).__name__}")
        pane.take(rec)
        view = pane.view
        if view is None:
            raise RuntimeError("the tree pane took the recording but shows no tree")
        view.expand_all()
        rows: list[JSONObject] = []
        for name, setup in (("labels (64 px a slot)", lambda: _zoom(view, 64.0)),
                            ("shapes (6 px a slot)", lambda: _zoom(view, 6.0)),
                            ("whole tree fitted", view.fit)):
            setup()
            app.run_frames(2)
            row: JSONObject = {"zoom": name, "visible_nodes": len(view.shape.layout.x),
                   **_pan(app, view, per_zoom, 14)}
            rows.append(row)
        _zoom(view, 8.0)
        app.run_frames(2)
        zoom_row: JSONObject = {"zoom": "wheel zoom (8 px a slot, x3 a gesture)",
                    "visible_nodes": len(view.shape.layout.x),
                    **_zoom_gestures(app, view, max(1.0, seconds))}
    finally:
        app.close()
    return rec, rows, zoom_row


def summary(rec: SearchRecording, rows: list[JSONObject], zoom_row: JSONObject) -> JSONObject:
    """The JSON figures: the worst pan row's frames, and the wheel zoom's."""
    return {
        "nodes": len(rec.nodes),
        "frame_ms_median": round(max(figure(r, "frame_ms_median") for r in rows), 2),
        "frame_ms_p99": round(max(figure(r, "frame_ms_p99") for r in rows), 2),
        "busy_ms_p99": round(max(figure(r, "busy_ms_p99") for r in rows), 2),
        "zooms": [{k: _fmt(v) for k, v in r.items()} for r in rows],
        "zoom_frame_ms_median": round(figure(zoom_row, "frame_ms_median"), 2),
        "zoom_frame_ms_p99": round(figure(zoom_row, "frame_ms_p99"), 2),
        "zoom_busy_ms_p99": round(figure(zoom_row, "busy_ms_p99"), 2),
        "zoom": {k: _fmt(v) for k, v in zoom_row.items()},
    }


def run(args: argparse.Namespace) -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["KIBITZ_CONFIG_DIR"] = tempfile.mkdtemp(prefix="kibitz-bench-")
    rec, rows, zoom_row = measure(float(getattr(args, "seconds", 10.0)))
    print(f"tree: {len(rec.nodes):,} recorded nodes ({rec.truncated:,} more not recorded), "
          "all expanded; panning 14 px a frame at 60 fps, then wheel gestures of 5 steps")
    cols = ("zoom", "frames", "frame_ms_median", "frame_ms_p99", "busy_ms_median", "busy_ms_p99")
    print("  ".join(f"{c:>22}" for c in cols))
    for row in [*rows, zoom_row]:
        print("  ".join(f"{_fmt(row[c]):>22}" for c in cols))
    print("targets: frame median <= 17 ms, p99 < 25 ms")
    print(json.dumps(summary(rec, rows, zoom_row)))
    return 0


def _zoom(view: TreeView, slot: float) -> None:
    cam = view.camera
    cam.look(slot=slot)
    cam.look(cam_x=cam.world(0)[0] - cam.rect.width / 2, cam_y=-cam.top_margin)
    view.invalidate()


def _fmt(v: JSONValue) -> JSONValue:
    return round(v, 2) if isinstance(v, float) else v
