"""Helpers for the UI tests (no tests here): a headless App, synthetic input events, and a
scripted search worker with a recorder of the text a frame draws."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402

from ai.api import Progress, Result, Stats  # noqa: E402
from ai.worker import DepthDone, Finished, Progressed, Reply  # noqa: E402
from ui.app import App  # noqa: E402
from ui.settings import SeatSetting, Settings  # noqa: E402

#: Plain minimax to depth 12 on 8,8,8 runs far longer than any test: it must be interrupted.
SLOW_AI = SeatSetting("custom", algorithm="minimax", depth=12)


def make_app(tmp_path: Any, monkeypatch: Any, size: tuple[int, int] = (960, 660),
             **settings: Any) -> App:
    """A headless app whose settings, saves and clipboard stay inside ``tmp_path``."""
    monkeypatch.setenv("KIBITZ_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KIBITZ_SAVE_DIR", str(tmp_path / "saves"))
    clip: dict[str, str | None] = {"text": None}
    from ui import widgets

    monkeypatch.setattr(widgets, "clipboard_get", lambda: clip["text"])

    def put(text: str) -> bool:
        clip["text"] = text
        return True

    monkeypatch.setattr(widgets, "clipboard_put", put)
    s = Settings()
    for key, value in settings.items():
        setattr(s, key, value)
    app = App(size, settings=s, persist_settings=False, worker_mode="thread")
    app.clipboard = clip  # type: ignore[attr-defined]
    app.seed = 7  # type: ignore[attr-defined]
    return app


def seats(a: SeatSetting | str, b: SeatSetting | str) -> list[SeatSetting]:
    def one(x: SeatSetting | str) -> SeatSetting:
        if isinstance(x, SeatSetting):
            return x
        return SeatSetting("human") if x == "human" else SeatSetting("level", x)

    return [one(a), one(b)]


def key(k: int, mod: int = 0, text: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0)


def click(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])),
                              button=button)


def start_game(app: App) -> Any:
    """Press Enter on the menu and return the play scene."""
    app.scene.layout(app.scene.rect)
    app.step([key(pygame.K_RETURN)], 0.016)
    from ui.scenes.play import PlayScene

    assert isinstance(app.scene, PlayScene), getattr(app.scene, "message", None).text
    return app.scene


@contextmanager
def playing(tmp_path: Any, monkeypatch: Any, size: tuple[int, int] = (960, 660),
            **settings: Any) -> Iterator[tuple[App, Any]]:
    """make_app() then start_game(): yields (app, play scene) and always closes the app."""
    app = make_app(tmp_path, monkeypatch, size, **settings)
    try:
        yield app, start_game(app)
    finally:
        app.close()


class ScriptedWorker:
    """The SearchWorker interface; the test decides every reply."""

    def __init__(self) -> None:
        self.submitted: list[tuple[int, Any, Any]] = []
        self.cancelled_up_to = 0
        self._out: list[Reply] = []
        self.busy = False

    def submit(self, state: Any, config: Any) -> int:
        job_id = len(self.submitted) + 1
        self.submitted.append((job_id, state, config))
        return job_id

    def cancel(self) -> None:
        self.cancelled_up_to = len(self.submitted)

    def poll(self) -> list[Reply]:
        out, self._out = self._out, []
        return out

    def close(self) -> None:
        pass

    @property
    def last(self) -> int:
        return len(self.submitted)

    def progress(self, job: int, depth: int, best: Any, score: float, nodes: int = 5000) -> None:
        self._out.append(Progressed(job, progress=Progress(depth, nodes, 0.5, best, score)))

    def result(self, job: int, kind: str, move: Any, score: float, depth: int,
               values: dict | None = None) -> None:
        r = Result(move, score, depth, kind == "done", (move,), Stats(nodes=9000, time_s=1.0),
                   tuple((values or {}).items()), values is not None)
        self._out.append(DepthDone(job, r) if kind == "depth" else Finished(job, result=r))


def scripted_app(tmp_path: Any, monkeypatch: Any,
                 **settings: Any) -> tuple[App, ScriptedWorker]:
    """A headless app (1100x720) whose search worker is a ScriptedWorker."""
    app = make_app(tmp_path, monkeypatch, size=(1100, 720), **settings)
    worker = ScriptedWorker()
    app._worker = worker
    return app, worker


def drawn_text(app: App, monkeypatch: Any) -> list[str]:
    """Every string the UI draws with draw_text in one frame."""
    seen: list[str] = []
    for name, module in list(sys.modules.items()):
        original = getattr(module, "draw_text", None)
        if name.split(".")[0] != "ui" or original is None:
            continue

        def recording(surface, text, *a, _original=original, **k):
            seen.append(str(text))
            return _original(surface, text, *a, **k)

        monkeypatch.setattr(module, "draw_text", recording)
    app.step([], 0.02)
    monkeypatch.undo()
    return seen


@contextmanager
def scripted_playing(tmp_path: Any, monkeypatch: Any,
                     **settings: Any) -> Iterator[tuple[App, ScriptedWorker, Any]]:
    """scripted_app() then start_game(): yields (app, worker, play scene), always closes."""
    app, worker = scripted_app(tmp_path, monkeypatch, **settings)
    try:
        yield app, worker, start_game(app)
    finally:
        app.close()


def resize(app: App, w: int, h: int) -> None:
    """Resize the window the way the OS does: through a VIDEORESIZE event."""
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)], 0.02)


def replay_is_legal(session: Any) -> bool:
    """Every recorded move is legal where it was played and leads to the next state.

    The moves are replayed through a fresh Session from the same start and cube, so a cube
    decision (``double``, ``take``, ``drop``: a move of the session, not of the board) is
    checked by the cube's rules and leaves the board as it was; a checker move or a roll is
    checked by the board's rules."""
    from game.session import Session
    from games.backgammon.cube import CubeAction

    replay = Session(session.kit, None, session.seats, start_state=session.start,
                     stakes=session.start_stakes)
    for recorded, move in session.history:
        state = replay.current
        if recorded.key() != state.key():
            return False
        decision = state.current_player() in (0, 1) and not isinstance(move, CubeAction)
        if decision and move not in state.legal_moves():
            return False
        try:
            replay.play(move)
        except ValueError:
            return False
    return replay.current.key() == session.current.key() and replay.stakes == session.stakes


def searching(scene: Any, depth: int = 0) -> bool:
    """The AI's move search of the shown position is running and has reported progress."""
    from play.jobs import Purpose

    report = scene.match.knowledge.report(Purpose.MOVE)
    return (scene.match.jobs.current is not None and report is not None and report.thinking
            and report.nodes > 0 and report.depth >= depth)


def mcts_tree_lab(app: App, game: str = "tictactoe") -> Any:
    """The lab's tree in teaching mode with MCTS chosen on its Algorithm row, as a teacher
    chooses it, and searched: the pane."""
    from game.registry import get_kit
    from ui.lab import lab_scene

    kit = get_kit(game)
    app.switch(lab_scene(app, kit.rules().initial_state(), kit, "tree", level="Teaching"))
    app.step([], 0.02)
    assert app.run_until(lambda: not app.scene.jobs.busy, timeout_s=60)
    pane = app.scene.pane()
    choice = next(w for w in pane.widgets if getattr(w, "label", "") == "Algorithm")
    for _ in choice.options:
        if choice.value == "mcts":
            break
        choice.step(1)
    assert choice.value == "mcts"
    pane.record()
    app.step([], 0.02)
    assert app.run_until(lambda: not app.scene.jobs.busy, timeout_s=60)
    return pane
