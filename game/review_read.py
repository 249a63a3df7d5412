"""Reading a saved analysis back: every field checked where it enters.

A save's ``review:`` line is text anyone can edit, and the review screen draws what it holds
every frame: a mark it has no colour for (severity 4), a chart bound of 1e308, a depth that is
a word, or a 100,000-character note used to fail every frame or stall it. Here each field is
checked for its type, its range and finite numbers, and each text is cut to a length a screen
can lay out: a bad optional field falls back to its default, a row or player's figures with a
bad required field is left out, and each is named in ``notes`` for one line to the player.
The rest of the analysis loads. Only a review without its game, its moves or its rows (or not
a JSON object at all) is refused, with one line.

Standard library only: the AI's settings (``ai.review``) read the ``settings`` checked here.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from enum import Enum
from typing import Final, TypeAlias, TypeVar

from game.core import finite_number
from game.jsontypes import JSONObject
from game.registry import all_kits

#: A text longer than this is cut, with "…" (a note, a player's name, a unit).
MAX_TEXT_CHARS = 2000
#: A line of moves longer than this is cut (the screen shows its first few).
MAX_LINE_MOVES = 200
#: No game's values come near this (discs, points, seeds, a solver's win): anything larger is
#: damage, and would overflow the chart's arithmetic.
MAX_VALUE = 1e9
#: More decisions or moves than any game holds.
MAX_PLY = 1_000_000
#: The marks' severities a review writes (game.review: NO_ERROR ... VERY_BAD).
SEVERITIES = (0, 1, 2, 3)
#: A review's search: a level's name, a depth, or seconds a decision.
MAX_LEVEL_CHARS = 40
MAX_DEPTH = 64
MAX_TIME_S = 24 * 3600.0
#: The ``extra`` object is kept only while this small (it is not shown, only carried).
MAX_EXTRA_CHARS = 10_000
#: A warning names at most this many problems, then says how many more.
MAX_NAMED = 4


class Bad(Enum):
    """What a field's reader returns for a value it refuses (an enum, so the checker tells
    it apart from every value a reader returns)."""

    BAD = "bad"


BAD: Final = Bad.BAD
T = TypeVar("T")
#: A field's reader: the value read from the file (anything: ``object``), checked and cut to
#: size, or BAD.
Reader: TypeAlias = Callable[[object], T | Bad]


def capped(text: str) -> str:
    return text if len(text) <= MAX_TEXT_CHARS else text[:MAX_TEXT_CHARS - 1] + "…"


def text(value: object) -> str | Bad:
    return capped(value) if isinstance(value, str) else BAD


def flag(value: object) -> bool | Bad:
    return value if isinstance(value, bool) else BAD


def whole(lo: int, hi: int) -> Reader[int]:
    def read(value: object) -> int | Bad:
        if isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi:
            return value
        return BAD
    return read


def number(lo: float = -MAX_VALUE, hi: float = MAX_VALUE) -> Reader[float]:
    def read(value: object) -> float | Bad:
        if isinstance(value, int | float) and finite_number(value) and lo <= value <= hi:
            return float(value)
        return BAD
    return read


def optional(reader: Reader[T]) -> Reader[T | None]:
    return lambda value: None if value is None else reader(value)


def choice(options: tuple[T, ...]) -> Reader[T]:
    """One of ``options``, of the same type (a side 1 is not a side True)."""
    return lambda value: next((o for o in options if type(value) is type(o) and value == o), BAD)


@functools.cache
def _row_kinds() -> frozenset[str]:
    return frozenset({"move", *(kit.stakes_word for kit in all_kits())})


def row_kind(value: object) -> str | Bad:
    """"move", or a known game's stakes word (a row of a stakes decision: backgammon's "cube")."""
    return value if isinstance(value, str) and value in _row_kinds() else BAD


def moves(value: object) -> tuple[str, ...] | Bad:
    if not isinstance(value, list):
        return BAD
    texts = [m for m in value if isinstance(m, str)]
    if len(texts) != len(value):
        return BAD
    return tuple(capped(m) for m in texts[:MAX_LINE_MOVES])


def errors_by_mark(value: object) -> dict[str, int] | Bad:
    if not isinstance(value, dict) or len(value) > len(SEVERITIES) * 2:
        return BAD
    count = whole(0, MAX_PLY)
    out: dict[str, int] = {}
    for mark, n in value.items():
        got = count(n)
        if not isinstance(mark, str) or isinstance(got, Bad):
            return BAD
        out[capped(mark)] = got
    return out


class Fields:
    """The fields of one row (or summary), read in order, each of its own type: the first
    required field that is missing or bad ends the reading (``ok`` goes False, and the note
    that names it is the last), a bad optional field falls back to its default (noted)."""

    def __init__(self, data: object, where: str, notes: list[str]) -> None:
        self.where, self.notes = where, notes
        self.data: dict[object, object] = data if isinstance(data, dict) else {}
        self.ok = isinstance(data, dict)
        if not self.ok:
            notes.append(f"{where} (not an object)")

    def need(self, name: str, reader: Reader[T], stand_in: T) -> T:
        """The field's value; ``stand_in`` (never kept: ``ok`` is False) when it is not."""
        if not self.ok:
            return stand_in
        if name not in self.data:
            self.notes.append(f"{self.where} (no {name})")
            self.ok = False
            return stand_in
        value = reader(self.data[name])
        if isinstance(value, Bad):
            self.notes.append(f"{self.where} ({name})")
            self.ok = False
            return stand_in
        return value

    def get(self, name: str, reader: Reader[T], default: T) -> T:
        """The field's value, or ``default`` when it is missing or bad."""
        if not self.ok or name not in self.data:
            return default
        value = reader(self.data[name])
        if isinstance(value, Bad):
            self.notes.append(f"{self.where}'s {name}")
            return default
        return value


def search_settings(value: object, notes: list[str]) -> JSONObject:
    """How the review searched ({"level", "depth", "time"}), each of the right type and
    range (else None: the game's default); the screen steps the depth or time from here and
    sends it to the worker, and ``review --json`` prints it."""
    readers: dict[str, Reader[str | int | float | None]] = {
        "level": optional(lambda v: v if isinstance(v, str) and 0 < len(v) <= MAX_LEVEL_CHARS
                          else BAD),
        "depth": optional(whole(1, MAX_DEPTH)),
        "time": optional(number(1e-3, MAX_TIME_S)),
    }
    if not isinstance(value, dict):
        notes.append("settings")
        return {}
    out: JSONObject = {}
    for name, reader in readers.items():
        got = reader(value.get(name))
        if isinstance(got, Bad):
            notes.append(f"settings' {name}")
            got = None
        out[name] = got
    return out


def chart_bounds(value: object, charts: list[float], notes: list[str]) -> tuple[float, float]:
    """Two finite numbers, low then high, within MAX_VALUE; else the rows' own range."""
    read = number()
    bounds = [read(b) for b in value] if isinstance(value, list) and len(value) == 2 else []
    if len(bounds) == 2:
        lo, hi = bounds
        if not isinstance(lo, Bad) and not isinstance(hi, Bad) and lo < hi:
            return lo, hi
    notes.append("chart_bounds")
    lo, hi = min([-1.0, *charts]), max([1.0, *charts])
    return lo, hi


def extra(value: object, notes: list[str]) -> JSONObject:
    """Carried along only as plain JSON (no NaN, no Infinity) of a modest size."""
    if not isinstance(value, dict):
        notes.append("extra")
        return {}
    try:
        written = json.dumps(value, allow_nan=False)
    except (ValueError, TypeError, RecursionError):
        written = None
    if written is None or len(written) > MAX_EXTRA_CHARS:
        notes.append("extra")
        return {}
    return value  # a dict json.dumps wrote as plain JSON (it came from json.loads)


def summary_line(notes: list[str]) -> str:
    """The problems as one line: "Left out of the saved analysis: row 6 (severity), ..."."""
    named = ", ".join(notes[:MAX_NAMED])
    more = f" and {len(notes) - MAX_NAMED} more" if len(notes) > MAX_NAMED else ""
    return f"Left out of the saved analysis: {named}{more}"
