"""The editing model behind a one-line text field: text, caret and selection, no pygame.

Kept apart from drawing so the rules players expect (typing replaces the selection, Home/End,
Ctrl+A, word jumps, paste at the caret, the length cap) are plain functions tests can call.
Every way text gets in goes through :func:`ui.text.clean_input`.
"""

from __future__ import annotations

from ui.text import clean_input


class LineEdit:
    """One line of text with a caret (an index into ``text``) and an optional selection.

    The selection runs between ``anchor`` and ``caret``; ``anchor`` is None when nothing is
    selected.
    """

    def __init__(self, text: str = "", *, max_len: int = 200, allowed: str | None = None) -> None:
        self.max_len = max_len
        self.allowed = allowed
        self.text = clean_input(text, allowed)[:max_len]
        self.caret = len(self.text)
        self.anchor: int | None = None

    # ---- reading -------------------------------------------------------------------------
    def selection(self) -> tuple[int, int] | None:
        """(start, end) of the selected text, or None when nothing is selected."""
        if self.anchor is None or self.anchor == self.caret:
            return None
        return min(self.anchor, self.caret), max(self.anchor, self.caret)

    def selected_text(self) -> str:
        sel = self.selection()
        return self.text[sel[0]:sel[1]] if sel else ""

    # ---- changing the text -----------------------------------------------------------------
    def set_text(self, text: str) -> None:
        """Replace everything (caret at the end, nothing selected)."""
        self.text = clean_input(text, self.allowed)[: self.max_len]
        self.caret = len(self.text)
        self.anchor = None

    def insert(self, text: str) -> None:
        """Type or paste ``text`` at the caret, replacing the selection; cut to the length cap."""
        self._delete_selection()
        room = self.max_len - len(self.text)
        piece = clean_input(text, self.allowed)[: max(0, room)]
        self.text = self.text[: self.caret] + piece + self.text[self.caret:]
        self.caret += len(piece)

    def backspace(self, word: bool = False) -> None:
        if self._delete_selection() or self.caret == 0:
            return
        start = self._word_left() if word else self.caret - 1
        self.text = self.text[:start] + self.text[self.caret:]
        self.caret = start

    def delete(self, word: bool = False) -> None:
        if self._delete_selection() or self.caret == len(self.text):
            return
        end = self._word_right() if word else self.caret + 1
        self.text = self.text[: self.caret] + self.text[end:]

    def cut(self) -> str:
        taken = self.selected_text()
        self._delete_selection()
        return taken

    def _delete_selection(self) -> bool:
        sel = self.selection()
        self.anchor = None
        if not sel:
            return False
        self.text = self.text[: sel[0]] + self.text[sel[1]:]
        self.caret = sel[0]
        return True

    # ---- moving the caret ------------------------------------------------------------------
    def select_all(self) -> None:
        self.anchor, self.caret = 0, len(self.text)

    def move_to(self, index: int, extend: bool = False) -> None:
        """Put the caret at ``index``; ``extend`` (Shift held) grows the selection instead."""
        index = max(0, min(len(self.text), index))
        if extend:
            if self.anchor is None:
                self.anchor = self.caret
        else:
            self.anchor = None
        self.caret = index

    def left(self, extend: bool = False, word: bool = False) -> None:
        sel = self.selection()
        if sel and not extend:
            self.move_to(sel[0])  # collapse to the selection's start, as editors do
            return
        self.move_to(self._word_left() if word else self.caret - 1, extend)

    def right(self, extend: bool = False, word: bool = False) -> None:
        sel = self.selection()
        if sel and not extend:
            self.move_to(sel[1])
            return
        self.move_to(self._word_right() if word else self.caret + 1, extend)

    def home(self, extend: bool = False) -> None:
        self.move_to(0, extend)

    def end(self, extend: bool = False) -> None:
        self.move_to(len(self.text), extend)

    def _word_left(self) -> int:
        i = self.caret
        while i > 0 and not _is_word_char(self.text[i - 1]):
            i -= 1
        while i > 0 and _is_word_char(self.text[i - 1]):
            i -= 1
        return i

    def _word_right(self) -> int:
        i, n = self.caret, len(self.text)
        while i < n and not _is_word_char(self.text[i]):
            i += 1
        while i < n and _is_word_char(self.text[i]):
            i += 1
        return i


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"
