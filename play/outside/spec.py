"""A player name that names a program: ``file:agent.py`` or ``cmd:<command line>``.

Such names are accepted wherever a level name is (``match --a``); anything without one of the
two prefixes is a level's name and left to the levels. Only the name's form is checked here:
a file that is missing or a command that cannot run is found when the program is started, and
ends that game as a forfeit ("the program did not start: ...").
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass

FILE_PREFIX = "file:"
CMD_PREFIX = "cmd:"


@dataclass(frozen=True)
class OutsideSpec:
    """A program that plays: a student's Python file, or a command line."""

    #: "file" or "cmd".
    kind: str
    #: The file's path as given ("file"), or the command's words ("cmd").
    argv: tuple[str, ...]
    #: The name as given, for reports.
    name: str

    @property
    def path(self) -> str:
        """The agent file ("file" specs)."""
        return self.argv[0]


def is_outside(name: str) -> bool:
    """True when ``name`` names a program, not a level."""
    return name.startswith((FILE_PREFIX, CMD_PREFIX))


def parse_spec(name: str) -> OutsideSpec:
    """The program ``name`` names; a one-line ValueError for a malformed name."""
    if name.startswith(FILE_PREFIX):
        path = name[len(FILE_PREFIX):].strip()
        if not path:
            raise ValueError("file: needs a Python file, e.g. file:agent.py")
        if not path.endswith(".py"):
            raise ValueError(f"file: takes a Python file ending in .py, got {path[:80]!r}")
        return OutsideSpec("file", (path,), name)
    if name.startswith(CMD_PREFIX):
        line = name[len(CMD_PREFIX):]
        try:
            words = shlex.split(line)
        except ValueError as exc:  # an unclosed quote
            raise ValueError(f"cmd: cannot split {line[:80]!r} into words: {exc}") from None
        if not words:
            raise ValueError('cmd: needs a command line, e.g. cmd:"python main.py engine"')
        return OutsideSpec("cmd", tuple(words), name)
    raise ValueError(f"{name[:80]!r} names no program: use file:AGENT.py or cmd:COMMAND")
