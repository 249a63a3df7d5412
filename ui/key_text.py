"""A key press's text belongs to whatever took the key press.

SDL reports one keystroke twice: a KEYDOWN (the key) and then a TEXTINPUT (the character it
types). When the key press changes what is in front, the text arrives after the change: the Y
that answers "Load another game?" opens the file chooser, and its "y" would be typed into the
chooser's name field ("game.kibitz.txty"); the N that keeps an existing file closes the
"Replace?" prompt and its "n" would land in the field behind it. Pairing each TEXTINPUT with the
KEYDOWN before it settles this without a timer: the text goes on only to the same screen,
dialog and prompt that were in front when its key went down. Text with no key press before
it (an input method's composed text, a test's typing) always goes on.
"""

from __future__ import annotations

import pygame


def _types_text(event: pygame.event.Event) -> bool:
    """The key press is followed by its text: pygame gives the text with the key (``unicode``,
    read ahead from SDL's text event), empty for keys and shortcuts that type nothing."""
    text = getattr(event, "unicode", "")
    return bool(text) and text.isprintable()


def front_of(scene: object) -> tuple[object, object, object]:
    """What takes the keyboard now: the screen, its open dialog, and that dialog's own prompt
    layer (``front_layer``, e.g. the file chooser's "Replace?" question), if any."""
    dialog = getattr(scene, "dialog", None)
    return scene, dialog, getattr(dialog, "front_layer", None)


class KeyText:
    """Remembers who was in front when the last text-typing key went down, until its text."""

    def __init__(self) -> None:
        self._front_at_key: tuple[object, object, object] | None = None

    def key_down(self, event: pygame.event.Event, front: tuple[object, object, object]) -> None:
        """A key went down: its text, if it types one, will belong to ``front``."""
        self._front_at_key = front if _types_text(event) else None

    def text_belongs(self, front: tuple[object, object, object]) -> bool:
        """Whether the text event now arriving may go to ``front`` (asked once per text)."""
        at_key, self._front_at_key = self._front_at_key, None
        if at_key is None:
            return True
        (scene, dialog, layer), (now_scene, now_dialog, now_layer) = at_key, front
        return scene is now_scene and dialog is now_dialog and layer == now_layer
