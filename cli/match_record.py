"""``match --record FILE``: a match that outlives its session.

Measuring a strength difference of a few hundredths of a point takes thousands of games; at
two chance layers that is many CPU-hours, more than one sitting. Every game of a match depends
only on the seed and its index (cli.match_games.game_specs), so a match can stop anywhere and go on
later: this file keeps what was played. Its first line names the match (game, levels, seed,
games, options); each later line is one finished game's outcome, written in game order as
soon as it and every game before it are known (cli.match_games), so the file is the same
whether one process or a cluster played the games. Older records, written as games finished,
read and resume as well. Run the same command again and it plays only the games the file lacks, then reports
the whole match, exactly as one uninterrupted run would.

A last line cut short by a stop is dropped (that game is played again); a file that names
another match, or holds anything else unreadable, is refused with a one-line reason and left
as it is.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TypeAlias

from game.jsontypes import JSONObject

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

FORMAT = "kibitz-match-record"
_OUTCOME_KEYS = ("index", "result", "points_a", "plies", "finished")
#: Kept since records measure equal-time matches; a record written before has none of them.
_TIMING_KEYS = ("think_a", "think_b", "turns_a", "turns_b")
#: An outcome line as read back: its keys and its index are checked here, its values go to
#: cli.match.GameOutcome as the file holds them (this module cannot name that class: it is
#: imported by cli.match).
RecordedOutcome: TypeAlias = dict[str, Any]


#: Kept for a game that ended other than by the rules (a program's forfeit), else absent.
_NOTE_KEY = "note"
#: The longest note a record line may hold.
MAX_NOTE_CHARS = 500
#: The key sets an outcome line may have: without timing (older records) or with it, each
#: with or without a note.
_LINE_KEYS = tuple(keys | extra for keys in (set(_OUTCOME_KEYS), set(_OUTCOME_KEYS + _TIMING_KEYS))
                   for extra in (set(), {_NOTE_KEY}))


class RecordError(ValueError):
    """The record file cannot be used for this match; the message says why, in one line."""


class MatchRecord:
    """The open record of one match: the outcomes it already holds, and where new ones go."""

    def __init__(self, path: Path, match: JSONObject) -> None:
        self.path = path
        #: Outcome fields (as cli.match_tally.GameOutcome takes them) of the games already played.
        self.played: list[RecordedOutcome] = []
        header: JSONObject = {"format": FORMAT, **match}
        try:
            if path.exists():
                self.played = _read(path, header)
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(json.dumps(header) + "\n")
            self._file: IO[str] = path.open("a")
        except OSError as exc:
            raise RecordError(f"{path}: {exc.strerror or exc}") from None

    def played_indices(self) -> set[int]:
        return {o["index"] for o in self.played}

    def add(self, outcome: DataclassInstance) -> None:
        """Append one finished game (a cli.match_tally.GameOutcome) and flush it to disk."""
        given = asdict(outcome)
        timed = given.get("turns_a") or given.get("turns_b")
        keys = _OUTCOME_KEYS + _TIMING_KEYS if timed else _OUTCOME_KEYS
        fields = {k: v for k, v in given.items() if k in keys}
        if given.get(_NOTE_KEY) is not None:
            fields[_NOTE_KEY] = given[_NOTE_KEY]
        try:
            self._file.write(json.dumps(fields) + "\n")
            self._file.flush()
        except OSError as exc:  # a full disk: the games written so far stay usable
            raise RecordError(f"{self.path}: {exc.strerror or exc}") from None

    def close(self) -> None:
        self._file.close()


def stored_seed(path: Path) -> int | None:
    """The seed a record file names, so that resuming needs no --seed; None without a file."""
    if not path.exists():
        return None
    header = _header(path)
    seed = header.get("seed")
    if not isinstance(seed, int):
        raise RecordError(f"{path.name}: its first line names no seed")
    return seed


def _header(path: Path) -> dict[str, object]:
    try:
        with path.open() as f:
            first = f.readline()
        header = json.loads(first)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordError(f"{path.name} is not a match record: {exc}") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise RecordError(f"{path.name} is not a match record (no {FORMAT!r} first line)")
    return header


def _read(path: Path, header: JSONObject) -> list[RecordedOutcome]:
    found = _header(path)
    if found != header:
        differ = sorted(k for k in header.keys() | found.keys() if header.get(k) != found.get(k))
        raise RecordError(f"{path.name} records another match (its {', '.join(differ)} differ);"
                          " give a new file or the same settings")
    try:
        lines = path.read_text().split("\n")[1:]
    except UnicodeDecodeError:
        raise RecordError(f"{path.name}: not text, so not a match record") from None
    complete, cut = lines[:-1], lines[-1]  # a file written whole ends with a newline
    if cut:
        # The last line was cut short by a stop: drop it and write the file whole again.
        path.write_text("\n".join([json.dumps(header), *complete]) + "\n")
    played: list[RecordedOutcome] = []
    seen: set[int] = set()
    for number, line in enumerate(complete, start=2):
        try:
            outcome = json.loads(line)
        except json.JSONDecodeError:
            raise RecordError(f"{path.name}, line {number}: not an outcome") from None
        if not isinstance(outcome, dict) or set(outcome) not in _LINE_KEYS:
            raise RecordError(f"{path.name}, line {number}: not an outcome")
        index, games = outcome["index"], header["games"]
        if (not isinstance(index, int) or not isinstance(games, int)
                or not 0 <= index < games or index in seen):
            raise RecordError(f"{path.name}, line {number}: game {index!r} is not in the match"
                              " or is there twice")
        if not _values_fit(outcome):
            raise RecordError(f"{path.name}, line {number}: an outcome with a value of the"
                              " wrong kind")
        seen.add(index)
        played.append(outcome)
    return played


def _values_fit(outcome: dict[str, object]) -> bool:
    """Each value of the kind a GameOutcome holds (a hand-edited or damaged line must not
    reach the tally as a string)."""
    def number(x: object, least: float = -math.inf) -> bool:
        return isinstance(x, int | float) and not isinstance(x, bool) and x >= least

    result, plies = outcome["result"], outcome["plies"]
    return (isinstance(result, int) and not isinstance(result, bool) and result in (-1, 0, 1)
            and number(outcome["points_a"]) and isinstance(outcome["finished"], bool)
            and isinstance(plies, int) and not isinstance(plies, bool)
            and all(number(outcome[k], 0) for k in _TIMING_KEYS if k in outcome)
            and _note_fits(outcome.get(_NOTE_KEY, "")))


def _note_fits(note: object) -> bool:
    """A note is one line of text, not too long."""
    return isinstance(note, str) and len(note) <= MAX_NOTE_CHARS and "\n" not in note
