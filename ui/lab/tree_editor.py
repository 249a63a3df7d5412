"""The "A tree of your own" dialog (the lab's Y key on classroom trees).

A teacher typing ``[[3,12,8],[2,4,6],[14,5,2]]`` by hand mistypes a bracket now and then. The
dialog keeps what was typed in the box and says in one line under it what the rules could not
read, so the fix is one keystroke away; it closes only for a tree the rules accept (or on
Cancel / Esc).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core import Game, State, error_line
from ui import theme
from ui.text_widgets import TextDialog
from ui.widgets import draw_text

TITLE = "A tree of your own"
PROMPT = "Leaves are numbers, [..] a decision, {0.9: .., 0.1: ..} a roll:"


class TreeDialog(TextDialog):
    """A one-line tree editor that keeps a tree it cannot read, with the reason under it."""

    def __init__(self, game: Game, text: str, on_tree: Callable[[State], object],
                 on_error: Callable[[str], object] | None = None) -> None:
        super().__init__(TITLE, PROMPT, text, on_ok=lambda _text: None)
        self.game = game
        self.on_tree = on_tree
        #: Also told the reason (the screen's message line).
        self.on_error = on_error
        #: Why the typed text is not a tree ("" while there is nothing to say).
        self.error = ""
        self.field.on_change = self._edited

    def accept(self) -> None:
        """Read the typed tree: a tree goes to ``on_tree`` and the dialog closes; anything
        else stays in the box with its one-line reason."""
        text = self.field.text.strip()
        try:
            state = self.game.parse_position(text)
        except ValueError as exc:
            self.error = f"Not a tree: {error_line(exc)}"
            self.field.error = True
            if self.on_error is not None:
                self.on_error(self.error)
            return
        self.closed = True
        self.on_tree(state)

    def _edited(self, _text: str) -> None:
        """Typing on after an error: the old reason no longer describes the box."""
        self.error = ""
        self.field.error = False

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.error:
            return
        r = self.rect
        pad = max(12, r.height // 10)
        size = max(12, int(r.height // 9 * 0.8))
        draw_text(surface, self.error, (r.x + pad, self.field.rect.bottom + 6), size,
                  theme.color("bad"), max_width=r.width - 2 * pad)
