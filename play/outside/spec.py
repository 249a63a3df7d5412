"""A player name that names a program: ``file:agent.py``, ``cmd:<command line>``, or a game's
own kind of program, ``<prefix>:<rest>`` (the prefixes a game's play part registers,
``play.kit.GamePlay.engines``).

Such names are accepted wherever a level name is (``match --a``); a name is a program's when
it starts with a word and a colon (no level's name holds a colon), and anything else is a
level's name and left to the levels. Only the name's form is checked here; whether the game
offers a prefix is play.outside.players' question, and a file that is missing or a command that
cannot run is found when the program is started, and ends that game as a forfeit ("the program
did not start: ...").
"""

from __future__ import annotations

import os
import re
import shlex
from dataclasses import dataclass

FILE_PREFIX = "file:"
CMD_PREFIX = "cmd:"
#: A program's name: a word of two or more (letters, digits, ``_``, ``-``, a letter first), a
#: colon, the rest. One letter and a colon is a Windows drive (``C:\agents\mine.py``), not a kind.
_NAME = re.compile(r"([A-Za-z][A-Za-z0-9_-]+):(.*)", re.DOTALL)


@dataclass(frozen=True)
class OutsideSpec:
    """A program that plays: a student's Python file, a command line, or a game's own kind."""

    #: "file", "cmd", or the prefix of a game's own kind ("eng" for ``eng:prog -x 3``).
    kind: str
    #: The file's path as given ("file"), the command's words ("cmd"), the rest of the name
    #: as one string (a game's own kind: its factory reads it).
    argv: tuple[str, ...]
    #: The name as given, for reports.
    name: str

    @property
    def path(self) -> str:
        """The agent file ("file" specs)."""
        return self.argv[0]

    @property
    def rest(self) -> str:
        """The name after its prefix ("prog -x 3" for ``eng:prog -x 3``)."""
        return self.name[len(self.kind) + 1:]


def command_words(line: str) -> list[str]:
    """A command line's words as the system's shell splits them: on Windows backslashes are
    path separators, not escapes (``C:\\bin\\engine.exe``), and quotes only group words."""
    if os.name != "nt":
        return shlex.split(line)
    return [w[1:-1] if len(w) > 1 and w[0] == w[-1] and w[0] in "\"'" else w
            for w in shlex.split(line, posix=False)]


def prefix_of(name: str) -> str | None:
    """The word before the colon of a program's name ("eng" for ``eng:...``), None for a
    level's name."""
    found = _NAME.fullmatch(name)
    return found.group(1) if found else None


def is_outside(name: str) -> bool:
    """True when ``name`` names a program, not a level."""
    return prefix_of(name) is not None


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
            words = command_words(line)
        except ValueError as exc:  # an unclosed quote
            raise ValueError(f"cmd: cannot split {line[:80]!r} into words: {exc}") from None
        if not words:
            raise ValueError('cmd: needs a command line, e.g. cmd:"python main.py engine"')
        return OutsideSpec("cmd", tuple(words), name)
    prefix = prefix_of(name)
    if prefix is not None:
        return OutsideSpec(prefix, (name[len(prefix) + 1:],), name)
    raise ValueError(f"{name[:80]!r} names no program: use file:AGENT.py or cmd:COMMAND")
