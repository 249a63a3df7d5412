"""Another program that plays (a GTP engine, GNU Backgammon) as lines of text with deadlines.

Small on purpose: the outside players' own channel (issue 45, ``play/outside``) does the same
with caps on the output, and replaces this module once both are in; the names and signatures
here follow it (``start``, ``send``, ``read_line(seconds, late)``, ``close``), and EngineError
becomes its Forfeit. Until then a game's engine player (``games/<id>/play/``) talks to its
program through the LineChannel protocol below, so its tests can replay a recorded
conversation instead of a program.

The program leads a session of its own (POSIX), so closing it kills its whole process group;
its standard error goes to a log file (or nowhere); its output is read without blocking
(selectors), so no caller waits past its deadline.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import shutil
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from game.core import Move, State

#: Where Debian puts games, which is often not on a user's PATH (gnubg, gtp-rhino).
GAMES_DIR = "/usr/games"
#: Seconds a program gets to leave by itself once its input is closed, before it is killed.
QUIT_WAIT_S = 0.3
#: An answer line longer than this is a flood, not an answer.
MAX_LINE_BYTES = 64 * 1024
#: Longest program text quoted in an error, so every error stays one short line.
QUOTE_CHARS = 60
_POSIX = os.name == "posix"


class EngineError(Exception):
    """The program failed to give a legal move in time; the message is one line ("illegal
    move 'z9'", "no move within 2 s", "the engine answered an error: ...", "the program
    exited (code 1)")."""

    def __init__(self, reason: str) -> None:
        super().__init__(" ".join(reason.split()) or "failed")


def shown(text: str) -> str:
    """A program's text quoted for an error, cut short."""
    text = " ".join(text.split())
    return repr(text if len(text) <= QUOTE_CHARS else text[: QUOTE_CHARS - 3] + "...")


@dataclass(frozen=True)
class EngineAnswer:
    """A program's move and what it told about its search (the outside players' answer)."""

    move: Move
    nodes: int | None = None
    pv: str | None = None
    seconds: float | None = None
    #: Seconds from the request to the answer, as measured here.
    wall_seconds: float = 0.0


class EnginePlayer(Protocol):
    """A game's engine player (the outside players' OutsidePlayer, with EngineAnswer)."""

    @property
    def log_path(self) -> str:
        """Where the program's standard error goes ("" for nowhere)."""
        ...

    def choose(self, state: State, seconds: float) -> EngineAnswer:
        """Its move in ``state`` within ``seconds`` (a small grace more); EngineError else."""
        ...

    def close(self) -> None:
        """End the program; safe to call twice."""


#: Makes a game's engine player from the rest of its spec (``gtp:gtp-rhino -l 3`` gives
#: "gtp-rhino -l 3") and the log file for the program's standard error (None: no log).
EngineFactory = Callable[[str, Path | None], EnginePlayer]


class LineChannel(Protocol):
    """A program spoken to in lines: a real process, or a recorded conversation in tests."""

    def send(self, line: str) -> None:
        """Write one line; EngineError when the program is gone."""

    def read_line(self, seconds: float, late: str) -> str:
        """The next line (without its end) within ``seconds``; EngineError(``late``) when
        none came in time, EngineError with how it ended when the program is gone."""
        ...

    def close(self) -> None:
        """End the program and everything it started; safe to call twice."""


def locate(name: str, package: str | None = None) -> str:
    """The program ``name`` (a path, or a name looked up on PATH then in /usr/games); an
    EngineError "NAME not found: apt-get install PACKAGE" when it is nowhere (without a
    package: "NAME not found: not on PATH or in /usr/games")."""
    found = shutil.which(name) or shutil.which(name, path=GAMES_DIR)
    if found is None:
        how = f"apt-get install {package}" if package else f"not on PATH or in {GAMES_DIR}"
        raise EngineError(f"{name} not found: {how}")
    return found


class EngineProcess:
    """A LineChannel on a running program, started on the first line sent."""

    def __init__(self, argv: list[str], log_path: Path | None = None,
                 cwd: Path | None = None) -> None:
        self.argv = argv
        #: The program's standard error goes here (None: nowhere).
        self.log_path = log_path
        self._cwd = cwd
        self._proc: subprocess.Popen[bytes] | None = None
        self._selector: selectors.BaseSelector | None = None
        self._buffer = bytearray()
        self._closed = False

    def start(self) -> None:
        """Start the program; EngineError "the program did not start: ..." when it cannot."""
        try:
            with open(self.log_path or os.devnull, "wb") as log:
                proc = subprocess.Popen(
                    self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log,
                    cwd=self._cwd, start_new_session=_POSIX,
                )  # fmt: skip
        except (OSError, ValueError) as exc:
            self._closed = True
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise EngineError(f"the program did not start: {reason}: {shown(self.argv[0])}"
                              ) from None
        assert proc.stdout is not None
        os.set_blocking(proc.stdout.fileno(), False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(proc.stdout.fileno(), selectors.EVENT_READ)
        self._proc = proc

    def send(self, line: str) -> None:
        proc = self._running()
        assert proc.stdin is not None
        try:
            proc.stdin.write(line.encode("utf-8") + b"\n")
            proc.stdin.flush()
        except OSError:
            raise self._gone() from None

    def read_line(self, seconds: float, late: str) -> str:
        proc = self._running()
        assert proc.stdout is not None and self._selector is not None
        deadline = time.monotonic() + seconds
        while (end := self._buffer.find(b"\n")) < 0:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not self._selector.select(remaining):
                if time.monotonic() < deadline:
                    continue
                self.close()
                raise EngineError(late)
            try:
                chunk = os.read(proc.stdout.fileno(), 65536)
            except BlockingIOError:
                continue
            except OSError:
                chunk = b""
            if not chunk:
                raise self._gone()
            self._buffer += chunk
            if len(self._buffer) > MAX_LINE_BYTES and self._buffer.find(b"\n") < 0:
                self.close()
                raise EngineError("output flood (a line over 64 KB)")
        line = bytes(self._buffer[:end])
        del self._buffer[: end + 1]
        return line.decode("utf-8", "replace").rstrip("\r")

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        proc = self._proc
        if proc is None:
            return
        if proc.stdin is not None:
            with contextlib.suppress(OSError):
                proc.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=QUIT_WAIT_S)
        if _POSIX:  # its own session: the group id is its pid
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
        else:
            with contextlib.suppress(OSError):
                proc.kill()
        proc.wait()
        if self._selector is not None:
            self._selector.close()
        if proc.stdout is not None:
            proc.stdout.close()

    def _running(self) -> subprocess.Popen[bytes]:
        if self._proc is None and not self._closed:
            self.start()
        if self._closed or self._proc is None:
            raise EngineError("the program was already closed")
        return self._proc

    def _gone(self) -> EngineError:
        """The program's output ended: how it exited (the program is closed)."""
        proc = self._proc
        assert proc is not None
        try:
            code: int | None = proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            code = None
        self.close()
        if code is None:
            return EngineError("the program closed its output before answering")
        if code < 0:
            with contextlib.suppress(ValueError):
                return EngineError(f"the program crashed (signal {signal.Signals(-code).name})")
        return EngineError(f"the program exited (code {code}) before answering")
