"""The "watch it think" side panel, built only from what the AI knows about the shown position.

``panel_lines`` turns the Knowledge of the play screen into labelled lines (plain data, which
the tests read); ``draw_panel`` (ui.panel_view, re-exported here) draws them in the room
there is, never dropping one silently. Each search is named with its purpose and depth, so
when two searches of one position disagree (the values pass and a deeper move search) the panel
says which is which, and the move the AI is about to play is always the one named here.
"""

from __future__ import annotations

from collections.abc import Callable

from ai.api import BOOK
from ai.engine import registered_spec
from ai.kit import profile_for
from game.core import Game, Move, State
from game.kit import GameKit
from play.jobs import Purpose
from play.knowledge import Knowledge, SearchReport
from ui.panel_view import PanelLine, draw_panel
from ui.value_text import value_text

Describe = Callable[[State, Move], str]

__all__ = ["PanelLine", "PanelText", "draw_panel", "panel_lines", "search_lines"]


#: Between groups of thousands: a no-break space, so "15 400/s" never wraps as "15" and
#: "400/s" on two lines of the panel.
THOUSANDS = "\u00a0"


def fmt_int(n: float) -> str:
    n = int(n)
    if n >= 10_000_000:
        return f"{n / 1e6:.1f} M"
    if n >= 100_000:
        return f"{n / 1e3:.0f} k"
    return f"{n:,}".replace(",", THOUSANDS)


class PanelText:
    """Words for one game's reports: moves in notation, values in units with their view."""

    def __init__(self, kit: GameKit, describe: Describe) -> None:
        self.kit = kit
        self.game: Game = kit.rules()
        self.describe = describe

    def move(self, report: SearchReport, move: Move | None) -> str:
        if move is None:
            return "—"
        try:
            return self.describe(report.state, move)
        except Exception:  # noqa: BLE001 - a label must never break the frame
            return str(move)

    def value(self, report: SearchReport, value: float | None) -> str:
        """The value in the game's units with its point of view: "+2 discs ... for Black"."""
        if value is None:
            return "—"
        return f"{self.bare_value(report, value)} {self.view(report)}"

    def bare_value(self, report: SearchReport, value: float | None) -> str:
        if value is None:
            return "—"
        return value_text(self.kit, value, exact=report.exact, algorithm=report.algorithm).long

    def view(self, report: SearchReport) -> str:
        return f"for {self.game.player_names[report.mover]}"

    def pv(self, report: SearchReport) -> str:
        out, state = [], report.state
        for mv in report.pv[:10]:
            try:
                out.append(self.describe(state, mv))
                state = state.apply(mv)
            except Exception:  # noqa: BLE001 - a PV that does not replay is only cut short
                break
        return " ".join(out)


def _depth_text(report: SearchReport) -> str:
    if report.thinking and report.depth > report.done_depth:
        done = f"{report.done_depth} done · " if report.done_depth else ""
        return f"{done}searching {report.depth}"
    return str(report.done_depth or report.depth)


def _algorithm_text(report: SearchReport) -> str:
    return f"{report.algorithm} (exact)" if report.exact else report.algorithm


def book_lines(words: PanelText, report: SearchReport, heading: str) -> list[PanelLine]:
    """An answer from the opening book: no search now, the book's figures instead."""
    lines = [PanelLine(heading, "heading"), PanelLine("book move: no search needed", "accent"),
             PanelLine("Plays", "row", words.move(report, report.shown_move)),
             PanelLine(f"Value {words.view(report)}", "row",
                       words.bare_value(report, report.shown_score))]
    if report.values:
        best = sorted(report.values.items(), key=lambda mv: -mv[1])[:4]
        shown = ", ".join(f"{words.move(report, m)} "
                          f"{value_text(words.kit, v, exact=False).short}" for m, v in best)
        origin = profile_for(words.kit).book_origin.format(depth=report.depth)
        lines.append(PanelLine(f"Book: {shown} ({origin} when the book was made)", "text"))
    return lines


def search_lines(words: PanelText, report: SearchReport, heading: str) -> list[PanelLine]:
    """The full story of one search: figures, the move it names, its value."""
    if report.finished and report.algorithm == BOOK:
        return book_lines(words, report, heading)
    lines = [PanelLine(heading, "heading")]
    if report.thinking:
        lines.append(PanelLine("thinking", "accent"))
    elif report.failed:
        lines.append(PanelLine(f"search failed: {report.failed}", "dim"))
    elif report.finished:
        lines.append(PanelLine("search finished" if report.complete
                               else "search stopped at its limit", "dim"))
    nps = report.nodes / report.elapsed_s if report.elapsed_s > 0 else 0.0
    label = "Plays" if report.finished and report.purpose is Purpose.MOVE else (
        "Best move" if report.best is not None else "Best so far")
    spec = registered_spec(report.algorithm)
    lines += [
        PanelLine("Algorithm", "row", _algorithm_text(report)),
        PanelLine("Depth", "row", _depth_text(report)),
        PanelLine(spec.count_label if spec is not None else "Nodes", "row",
                  f"{fmt_int(report.nodes)} ({fmt_int(nps)}/s)"),
        PanelLine("Time", "row", f"{report.own_time_s:.2f} s"),
        *([PanelLine("Pondered", "row", f"{report.pondered_s:.2f} s, your time")]
          if report.pondered_s > 0 else []),
        PanelLine(label, "row", words.move(report, report.shown_move)),
        PanelLine(f"Value {words.view(report)}", "row",
                  words.bare_value(report, report.shown_score)),
    ]
    if report.finished and (spec is None or spec.prunes):
        tt = f" · TT {fmt_int(report.tt_hits)}/{fmt_int(report.tt_probes)}" if (
            report.tt_probes) else ""
        lines.append(PanelLine("Cutoffs", "row", f"{fmt_int(report.cutoffs)}{tt}"))
    if report.noisy_pick:
        # Two lines, each drawn whole: as one, the level's rule was cut off after three rows
        # ("Casual: picks at random among moves" without "within 3 of the best").
        lines.append(PanelLine(
            f"Its best was {words.move(report, report.best)} "
            f"({words.value(report, report.score)}).", "accent"))
        lines.append(PanelLine(report.noise_text or "a deliberate random pick", "accent"))
    elif report.noise_text and report.purpose is Purpose.MOVE:
        lines.append(PanelLine(report.noise_text, "dim"))
    if report.finished and report.pv:
        lines.append(PanelLine(f"Line: {words.pv(report)}", "text"))
    return lines


def panel_lines(words: PanelText, knowledge: Knowledge, show_values: bool = True,
                belief: list[PanelLine] | None = None,
                tips: str = "H: a hint · V: every move's value") -> list[PanelLine]:
    """Everything the panel says about the shown position (and the last move's search); the
    values pass only while the board shows its values. ``belief``: what the game's evaluator
    says about the position without a search (backgammon's network), after the searches of
    the position and before the story of the last move. ``tips``: the keys that would tell
    more about the position now (only commands that can run: "" for none)."""
    lines: list[PanelLine] = []
    move = knowledge.report(Purpose.MOVE)
    if move is not None:
        lines += search_lines(words, move, move.title)
    # What is known about the position on the board comes before the story of the last move,
    # so a small window cuts the story, not the board's values or the hint.
    about_board = _values_lines(words, knowledge) if show_values else []
    about_board += _hint_lines(words, knowledge)
    if belief:
        about_board += [PanelLine("", "rule"), *belief]
    if move is None and about_board:
        about_board = about_board[1:]  # no rule above the first section
    lines += about_board
    if move is None and knowledge.last_move_search is not None:
        last = knowledge.last_move_search
        played = words.move(last, last.chosen)
        side = words.game.player_names[last.mover]
        if about_board:
            lines.append(PanelLine("", "rule"))
        lines += search_lines(words, last, f"Why {side} played {played}")
    elif move is None and not about_board:
        lines.append(PanelLine("No search of this position yet.", "dim"))
        if tips:
            lines.append(PanelLine(tips, "dim"))
    return lines


def ponder_lines(status: str | None) -> list[PanelLine]:
    """The AI's thinking on the human's time (play.ponder): what it ponders now; a rule
    below, before the searches of the position. What a guess came to (hit or miss) is a
    message, not a panel line: the next guess replaced the line half a second later."""
    if status is not None:
        return [PanelLine("Pondering (on your time)", "heading"), PanelLine(status, "accent"),
                PanelLine("", "rule")]
    return []


def _values_lines(words: PanelText, knowledge: Knowledge) -> list[PanelLine]:
    report = knowledge.report(Purpose.VALUES)
    if report is None:
        return []
    lines = [PanelLine("", "rule")]
    if report.values:
        best = knowledge.values_best()
        kind = "exact" if report.values_exact else "full window"
        head = f"Board values: depth {report.values_depth}, {kind}"
        lines.append(PanelLine(head, "heading"))
        assert best is not None
        lines.append(PanelLine(
            f"best {words.move(report, best)} {words.value(report, report.values[best])}"))
        if report.thinking:
            lines.append(PanelLine(_deeper(report.depth, report.values_depth), "accent"))
    elif report.failed:
        lines.append(PanelLine(f"Move values failed: {report.failed}", "dim"))
    else:
        lines.append(PanelLine("Board values: searching…", "accent"))
    lines += _disagreement(words, knowledge, report)
    return lines


def _hint_lines(words: PanelText, knowledge: Knowledge) -> list[PanelLine]:
    report = knowledge.report(Purpose.HINT)
    if report is None:
        return []
    lines = [PanelLine("", "rule")]
    if report.finished:
        lines.append(PanelLine(f"Hint (depth {report.done_depth}): "
                               f"{words.move(report, report.chosen)}", "heading"))
        lines.append(PanelLine(words.value(report, report.chosen_score)))
    elif report.failed:
        lines.append(PanelLine(f"Hint failed: {report.failed}", "dim"))
    else:
        lines.append(PanelLine(f"Hint: {_deeper(report.depth, report.done_depth)}", "accent"))
    return lines


def _deeper(depth: int, done: int) -> str:
    """What a running pass is doing: between a finished depth and the first progress of the
    next one its live depth still equals the finished one ("depth 5 ... searching depth 5")."""
    return f"searching depth {depth}…" if depth > done else "searching deeper…"


def _disagreement(words: PanelText, knowledge: Knowledge, values: SearchReport) -> list[PanelLine]:
    """Say so when another search of this position names a different best move."""
    best = knowledge.values_best()
    if best is None:
        return []
    out = []
    for purpose in (Purpose.MOVE, Purpose.HINT):
        other = knowledge.report(purpose)
        if other is None or not other.finished or other.chosen is None or other.chosen == best:
            continue
        if other.noisy_pick:
            why = "a deliberate random pick"
        elif other.done_depth != values.values_depth:
            why = f"depth {other.done_depth} vs {values.values_depth}"
        else:
            why = "a different search"
        name = "AI move" if purpose is Purpose.MOVE else "Hint"
        out.append(PanelLine(f"{name} {words.move(other, other.chosen)} differs from the "
                             f"board's best: {why}", "accent"))
    return out
