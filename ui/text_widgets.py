"""The widgets that take typed text: a one-line field (the start screen's heaps, a file name) and
the modal text dialog (paste a position, type a tree). Typing, selection and the clipboard go
through ui.text_edit and ui.widgets' clipboard functions, so every field behaves the
same."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import pygame

from ui import scene_record, theme, widgets
from ui.assets import font
from ui.text import render
from ui.text import width as text_width
from ui.text_edit import LineEdit
from ui.widgets import Button, Widget, draw_text


class TextField(Widget):
    sees_every_click: ClassVar[bool] = True  # a click elsewhere takes its focus away
    """One line of editable text; typing goes here while it has the focus.

    Editing follows the usual conventions (caret, Shift-selection, Ctrl+A, Home/End, Ctrl+arrows
    by word, Ctrl+C/X/V); the rules live in :class:`ui.text_edit.LineEdit`, which cleans
    every typed, pasted or initial text, so nothing in the field can fail to draw.
    """

    def __init__(
        self,
        label: str,
        text: str,
        on_change: Callable[[str], object] | None = None,
        *,
        max_len: int = 200,
        allowed: str | None = None,
    ) -> None:
        super().__init__()
        self.label = label
        self.edit = LineEdit(text, max_len=max_len, allowed=allowed)
        self.on_change = on_change
        self.focused = False
        self.error = False
        #: Why the last paste was refused (too long), for the field's host to show; "" if none.
        self.refusal = ""
        self._scroll = 0  # pixels of the text scrolled off the left edge (set while drawing)

    @property
    def text(self) -> str:
        return self.edit.text

    @text.setter
    def text(self, value: str) -> None:
        before = self.edit.text
        self.edit.set_text(value)
        self._changed(before)

    def _changed(self, before: str) -> None:
        if self.edit.text != before and self.on_change:
            self.on_change(self.edit.text)

    def field_rect(self) -> pygame.Rect:
        r = self.rect
        if not self.label:
            return r.copy()
        left = r.x + int(r.width * 0.42)
        return pygame.Rect(left, r.y, r.right - left, r.height)

    def _font(self) -> pygame.font.Font:
        return font(max(10, int(self.rect.height * 0.42)))

    def caret_index_at(self, x: int) -> int:
        """The caret position nearest to window x-coordinate ``x`` (a click in the field)."""
        f, text = self._font(), self.edit.text
        target = x - (self.field_rect().x + 8) + self._scroll
        best, best_gap = 0, abs(target)
        for i in range(1, len(text) + 1):
            gap = abs(text_width(f, text[:i]) - target)
            if gap > best_gap:
                break  # widths only grow: the nearest boundary has been passed
            best, best_gap = i, gap
        return best

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focused = self.field_rect().collidepoint(event.pos)
            if self.focused and getattr(event, "button", 1) == 1:
                self.edit.move_to(self.caret_index_at(event.pos[0]))
            return self.focused
        if not self.focused:
            return False
        before = self.edit.text
        self.refusal = ""
        if event.type == pygame.TEXTINPUT:
            self.edit.insert(event.text)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self.focused = False
                return True
            self._key(event.key, getattr(event, "mod", 0))
        else:
            return False
        self._changed(before)
        return True  # keys are swallowed so shortcuts don't fire while typing

    def _key(self, key: int, mods: int) -> None:
        ctrl, shift = bool(mods & pygame.KMOD_CTRL), bool(mods & pygame.KMOD_SHIFT)
        e = self.edit
        if ctrl and key == pygame.K_a:
            e.select_all()
        elif ctrl and key == pygame.K_v:
            pasted = widgets.clipboard_get() or ""
            self.refusal = widgets.paste_refusal(pasted, "")
            if not self.refusal:
                e.insert(pasted)
        elif ctrl and key in (pygame.K_c, pygame.K_x):
            if e.selected_text():
                widgets.clipboard_put(e.selected_text())
                if key == pygame.K_x:
                    e.cut()
        else:
            moves: dict[int, Callable[[], None]] = {
                pygame.K_BACKSPACE: lambda: e.backspace(word=ctrl),
                pygame.K_DELETE: lambda: e.delete(word=ctrl),
                pygame.K_LEFT: lambda: e.left(shift, word=ctrl),
                pygame.K_RIGHT: lambda: e.right(shift, word=ctrl),
                pygame.K_HOME: lambda: e.home(shift),
                pygame.K_END: lambda: e.end(shift),
                pygame.K_KP7: lambda: e.home(shift),
                pygame.K_KP1: lambda: e.end(shift),
            }
            action = moves.get(key)
            if action is not None:
                action()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        size = max(10, int(r.height * 0.42))
        if self.label:
            draw_text(surface, self.label, (r.x, r.centery), size, theme.color("text_dim"),
                      anchor="midleft", max_width=int(r.width * 0.4))
        fr = self.field_rect()
        radius = max(3, r.height // 5)
        pygame.draw.rect(surface, theme.color("field"), fr, border_radius=radius)
        border = theme.color("bad") if self.error else (
            theme.color("field_focus") if self.focused else theme.color("panel_border"))
        pygame.draw.rect(surface, border, fr, width=2, border_radius=radius)
        inner = fr.inflate(-16, -4)
        if inner.width <= 0 or inner.height <= 0:
            return
        f, e = self._font(), self.edit
        caret_x = text_width(f, e.text[: e.caret])
        # scroll just enough to keep the caret inside the field
        self._scroll = max(0, min(self._scroll, caret_x), caret_x - inner.width + 2)
        self._scroll = min(self._scroll, max(0, text_width(f, e.text) - inner.width + 2))
        origin = inner.x - self._scroll
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        try:
            sel = e.selection() if self.focused else None
            if sel:
                x0 = origin + text_width(f, e.text[: sel[0]])
                x1 = origin + text_width(f, e.text[: sel[1]])
                band = pygame.Rect(x0, fr.y + 5, x1 - x0, fr.height - 10)
                pygame.draw.rect(surface, theme.color("accent_dark"), band)
            img = render(f, e.text, theme.color("text"))
            surface.blit(img, img.get_rect(midleft=(origin, fr.centery)))
            if self.focused:  # a steady caret: a blinking one would redraw an idle window
                x = origin + caret_x
                pygame.draw.line(surface, theme.color("text"), (x, fr.y + 6),
                                 (x, fr.bottom - 6), 2)
        finally:
            surface.set_clip(clip)


class TextDialog(Widget):
    """A modal one-line prompt (file path, position to paste) with OK / Cancel."""

    def __init__(
        self,
        title: str,
        prompt: str,
        text: str,
        on_ok: Callable[[str], object],
        on_cancel: Callable[[], object] | None = None,
    ) -> None:
        super().__init__()
        self.title = title
        self.prompt = prompt
        self.field = TextField("", text, max_len=1000)
        self.field.focused = True
        self.on_ok = on_ok
        self.on_cancel = on_cancel
        self.closed = False
        self.ok_button = Button("OK", self.accept)
        self.cancel_button = Button("Cancel", self.cancel)

    def accept(self) -> None:
        self.closed = True
        self.on_ok(self.field.text.strip())

    def cancel(self) -> None:
        self.closed = True
        if self.on_cancel:
            self.on_cancel()

    def layout(self, screen: pygame.Rect) -> None:
        w = min(screen.width - 40, max(420, int(screen.width * 0.6)))
        h = max(160, int(screen.height * 0.26))
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = screen.center
        row = max(28, h // 6)
        pad = max(12, h // 10)
        self.field.rect = pygame.Rect(self.rect.x + pad, self.rect.centery - row // 2,
                                      w - 2 * pad, row)
        bw = max(90, w // 5)
        self.cancel_button.rect = pygame.Rect(self.rect.right - pad - bw,
                                              self.rect.bottom - pad - row, bw, row)
        self.ok_button.rect = self.cancel_button.rect.move(-(bw + pad // 2), 0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.accept()
                return True
            if event.key == pygame.K_ESCAPE:
                self.cancel()
                return True
            self.field.focused = True
            self.field.handle_event(event)
            return True
        if event.type == pygame.TEXTINPUT:
            self.field.focused = True
            self.field.handle_event(event)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            for b in (self.ok_button, self.cancel_button):
                if b.handle_event(event):
                    return True
            self.field.handle_event(event)
            self.field.focused = True
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill(theme.color("overlay"))
        surface.blit(shade, (0, 0))
        r = self.rect
        pygame.draw.rect(surface, theme.color("panel"), r, border_radius=10)
        scene_record.cover(surface, r)
        pygame.draw.rect(surface, theme.color("accent"), r, width=2, border_radius=10)
        pad = max(12, r.height // 10)
        size = max(12, r.height // 9)
        draw_text(surface, self.title, (r.x + pad, r.y + pad), size, theme.color("accent"),
                  bold=True, max_width=r.width - 2 * pad)
        draw_text(surface, self.prompt, (r.x + pad, self.field.rect.y - 6), int(size * 0.8),
                  theme.color("text_dim"), anchor="bottomleft", max_width=r.width - 2 * pad)
        self.field.draw(surface)
        if self.field.refusal:
            draw_text(surface, self.field.refusal,
                      (r.x + pad, self.field.rect.bottom + 6), int(size * 0.8),
                      theme.color("bad"), max_width=r.width - 2 * pad, kind="message")
        self.ok_button.draw(surface)
        self.cancel_button.draw(surface)
