"""Helpers for the UI tests (no tests here): a headless App and synthetic input events."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402

from game.ui.app import App  # noqa: E402
from game.ui.settings import SeatSetting, Settings  # noqa: E402

#: Plain minimax to depth 12 on 8,8,8 runs far longer than any test: it must be interrupted.
SLOW_AI = SeatSetting("custom", algorithm="minimax", depth=12)


def make_app(tmp_path: Any, monkeypatch: Any, size: tuple[int, int] = (960, 660),
             **settings: Any) -> App:
    """A headless app whose settings, saves and clipboard stay inside ``tmp_path``."""
    monkeypatch.setenv("KIBITZ_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KIBITZ_SAVE_DIR", str(tmp_path / "saves"))
    clip: dict[str, str | None] = {"text": None}
    from game.ui import widgets

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
    from game.ui.scenes.play import PlayScene

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


def resize(app: App, w: int, h: int) -> None:
    """Resize the window the way the OS does: through a VIDEORESIZE event."""
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)], 0.02)


def replay_is_legal(session: Any) -> bool:
    """Every recorded move is legal where it was played and leads to the next state."""
    state = session.start
    for recorded, move in session.history:
        if recorded.key() != state.key():
            return False
        if state.current_player() in (0, 1) and move not in state.legal_moves():
            return False
        state = state.apply(move)
    return state.key() == session.current.key()


def searching(scene: Any, depth: int = 0) -> bool:
    """The AI's move search of the shown position is running and has reported progress."""
    from game.ui.scenes.ai_jobs import Purpose

    report = scene.knowledge.report(Purpose.MOVE)
    return (scene.job is not None and report is not None and report.thinking
            and report.nodes > 0 and report.depth >= depth)
