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
from dataclasses import dataclass, field
from typing import TypeVar

from game import review_read as read
from game.jsontypes import JSONObject

T = TypeVar("T")

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
    #: "move" for a board move, else the game's stakes word for a stakes decision (GameKit
    #: ``stakes_word``: backgammon's "cube").
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

    def to_json(self) -> JSONObject:
        return {
            "ply": self.ply, "index": self.index, "side": self.side, "player": self.player,
            "kind": self.kind, "move": self.move, "best_move": self.best_move,
            "value_before": _number(self.value_before), "value_after": _number(self.value_after),
            "loss": _number(self.loss), "mark": self.mark, "severity": self.severity,
            "note": self.note, "chart": _number(self.chart),
            "win_chance": None if self.win_chance is None else _number(self.win_chance),
            "line": list(self.line), "reply_line": list(self.reply_line),
            "forced": self.forced, "exact": self.exact,
            "value_before_text": self.value_before_text,
            "value_after_text": self.value_after_text,
        }

    @classmethod
    def read(cls, data: object, where: str, notes: list[str]) -> ReviewRow | None:
        """The row ``data`` holds, each field checked (game.review_read), or None when a field
        it cannot do without is missing or bad (``notes`` names it)."""
        f = read.Fields(data, where, notes)
        whole, number, text, moves = read.whole, read.number(), read.text, read.moves
        row = cls(
            ply=f.need("ply", whole(1, read.MAX_PLY), 0),
            index=f.need("index", whole(0, read.MAX_PLY), 0),
            side=f.need("side", read.choice((0, 1)), 0),
            player=f.need("player", text, ""),
            kind=f.need("kind", read.row_kind, ""),
            move=f.need("move", text, ""),
            best_move=f.need("best_move", text, ""),
            value_before=f.need("value_before", number, 0.0),
            value_after=f.need("value_after", number, 0.0),
            loss=f.need("loss", number, 0.0),
            mark=f.need("mark", text, ""),
            severity=f.need("severity", read.choice(read.SEVERITIES), 0),
            note=f.get("note", text, ""),
            chart=f.get("chart", number, 0.0),
            win_chance=f.get("win_chance", read.optional(read.number(0.0, 1.0)), None),
            line=f.get("line", moves, ()),
            reply_line=f.get("reply_line", moves, ()),
            forced=f.get("forced", read.flag, False),
            exact=f.get("exact", read.flag, False),
            value_before_text=f.get("value_before_text", text, ""),
            value_after_text=f.get("value_after_text", text, ""),
        )
        return row if f.ok else None


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

    def to_json(self) -> JSONObject:
        return {
            "side": self.side, "player": self.player, "decisions": self.decisions,
            "errors": dict(self.errors), "total_loss": _number(self.total_loss),
            "average_loss": _number(self.average_loss), "rate_text": self.rate_text,
            "rating": self.rating,
        }

    @classmethod
    def read(cls, data: object, where: str, notes: list[str]) -> PlayerSummary | None:
        """As ``ReviewRow.read``, for one player's figures."""
        f = read.Fields(data, where, notes)
        summary = cls(
            side=f.need("side", read.choice((0, 1)), 0),
            player=f.need("player", read.text, ""),
            decisions=f.need("decisions", read.whole(0, read.MAX_PLY), 0),
            errors=f.need("errors", read.errors_by_mark, {}),
            total_loss=f.need("total_loss", read.number(), 0.0),
            average_loss=f.need("average_loss", read.number(), 0.0),
            rate_text=f.need("rate_text", read.text, ""),
            rating=f.get("rating", read.text, ""),
        )
        return summary if f.ok else None


@dataclass(frozen=True)
class GameReview:
    """The analysis of one game: its settings, a row per decision, a summary per player."""

    game_id: str
    #: How it was searched, in words ("Master's search at depth 6") and as data
    #: ({"level": "Master", "depth": 6, "time": null}).
    settings_text: str
    settings: JSONObject
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
    extra: JSONObject = field(default_factory=dict)
    #: What reading a saved analysis left out or set back to its default, one name each
    #: ("row 6 (severity)"): the screen and ``review`` say so in one line. Not saved.
    notes: tuple[str, ...] = field(default=(), compare=False)

    def row_at(self, index: int) -> ReviewRow | None:
        """The board move's row for the session's move ``index`` (None: a roll, or not
        reviewed)."""
        for row in self.rows:
            if row.index == index and row.kind == "move":
                return row
        return None

    def to_json(self) -> JSONObject:
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
    def from_json(cls, data: object) -> GameReview:
        """The analysis ``data`` holds, every field checked (game.review_read): what is bad
        is left out and named in ``notes``; a ReviewFormatError only when there is no game,
        no count of moves or no list of rows to show."""
        if not isinstance(data, dict):
            raise ReviewFormatError("the review must be a JSON object")
        game_id, moves, rows = data.get("game"), data.get("moves"), data.get("rows")
        if not isinstance(game_id, str) or not game_id:
            raise ReviewFormatError("the review lacks its game")
        if not isinstance(moves, int) or read.whole(0, read.MAX_PLY)(moves) is read.BAD:
            raise ReviewFormatError("the review's moves is not a count of moves")
        if not isinstance(rows, list):
            raise ReviewFormatError("the review's rows must be a list")
        notes: list[str] = []
        kept = []
        for n, raw in enumerate(rows, 1):
            row = ReviewRow.read(raw, f"row {n}", notes)
            if row is not None and row.index >= moves:
                notes.append(f"row {n} (a move not played)")
            elif row is not None:
                kept.append(row)
        summaries = data.get("summaries")
        if not isinstance(summaries, list):
            notes.append("summaries")
            summaries = []
        players = [PlayerSummary.read(s, f"summary {n}", notes)
                   for n, s in enumerate(summaries, 1)]

        def field_(name: str, reader: read.Reader[T], default: T) -> T:
            if name not in data:
                return default
            value = reader(data[name])
            if isinstance(value, read.Bad):
                notes.append(name)
                return default
            return value

        return cls(
            game_id=game_id,
            settings_text=field_("settings_text", read.text, ""),
            settings=read.search_settings(data.get("settings", {}), notes),
            loss_unit=field_("loss_unit", read.text, ""),
            marks_source=field_("marks_source", read.text, ""),
            chart_label=field_("chart_label", read.text, ""),
            chart_bounds=read.chart_bounds(data.get("chart_bounds"), [r.chart for r in kept],
                                           notes),
            rows=tuple(kept),
            summaries=tuple(p for p in players if p is not None),
            moves=moves,
            complete=field_("complete", read.flag, False),
            seconds=field_("seconds", read.number(0.0), 0.0),
            extra=read.extra(data.get("extra", {}), notes),
            notes=tuple(notes),
        )

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


def _number(value: float) -> float | int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return round(float(value), 6)
