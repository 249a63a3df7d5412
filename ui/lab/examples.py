"""The example a lab shows (a classroom tree, Kalah's horizon position): which one it is, and
its name and lesson in the lines under the level's, kept there while it shows (the message
line fades, and two examples' trees may differ only in a leaf the tree's header does not
show: the worst case and its rescaled copy)."""

from __future__ import annotations

import pygame

from game.core import Game, State
from game.kit import Example, GameKit
from ui import theme
from ui.assets import font
from ui.widgets import draw_text, wrap_text

#: The most lines an example's name and lesson take under the level's line.
MAX_LINES = 2


def current_example(kit: GameKit, game: Game, state: State) -> Example | None:
    """The kit's example whose position is ``state`` (None: another position, a tree typed)."""
    examples = kit.examples()
    if not examples:
        return None
    text = game.format_position(state).replace(" ", "")
    return next((e for e in examples.values() if e.text.replace(" ", "") == text), None)


def following_example(kit: GameKit, game: Game, state: State) -> Example:
    """The example after the one shown (the first when none is)."""
    examples = list(kit.examples().values())
    shown = current_example(kit, game, state)
    current = examples.index(shown) if shown is not None else -1
    return examples[(current + 1) % len(examples)]


def example_lines(example: Example | None, size: int, width: int) -> list[str]:
    """The example's name and lesson broken to ``width`` (none when no example shows)."""
    if example is None:
        return []
    return wrap_text(f"Example “{example.name}”: {example.note}", font(size), width)[:MAX_LINES]


def draw_example(surface: pygame.Surface, lines: list[str], pos: tuple[int, int],
                 size: int) -> None:
    x, y = pos
    for line in lines:
        draw_text(surface, line, (x, y), size, theme.color("accent"), kind="example")
        y += int(size * 1.35)
