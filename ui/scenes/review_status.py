"""The line under the review's board: what the marks on it are (the move played and the best,
with their values), then what the board says of the position (discs, pips).

It must never lose a figure: a window 1280 wide cannot hold "White played 13/6?! (-0.220) ·
best 24/22 13/8 (-0.170) · Pips: White 167 · Red 161 · White to play 5-2" on one line. So the
line is made of parts, each essential or not, and fitted: on one line or two (broken between
parts), the inessential parts dropped before the font is made smaller, and only then cut.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from play.review import ReviewModel
from ui import theme
from ui.assets import font
from ui.review_chart import SYMBOLS
from ui.scenes.review_panel import row_figures
from ui.text import wrap
from ui.widgets import draw_text

SEPARATOR = " · "
#: Lines the status may take; the layout gives it their height.
LINES = 2
#: How much smaller than its own size the status may be drawn before a part is cut.
LEAST_SCALE = 0.8


@dataclass(frozen=True)
class Part:
    text: str
    essential: bool = True


def status_parts(m: ReviewModel) -> list[Part]:
    """The marks on the board in words, the move played and the best with their values as
    the panel writes them."""
    row, review = m.row, m.review
    if row is None or review is None:
        return []
    if m.line:
        texts = m.line_texts()
        shown = " ".join(texts[:m.line_step])
        rest = " ".join(texts[m.line_step:])
        return [Part(f"Best line: {shown}"),
                Part(f"then {rest}" if rest else "end of the line", essential=not rest),
                Part("Esc back", essential=False)]
    if row.kind != "move":
        best = f"{SEPARATOR}best: {row.best_move}" if row.best_move != row.move else " (best)"
        return [Part(f"{row.player}'s {row.kind}: {row.move}{best}")]
    figures = row_figures(review, row, m.session.kit)
    after, before = figures.played.short, figures.best.short
    if row.move == row.best_move:
        return [Part(f"{row.player} played {row.move} ({after}), the best move"),
                Part("marked on the board", essential=False)]
    return [Part(f"{row.player} played {row.move}{SYMBOLS.get(row.severity, '')} ({after})"),
            Part(f"best {row.best_move} ({before})"),
            Part("marked on the board", essential=False)]


def board_parts(status: str) -> list[Part]:
    """The board's own line ("Black 14 – White 11 · White to move"): every part kept."""
    return [Part(p) for p in status.split(SEPARATOR) if p]


def pack(texts: list[str], f: pygame.font.Font, width: int) -> list[str]:
    """The parts joined by " · " into as few lines of ``width`` as hold them whole (a part
    wider than a line broken at its spaces)."""
    lines: list[str] = []
    for text in texts:
        trial = f"{lines[-1]}{SEPARATOR}{text}" if lines else text
        if lines and f.size(trial)[0] <= width:
            lines[-1] = trial
        else:
            lines += wrap(text, f, width)
    return lines


def fit_status(review: list[Part], board: list[Part], width: int,
               size: int) -> tuple[int, list[str]]:
    """(size, lines) of the review's parts and the board's: every part at ``size`` on one
    line, else the review's on one and the board's on the next, else in up to LINES lines
    however they pack; then the same without the inessential parts, then smaller, down to
    LEAST_SCALE of ``size`` (the caller cuts what still does not fit, the last resort)."""
    least = max(9, int(size * LEAST_SCALE))
    for keep, sizes in ((False, [size]), (True, range(size, least - 1, -1))):
        texts = [[p.text for p in group if p.essential or not keep] for group in (review, board)]
        for s in sizes:
            f = font(s)
            whole = pack(texts[0] + texts[1], f, width)
            if len(whole) == 1:
                return s, whole
            apart = [line for group in texts for line in pack(group, f, width)]
            if len(apart) <= LINES:
                return s, apart
            if len(whole) <= LINES:
                return s, whole
    lines = pack([p.text for p in review + board if p.essential], font(least), width)
    return least, [*lines[:LINES - 1], " ".join(lines[LINES - 1:])]


def draw_status(surface: pygame.Surface, r: pygame.Rect, text_size: int, model: ReviewModel,
                board_status: str) -> None:
    """The status lines of ``model``'s selection and the board's ``board_status``, centred
    in ``r``."""
    size, lines = fit_status(status_parts(model), board_parts(board_status), r.width,
                             status_size(text_size))
    step = font(size).get_linesize()
    top = r.centery - step * len(lines) // 2
    for i, line in enumerate(lines):
        draw_text(surface, line, (r.centerx, top + i * step), size, theme.color("text_dim"),
                  anchor="midtop", max_width=r.width, kind="status")


def status_size(text_size: int) -> int:
    return max(11, int(text_size * 0.9))


def status_height(text_size: int) -> int:
    """Room for LINES lines of the status."""
    return LINES * font(status_size(text_size)).get_linesize() + 2
