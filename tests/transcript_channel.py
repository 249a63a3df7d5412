"""A recorded conversation with a program, replayed as its Lines (play.outside.protocol; the
game players' tests run everywhere, with no engine installed).

A transcript (tests/transcripts/) holds lines ``> TEXT`` (what Kibitz must send, checked word
for word), ``< TEXT`` (what the program answers; ``<`` alone is a blank line), ``<!late`` (no
answer in time), ``<!exit`` (the program ends) and ``#`` comments. A file may hold several
conversations, each after a ``## NAME`` line. ``record`` wraps a real channel and writes the
same format, which is how the files were made (then trimmed, or edited into the bad cases).
"""

from __future__ import annotations

from pathlib import Path

from play.outside.protocol import Forfeit, Lines

TRANSCRIPTS = Path(__file__).with_name("transcripts")


def conversations(name: str) -> dict[str, list[str]]:
    """The file's conversations by name ("" for lines before the first ``## NAME``)."""
    found: dict[str, list[str]] = {"": []}
    current = found[""]
    for line in (TRANSCRIPTS / name).read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            current = found.setdefault(line[3:].strip(), [])
        elif line.startswith(("<", ">")):
            current.append(line)
    return found


class Replay:
    """Lines answering from a transcript, failing the test on any other line sent."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.at = 0
        self.closed = False

    def _next(self) -> str:
        assert self.at < len(self.lines), "the transcript has ended"
        self.at += 1
        return self.lines[self.at - 1]

    def send(self, line: str) -> None:
        if self.closed:
            raise Forfeit("the program was already closed")
        expected = self._next()
        assert expected.startswith(">"), f"sent {line!r}, but the program speaks: {expected!r}"
        assert line == expected[2:], f"sent {line!r}, the transcript has {expected[2:]!r}"

    def read_line(self, seconds: float, late: str) -> str:
        if self.closed:
            raise Forfeit("the program was already closed")
        line = self._next()
        assert line.startswith("<"), f"read, but the transcript sends {line!r}"
        if line == "<!late":
            self.close()
            raise Forfeit(late)
        if line == "<!exit":
            self.close()
            raise Forfeit("the program exited (code 0) before answering")
        return line[2:]

    def close(self) -> None:
        self.closed = True

    @property
    def finished(self) -> bool:
        return self.at == len(self.lines)


class Recorder:
    """Lines that pass every line through and keeps it in transcript form."""

    def __init__(self, channel: Lines) -> None:
        self.channel = channel
        self.lines: list[str] = []

    def send(self, line: str) -> None:
        self.lines.append(f"> {line}")
        self.channel.send(line)

    def read_line(self, seconds: float, late: str) -> str:
        line = self.channel.read_line(seconds, late)
        self.lines.append(f"< {line}".rstrip())
        return line

    def close(self) -> None:
        self.channel.close()
