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
from typing import Any

from game.core import finite_number
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

#: A field's reader returns its value, or BAD.
BAD = object()
Reader = Callable[[Any], Any]


def capped(text: str) -> str:
    return text if len(text) <= MAX_TEXT_CHARS else text[:MAX_TEXT_CHARS - 1] + "…"


def text(value: Any) -> Any:
    return capped(value) if isinstance(value, str) else BAD


def flag(value: Any) -> Any:
    return value if isinstance(value, bool) else BAD


def whole(lo: int, hi: int) -> Reader:
    def read(value: Any) -> Any:
        ok = isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi
        return value if ok else BAD
    return read


def number(lo: float = -MAX_VALUE, hi: float = MAX_VALUE) -> Reader:
    def read(value: Any) -> Any:
        return float(value) if finite_number(value) and lo <= value <= hi else BAD
    return read


def optional(reader: Reader) -> Reader:
    return lambda value: None if value is None else reader(value)


def choice(options: tuple[Any, ...]) -> Reader:
    return lambda value: value if any(type(value) is type(o) and value == o
                                      for o in options) else BAD


@functools.cache
def _row_kinds() -> frozenset[str]:
    return frozenset({"move", *(kit.stakes_word for kit in all_kits())})


def row_kind(value: Any) -> Any:
    """"move", or a known game's stakes word (a row of a stakes decision: backgammon's "cube")."""
    return value if isinstance(value, str) and value in _row_kinds() else BAD


def moves(value: Any) -> Any:
    if not isinstance(value, list) or not all(isinstance(m, str) for m in value):
        return BAD
    return tuple(capped(m) for m in value[:MAX_LINE_MOVES])


#: A row's fields: (reader, required). A bad required field leaves the row out.
ROW_FIELDS: dict[str, tuple[Reader, bool]] = {
    "ply": (whole(1, MAX_PLY), True),
    "index": (whole(0, MAX_PLY), True),
    "side": (choice((0, 1)), True),
    "player": (text, True),
    "kind": (row_kind, True),
    "move": (text, True),
    "best_move": (text, True),
    "value_before": (number(), True),
    "value_after": (number(), True),
    "loss": (number(), True),
    "mark": (text, True),
    "severity": (choice(SEVERITIES), True),
    "note": (text, False),
    "chart": (number(), False),
    "win_chance": (optional(number(0.0, 1.0)), False),
    "line": (moves, False),
    "reply_line": (moves, False),
    "forced": (flag, False),
    "exact": (flag, False),
    "value_before_text": (text, False),
    "value_after_text": (text, False),
}


def errors_by_mark(value: Any) -> Any:
    if not isinstance(value, dict) or len(value) > len(SEVERITIES) * 2:
        return BAD
    if not all(isinstance(k, str) and whole(0, MAX_PLY)(n) is not BAD for k, n in value.items()):
        return BAD
    return {capped(k): n for k, n in value.items()}


SUMMARY_FIELDS: dict[str, tuple[Reader, bool]] = {
    "side": (choice((0, 1)), True),
    "player": (text, True),
    "decisions": (whole(0, MAX_PLY), True),
    "errors": (errors_by_mark, True),
    "total_loss": (number(), True),
    "average_loss": (number(), True),
    "rate_text": (text, True),
    "rating": (text, False),
}


def fields_of(data: Any, spec: dict[str, tuple[Reader, bool]], where: str,
              notes: list[str]) -> dict[str, Any] | None:
    """The fields of one row (or summary) that read well, or None when one it cannot do
    without is missing or bad (the note names it)."""
    if not isinstance(data, dict):
        notes.append(f"{where} (not an object)")
        return None
    out: dict[str, Any] = {}
    for name, (reader, required) in spec.items():
        if name not in data:
            if required:
                notes.append(f"{where} (no {name})")
                return None
            continue
        value = reader(data[name])
        if value is not BAD:
            out[name] = value
        elif required:
            notes.append(f"{where} ({name})")
            return None
        else:
            notes.append(f"{where}'s {name}")
    return out


def search_settings(value: Any, notes: list[str]) -> dict[str, Any]:
    """How the review searched ({"level", "depth", "time"}), each of the right type and
    range (else None: the game's default); the screen steps the depth or time from here and
    sends it to the worker, and ``review --json`` prints it."""
    readers: dict[str, Reader] = {
        "level": optional(lambda v: v if isinstance(v, str) and 0 < len(v) <= MAX_LEVEL_CHARS
                          else BAD),
        "depth": optional(whole(1, MAX_DEPTH)),
        "time": optional(number(1e-3, MAX_TIME_S)),
    }
    if not isinstance(value, dict):
        notes.append("settings")
        return {}
    out: dict[str, Any] = {}
    for name, reader in readers.items():
        got = reader(value.get(name))
        if got is BAD:
            notes.append(f"settings' {name}")
            got = None
        out[name] = got
    return out


def chart_bounds(value: Any, charts: list[float], notes: list[str]) -> tuple[float, float]:
    """Two finite numbers, low then high, within MAX_VALUE; else the rows' own range."""
    read = number()
    if (isinstance(value, list) and len(value) == 2 and all(read(b) is not BAD for b in value)
            and value[0] < value[1]):
        return float(value[0]), float(value[1])
    notes.append("chart_bounds")
    lo, hi = min([-1.0, *charts]), max([1.0, *charts])
    return lo, hi


def extra(value: Any, notes: list[str]) -> dict[str, Any]:
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
    return value


def summary_line(notes: list[str]) -> str:
    """The problems as one line: "Left out of the saved analysis: row 6 (severity), ..."."""
    named = ", ".join(notes[:MAX_NAMED])
    more = f" and {len(notes) - MAX_NAMED} more" if len(notes) > MAX_NAMED else ""
    return f"Left out of the saved analysis: {named}{more}"
