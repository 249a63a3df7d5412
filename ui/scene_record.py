"""The drawn-scene record: what one frame put on the screen, as data the tests can read.

Pixels say little a test can trust ("is the lit code line on screen?", "does the root show the
value the search returned?"), and a teaching app must never draw a picture that contradicts its
own search. So every text drawn through ``widgets.draw_text`` (and the few labels rendered
elsewhere) is noted here with its rectangle in screen coordinates, its size, colour and whether
it was cut; and the screens that draw things a text list cannot describe (tree nodes with their
value and window, the lit line of code, banners, status lines, a pane's visible area) note them
as *marks*. Recording is off unless a test or the layout sweep opens ``recording()``: then a
note costs one list append; otherwise one global read.

Only what reaches the screen counts. A text drawn on a surface that is not the recorded screen
(nor a subsurface of it) is a cached picture being prepared: its screen meaning is noted by the
code that blits it (the tree view notes its nodes every frame, whatever its tile cache holds).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class DrawnText:
    """One line of text as the player sees it."""

    text: str  # the text asked for
    shown: str  # what was drawn: ``text``, or its start and "…" when it did not fit
    rect: Box  # screen coordinates
    size: int  # font size in px
    color: tuple[int, ...]
    bold: bool
    clip: Box  # the part of the screen the text could show in (the surface's clip)
    essential: bool  # False: a text that may be ellipsised by design (a file name, a note)
    kind: str  # "text", or a role a test asks for ("banner", "status", "message", "code" ...)

    @property
    def cut(self) -> bool:
        return self.shown != self.text

    @property
    def box(self) -> pygame.Rect:
        return pygame.Rect(self.rect)

    def hidden_part(self, screen: Box) -> bool:
        """True when part of the text lies outside the screen or its clip."""
        area = pygame.Rect(screen).clip(pygame.Rect(self.clip))
        return self.rect[2] > 0 and not area.contains(self.box)


@dataclass(frozen=True)
class Mark:
    """Something drawn that is more than a text: a tree node, a lit code line, an area."""

    kind: str
    rect: Box
    data: Mapping[str, object] = field(default_factory=dict)

    @property
    def box(self) -> pygame.Rect:
        return pygame.Rect(self.rect)

    def __getitem__(self, key: str) -> object:
        return self.data[key]

    def get(self, key: str, default: object = None) -> object:
        return self.data.get(key, default)


@dataclass
class SceneRecord:
    """Everything noted while it was open: one frame, normally."""

    screen: pygame.Surface
    texts: list[DrawnText] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    #: Texts drawn, then hidden under a panel drawn over them (a dialog, the keys' list).
    covered: list[DrawnText] = field(default_factory=list)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def screen_box(self) -> Box:
        w, h = self.size
        return (0, 0, w, h)

    def clear(self) -> None:
        self.texts.clear()
        self.marks.clear()
        self.covered.clear()

    def strings(self) -> list[str]:
        """What was drawn, in drawing order, as shown (cut texts with their "…")."""
        return [t.shown for t in self.texts]

    def joined(self) -> str:
        return "\n".join(self.strings())

    def find(self, part: str, kind: str | None = None) -> list[DrawnText]:
        """The texts whose shown form contains ``part`` (and of ``kind`` when given)."""
        return [t for t in self.texts if part in t.shown and (kind is None or t.kind == kind)]

    def of_kind(self, kind: str) -> list[DrawnText]:
        return [t for t in self.texts if t.kind == kind]

    def marks_of(self, kind: str) -> list[Mark]:
        return [m for m in self.marks if m.kind == kind]

    def last_mark(self, kind: str) -> Mark | None:
        found = self.marks_of(kind)
        return found[-1] if found else None

    def on_screen(self, rect: Box | pygame.Rect, within: Box | None = None) -> bool:
        """``rect`` lies wholly on the screen (and inside ``within`` when given)."""
        area = pygame.Rect(self.screen_box)
        if within is not None:
            area = area.clip(pygame.Rect(within))
        return area.contains(pygame.Rect(rect))

    def _local(self, surface: pygame.Surface) -> tuple[int, int] | None:
        """The offset of ``surface`` on the recorded screen, or None when it is elsewhere."""
        if surface is self.screen:
            return (0, 0)
        try:
            if surface.get_abs_parent() is not self.screen:
                return None
            return surface.get_abs_offset()
        except pygame.error:
            return None

    def note_text(self, surface: pygame.Surface, text: str, shown: str, rect: pygame.Rect,
                  size: int, color: tuple[int, ...], bold: bool, essential: bool,
                  kind: str) -> None:
        offset = self._local(surface)
        if offset is None:
            return
        ox, oy = offset
        clip = surface.get_clip().move(ox, oy)
        self.texts.append(DrawnText(str(text), str(shown), _box(rect.move(ox, oy)), int(size),
                                    tuple(color), bold, _box(clip), essential, kind))

    def note_mark(self, surface: pygame.Surface, kind: str, rect: pygame.Rect | Box,
                  data: Mapping[str, object]) -> None:
        offset = self._local(surface)
        if offset is None:
            return
        self.marks.append(Mark(kind, _box(pygame.Rect(rect).move(*offset)), dict(data)))


    def note_cover(self, surface: pygame.Surface, rect: pygame.Rect | Box) -> None:
        offset = self._local(surface)
        if offset is None:
            return
        panel = pygame.Rect(rect).move(*offset)
        hidden = [t for t in self.texts if t.box.colliderect(panel)]
        self.covered += hidden
        self.texts = [t for t in self.texts if not t.box.colliderect(panel)]
        self.marks = [m for m in self.marks if not panel.contains(m.box)]


def _box(rect: pygame.Rect) -> Box:
    return (int(rect.x), int(rect.y), int(rect.width), int(rect.height))


_current: SceneRecord | None = None
_role: str | None = None


@contextmanager
def recording(screen: pygame.Surface) -> Iterator[SceneRecord]:
    """Note everything drawn on ``screen`` until the block ends (records do not nest: an
    inner one takes over and the outer resumes after it)."""
    global _current
    outer = _current
    record = SceneRecord(screen)
    _current = record
    try:
        yield record
    finally:
        _current = outer


@contextmanager
def role(kind: str) -> Iterator[None]:
    """Texts noted inside the block without a kind of their own are of ``kind`` (a board
    picture's labels: "board")."""
    global _role
    outer = _role
    _role = kind
    try:
        yield
    finally:
        _role = outer


def active() -> bool:
    return _current is not None


def note_text(surface: pygame.Surface, text: str, shown: str, rect: pygame.Rect, size: int,
              color: tuple[int, ...], bold: bool = False, essential: bool = True,
              kind: str = "text") -> None:
    """Note one drawn line of text (a no-op unless a record is open)."""
    if _current is not None:
        if kind == "text" and _role is not None:
            kind = _role
        _current.note_text(surface, text, shown, rect, size, color, bold, essential, kind)


def cover(surface: pygame.Surface, rect: pygame.Rect | Box) -> None:
    """An opaque panel was drawn over ``rect``: what was drawn under it is no longer seen."""
    if _current is not None:
        _current.note_cover(surface, rect)


def note(surface: pygame.Surface, kind: str, rect: pygame.Rect | Box, **data: object) -> None:
    """Note a mark: something drawn whose meaning a test reads (a no-op unless recording)."""
    if _current is not None:
        _current.note_mark(surface, kind, rect, data)
