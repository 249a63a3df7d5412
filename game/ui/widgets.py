"""A small set of immediate, resolution-independent widgets drawn with the shipped font.

Own widgets instead of a toolkit: the window is resizable and every layout is recomputed from the
window size each time it changes, which is simplest when a widget is just a rect, a label and a
callback. All of them are driven by plain pygame events, so tests can click them synthetically.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pygame

from game.ui import theme
from game.ui.assets import font
from game.ui.text import fit, render
from game.ui.text import width as text_width
from game.ui.text_edit import LineEdit


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int,
    color: theme.Color | None = None,
    bold: bool = False,
    anchor: str = "topleft",
    max_width: int | None = None,
) -> pygame.Rect:
    """Blit one line of text anchored at ``pos``; text wider than max_width is ellipsised.

    Never raises for odd text (see game.ui.text): a bad string draws as its printable part.
    """
    f = font(max(8, int(size)), bold)
    text = fit_text(text, f, max_width) if max_width else text
    img = render(f, text, color or theme.color("text"))
    r = img.get_rect(**{anchor: pos})
    surface.blit(img, r)
    return r


def fit_text(text: str, f: pygame.font.Font, max_width: int) -> str:
    """``text`` cut with "…" to fit ``max_width`` pixels (unchanged when it fits)."""
    return fit(text, f, max_width)


def fitting_size(text: str, size: int, max_width: int, bold: bool = False,
                 min_size: int = 10) -> int:
    """The largest font size from ``size`` down to ``min_size`` at which ``text`` fits
    ``max_width``; ``min_size`` when none does (the caller then ellipsises)."""
    size = max(min_size, int(size))
    while size > min_size and text_width(font(size, bold), text) > max_width:
        size -= 1
    return size


def wrap_text(text: str, f: pygame.font.Font, max_width: int) -> list[str]:
    """Greedy word wrap for the few multi-line texts (help, long messages)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}".strip()
            if text_width(f, trial) <= max_width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


class Widget:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass


def _hovered(rect: pygame.Rect) -> bool:
    try:
        return rect.collidepoint(pygame.mouse.get_pos())
    except pygame.error:
        return False


class Button(Widget):
    def __init__(
        self,
        text: str,
        on_click: Callable[[], Any],
        *,
        active: bool = False,
        enabled: bool = True,
        tooltip: str = "",
    ) -> None:
        super().__init__()
        self.text = text
        self.on_click = on_click
        self.active = active
        self.enabled = enabled
        self.tooltip = tooltip
        #: A font size fixed by the layout; 0 = choose from the height (see label_size).
        self.text_size = 0

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (
            self.visible
            and event.type == pygame.MOUSEBUTTONDOWN
            and getattr(event, "button", 1) == 1
            and self.rect.collidepoint(event.pos)
        ):
            if self.enabled:
                self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        if self.active:
            bg, fg = theme.color("button_active"), theme.color("button_text_active")
        elif self.enabled and _hovered(self.rect):
            bg, fg = theme.color("button_hover"), theme.color("button_text")
        else:
            bg, fg = theme.color("button"), theme.color("button_text")
        if not self.enabled:
            fg = theme.color("text_dim")
        radius = max(3, self.rect.height // 5)
        pygame.draw.rect(surface, bg, self.rect, border_radius=radius)
        draw_text(
            surface, self.text, self.rect.center, self.label_size(), fg, bold=True,
            anchor="center", max_width=self.label_width(),
        )

    @staticmethod
    def margin(height: int) -> int:
        """Horizontal room a button of ``height`` keeps free around its label (both sides)."""
        return max(8, height // 3)

    def label_width(self) -> int:
        return self.rect.width - self.margin(self.rect.height)

    def label_size(self) -> int:
        """The label's font size: ``text_size`` when a layout chose one (so a row of buttons
        shares one size), else 42% of the height, shrunk until the label fits."""
        if self.text_size:
            return self.text_size
        return fitting_size(self.text, int(self.rect.height * 0.42), self.label_width(), bold=True)


def share_label_size(buttons: Sequence[Button]) -> int:
    """Give a row of buttons one label size, the largest at which every label fits, so a long
    name shrinks its row a little instead of being cut ("Backga…") or looking odd alone."""
    if not buttons:
        return 0
    for b in buttons:
        b.text_size = 0
    size = min(b.label_size() for b in buttons)
    for b in buttons:
        b.text_size = size
    return size


class Choice(Widget):
    """A labelled value cycled with ‹ › arrows (click left/right half, or wheel)."""

    def __init__(
        self,
        label: str,
        options: Sequence[tuple[Any, str]],
        value: Any,
        on_change: Callable[[Any], Any],
    ) -> None:
        super().__init__()
        self.label = label
        self.options = list(options)
        self.on_change = on_change
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def step(self, delta: int) -> None:
        if not self.options:
            return
        self.index = (self.index + delta) % len(self.options)
        self.on_change(self.value)

    def value_rect(self) -> pygame.Rect:
        r = self.rect
        left = r.x + int(r.width * 0.42)
        return pygame.Rect(left, r.y, r.right - left, r.height)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        vr = self.value_rect()
        if event.type == pygame.MOUSEBUTTONDOWN and vr.collidepoint(event.pos):
            button = getattr(event, "button", 1)
            if button == 1:
                self.step(-1 if event.pos[0] < vr.x + vr.width // 4 else 1)
            elif button == 3:
                self.step(-1)
            return True
        if event.type == pygame.MOUSEWHEEL and _hovered(vr):
            self.step(-1 if event.y > 0 else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        size = max(10, int(r.height * 0.42))
        draw_text(surface, self.label, (r.x, r.centery), size, theme.color("text_dim"),
                  anchor="midleft", max_width=int(r.width * 0.4))
        vr = self.value_rect()
        bg = theme.color("button_hover") if _hovered(vr) else theme.color("button")
        pygame.draw.rect(surface, bg, vr, border_radius=max(3, r.height // 5))
        arrow = theme.color("accent")
        draw_text(surface, "‹", (vr.x + size // 2 + 2, vr.centery), int(size * 1.4), arrow,
                  bold=True, anchor="midleft")
        draw_text(surface, "›", (vr.right - size // 2 - 2, vr.centery), int(size * 1.4), arrow,
                  bold=True, anchor="midright")
        text = self.options[self.index][1] if self.options else ""
        draw_text(surface, text, vr.center, size, theme.color("text"), bold=True,
                  anchor="center", max_width=vr.width - 3 * size)



class TextField(Widget):
    """One line of editable text; typing goes here while it has the focus.

    Editing follows the usual conventions (caret, Shift-selection, Ctrl+A, Home/End, Ctrl+arrows
    by word, Ctrl+C/X/V); the rules live in :class:`game.ui.text_edit.LineEdit`, which cleans
    every typed, pasted or initial text, so nothing in the field can fail to draw.
    """

    def __init__(
        self,
        label: str,
        text: str,
        on_change: Callable[[str], Any] | None = None,
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
            e.insert(clipboard_get() or "")
        elif ctrl and key in (pygame.K_c, pygame.K_x):
            if e.selected_text():
                clipboard_put(e.selected_text())
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


def dispatch_pointer(widgets: Iterable[Widget], event: pygame.event.Event) -> None:
    """Offer a click or wheel event to ``widgets`` in order until one takes it.

    Text fields are shown every click without ending the search, because a click elsewhere has
    to take their focus away. The list is copied first: a click may rebuild the scene's widgets.
    """
    for w in list(widgets):
        if isinstance(w, TextField):
            w.handle_event(event)
        elif w.handle_event(event):
            break


class TextDialog(Widget):
    """A modal one-line prompt (file path, position to paste) with OK / Cancel."""

    def __init__(
        self,
        title: str,
        prompt: str,
        text: str,
        on_ok: Callable[[str], Any],
        on_cancel: Callable[[], Any] | None = None,
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
        pygame.draw.rect(surface, theme.color("accent"), r, width=2, border_radius=10)
        pad = max(12, r.height // 10)
        size = max(12, r.height // 9)
        draw_text(surface, self.title, (r.x + pad, r.y + pad), size, theme.color("accent"),
                  bold=True, max_width=r.width - 2 * pad)
        draw_text(surface, self.prompt, (r.x + pad, self.field.rect.y - 6), int(size * 0.8),
                  theme.color("text_dim"), anchor="bottomleft", max_width=r.width - 2 * pad)
        self.field.draw(surface)
        self.ok_button.draw(surface)
        self.cancel_button.draw(surface)


def clipboard_get() -> str | None:
    """Text on the system clipboard, or None when there is no usable clipboard."""
    try:
        import pygame.scrap as scrap

        if not scrap.get_init():
            scrap.init()
        if hasattr(scrap, "get_text"):
            text = scrap.get_text()
        else:  # older pygame
            raw = scrap.get(pygame.SCRAP_TEXT)
            text = raw.decode("utf-8", "replace").rstrip("\x00") if raw else ""
        return text or None
    except (pygame.error, NotImplementedError, AttributeError, UnicodeError):
        return None


def clipboard_put(text: str) -> bool:
    try:
        import pygame.scrap as scrap

        if not scrap.get_init():
            scrap.init()
        if hasattr(scrap, "put_text"):
            scrap.put_text(text)
        else:
            scrap.put(pygame.SCRAP_TEXT, text.encode("utf-8"))
        return True
    except (pygame.error, NotImplementedError, AttributeError):
        return False


#: Search scores at or beyond this size mean a forced win/loss (engine: ±10000 − plies).
WIN_SCORE = 9000.0


def format_score(value: float | None, short: bool = False) -> str:
    """A score as a person reads it: "+0.35", "win in 3", or "W3" on a crowded board."""
    if value is None:
        return "—"
    if abs(value) >= WIN_SCORE:
        plies = max(0, int(round(10000 - abs(value))))
        if short:
            return ("W" if value > 0 else "L") + str(plies)
        return f"{'win' if value > 0 else 'loss'} in {plies}"
    if value == 0:
        return "0"
    if abs(value) < 0.005:
        return "0.00"  # a signed "-0.00" reads like a loss that is not there
    if abs(value - round(value)) < 1e-9 and abs(value) >= 1:
        return f"{value:+.0f}"
    if abs(value) < 10:
        return f"{value:+.2f}"
    return f"{value:+.1f}"
