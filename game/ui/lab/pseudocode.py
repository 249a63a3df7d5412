"""Step mode's code panel: the algorithm as the course writes it, the running line lit.

The text comes from ai.textbook.PSEUDOCODE (the same module students read and the tests use as
the oracle); each line carries the name the recorder puts in ``StepEvent.line``. Engine steps the
slides do not have (a table hit, Star1's chance cutoff, move filtering) are explained in words
under the code instead of being passed off as a line of it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui import theme
from game.ui.assets import font
from game.ui.lab import style
from game.ui.widgets import draw_text, wrap_text

#: Engine steps outside the textbook's code, in words.
OFF_PAGE: dict[str, str] = {
    "tt-hit": "Transposition table: this position was searched before to the same depth, "
              "so its stored value is reused and its subtree is skipped.",
    "chance-cutoff": "Star1 pruning: even if every remaining roll scored its best possible "
                     "value, this chance node could not change the decision, so the "
                     "remaining rolls are skipped.",
    "filter": "Move filtering: the moves are scored by a quick evaluation and only the best "
              "few are searched further.",
}


def pseudocode_lines(algorithm: str) -> list[tuple[str, str]]:
    """(line name, text) for ``algorithm`` as ai.textbook writes it."""
    from ai.textbook import PSEUDOCODE

    return [(str(name), str(text)) for name, text in PSEUDOCODE[algorithm]]


def lit_lines(lines: Sequence[tuple[str, str]], active: str, section: str = "") -> set[int]:
    """Indexes of the lines to light for ``active``. A name written in both functions (the
    leaf test of MAX-VALUE and MIN-VALUE) is lit only in the function named by ``section``
    ("MAX" or "MIN"): the one the parent called."""
    hits = [i for i, (name, _) in enumerate(lines) if active and name == active]
    if len(hits) < 2 or not section:
        return set(hits)
    header = ""
    chosen = set()
    for i, (name, text) in enumerate(lines):
        if not name and text.startswith("function"):
            header = text
        if i in hits and f"{section}-" in header:
            chosen.add(i)
    return chosen or set(hits)


def draw_pseudocode(surface: pygame.Surface, rect: pygame.Rect, lines: Sequence[tuple[str, str]],
                    active: str, size: int, section: str = "") -> int:
    """Draw the code with line ``active`` highlighted; returns the y below what was drawn.
    A line too wide for the panel is first drawn a little smaller, then broken after a comma
    onto an indented second line (the highlight covers both): a line of code cut short would
    hide its arguments (alpha, beta)."""
    texts = [text.replace("\t", "    ") for _, text in lines]
    size = fitted_size(texts, rect.width, size, smallest=max(9, size - 2))
    f = font(size)
    line_h = int(size * 1.32)
    y = rect.y
    lit = False
    on_lines = lit_lines(lines, active, section)
    for i, shown in enumerate(texts):
        parts = break_line(shown, f, rect.width - size)
        if y + line_h * len(parts) > rect.bottom:
            break
        on = i in on_lines
        if on:
            lit = True
            pygame.draw.rect(surface, theme.color("accent_dark"),
                             (rect.x - 4, y - 1, rect.width + 8, line_h * len(parts)),
                             border_radius=4)
            draw_text(surface, "▶", (rect.x - 2, y), size, style.PV)
        for part in parts:
            draw_text(surface, part, (rect.x + size, y), size,
                      style.CURRENT if on else style.TEXT, max_width=rect.width - size)
            y += line_h
    if active and not lit:
        note = OFF_PAGE.get(active, f"(engine step: {active})")
        y += line_h // 3
        for ln in wrap_text("▶ " + note, f, rect.width):
            if y + line_h > rect.bottom:
                break
            draw_text(surface, ln, (rect.x, y), size, style.PV)
            y += line_h
    return y


def fitted_size(texts: Sequence[str], width: int, size: int, smallest: int = 9) -> int:
    """The largest font size from ``size`` down to ``smallest`` at which every text, indented
    by the marker's column (one size), fits ``width`` pixels (``smallest`` if none does)."""
    while size > smallest and any(font(size).size(t)[0] + size > width for t in texts):
        size -= 1
    return size


def break_line(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """``text`` as display lines no wider than ``width``: broken after the last ", " that
    fits, the rest indented under the line's code plus four spaces."""
    if f.size(text)[0] <= width:
        return [text]
    indent = " " * (len(text) - len(text.lstrip()) + 4)
    cut = -1
    at = text.find(", ")
    while at >= 0 and f.size(text[:at + 1])[0] <= width:
        cut = at
        at = text.find(", ", at + 1)
    if cut <= len(indent):  # no comma far enough in: breaking would not shorten the line
        return [text]
    return [text[:cut + 1], *break_line(indent + text[cut + 2:], f, width)]
