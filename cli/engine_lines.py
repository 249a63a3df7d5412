"""The engine's input as lines: read as bytes arrive, each complete line handed on before more
is read (so a request is answered as soon as it has arrived), a line past the length limit
refused with an error naming the limit and the rest of it skipped as it arrives."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

#: Longest request line read; a longer one is answered with an error and skipped.
MAX_LINE_BYTES = 4_000_000
#: Bytes asked of the input at a time.
READ_BYTES = 65536


def fd_lines(fd: int) -> Iterator[str]:
    """Lines of a file descriptor read with ``os.read``: unbuffered, so the reader thread
    holds no lock of ``sys.stdin`` and the process can exit while it waits (see
    ``chunk_lines``)."""
    return chunk_lines(lambda: os.read(fd, READ_BYTES))


def chunk_lines(read: Callable[[], bytes], limit: int = MAX_LINE_BYTES) -> Iterator[str]:
    """The lines in the chunks ``read`` returns (b"" at the end of input). Every complete line
    a chunk brings is handed on before ``read`` is asked for more, so a request is answered
    as soon as it has arrived. Bytes that are not UTF-8 become U+FFFD (the request is then
    bad JSON, answered with an error). A line longer than ``limit`` bytes is not kept: it
    comes out as an OverlongLine and the rest of it is skipped as it arrives."""
    pending = bytearray()
    skipping = False  # inside an over-long line already reported
    while True:
        chunk = read()
        if not chunk:
            break
        start = 0
        if skipping:
            end = chunk.find(b"\n")
            if end < 0:
                continue
            skipping, start = False, end + 1
        scanned = len(pending)  # pending holds no newline: look only at what is new
        pending += chunk[start:]
        begin = 0
        while (end := pending.find(b"\n", scanned)) >= 0:
            yield _decoded_line(pending[begin:end], limit)
            begin = scanned = end + 1
        del pending[:begin]
        if len(pending) > limit:
            yield OverlongLine.of(pending, limit)
            pending.clear()
            skipping = True
    if pending and not skipping:
        yield _decoded_line(pending, limit)


def text_lines(readline: Callable[[int], str], limit: int = MAX_LINE_BYTES) -> Iterator[str]:
    """``chunk_lines`` for a text stream without a file descriptor: a line past ``limit``
    characters (so past ``limit`` bytes) is an OverlongLine, and the rest of it is skipped."""
    while line := readline(limit + 1):
        if len(line) <= limit or line.endswith("\n"):
            yield line
            continue
        yield OverlongLine.of(line.encode("utf-8", errors="replace"), limit)
        while line and not line.endswith("\n"):
            line = readline(limit + 1)


class OverlongLine(str):
    """A request line past the length limit: only its start is kept (it is never read as
    JSON), and its answer is an error naming the limit."""

    limit: int = MAX_LINE_BYTES

    @classmethod
    def of(cls, data: bytes | bytearray, limit: int) -> OverlongLine:
        line = cls(bytes(data[:64]).decode("utf-8", errors="replace"))
        line.limit = limit
        return line

    def error(self) -> str:
        return f"request longer than {self.limit} bytes: skipped (one request a line)"


def _decoded_line(data: bytes | bytearray, limit: int = MAX_LINE_BYTES) -> str:
    """A line of input as text; past ``limit`` bytes an OverlongLine (a bad request)."""
    if len(data) > limit:
        return OverlongLine.of(data, limit)
    return bytes(data).decode("utf-8", errors="replace")
