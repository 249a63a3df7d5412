"""A program's process as a line channel: start it, send a line, read one answer line by a
deadline, end it and everything it started.

The caller is never held past its deadline: the program's output is read without blocking
(selectors on the pipe), and a program that does not answer in time is killed. Its output is
capped (a line over MAX_LINE_BYTES, or more than MAX_MOVE_BYTES for one answer, is a flood)
and its standard error goes to a log file, cut at MAX_LOG_BYTES with a note (or nowhere, for a
channel without a log). The program starts when the first line is sent or awaited. On POSIX the
program leads a session of its own, so ending it ends its children too (the process group is
killed); elsewhere the program itself is killed, and its output is read by a thread of its
own (Windows' pipes cannot be selected on), handing chunks over through a short queue.
"""

from __future__ import annotations

import contextlib
import os
import queue
import selectors
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import IO

from play.outside.protocol import Forfeit

#: An answer line longer than this is a flood, not an answer.
MAX_LINE_BYTES = 64 * 1024
#: More output than this while one answer is awaited is a flood.
MAX_MOVE_BYTES = 1024 * 1024
#: The log keeps this much of the program's standard error, then says it stopped.
MAX_LOG_BYTES = 1024 * 1024
#: Seconds a program gets to leave by itself once its input is closed, before it is killed.
QUIT_WAIT_S = 0.3
#: Seconds to wait for a program whose output ended to report how it exited.
EXIT_WAIT_S = 1.0
_POSIX = os.name == "posix"


def exit_reason(code: int) -> str:
    """How a program ended, as a forfeit says it: a signal or exit code 1 (an uncaught
    exception in Python) is a crash, any other exit is leaving before answering."""
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = str(-code)
        return f"the program crashed (signal {name})"
    if code == 1:
        return "the program crashed (exit code 1)"
    return f"the program exited (code {code}) before answering"


class LineChannel:
    """One running program, spoken to in lines of UTF-8 text."""

    def __init__(self, argv: list[str], log_path: Path | None = None,
                 env: dict[str, str] | None = None, threaded: bool = not _POSIX,
                 cwd: Path | None = None) -> None:
        self.argv = argv
        #: Where the program's standard error goes (None: nowhere).
        self.log_path = log_path
        self._env = env
        #: The program's working folder (None: this process's).
        self._cwd = cwd
        #: True: the output is read by a thread (where pipes cannot be selected on).
        self._threaded = threaded
        self._proc: subprocess.Popen[bytes] | None = None
        self._selector: selectors.BaseSelector | None = None
        self._reader: _ThreadReader | None = None
        self._buffer = bytearray()
        self._log_thread: threading.Thread | None = None
        self._closed = False

    @property
    def started(self) -> bool:
        return self._proc is not None

    def start(self) -> None:
        """Start the program; Forfeit "the program did not start: <reason>" when it cannot
        (also once closed: a window closing a program from another thread as it is started)."""
        if self._closed:
            raise Forfeit("the program was closed before it started")
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONIOENCODING": "utf-8",
               **(self._env or {})}
        try:
            proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL if self.log_path is None else subprocess.PIPE,
                env=env, cwd=self._cwd, start_new_session=_POSIX,
            )  # fmt: skip
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self._closed = True
            raise Forfeit(f"the program did not start: {reason}: {self.argv[0][:80]!r}") from None
        self._proc = proc
        if self._closed:  # closed (from another thread) while the process was starting
            self._closed = False
            self.close(kill=True)
            if proc.stderr is not None:
                proc.stderr.close()
            raise Forfeit("the program was closed before it started")
        assert proc.stdout is not None
        if self._threaded:
            self._reader = _ThreadReader(proc.stdout)
        else:
            os.set_blocking(proc.stdout.fileno(), False)
            self._selector = selectors.DefaultSelector()
            self._selector.register(proc.stdout.fileno(), selectors.EVENT_READ)
        if proc.stderr is not None and self.log_path is not None:
            self._log_thread = threading.Thread(target=_keep_log,
                                                args=(proc.stderr, self.log_path),
                                                daemon=True, name="outside-stderr")
            self._log_thread.start()

    def send(self, line: str) -> None:
        """Write one line to the program; Forfeit when it is gone."""
        proc = self._running()
        assert proc.stdin is not None
        try:
            proc.stdin.write(line.encode("utf-8") + b"\n")
            proc.stdin.flush()
        except OSError:
            raise self._gone() from None

    def read_line(self, seconds: float, late: str) -> str:
        """The program's next line (without its end), waiting at most ``seconds``; a program
        that is late is killed and Forfeit(``late``) raised."""
        self._running()
        deadline = time.monotonic() + seconds
        received = 0
        while True:
            end = self._buffer.find(b"\n")
            if end > MAX_LINE_BYTES or (end < 0 and len(self._buffer) > MAX_LINE_BYTES):
                self._flood("an answer line over 64 KB")
            if end >= 0:
                line = bytes(self._buffer[:end])
                del self._buffer[: end + 1]
                return line.decode("utf-8", "replace").rstrip("\r")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self.close(kill=True)
                raise Forfeit(late)
            chunk = self._next_chunk(remaining)
            if chunk is None:
                continue
            if not chunk:
                raise self._gone()
            received += len(chunk)
            if received > MAX_MOVE_BYTES:
                self._flood("over 1 MB of output for one move")
            self._buffer += chunk

    def close(self, kill: bool = False) -> None:
        """End the program: its input closed, a moment to leave (none when ``kill``), then its
        process group killed and reaped. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        proc = self._proc
        if proc is None:
            return
        if proc.stdin is not None:
            with contextlib.suppress(OSError):
                proc.stdin.close()
        if not kill:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=QUIT_WAIT_S)
        self._kill_group(proc)
        proc.wait()
        if self._selector is not None:
            self._selector.close()
        if self._reader is not None:
            self._reader.stop()
        if proc.stdout is not None:
            proc.stdout.close()
        if self._log_thread is not None:
            self._log_thread.join(timeout=1.0)

    # ------------------------------------------------------------------ internals

    def _next_chunk(self, seconds: float) -> bytes | None:
        """The program's next output (b"" at its end), or None when nothing came in
        ``seconds``."""
        if self._reader is not None:
            return self._reader.next(seconds)
        proc = self._proc
        assert proc is not None and proc.stdout is not None and self._selector is not None
        if not self._selector.select(seconds):
            return None
        try:
            return os.read(proc.stdout.fileno(), 65536)
        except BlockingIOError:
            return None
        except OSError:
            return b""

    def _running(self) -> subprocess.Popen[bytes]:
        if self._proc is None:
            if self._closed:  # closed before it started: it never starts
                raise Forfeit("the program was closed before it started")
            self.start()
        if self._closed or self._proc is None:
            raise Forfeit("the program was already closed")
        return self._proc

    def _gone(self) -> Forfeit:
        """The program's output ended: how it exited, as a Forfeit (the program is ended)."""
        proc = self._proc
        assert proc is not None
        try:
            code = proc.wait(timeout=EXIT_WAIT_S)
        except subprocess.TimeoutExpired:
            self.close(kill=True)
            return Forfeit("the program closed its output before answering")
        self.close(kill=True)
        return Forfeit(exit_reason(code))

    def _flood(self, what: str) -> None:
        self.close(kill=True)
        raise Forfeit(f"output flood ({what})")

    @staticmethod
    def _kill_group(proc: subprocess.Popen[bytes]) -> None:
        if _POSIX:
            # The program leads its own session (start_new_session): its group id is its pid.
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
        else:
            with contextlib.suppress(OSError):
                proc.kill()


def _keep_log(stream: IO[bytes], path: Path) -> None:
    """Copy the program's standard error to ``path`` up to MAX_LOG_BYTES, then note the cut
    and go on reading (a program blocked on a full pipe would stop answering)."""
    kept = 0
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        log: IO[bytes] = path.open("wb")
    except OSError:
        log = open(os.devnull, "wb")  # noqa: SIM115 (closed below)
    with log, stream:
        while True:
            try:
                chunk = stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536)
            except (OSError, ValueError):
                break
            if not chunk:
                break
            if kept < MAX_LOG_BYTES:
                piece = chunk[: MAX_LOG_BYTES - kept]
                kept += len(piece)
                with contextlib.suppress(OSError):
                    log.write(piece)
                    if kept >= MAX_LOG_BYTES:
                        log.write(b"\n[kibitz: the log stops here, at 1 MB of standard error]\n")
                    log.flush()


class _ThreadReader:
    """The program's output read on a thread, in chunks handed over through a short queue (a
    flooding program blocks on its full pipe instead of filling this process's memory)."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._stream = stream
        self._chunks: queue.Queue[bytes] = queue.Queue(maxsize=16)
        self._stopped = threading.Event()
        self._ended = False
        threading.Thread(target=self._run, daemon=True, name="outside-stdout").start()

    def _run(self) -> None:
        while not self._stopped.is_set():
            try:
                chunk = self._stream.read1(65536) if hasattr(self._stream, "read1") \
                    else self._stream.read(65536)
            except (OSError, ValueError):
                chunk = b""
            while not self._stopped.is_set():
                try:
                    self._chunks.put(chunk, timeout=0.1)
                    break
                except queue.Full:
                    continue
            if not chunk:
                return

    def next(self, seconds: float) -> bytes | None:
        if self._ended:
            return b""
        try:
            chunk = self._chunks.get(timeout=max(0.0, seconds))
        except queue.Empty:
            return None
        self._ended = not chunk
        return chunk

    def stop(self) -> None:
        self._stopped.set()
