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


def draw_pseudocode(surface: pygame.Surface, rect: pygame.Rect, lines: Sequence[tuple[str, str]],
                    active: str, size: int) -> int:
    """Draw the code with line ``active`` highlighted; returns the y below what was drawn."""
    f = font(size)
    line_h = int(size * 1.32)
    y = rect.y
    lit = False
    for name, text in lines:
        if y + line_h > rect.bottom:
            break
        on = bool(active) and name == active
        if on:
            lit = True
            pygame.draw.rect(surface, theme.color("accent_dark"),
                             (rect.x - 4, y - 1, rect.width + 8, line_h), border_radius=4)
            draw_text(surface, "▶", (rect.x - 2, y), size, style.PV)
        shown = text.replace("\t", "    ")
        draw_text(surface, shown, (rect.x + size, y), size, style.CURRENT if on else style.TEXT,
                  max_width=rect.width - size)
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
