"""A reviewed game: every decision weighed, as plain data a save file can carry.

The analysis that fills it in runs the engine (ai.review); this module only holds its answer,
so the session's save file (game.savefile) can write and read it without the AI. A row is one
decision of a player: a board move, or a stakes decision in a game played for stakes
(backgammon's cube: "double", "take", "drop", or "no double" when the side on roll could
have doubled and rolled instead). Values are in the game's units from the mover's point of
view: ``value_before`` is what the best move keeps, ``value_after`` what the move played
keeps, and ``loss`` the difference (0 for a best move).
"""

from __future__ import annotations

import json
import math
from dataclasses import MISSING, asdict, dataclass, field, fields
from typing import Any

#: Severity of a row's mark: none, then the game's three kinds of error, mildest first.
NO_ERROR, DOUBTFUL, BAD, VERY_BAD = 0, 1, 2, 3

#: A save file's line that starts the analysis section, after the moves.
SAVE_KEY = "review"


class ReviewFormatError(ValueError):
    """A saved analysis that cannot be read (the message names the problem)."""


@dataclass(frozen=True)
class ReviewRow:
    """One decision, weighed."""

    #: 1 for the game's first decision (dice rolls are not decisions).
    ply: int
    #: Index in the session's moves (dice included) of the move this row is about; for a
    #: "no double" row, the roll that followed the decision.
    index: int
    #: The deciding side (0 or 1) and its name ("Black").
    side: int
    player: str
    #: "move" for a board move, "cube" for a stakes decision.
    kind: str
    move: str
    best_move: str
    value_before: float
    value_after: float
    loss: float
    #: The game's word for the error ("" when there is none: the move was fine).
    mark: str
    severity: int
    #: Why the move costs what it costs, in a sentence ("" for a best move).
    note: str = ""
    #: The value before the move from the first player's view, in the chart's units.
    chart: float = 0.0
    #: The first player's chance to win before the move, where the evaluator gives one.
    win_chance: float | None = None
    #: The engine's line from this position, starting with its best move.
    line: tuple[str, ...] = ()
    #: The best line after the move played (the refutation of an error).
    reply_line: tuple[str, ...] = ()
    #: Only one choice was possible: the row is not counted in a player's averages.
    forced: bool = False
    #: The values are proven (an exact solver, or a search to the end of the game).
    exact: bool = False
    #: The values in words for the panel ("+4 discs (predicted final margin)").
    value_before_text: str = ""
    value_after_text: str = ""

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["line"] = list(self.line)
        out["reply_line"] = list(self.reply_line)
        for key in ("value_before", "value_after", "loss", "chart"):
            out[key] = _number(out[key])
        if self.win_chance is not None:
            out["win_chance"] = _number(self.win_chance)
        return out

    @classmethod
    def from_json(cls, data: Any) -> ReviewRow:
        if not isinstance(data, dict):
            raise ReviewFormatError("a review row must be a JSON object")
        known = {f.name: f for f in fields(cls)}
        kwargs: dict[str, Any] = {}
        for name, value in data.items():
            if name not in known:
                continue  # a field a newer Kibitz added
            kwargs[name] = _checked(name, known[name].type, value)
        missing = [f.name for f in fields(cls) if f.name not in kwargs
                   and f.default is MISSING and f.default_factory is MISSING]
        if missing:
            raise ReviewFormatError(f"a review row lacks {', '.join(missing)}")
        return cls(**kwargs)


@dataclass(frozen=True)
class PlayerSummary:
    """One player's figures over the game."""

    side: int
    player: str
    #: Decisions with more than one choice (forced ones are not counted).
    decisions: int
    #: Errors by mark, mildest first, e.g. {"doubtful": 2, "bad": 1, "very bad": 0}.
    errors: dict[str, int]
    total_loss: float
    average_loss: float
    #: The average loss as players quote it ("6.1 millipoints per move").
    rate_text: str
    #: A documented rating for that rate ("Expert", GNU Backgammon's scale), else "".
    rating: str = ""

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["total_loss"] = _number(self.total_loss)
        out["average_loss"] = _number(self.average_loss)
        return out

    @classmethod
    def from_json(cls, data: Any) -> PlayerSummary:
        if not isinstance(data, dict):
            raise ReviewFormatError("a player summary must be a JSON object")
        try:
            errors = data["errors"]
            if not isinstance(errors, dict) or not all(
                    isinstance(k, str) and isinstance(v, int) for k, v in errors.items()):
                raise ReviewFormatError("a player summary's errors must map marks to counts")
            return cls(
                side=_checked("side", "int", data["side"]),
                player=_checked("player", "str", data["player"]),
                decisions=_checked("decisions", "int", data["decisions"]),
                errors=dict(errors),
                total_loss=_checked("total_loss", "float", data["total_loss"]),
                average_loss=_checked("average_loss", "float", data["average_loss"]),
                rate_text=_checked("rate_text", "str", data["rate_text"]),
                rating=_checked("rating", "str", data.get("rating", "")),
            )
        except KeyError as exc:
            raise ReviewFormatError(f"a player summary lacks {exc.args[0]}") from None


@dataclass(frozen=True)
class GameReview:
    """The analysis of one game: its settings, a row per decision, a summary per player."""

    game_id: str
    #: How it was searched, in words ("Master's search at depth 6") and as data
    #: ({"level": "Master", "depth": 6, "time": null}).
    settings_text: str
    settings: dict[str, Any]
    #: The unit a loss is counted in ("discs", "points", "results").
    loss_unit: str
    #: What the chart plots, from the first player's view ("predicted disc margin for Black"),
    #: and the range it spans.
    chart_label: str
    chart_bounds: tuple[float, float]
    rows: tuple[ReviewRow, ...]
    summaries: tuple[PlayerSummary, ...]
    #: Where the marks' thresholds come from, in a sentence.
    marks_source: str = ""
    #: Number of the session's moves (dice included) the review covers: a review of a game
    #: played on afterwards covers its first ``moves`` only.
    moves: int = 0
    #: False when the analysis was cancelled part way: the rows cover the game's start only.
    complete: bool = True
    seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    def row_at(self, index: int) -> ReviewRow | None:
        """The board move's row for the session's move ``index`` (None: a roll, or not
        reviewed)."""
        for row in self.rows:
            if row.index == index and row.kind == "move":
                return row
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "settings": self.settings,
            "settings_text": self.settings_text,
            "loss_unit": self.loss_unit,
            "marks_source": self.marks_source,
            "chart_label": self.chart_label,
            "chart_bounds": [_number(b) for b in self.chart_bounds],
            "moves": self.moves,
            "complete": self.complete,
            "seconds": _number(round(self.seconds, 3)),
            "summaries": [s.to_json() for s in self.summaries],
            "rows": [r.to_json() for r in self.rows],
            **({"extra": self.extra} if self.extra else {}),
        }

    @classmethod
    def from_json(cls, data: Any) -> GameReview:
        if not isinstance(data, dict):
            raise ReviewFormatError("the review must be a JSON object")
        try:
            bounds = data["chart_bounds"]
            if (not isinstance(bounds, list) or len(bounds) != 2
                    or not all(_is_number(b) for b in bounds)):
                raise ReviewFormatError("the review's chart_bounds must be two numbers")
            settings = data["settings"]
            if not isinstance(settings, dict):
                raise ReviewFormatError("the review's settings must be a JSON object")
            rows = data["rows"]
            summaries = data["summaries"]
            if not isinstance(rows, list) or not isinstance(summaries, list):
                raise ReviewFormatError("the review's rows and summaries must be lists")
            extra = data.get("extra", {})
            return cls(
                game_id=_checked("game", "str", data["game"]),
                settings_text=_checked("settings_text", "str", data["settings_text"]),
                settings=settings,
                loss_unit=_checked("loss_unit", "str", data["loss_unit"]),
                marks_source=_checked("marks_source", "str", data.get("marks_source", "")),
                chart_label=_checked("chart_label", "str", data["chart_label"]),
                chart_bounds=(float(bounds[0]), float(bounds[1])),
                rows=tuple(ReviewRow.from_json(r) for r in rows),
                summaries=tuple(PlayerSummary.from_json(s) for s in summaries),
                moves=_checked("moves", "int", data["moves"]),
                complete=_checked("complete", "bool", data["complete"]),
                seconds=_checked("seconds", "float", data.get("seconds", 0.0)),
                extra=extra if isinstance(extra, dict) else {},
            )
        except KeyError as exc:
            raise ReviewFormatError(f"the review lacks its {exc.args[0]!r}") from None

    # -- in a save file ---------------------------------------------------------------------

    def save_text(self) -> str:
        """The analysis section of a save file: one line, ``review: {...}``."""
        return f"{SAVE_KEY}: {json.dumps(self.to_json(), allow_nan=False)}"

    @classmethod
    def from_save_text(cls, text: str) -> GameReview:
        """The inverse of ``save_text`` (the value after ``review:``)."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise ReviewFormatError("the review is not valid JSON") from None
        return cls.from_json(data)


def _is_number(value: Any) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value))


def _number(value: float) -> float | int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return round(float(value), 6)


_TYPES = {
    "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "str": lambda v: isinstance(v, str),
    "bool": lambda v: isinstance(v, bool),
    "float": _is_number,
    "float | None": lambda v: v is None or _is_number(v),
    "tuple[str, ...]": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
}


def _checked(name: str, kind: Any, value: Any) -> Any:
    """``value`` if it has the field's type (a list becomes a tuple), else a one-line error."""
    kind = str(kind)
    check = _TYPES.get(kind)
    if check is None or not check(value):
        raise ReviewFormatError(f"the review's {name!r} is not a valid {kind}")
    if kind == "tuple[str, ...]":
        return tuple(value)
    if kind == "float" and value is not None:
        return float(value)
    return value
