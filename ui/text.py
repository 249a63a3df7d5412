"""Text that is safe to draw: sanitising what the player types or pastes, and rendering that
cannot fail.

SDL_ttf refuses some strings outright: a NUL raises ValueError, a lone surrogate cannot be
encoded, and a string of only zero-width characters (U+200B, U+FEFF, a bidi mark) is "Text has
zero width". Before this module one such string in a text field made every frame fail to draw.
Input is cleaned where it enters (typed, pasted, initial text), and every render goes through
:func:`render` so that a bad string from anywhere else (a file name, a message) degrades to its
printable part instead of taking the screen down.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Sequence

import pygame

#: Unicode categories never kept in a one-line text: controls, format characters (zero-width
#: space, joiners, bidi marks, BOM), surrogates, private use, unassigned, line/paragraph separators.
DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})

#: Characters that separate words in pasted text: kept as one space rather than gluing words.
_SPACE_LIKE = frozenset("\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\u2028\u2029")


def is_printable(ch: str) -> bool:
    return unicodedata.category(ch) not in DROPPED_CATEGORIES


def clean_input(text: str, allowed: str | None = None) -> str:
    """What a one-line field keeps of typed or pasted ``text``.

    Line breaks and tabs become single spaces (a pasted two-line position stays two words);
    every other non-printing character is dropped; ``allowed``, when given, is a whitelist.
    """
    out: list[str] = []
    for ch in str(text):
        if ch in _SPACE_LIKE:
            ch = " "
        elif not is_printable(ch):
            continue
        if allowed is None or ch in allowed:
            out.append(ch)
    return "".join(out)


def printable(text: str) -> str:
    """``text`` for display: non-printing characters removed, line breaks as spaces."""
    return clean_input(text)


def display_name(name: str) -> str:
    """A file name as shown: characters that cannot be drawn become "?" so names stay distinct
    (a Linux file name may hold control characters or undecodable bytes as surrogates)."""
    return "".join(ch if is_printable(ch) else "?" for ch in name)


def render(f: pygame.font.Font, text: str, color: tuple[int, ...]) -> pygame.Surface:
    """``f.render`` that never raises: a refused string is retried with only its printable
    characters, and an empty surface of the font's height is the last resort."""
    for candidate in (text, printable(text)):
        if not candidate:
            break
        try:
            return f.render(candidate, True, color)
        except (ValueError, UnicodeError, pygame.error):
            continue
    return pygame.Surface((0, f.get_height()), pygame.SRCALPHA)


def width(f: pygame.font.Font, text: str) -> int:
    """Rendered width of ``text`` in pixels, measured the same forgiving way as :func:`render`."""
    for candidate in (text, printable(text)):
        try:
            return f.size(candidate)[0]
        except (ValueError, UnicodeError, pygame.error):
            continue
    return 0


def fit(text: str, f: pygame.font.Font, max_width: int) -> str:
    """``text`` cut to ``max_width`` pixels with a trailing "…" when it is too wide.

    Only a line's worth of the text is ever measured: a pasted 100,000-character line costs
    about what a line of it does, frame after frame.
    """
    if max_width <= 0:
        return text
    fits = _longest_prefix(text, f, max_width, least=0)
    if fits == len(text):
        return text
    lo, hi = 0, fits
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if width(f, text[:mid] + "…") <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + "…"


#: Texts wrapped lately, by (text, font, width): a screen wraps the same texts every frame.
WRAP_CACHE_SIZE = 512


def wrap(text: str, f: pygame.font.Font, max_width: int) -> list[str]:
    """``text`` in lines no wider than ``max_width`` pixels: greedy at spaces, each ``\n`` a
    new line, and a word wider than a line (a long move, a path) broken between characters,
    so every character is on some line and none runs past the edge.

    Linear in the text's length (each line measures only its own characters), and remembered
    for the next frame: a note of thousands of characters used to take seconds a frame."""
    return list(_wrapped(str(text), f, max_width))


@functools.lru_cache(maxsize=WRAP_CACHE_SIZE)
def _wrapped(text: str, f: pygame.font.Font, max_width: int) -> tuple[str, ...]:
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if len(trial) <= LONGEST_MEASURED and width(f, trial) <= max_width:
                line = trial
                continue
            if line:
                lines.append(line.rstrip(" "))
            start = 0
            while max_width > 0 and len(word) - start > 1:
                cut = _longest_prefix(word, f, max_width, start=start)
                if start + cut == len(word):
                    break
                lines.append(word[start:start + cut])
                start += cut
            line = word[start:]
        lines.append(line)
    return tuple(lines)


#: A text longer than this many characters is never measured whole: no line of any screen
#: holds it (a 1-pixel glyph on an 8K screen), and SDL's measuring is linear in the length.
LONGEST_MEASURED = 8192
#: The first stretch measured when looking for a line's end; it doubles until it overflows.
_FIRST_PROBE = 16


def _longest_prefix(text: str, f: pygame.font.Font, max_width: int, start: int = 0,
                    least: int = 1) -> int:
    """How many characters of ``text`` from ``start`` fit ``max_width`` (at least ``least``:
    a line must make progress even when a single character is wider than the room).

    Stretches of 16, 32, 64 ... characters are measured until one overflows, then the end is
    found by halving within the last: the work is about a line's length whatever the
    text's, so breaking a long word into lines is linear in the word."""
    rest = len(text) - start
    lo, hi, probe = 0, rest, _FIRST_PROBE
    while lo < hi:
        probe = min(probe, hi)
        if probe <= LONGEST_MEASURED and width(f, text[start:start + probe]) <= max_width:
            lo, probe = probe, probe * 2
        else:
            hi = probe - 1
            break
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if width(f, text[start:start + mid]) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return max(lo, min(least, rest))


def two_lines(text: str, f: pygame.font.Font, max_width: int) -> list[str]:
    """``text`` on one line, or on two where it is too wide: the rest of a longer one ends
    the second line (drawn with ``max_width``, that line ends in "…")."""
    lines = wrap(text, f, max_width)
    return lines if len(lines) <= 2 else [lines[0], " ".join(lines[1:])]


def first_fitting(wordings: Sequence[str], f: pygame.font.Font, max_width: int,
                  default: str = "") -> str:
    """The first (longest, most telling) of ``wordings`` that fits ``max_width``."""
    return next((w for w in wordings if width(f, w) <= max_width), default)
