"""The Go Text Protocol as Othello engines speak it (GRhino's gtp-rhino among them).

Each command goes out as ``ID COMMAND ARGS``, with an id of its own; each answer is
``=ID text`` (success) or ``?ID text`` (failure), possibly over several lines, and ends with a
blank line. An answer whose id is not the command's, or a line that is no answer at all, is
a broken conversation (a Forfeit), as is no answer by the deadline or the program's end.
"""

from __future__ import annotations

import re
import time

from play.outside.protocol import Forfeit, Lines, shown

_ANSWER = re.compile(r"([=?])(\d*)(?:\s(.*))?")


class Gtp:
    """One GTP conversation over a program's Lines."""

    def __init__(self, channel: Lines) -> None:
        self.channel = channel
        self._next_id = 1

    def command(self, text: str, deadline: float, late: str | None = None) -> str:
        """The answer's text to ``text`` by ``deadline`` (time.monotonic()); a Forfeit
        for a ``?`` answer ("the engine answered an error to 'play b z9': illegal move")."""
        ok, answer = self.ask(text, deadline, late)
        if not ok:
            raise Forfeit(f"the engine answered an error to {shown(text)}: {answer}")
        return answer

    def ask(self, text: str, deadline: float, late: str | None = None) -> tuple[bool, str]:
        """Send ``text`` and read its answer: (True for ``=``, the answer's text)."""
        sent = self._next_id
        self._next_id += 1
        self.channel.send(f"{sent} {text}")
        return self.read_response(deadline, sent, late or f"no answer to {shown(text)} in time")

    def read_response(self, deadline: float, expected_id: int | None = None,
                      late: str = "no answer in time") -> tuple[bool, str]:
        """The next answer: (True for ``=``, its text, lines joined by newlines). Blank lines
        before it are skipped (some engines end an answer with two); an id, when the answer
        carries one, must be ``expected_id``."""
        line = ""
        while not line.strip():
            line = self._line(deadline, late)
        found = _ANSWER.fullmatch(line.strip())
        if found is None:
            raise Forfeit(f"not a GTP answer: {shown(line)}")
        mark, number, first = found.groups()
        if number and expected_id is not None and int(number) != expected_id:
            raise Forfeit(f"answer {number} came for command {expected_id}")
        lines = [first or ""]
        while (more := self._line(deadline, late)).strip():
            lines.append(more.rstrip())
        return mark == "=", "\n".join(lines).strip()

    def _line(self, deadline: float, late: str) -> str:
        return self.channel.read_line(max(0.0, deadline - time.monotonic()), late)
