"""Who plays one side of a match, and how a save file writes it (``ai level=Master``).

A seat names an AI level or algorithm without resolving it: the levels live in ``ai``, which
the rules layer may not import, so the caller resolves them. A program seat names a program
outside Kibitz the same way (``program name='file:agent.py'``, play.outside reads the name):
its name is written as a Python string (``repr``, as ``quoted`` quotes text), so spaces and
quotes in a command line survive the save.
"""

from __future__ import annotations

import ast
import math
import re
from dataclasses import dataclass

from game.core import quoted

_TOKEN = re.compile(r"[A-Za-z0-9_.+-]{1,40}")
#: Depth and time in a seat line: plain ASCII digits (int() and float() would also take
#: other scripts' digits, underscores, exponents, "inf" and "nan").
_DEPTH_TEXT = re.compile(r"[0-9]{1,4}")
_TIME_TEXT = re.compile(r"[0-9]{1,6}(\.[0-9]{1,17})?")
#: Shortest AI think time a seat may have (so its text never needs an exponent).
MIN_SEAT_TIME_S = 0.01
#: What a program's name starts with: a kind such as ``file:`` or ``cmd:`` (play.outside.spec
#: knows the kinds and reads the rest; this layer checks only the name's form).
_PROGRAM_KIND = re.compile(r"[a-z][a-z0-9]{1,9}:")
#: Longest program name a seat keeps (a path or a command line, not a document).
MAX_PROGRAM_CHARS = 300
_PROGRAM_LINE = re.compile(r"program name=('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(?: time=(\S+))?")


@dataclass(frozen=True)
class Seat:
    """Who plays one side: a person, an AI at a named level, or an AI with explicit settings."""

    kind: str = "human"  # "human" | "ai" | "program"
    level: str | None = None
    algorithm: str | None = None
    depth: int | None = None
    time_s: float | None = None
    #: The program's name, ``file:agent.py`` or ``cmd:<command line>`` ("program" seats).
    program: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in ("human", "ai", "program"):
            raise ValueError(f"a seat is 'human', 'ai' or 'program', got {self.kind!r}")
        tuned = (self.algorithm, self.depth, self.time_s)
        if self.kind == "human":
            if self.level is not None or self.program is not None or any(
                    x is not None for x in tuned):
                raise ValueError("a human seat takes no AI settings")
            return
        if self.kind == "program":
            self._check_program()
            return
        if self.program is not None:
            raise ValueError("an AI seat takes no program")
        if (self.level is None) == (self.algorithm is None):
            raise ValueError("an AI seat needs either a level or an algorithm (not both)")
        for label, name in (("level", self.level), ("algorithm", self.algorithm)):
            if name is not None and (not isinstance(name, str) or not _TOKEN.fullmatch(name)):
                raise ValueError(f"bad AI {label} name {quoted(str(name))}")
        if self.level is not None and (self.depth is not None or self.time_s is not None):
            raise ValueError("an AI seat with a level takes no depth or time")
        if self.depth is not None and (
            not isinstance(self.depth, int)
            or isinstance(self.depth, bool)
            or not 1 <= self.depth <= 1000
        ):
            raise ValueError(
                f"AI depth must be a whole number from 1 to 1000, got {quoted(str(self.depth))}"
            )
        if self.time_s is not None and (
            not isinstance(self.time_s, int | float)
            or isinstance(self.time_s, bool)
            or not (math.isfinite(self.time_s) and MIN_SEAT_TIME_S <= self.time_s <= 86_400)
        ):
            raise ValueError(
                f"AI time must be {MIN_SEAT_TIME_S:g} to 86400 seconds, "
                f"got {quoted(str(self.time_s))}"
            )

    def _check_program(self) -> None:
        name = self.program
        if self.level is not None or self.algorithm is not None or self.depth is not None:
            raise ValueError("a program seat takes a program's name and a time, no AI settings")
        if (not isinstance(name, str) or not _PROGRAM_KIND.match(name)
                or len(name) > MAX_PROGRAM_CHARS or not name.isprintable()):
            raise ValueError("a program seat names file:AGENT.py or cmd:COMMAND "
                             f"(one line, at most {MAX_PROGRAM_CHARS} characters), "
                             f"got {quoted(str(name))}")
        if self.time_s is not None and (
            not isinstance(self.time_s, int | float) or isinstance(self.time_s, bool)
            or not (math.isfinite(self.time_s) and MIN_SEAT_TIME_S <= self.time_s <= 86_400)
        ):
            raise ValueError(f"a program's time must be {MIN_SEAT_TIME_S:g} to 86400 seconds, "
                             f"got {quoted(str(self.time_s))}")

    @classmethod
    def human(cls) -> Seat:
        return cls("human")

    @classmethod
    def ai_level(cls, level: str) -> Seat:
        return cls("ai", level=level)

    @classmethod
    def ai(cls, algorithm: str, depth: int | None = None, time_s: float | None = None) -> Seat:
        return cls("ai", algorithm=algorithm, depth=depth, time_s=time_s)

    @classmethod
    def outside(cls, program: str, time_s: float | None = None) -> Seat:
        """A program outside Kibitz (``file:agent.py``, ``cmd:...``), ``time_s`` a move."""
        return cls("program", time_s=time_s, program=program)

    @property
    def is_program(self) -> bool:
        return self.kind == "program"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def to_text(self) -> str:
        """``human``, ``ai level=hard`` or ``ai algorithm=alphabeta depth=4 time=1.5``."""
        if self.is_human:
            return "human"
        if self.program is not None:
            time = f" time={self.time_s!r}" if self.time_s is not None else ""
            return f"program name={self.program!r}{time}"
        if self.level is not None:
            return f"ai level={self.level}"
        parts = ["ai", f"algorithm={self.algorithm}"]
        if self.depth is not None:
            parts.append(f"depth={self.depth}")
        if self.time_s is not None:
            parts.append(f"time={self.time_s!r}")
        return " ".join(parts)

    @classmethod
    def from_text(cls, text: str) -> Seat:
        words = text.split()
        if words == ["human"]:
            return cls.human()
        if words and words[0] == "program":
            return cls._program_from_text(text.strip())
        if not words or words[0] != "ai":
            raise ValueError(f"a seat is 'human', 'ai ...' or 'program ...', got {quoted(text)}")
        fields: dict[str, str] = {}
        for word in words[1:]:
            name, eq, value = word.partition("=")
            if not eq or name not in ("level", "algorithm", "depth", "time") or name in fields:
                raise ValueError(f"bad AI seat setting {quoted(word)}")
            fields[name] = value
        depth_text, time_text = fields.get("depth"), fields.get("time")
        if depth_text is not None and not _DEPTH_TEXT.fullmatch(depth_text):
            raise ValueError(f"AI depth must be a whole number in digits, got {quoted(depth_text)}")
        if time_text is not None and not _TIME_TEXT.fullmatch(time_text):
            raise ValueError(f"AI time must be plain seconds such as 1.5, got {quoted(time_text)}")
        depth = int(depth_text) if depth_text is not None else None
        time_s = float(time_text) if time_text is not None else None
        return cls("ai", fields.get("level"), fields.get("algorithm"), depth, time_s)


    @classmethod
    def _program_from_text(cls, text: str) -> Seat:
        """``program name='file:agent.py'`` with an optional `` time=2.5``."""
        found = _PROGRAM_LINE.fullmatch(text)
        if found is None:
            raise ValueError(f"a program seat reads program name='file:agent.py', "
                             f"got {quoted(text)}")
        try:
            name = ast.literal_eval(found.group(1))
        except (ValueError, SyntaxError):
            raise ValueError(f"cannot read the program's name {quoted(found.group(1))}") from None
        time_text = found.group(2)
        if time_text is not None and not _TIME_TEXT.fullmatch(time_text):
            raise ValueError(f"a program's time must be plain seconds such as 1.5, "
                             f"got {quoted(time_text)}")
        return cls.outside(name, float(time_text) if time_text is not None else None)
