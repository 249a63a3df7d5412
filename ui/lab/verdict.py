"""The lines under the compare bars: the verdict (do the searches agree?) and the notes on
refinements and counting, laid out whole.

The verdict was one line cut at the chart's edge ("✗ Values differ: alpha-beta + move
filter, ... against minimax's …"), exactly the sentence the comparison exists to say, and the
notes stopped after three lines. Here the verdict wraps at its own size and is always drawn
whole; the notes wrap under it; the bars above give up the height this takes. Only notes
beyond half the chart's height are left out, and a last line says how many.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ui.assets import font
from ui.lab import style
from ui.text import wrap
from ui.widgets import draw_text


@dataclass(frozen=True)
class Footer:
    """The verdict's and the notes' lines at their sizes, and the height they take."""

    verdict: list[str]
    notes: list[str]
    size: int
    small: int
    colour: tuple[int, ...]

    @property
    def verdict_h(self) -> int:
        return int(self.size * 1.3)

    @property
    def note_h(self) -> int:
        return int(self.small * 1.25)

    @property
    def height(self) -> int:
        return len(self.verdict) * self.verdict_h + len(self.notes) * self.note_h + self.small


def compare_footer(verdict: str, colour: tuple[int, ...], notes: list[str], size: int,
                   small: int, width: int, most: int) -> Footer:
    """The footer for a chart ``width`` wide, at most ``most`` pixels high (the verdict is
    kept whole whatever its height; notes past the limit become "… N more lines")."""
    lines = wrap(verdict, font(size, True), width)
    wrapped = [part for note in notes if note for part in wrap(note, font(small), width)]
    footer = Footer(lines, wrapped, size, small, colour)
    if footer.height <= most:
        return footer
    room = max(0, (most - len(lines) * footer.verdict_h - small) // footer.note_h - 1)
    left_out = len(wrapped) - room
    kept = [*wrapped[:room], f"… {left_out} more line{'' if left_out == 1 else 's'} of notes: "
            "a larger window shows them"]
    return Footer(lines, kept, size, small, colour)


def draw_footer(surface: pygame.Surface, footer: Footer, x: int, bottom: int) -> None:
    """The footer with its last line ending at ``bottom``."""
    y = bottom - footer.height + footer.small // 2
    for line in footer.verdict:
        draw_text(surface, line, (x, y), footer.size, footer.colour, bold=True)
        y += footer.verdict_h
    y += footer.small // 2
    for line in footer.notes:
        draw_text(surface, line, (x, y), footer.small, style.DIM)
        y += footer.note_h
