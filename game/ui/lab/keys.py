"""The lab's key hints and its list of keys (F1 or ?), drawn at the scene's sizes.

The scene's own commands come from its command list; each view's keys come from the pane
(``pane.help_lines()`` when it has one), else from VIEW_KEYS, which lists what the panes
answer today. The list must stay readable in presentation mode, so it never shrinks its text
below the small size: when the rows do not fit one column they take two.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import theme
from game.ui.assets import font
from game.ui.widgets import Button, draw_text, wrap_text

#: The keys each view answers (besides the scene's own), for the F1 list.
VIEW_KEYS: dict[str, list[tuple[str, str]]] = {
    "tree": [
        ("Drag / arrows", "pan the tree"),
        ("Wheel / + -", "zoom"),
        ("Click", "select a node: its card on the right"),
        ("Right-click", "open or close a node's subtree (or double-click)"),
        ("F / E / X", "fit the tree / expand all / the first view again"),
        ("Enter", "search again (Esc stops a recording)"),
        ("S", "step mode on or off"),
        ("N / B", "one step forward / back"),
        ("Space", "play the steps (again: pause)"),
        ("[ / ]", "slower / faster"),
        ("Home / End", "the first / last step"),
    ],
    "compare": [
        ("Enter", "run the comparison at the chosen depth"),
        ("L", "run the searches estimated too long as well"),
        ("S", "stop"),
    ],
    "depth": [
        ("Enter", "search depth 1, 2, 3... up to the deepest chosen"),
        ("S", "stop"),
    ],
    "nim": [],
}


def key_hint(has_levels: bool) -> str:
    """The line shown where messages appear while there is none."""
    level = "V: level    " if has_levels else ""
    return f"F1 or ?: every key    {level}F5: presentation mode    P: picture    Esc: back"


def button_width(label: str, size: int, height: int) -> int:
    """The width of a button of ``height`` whose bold label at ``size`` px fits uncut."""
    return font(size, True).size(label)[0] + Button.margin(height) + 4


def text_width(text: str, size: int) -> int:
    return font(size).size(text)[0]


def view_key_lines(view: str, pane: Any) -> list[tuple[str, str]]:
    """The shown view's keys: the pane's own list where it keeps one."""
    own = getattr(pane, "help_lines", None)
    if own is not None:
        return list(own())
    return list(VIEW_KEYS.get(view, []))


def draw_keys_overlay(surface: pygame.Surface, r: pygame.Rect, rows: list[tuple[str, str]],
                      size: int, small: int) -> None:
    """Every key with what it does, over the view (F1 / ? again, Esc or a click closes it).

    The text is ``size`` px, down to ``small`` px when the rows would not fit; past that they
    take two columns, and a long description wraps under itself instead of being cut."""
    plate = pygame.Surface(r.size, pygame.SRCALPHA)
    plate.fill((12, 16, 24, 248))
    surface.blit(plate, r)
    for columns in (1, 2):
        for fit in range(size, small - 1, -1):
            laid = _laid_out(rows, fit, (r.width - 24) // columns)
            line_h = int(fit * 1.3)
            per_column = _split(laid, columns)
            if max(sum(len(lines) for _, lines in part) for part in per_column) + 2 <= \
                    r.height // line_h:
                break
        else:
            continue
        break
    col_w = (r.width - 24) // columns
    y0 = r.y + line_h // 2
    draw_text(surface, "Keys", (r.x + 12, y0), fit, theme.color("accent"), bold=True)
    for c, part in enumerate(per_column):
        x, y = r.x + 12 + c * col_w, y0 + line_h
        for (keys, key_w), lines in part:
            draw_text(surface, keys, (x, y), fit, theme.color("accent"), bold=True,
                      max_width=key_w - 8)
            for line in lines:
                draw_text(surface, line, (x + key_w, y), fit, theme.color("text"),
                          max_width=col_w - key_w - 12)
                y += line_h


def _laid_out(rows: list[tuple[str, str]], size: int, col_w: int
              ) -> list[tuple[tuple[str, int], list[str]]]:
    """Each row as ((keys, width of the keys column), description wrapped to the column)."""
    key_w = min(col_w // 3, max((font(size, True).size(k)[0] for k, _ in rows), default=0) + 16)
    f = font(size)
    return [((keys, key_w), wrap_text(text, f, col_w - key_w - 12)) for keys, text in rows]


def _split(laid: list[Any], columns: int) -> list[list[Any]]:
    """The rows in ``columns`` parts of about equal height, in order."""
    if columns == 1:
        return [laid]
    total = sum(len(lines) for _, lines in laid)
    first, height = [], 0
    for i, row in enumerate(laid):
        if height >= total / 2:
            return [first, laid[i:]]
        first.append(row)
        height += len(row[1])
    return [first, []]
