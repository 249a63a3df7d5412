"""Who plays one side of a match, and how a save file writes it (``ai level=Master``).

A seat names an AI level or algorithm without resolving it: the levels live in ``ai``, which
the rules layer may not import, so the caller resolves them.
"""

from __future__ import annotations

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


@dataclass(frozen=True)
class Seat:
    """Who plays one side: a person, an AI at a named level, or an AI with explicit settings."""

    kind: str = "human"  # "human" | "ai"
    level: str | None = None
    algorithm: str | None = None
    depth: int | None = None
    time_s: float | None = None

    def __post_init__(self) -> None:
        if self.kind not in ("human", "ai"):
            raise ValueError(f"a seat is 'human' or 'ai', got {self.kind!r}")
        tuned = (self.algorithm, self.depth, self.time_s)
        if self.kind == "human":
            if self.level is not None or any(x is not None for x in tuned):
                raise ValueError("a human seat takes no AI settings")
            return
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

    @classmethod
    def human(cls) -> Seat:
        return cls("human")

    @classmethod
    def ai_level(cls, level: str) -> Seat:
        return cls("ai", level=level)

    @classmethod
    def ai(cls, algorithm: str, depth: int | None = None, time_s: float | None = None) -> Seat:
        return cls("ai", algorithm=algorithm, depth=depth, time_s=time_s)

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def to_text(self) -> str:
        """``human``, ``ai level=hard`` or ``ai algorithm=alphabeta depth=4 time=1.5``."""
        if self.is_human:
            return "human"
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
        if not words or words[0] != "ai":
            raise ValueError(f"a seat is 'human' or 'ai ...', got {quoted(text)}")
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

