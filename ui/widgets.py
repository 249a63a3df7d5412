"""A small set of immediate, resolution-independent widgets drawn with the shipped font.

Own widgets instead of a toolkit: the window is resizable and every layout is recomputed from the
window size each time it changes, which is simplest when a widget is just a rect, a label and a
callback. All of them are driven by plain pygame events, so tests can click them synthetically.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import ClassVar, Generic, TypeVar

import pygame
import pygame.scrap as scrap

from ui import scene_record, theme
from ui.assets import font
from ui.text import fit, render, wrap
from ui.text import width as text_width

#: The values a Choice cycles through.
V = TypeVar("V")


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[float, float],
    size: int,
    color: theme.Color | None = None,
    bold: bool = False,
    anchor: str = "topleft",
    max_width: int | None = None,
    *,
    essential: bool = True,
    kind: str = "text",
) -> pygame.Rect:
    """Blit one line of text anchored at ``pos`` (a chart's computed coordinates may be
    fractional: the text's rect takes their whole part); text wider than max_width is
    ellipsised.

    Never raises for odd text (see ui.text): a bad string draws as its printable part.
    The scene record (ui.scene_record) notes it: ``essential=False`` for a text that
    may be cut by design (a file name, a player's note), ``kind`` for the role a test asks
    for ("banner", "status", "message" ...).
    """
    f = font(max(8, int(size)), bold)
    shown = fit_text(text, f, max_width) if max_width else text
    ink = color or theme.color("text")
    img = render(f, shown, ink)
    r = img.get_rect(**{anchor: pos})
    surface.blit(img, r)
    if scene_record.active():
        scene_record.note_text(surface, text, shown, r, int(size), ink, bold, essential, kind)
    return r


def draw_centred_lines(surface: pygame.Surface, lines: Sequence[str], x: int, cy: float,
                       size: int, color: theme.Color, line_h: int, max_width: int) -> None:
    """Lines one above the other, left-aligned at ``x``, the block centred on ``cy``."""
    for i, line in enumerate(lines):
        draw_text(surface, line, (x, int(cy + (i - (len(lines) - 1) / 2) * line_h)), size,
                  color, anchor="midleft", max_width=max_width)


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
    """``text`` in lines that fit ``max_width`` (see ui.text.wrap: a word too long for a
    line is broken rather than left to run past the edge)."""
    return wrap(text, f, max_width)


class Widget:
    #: Shown every click, even one outside it (a text field loses its focus that way).
    sees_every_click: ClassVar[bool] = False

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
        on_click: Callable[[], object],
        *,
        active: bool = False,
        enabled: bool = True,
        tooltip: str = "",
        rect: pygame.Rect | None = None,
        text_size: int = 0,
    ) -> None:
        super().__init__()
        self.text = text
        self.on_click = on_click
        self.active = active
        self.enabled = enabled
        self.tooltip = tooltip
        if rect is not None:
            self.rect = rect
        #: A font size fixed by the layout; 0 = choose from the height (see label_size).
        self.text_size = text_size

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


class Choice(Widget, Generic[V]):
    """A labelled value cycled with ‹ › arrows (click left/right half, or wheel)."""

    def __init__(
        self,
        label: str,
        options: Sequence[tuple[V, str]],
        value: V,
        on_change: Callable[[V], object],
        *,
        enabled: bool = True,
    ) -> None:
        super().__init__()
        self.label = label
        self.options = list(options)
        self.on_change = on_change
        #: False: the value stands still (a click is taken, not acted on), its arrows dimmed,
        #: as while a run that reads it is going.
        self.enabled = enabled
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0
        #: A font size fixed by the layout (presentation mode's floor); 0 = from the height.
        self.text_size = 0

    @property
    def value(self) -> V:
        return self.options[self.index][0]

    def step(self, delta: int) -> None:
        if not self.options:
            return
        self.index = (self.index + delta) % len(self.options)
        self.on_change(self.value)

    def _sizes(self) -> tuple[int, int]:
        """(value size, label size): one size, so a row of choices reads evenly."""
        size = self.text_size or max(10, int(self.rect.height * 0.42))
        return size, size

    def value_rect(self) -> pygame.Rect:
        """The box of the value and its arrows: 58% of the widget, less where the label needs
        more (up to 45%) so that a long label ("Ordering") is not cut."""
        r = self.rect
        size, label_size = self._sizes()
        label_w = text_width(font(label_size), self.label) + size // 2
        left = r.x + min(max(int(r.width * 0.42), label_w), int(r.width * 0.55))
        return pygame.Rect(left, r.y, r.right - left, r.height)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        vr = self.value_rect()
        if event.type == pygame.MOUSEBUTTONDOWN and vr.collidepoint(event.pos):
            button = getattr(event, "button", 1)
            if self.enabled and button == 1:
                self.step(-1 if event.pos[0] < vr.x + vr.width // 4 else 1)
            elif self.enabled and button == 3:
                self.step(-1)
            return True
        if event.type == pygame.MOUSEWHEEL and _hovered(vr):
            if self.enabled:
                self.step(-1 if event.y > 0 else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        size, label_size = self._sizes()
        vr = self.value_rect()
        draw_text(surface, self.label, (r.x, r.centery), label_size, theme.color("text_dim"),
                  anchor="midleft", max_width=vr.x - r.x - 2)
        hovered = self.enabled and _hovered(vr)
        bg = theme.color("button_hover") if hovered else theme.color("button")
        pygame.draw.rect(surface, bg, vr, border_radius=max(3, r.height // 5))
        arrow = theme.color("accent") if self.enabled else theme.color("text_dim")
        draw_text(surface, "‹", (vr.x + size // 2 + 2, vr.centery), int(size * 1.4), arrow,
                  bold=True, anchor="midleft")
        draw_text(surface, "›", (vr.right - size // 2 - 2, vr.centery), int(size * 1.4), arrow,
                  bold=True, anchor="midright")
        text = self.options[self.index][1] if self.options else ""
        draw_text(surface, text, vr.center, size, theme.color("text"), bold=True,
                  anchor="center", max_width=vr.width - 3 * size)


def dispatch_pointer(widgets: Iterable[Widget], event: pygame.event.Event) -> None:
    """Offer a click or wheel event to ``widgets`` in order until one takes it.

    Text fields are shown every click without ending the search, because a click elsewhere has
    to take their focus away. The list is copied first: a click may rebuild the scene's widgets.
    """
    for w in list(widgets):
        if w.sees_every_click:
            w.handle_event(event)
        elif w.handle_event(event):
            break


#: Most characters a paste may bring: a position or a saved game is far shorter, and cleaning,
#: parsing or drawing a megabyte of text would freeze the window for seconds.
MAX_PASTE_CHARS = 65_536


def paste_refusal(text: str, what: str = "a position or game is ") -> str:
    """The one line that refuses ``text`` as a paste, or "" when it is short enough; asked
    before any cleaning or parsing, which is where a long paste would cost its time."""
    if len(text) <= MAX_PASTE_CHARS:
        return ""
    return f"pasted text is {len(text):,} characters; {what}at most {MAX_PASTE_CHARS:,}"


def clipboard_get() -> str | None:
    """Text on the system clipboard, or None when there is no usable clipboard."""
    try:
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
