"""Ctrl+C in the terminal closes the window the way its close button does.

Left to Python's defaults, SIGINT raises KeyboardInterrupt wherever the main thread happens to
be, and only if the process was started with SIGINT at its default: a shell starts a
background job (``kibitz &`` in a script) with SIGINT *ignored*, Python then installs no
handler, SDL installs none either (it only replaces a default one), and the window sat idle
through every Ctrl+C or ``kill -INT``. So the window's loop catches SIGINT itself, whatever it
inherited: the first one asks the loop to stop (the frame in progress ends, settings are saved
and the worker closed as usual); a second one, while the loop has still not stopped, raises
KeyboardInterrupt to break out of whatever holds it; once closing has begun, more are ignored
(closing is bounded: the worker gets a few seconds at most).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from types import FrameType, TracebackType
from typing import Protocol

#: Exit status after Ctrl+C, as shells report a command that SIGINT ended (128 + 2).
INTERRUPTED_EXIT = 130


class Closing(Protocol):
    """The app as the interrupt sees it: its loop can be stopped, and it closes."""

    def quit(self) -> None: ...
    def close(self) -> None: ...


class CloseOnInterrupt:
    """Around the window's loop: while in it, SIGINT stops the loop (``app.quit()``); on
    leaving it, however the loop ended, ``app.close()`` runs, and a KeyboardInterrupt counts
    as a Ctrl+C close and goes no further."""

    def __init__(self, app: Closing) -> None:
        self.app = app
        #: Ctrl+C was pressed: the run ends with INTERRUPTED_EXIT.
        self.pressed = False
        #: The loop is over and the window is closing: further presses change nothing.
        self.closing = False
        self._previous: Callable[[int, FrameType | None], object] | int | None = None
        self._installed = False

    def __enter__(self) -> CloseOnInterrupt:
        # Only the main thread may set a handler (a loop run elsewhere keeps the defaults).
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._on_interrupt)
            self._installed = True
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> bool:
        self.closing = True
        try:
            self.app.close()
        finally:
            if self._installed:
                signal.signal(signal.SIGINT, self._previous)
        if kind is not None and issubclass(kind, KeyboardInterrupt):
            self.pressed = True
            return True
        return False

    @property
    def exit_code(self) -> int:
        return INTERRUPTED_EXIT if self.pressed else 0

    def _on_interrupt(self, signum: int, frame: FrameType | None) -> None:
        if self.closing:
            return
        if self.pressed:  # the loop has not stopped since the first press
            raise KeyboardInterrupt
        self.pressed = True
        self.app.quit()
