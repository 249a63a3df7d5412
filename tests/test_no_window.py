"""Starting the window where none can be made: one clear line on stderr and a non-zero exit,
never an app running on with no window and no message."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import main  # noqa: E402


def start(tmp_path, monkeypatch, capsys) -> tuple[int, list[str]]:
    monkeypatch.setenv("KIBITZ_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KIBITZ_SAVE_DIR", str(tmp_path / "saves"))
    code = main.main(["play", "--worker", "thread", "--size", "800x600"])
    err = capsys.readouterr().err
    return code, [line for line in err.splitlines() if line.strip()]


def test_a_failing_set_mode_is_one_line_and_a_non_zero_exit(tmp_path, monkeypatch, capsys):
    def no_window(*args, **kwargs):
        raise pygame.error("x11 not available")

    monkeypatch.setattr(pygame.display, "set_mode", no_window)
    code, lines = start(tmp_path, monkeypatch, capsys)
    assert code != 0
    assert lines == ["kibitz: error: cannot open a window: x11 not available"]


def test_a_failing_display_init_is_one_line_and_a_non_zero_exit(tmp_path, monkeypatch, capsys):
    def no_display():
        raise pygame.error("No available video device")

    monkeypatch.setattr(pygame.display, "init", no_display)
    code, lines = start(tmp_path, monkeypatch, capsys)
    assert code != 0 and len(lines) == 1 and "cannot open a window" in lines[0]


def test_an_invisible_fallback_driver_is_refused(tmp_path, monkeypatch, capsys):
    """SDL without a display may fall back to drawing in memory: a window no one sees."""
    from ui.app import App

    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    monkeypatch.setattr(App, "run_loop", lambda self, until=None: None)  # never wait on it
    code, lines = start(tmp_path, monkeypatch, capsys)
    assert code != 0 and len(lines) == 1
    assert lines[0].startswith("kibitz: error: cannot open a window: no display")
