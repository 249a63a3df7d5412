"""The review panel's words: the decision selected (the move played and the better one with
their values, the loss, the mark and why), each player's figures, and how the game was
analysed. Plain PanelLine data (ui.panel_view draws and fits it), so the tests read
exactly what a player reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.kit import game_ai
from ai.profiles import ValueLabel
from game.kit import GameKit
from game.review import NO_ERROR, GameReview, PlayerSummary, ReviewRow
from play.review import ReviewModel
from ui.panel_view import PanelLine
from ui.value_text import value_text


def number(value: float) -> str:
    """A loss as players read it: "8", "2.23", "0.045"."""
    if abs(value - round(value)) < 1e-9:
        return f"{value:.0f}"
    return f"{value:.2f}" if abs(value) >= 0.1 else f"{value:.3f}"


def amount(value: float, unit: str) -> str:
    """A loss with its unit, singular for one: "1 result", "8 discs"."""
    return amount_text(number(value), unit)


def without_shared_note(text: str, other: str) -> str:
    """``text`` without the bracketed note ``other`` ends with too ("-2 discs (predicted
    final margin)" above "0 discs (predicted final margin)"): said once, under it."""
    head, sep, note = text.rpartition(" (")
    if sep and note.endswith(")") and other.endswith(f" ({note}"):
        return head
    return text


def counted(n: int, mark: str) -> str:
    """How often a mark was given, in a form every game's words take: "blunder ×2",
    "very bad ×1", "turns a draw into a loss ×1" (a plural would need each game's
    grammar)."""
    return f"{mark} ×{n}"


def mark_line(row: ReviewRow) -> str:
    """The headline of a decision: its mark, or that it was the best (or the only) one."""
    if row.severity > NO_ERROR:
        return row.mark[:1].upper() + row.mark[1:]
    if row.forced:
        return "The only move"
    if row.move == row.best_move:
        return "The best move"
    return "As good as the best"


@dataclass(frozen=True)
class RowFigures:
    """A decision's three figures as the screen writes them: the move played's value, the
    best move's, and the loss with its unit."""

    played: ValueLabel
    best: ValueLabel
    loss: str


def row_figures(review: GameReview, row: ReviewRow, kit: GameKit) -> RowFigures:
    """The figures written alike (one search's values, to the loss's decimals), so that
    best − played is the loss shown; a loss counted in results is the results' difference
    ("draw" against "win in 5": 1 result). A board move's values are written afresh from
    its numbers, so a review saved before reads the same; a cube decision's words are the
    game's."""
    scale = game_ai(kit).review
    if row.kind == "move":
        places = scale.decimals(row.exact)
        played, best = (value_text(kit, v, exact=row.exact, decimals=places)
                        for v in (row.value_after, row.value_before))
    else:
        played, best = (ValueLabel(text or number(v), text or number(v)) for text, v in (
            (row.value_after_text, row.value_after), (row.value_before_text, row.value_before)))
    loss = scale.loss_text(row.value_before, row.value_after, row.loss, row.exact)
    return RowFigures(played, best, amount_text(loss, review.loss_unit))


def amount_text(text: str, unit: str) -> str:
    """A number as written with its unit, singular for one: "1 result", "2.80 discs"."""
    if text == "1" and unit.endswith("s"):
        unit = unit[:-1]
    return f"{text} {unit}".strip()


def row_lines(review: GameReview, row: ReviewRow, kit: GameKit,
              number: int | None = None) -> list[PanelLine]:
    """The selected decision (``number``: its turn, as the move list numbers it): played
    against best, the loss, why, and the lines."""
    what = row.kind.capitalize()  # "Move", or the game's stakes word: "Cube"
    lines = [PanelLine(f"{what} {row.ply if number is None else number} · {row.player}",
                       "heading")]
    figures = row_figures(review, row, kit)
    after, before = figures.played.long, figures.best.long
    if row.best_move != row.move:
        after = without_shared_note(after, before)
    lines.append(PanelLine(f"Played {row.move}", "row", after))
    if row.best_move != row.move:
        lines.append(PanelLine(f"Best {row.best_move}", "row", before))
    if row.loss > 0:
        lines.append(PanelLine("Loss", "row", figures.loss))
    if row.note:
        lines.append(PanelLine(row.note, "text"))
    if row.line:
        lines.append(PanelLine(f"Best line: {' '.join(row.line[:8])}  (L shows it)", "dim"))
    if row.reply_line and not row.note:  # the note tells the reply already
        lines.append(PanelLine(f"After {row.move}: {' '.join(row.reply_line[:8])}", "dim"))
    return lines


def summary_lines(review: GameReview) -> list[PanelLine]:
    """Each player's figures: decisions, errors by kind, loss in total and per move, rating."""
    severity = {row.mark: row.severity for row in review.rows}
    lines: list[PanelLine] = []
    for s in review.summaries:
        lines += [PanelLine("", "rule"), *player_lines(s, review.loss_unit, severity)]
    return lines


def player_lines(s: PlayerSummary, unit: str, severity: dict[str, int]) -> list[PanelLine]:
    """Two lines a player: the rate (and rating) players quote, then the errors, worst
    first, and the loss in all."""
    marks = sorted((mark for mark, n in s.errors.items() if n),
                   key=lambda mark: -severity.get(mark, 0))
    errors = ", ".join(counted(s.errors[mark], mark) for mark in marks) or "no errors"
    rating = f" · {s.rating}" if s.rating else ""
    return [PanelLine(f"{s.player}: {s.rate_text}{rating}", "heading"),
            PanelLine(f"{s.decisions} decisions: {errors}; lost "
                      f"{amount(s.total_loss, unit)} in all", "text")]


def about_lines(model: ReviewModel) -> list[PanelLine]:
    """How the game was analysed, what it covers, and the next analysis's setting."""
    review = model.review
    lines = [PanelLine("", "rule")]
    if review is not None:
        lines.append(PanelLine(f"Analysis: {review.settings_text}, {review.seconds:.0f} s",
                               "dim"))
        if not review.complete:
            lines.append(PanelLine("The analysis was stopped part way: it covers the "
                                   "game's start only", "accent"))
        if review.moves < model.session.ply:
            lines.append(PanelLine(f"It covers the first {review.moves} of "
                                   f"{model.session.ply} moves: A analyses the rest", "accent"))
        if model.settings.as_dict() != review.settings:
            lines.append(PanelLine(f"Next analysis: {model.settings.text()} (A)", "accent"))
    else:
        lines.append(PanelLine(f"Search: {model.settings.text()} (+ / - to change)", "dim"))
    return lines


def panel_lines(model: ReviewModel, number: int | None = None) -> list[PanelLine]:
    """Everything the panel says, the selected decision first (``number``: its turn) (a
    small window compacts the figures below it before the decision itself)."""
    review, row = model.review, model.row
    if review is None:
        if model.running:
            return about_lines(model)[1:]
        head = (f"Analysis failed: {model.error}" if model.error
                else "No analysis yet: A analyses the game")
        if not model.has_decisions():
            head = "No moves to review yet: play a move first"
        return [PanelLine(head, "accent"), *about_lines(model)]
    lines = row_lines(review, row, model.session.kit, number) if row is not None else [
        PanelLine("The analysis has no decisions", "dim")]
    return [*lines, *summary_lines(review), *about_lines(model)]


def marks_line(review: GameReview | None) -> PanelLine | None:
    """Where the marks' thresholds come from: the panel's last line when there is room
    (the keys' list, F1, always has it)."""
    if review is None or not review.marks_source:
        return None
    return PanelLine(f"Marks: {review.marks_source}", "dim")


def progress_text(model: ReviewModel) -> str:
    done, total = model.progress
    if total <= 0:
        return "Analysing …"
    return f"Analysing move {min(total, done + 1)} of {total} …"
