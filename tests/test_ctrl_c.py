"""Ctrl+C (a real SIGINT) closes an idle window cleanly: the process ends within seconds with
status 130 and no traceback, the settings are saved and the search process is gone. Also when
the window was started as a shell's background job, which starts with SIGINT ignored."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from test_worker_lifeline import running

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="reads process states from /proc")


def children_of(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def ignore_sigint() -> None:
    """What a non-interactive shell does to a job it starts with ``&``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.parametrize("start_as", [None, ignore_sigint], ids=["foreground", "background-job"])
def test_ctrl_c_closes_an_idle_window_with_its_worker(
        tmp_path: Path, start_as: Callable[[], None] | None) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               KIBITZ_CONFIG_DIR=str(tmp_path / "config"), KIBITZ_SAVE_DIR=str(tmp_path / "saves"))
    window = subprocess.Popen(
        [sys.executable, "main.py", "play", "--game", "othello"], cwd=ROOT, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=start_as)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and window.poll() is None:
            if len(children_of(window.pid)) >= 2:  # the search process and its tracker
                break
            time.sleep(0.1)
        time.sleep(2.0)  # idle: waiting for the human's move
        helpers = children_of(window.pid)
        assert window.poll() is None, window.stderr.read()
        window.send_signal(signal.SIGINT)
        out, err = window.communicate(timeout=5)
    finally:
        if window.poll() is None:
            window.kill()
            window.communicate()
    assert window.returncode == 130, err
    assert "Traceback" not in err and not err.strip(), err
    assert (tmp_path / "config" / "settings.json").exists()
    assert helpers, "the game started no search process"
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(running(p) for p in helpers):
        time.sleep(0.1)
    assert not [p for p in helpers if running(p)]


class _StuckApp:
    """A loop that never looks at ``running``: only a second Ctrl+C gets it out."""

    def __init__(self) -> None:
        self.running = True
        self.closed = 0

    def quit(self) -> None:
        self.running = False

    def close(self) -> None:
        self.closed += 1
        signal.raise_signal(signal.SIGINT)  # pressed again while closing: changes nothing


def test_a_second_ctrl_c_breaks_a_stuck_loop_and_the_window_still_closes() -> None:
    from ui.interrupt import CloseOnInterrupt

    app = _StuckApp()
    before = signal.getsignal(signal.SIGINT)
    with CloseOnInterrupt(app) as interrupt:
        signal.raise_signal(signal.SIGINT)
        assert not app.running  # the first press asks the loop to stop
        signal.raise_signal(signal.SIGINT)
        pytest.fail("the second press did not break out")
    assert app.closed == 1 and interrupt.exit_code == 130
    assert signal.getsignal(signal.SIGINT) is before
