"""``kibitz bench ui``: is the window still smooth while the AI thinks at full strength?

Runs the real play scene headless (SDL dummy video driver) with AI against AI at the strongest
level (Othello and backgammon) and measures:

- frame time of the main loop (the 60 fps period) and the busy part of each frame;
- cancel latency: from the undo / new-game key event to the worker delivering the cancelled
  search's final reply (timed inside the worker's delivery, so frame timing does not blur it),
  plus the same as the UI saw it (rounded up to its next frame);
- the search's nodes per second while the UI runs beside it;
- idle CPU: the share of one core the window uses through the real loop (``App.run_loop``)
  while nothing moves - the start screen, and a game waiting for the human to move - with
  the frames it drew per second (a calm window draws only when something changes);
- the same for each view of the search lab once its work has finished (tree, compare, depth
  chart, Nim in binary, step mode): a finished view must sleep like the rest of the app;
- the frames of a fresh window meeting a learned evaluator for the first time: the first
  backgammon panel with the network's view, the Othello lab's level switch (cli.bench_first).

Both worker modes are measured by default (``--worker process|thread|both``). Output: a short
table, then as its last line one JSON object (the default "process" mode at top level).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

from ai.kit import game_ai
from cli.answers import figure
from cli.bench_first import first_rows, print_first
from cli.bench_idle import (
    lab_idle,
    lab_subject,
    lab_views,
    left_alone,
    print_idle,
)
from cli.common import RequestError, plain_decimal
from game.jsontypes import JSONObject, JSONValue
from game.kit import GameKit
from game.registry import playable_kits
from play.jobs import Purpose

TARGETS = {"frame_ms_median": 17.0, "frame_ms_p99": 25.0, "cancel_ms_max": 100.0,
           "idle_cpu_pct": 10.0, "lab_idle_cpu_pct": 1.0}
def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--worker", choices=("process", "thread", "both"), default="both")
    parser.add_argument("--seconds", type=_seconds, default=10.0, help="Othello run length")
    parser.add_argument("--part", choices=("all", "play", "idle", "first"), default="all",
                        help="ui only: all figures, only the playing frames, only the "
                             "idle window (start screen, waiting game, each lab view), or "
                             "only the frames of a learned evaluator's first use")


def _seconds(text: str) -> float:
    try:
        value = plain_decimal(text, "seconds")
    except RequestError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not 1 <= value <= 3600:  # shorter runs measure too few frames to mean anything
        raise argparse.ArgumentTypeError(f"expected 1 to 3600 seconds, got {value:g}")
    return value


def _pct(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def _run_game(kit: GameKit, mode: str, seconds: float) -> JSONObject:
    # the window's modules: only when this runs (no pygame at start)
    import pygame

    from ai.worker import Failed, Finished, Reply
    from ui.app import App
    from ui.scenes.menu import MenuScene
    from ui.scenes.play import PlayScene
    from ui.settings import SeatSetting, Settings

    master = SeatSetting("level", "Master")
    settings = Settings(game=kit.id, seats=[master, SeatSetting("level", "Master")],
                        ai_delay_s=0.0, animations=True)
    app = App((1100, 720), settings=settings, persist_settings=False, worker_mode=mode)
    delivered: dict[int, float] = {}
    searches: list[tuple[int, float]] = []
    try:
        worker = app.worker
        original = worker._deliver

        def deliver(reply: Reply) -> None:
            if isinstance(reply, Finished | Failed):
                delivered[reply.job_id] = time.perf_counter()
                r = reply.result if isinstance(reply, Finished) else None
                if r is not None and r.stats.time_s > 0.05:
                    searches.append((r.stats.nodes, r.stats.time_s))
            original(reply)

        # measurement hook: timestamps at delivery, then as usual (an instance attribute
        # that shadows the method, as an assignment to it would)
        vars(worker)["_deliver"] = deliver
        menu = app.scene_as(MenuScene)
        menu.start()
        scene = app.scene
        if not isinstance(scene, PlayScene):  # the menu stayed, and says why
            raise ValueError(
                f"{kit.id}: the play scene did not start ({menu.message.text})")
        periods: list[float] = []
        busy: list[float] = []
        cancels: list[tuple[int, float]] = []
        ui_seen: list[float] = []
        use_undo = True
        resume = False
        next_cancel = time.perf_counter() + 3.0
        ply = played = 0
        start = last = time.perf_counter()
        while time.perf_counter() - start < seconds:
            events = []
            now = time.perf_counter()
            job = scene.match.jobs.current
            if resume:
                if scene.match.paused:
                    events.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
                resume = False
            elif (now >= next_cancel and job is not None and job.purpose is Purpose.MOVE
                  and now - job.submitted > 0.3):
                # undo, or new game and "yes" to its question (a game is in progress)
                keys = (pygame.K_u,) if use_undo else (pygame.K_n, pygame.K_y)
                events += [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0) for k in keys]
                cancels.append((job.id, now))
                resume = use_undo  # undo pauses an AI-vs-AI game: resume next frame
                use_undo = not use_undo
                next_cancel = now + 3.0
            t0 = time.perf_counter()
            app.step(events)
            t1 = time.perf_counter()
            delay_ms = app.sleep_ms
            busy.append(max(0.0, (t1 - t0) * 1000 - delay_ms))
            periods.append((t1 - last) * 1000)
            last = t1
            if scene.session.ply > ply:
                played += scene.session.ply - ply
            ply = scene.session.ply
            if app.errors:
                raise RuntimeError(app.errors[0].splitlines()[0])
        ui_seen = list(scene.match.jobs.cancel_latencies_ms)
        deadline = time.perf_counter() + 3
        while time.perf_counter() < deadline and any(j not in delivered for j, _ in cancels):
            time.sleep(0.01)
        latencies = [(delivered[j] - t) * 1000 for j, t in cancels if j in delivered]
        nodes = sum(n for n, _ in searches)
        secs = sum(t for _, t in searches)
        return {
            "game": kit.id,
            "worker": mode,
            "frames": len(periods),
            "plies": played,
            "frame_ms_median": statistics.median(periods[1:]) if len(periods) > 1 else 0.0,
            "frame_ms_p99": _pct(periods[1:], 99),
            "frame_ms_max": max(periods[1:], default=0.0),
            "busy_ms_median": statistics.median(busy) if busy else 0.0,
            "busy_ms_p99": _pct(busy, 99),
            "cancels": len(cancels),
            "cancel_ms_median": statistics.median(latencies) if latencies else None,
            "cancel_ms_max": max(latencies) if latencies else None,
            "cancel_ui_ms_max": max(ui_seen) if ui_seen else None,
            "search_nodes_per_s": nodes / secs if secs else 0.0,
            "searches": len(searches),
        }
    finally:
        app.close()


def _idle(where: str, mode: str, seconds: float) -> JSONObject:
    """CPU share of the real loop while the window has nothing to do."""
    # the window's modules: only when this runs (no pygame at start)
    from ui.app import App
    from ui.scenes.menu import MenuScene
    from ui.scenes.play import PlayScene
    from ui.settings import SeatSetting, Settings

    seats = [SeatSetting("human"), SeatSetting("level", "Master")]
    settings = Settings(game=lab_subject().id, seats=seats, show_values=False)
    app = App((1100, 720), settings=settings, persist_settings=False, worker_mode=mode)
    try:
        if where == "waiting":
            menu = app.scene_as(MenuScene)
            menu.start()
            if not isinstance(app.scene, PlayScene):  # the menu stayed, and says why
                raise ValueError(f"the play scene did not start ({menu.message.text})")
            _ = app.worker  # the AI's worker is up, idle, as in a real game
        return {"where": where, "worker": mode, **left_alone(app, seconds)}
    finally:
        app.close()


def _r(x: JSONValue, nd: int = 1) -> JSONValue:
    return round(x, nd) if isinstance(x, float) else x


def run(args: argparse.Namespace) -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["KIBITZ_CONFIG_DIR"] = tempfile.mkdtemp(prefix="kibitz-bench-")
    mode_arg = getattr(args, "worker", "both")
    modes = ("process", "thread") if mode_arg == "both" else (mode_arg,)
    seconds = float(getattr(args, "seconds", 10.0))
    part = getattr(args, "part", "all")
    out: JSONObject = {}
    if part in ("all", "play"):
        out.update(_play_figures(modes, seconds))
    if part in ("all", "idle"):
        out.update(_idle_figures(max(2.0, min(10.0, seconds / 2))))
    if part in ("all", "play"):
        out["lab_tree"] = _lab_tree(seconds)
    if part in ("all", "first"):
        first = first_rows()
        print_first(first)
        out["first"] = [{k: _r(v, 2) for k, v in row.items()} for row in first]
    print(json.dumps(out))
    return 0


def _play_figures(modes: tuple[str, ...], seconds: float) -> JSONObject:
    """Frame times and cancel latency while AI plays AI, per worker mode."""
    games = [(k, seconds * share if share >= 1 else max(3.0, seconds * share))
             for k in playable_kits() if (share := game_ai(k).speed.ui_play_share) > 0]
    rows = [_run_game(kit, mode, secs) for mode in modes for kit, secs in games]
    if not rows:
        raise ValueError("no game could be benchmarked")
    cols = ("game", "worker", "frames", "plies", "frame_ms_median", "frame_ms_p99",
            "busy_ms_median", "busy_ms_p99", "cancels", "cancel_ms_max", "cancel_ui_ms_max",
            "search_nodes_per_s")
    print("  ".join(f"{c:>14}" for c in cols))
    for row in rows:
        print("  ".join(f"{_r(row[c])!s:>14}" for c in cols))
    print("targets: frame median <= 17 ms, p99 < 25 ms, cancel <= 100 ms")

    def summary(rs: list[JSONObject]) -> JSONObject:
        cancels = [figure(r, "cancel_ms_max") for r in rs if r["cancel_ms_max"] is not None]
        return {
            "frame_ms_median": _r(max(figure(r, "frame_ms_median") for r in rs), 2),
            "frame_ms_p99": _r(max(figure(r, "frame_ms_p99") for r in rs), 2),
            "busy_ms_median": _r(max(figure(r, "busy_ms_median") for r in rs), 2),
            "cancel_ms_max": _r(max(cancels), 2) if cancels else None,
            "search_nodes_per_s": _r(statistics.mean(figure(r, "search_nodes_per_s")
                                                     for r in rs), 0),
        }

    by_mode = {m: [r for r in rows if r["worker"] == m] for m in modes}
    main_mode = "process" if by_mode.get("process") else modes[0]
    out: JSONObject = {"worker": main_mode, **summary(by_mode[main_mode])}
    out["modes"] = {m: summary(rs) for m, rs in by_mode.items() if rs}
    out["runs"] = [{k: _r(v, 2) for k, v in r.items()} for r in rows]
    return out


def _idle_figures(idle_s: float) -> JSONObject:
    """Idle CPU of the start screen, a game waiting for the human, and every lab view."""
    idle = [_idle(where, "process", idle_s) for where in ("menu", "waiting")]
    print()
    print("idle window (real loop, nothing moving), share of one core:")
    print_idle(idle)
    print("target: idle UI under 10% of a core")
    lab = [lab_idle(view, "process", idle_s) for view in lab_views()]
    print()
    print("idle search lab at 1280x720 (each view's work finished, then left alone):")
    print_idle(lab)
    print(f"target: every lab view under {TARGETS['lab_idle_cpu_pct']:g}% of a core")
    return {
        "idle_cpu_pct": _r(max(figure(r, "ui_cpu_pct") for r in idle), 2),
        "idle": [{k: _r(v, 2) for k, v in r.items()} for r in idle],
        "lab_idle_cpu_pct": _r(max(figure(r, "ui_cpu_pct") for r in lab), 2),
        "lab_idle": [{k: _r(v, 2) for k, v in r.items()} for r in lab],
    }


def _lab_tree(seconds: float) -> JSONObject:
    """The search lab's tree explorer on a fully open 20,000-node recording: pan and wheel-zoom
    frames (``bench lab`` prints the same run in full)."""
    # a bench's window-side module: only when it runs
    from cli.bench_lab import measure, summary

    rec, rows, zoom_row = measure(max(1.0, seconds / 3))
    lab = summary(rec, rows, zoom_row)
    print()
    print(f"search lab, {lab['nodes']:,}-node tree all open: pan frame median "
          f"{lab['frame_ms_median']} ms, p99 {lab['frame_ms_p99']} ms; wheel zoom frame median "
          f"{lab['zoom_frame_ms_median']} ms, p99 {lab['zoom_frame_ms_p99']} ms")
    return {k: lab[k] for k in ("nodes", "frame_ms_median", "frame_ms_p99",
                                "zoom_frame_ms_median", "zoom_frame_ms_p99")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kibitz bench ui")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
