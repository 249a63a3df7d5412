"""The fuzz campaign's seeded mutator: turns a valid input (built by the code itself) into a
damaged one the way files, pasted lines and careless clients damage them.

Every choice comes from the ``random.Random`` it is given, so one (seed, surface, index) key
always gives the same input: a failure found in an hour-long run is replayed in a second.
Bytes are mutated as Latin-1 text (one character a byte), so one mutator serves both.
"""

from __future__ import annotations

import json
import random
from typing import Any

#: Values that broke parsers before: numbers a double cannot hold, other scripts' digits,
#: the characters that end a GGF value or a line, nesting deep enough to exhaust the stack.
JUNK_TOKENS: tuple[str, ...] = (
    "NaN", "Infinity", "-Infinity", "1e400", "-1", "1" + "0" * 40, "\u0663", ";)", "]", "\n",
    "\x00", "[" * 3000 + "]" * 3000, "w" * 5000, "0", "-0", "1e-320", "\r\n", "\u2028", "\ufeff",
    "0x10", "1_0", "null", "{}", '"', "\\", "(;", "/", ":", ",", " ",
)
#: Values put in place of a JSON value: written as raw JSON-ish text, so NaN and 1e400 get in.
JSON_JUNK: tuple[str, ...] = (
    "NaN", "Infinity", "-Infinity", "1e400", "-1", "1" + "0" * 40, '"\\u0663"', "null", "true",
    "[]", "{}", '""', '"' + "x" * 10_000 + '"', "[" * 100_000 + "]" * 100_000, "0.5", "1e-320",
    "-0", '"NaN"', "3", "[1, 2, 3]", '{"a": 1}',
)
#: Largest input the chunk repetition makes: big enough to expose quadratic time.
MAX_GROWTH = 64 * 1024
_SENTINEL = "\u0000fuzz-junk\u0000"


def _chunk(rng: random.Random, text: str) -> tuple[int, int]:
    start = rng.randrange(len(text) + 1)
    return start, min(len(text), start + rng.randint(1, 32))


def _flip(rng: random.Random, text: str, binary: bool) -> str:
    if not text:
        return text
    at = rng.randrange(len(text))
    limit = 255 if binary else 0x2FFF
    return text[:at] + chr(rng.randint(0, limit)) + text[at + 1 :]


def _splice(rng: random.Random, text: str, binary: bool) -> str:
    token = rng.choice(JUNK_TOKENS)
    if binary:
        token = token.encode("utf-8").decode("latin-1")
    at = rng.randrange(len(text) + 1)
    if rng.random() < 0.5:  # replace a chunk rather than insert
        start, end = _chunk(rng, text)
        return text[:start] + token + text[end:]
    return text[:at] + token + text[at:]


def _repeat(rng: random.Random, text: str) -> str:
    start, end = _chunk(rng, text)
    piece = text[start:end] or "a"
    times = rng.choice([2, 3, 10, max(2, MAX_GROWTH // len(piece))])
    return text[:end] + piece * (times - 1) + text[end:]


def mutate_text(rng: random.Random, text: str, binary: bool = False) -> str:
    """One to three damages of ``text``: a flipped character, a deleted or repeated chunk
    (up to MAX_GROWTH characters, for quadratic-time hunting), a junk token, a truncation."""
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(["flip", "flip", "delete", "repeat", "splice", "splice", "truncate"])
        if kind == "flip":
            text = _flip(rng, text, binary)
        elif kind == "delete":
            start, end = _chunk(rng, text)
            text = text[:start] + text[end:]
        elif kind == "repeat":
            text = _repeat(rng, text)
        elif kind == "splice":
            text = _splice(rng, text, binary)
        else:
            text = text[: rng.randrange(len(text) + 1)]
    return text


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    """``mutate_text`` over the bytes, one Latin-1 character a byte."""
    return mutate_text(rng, data.decode("latin-1"), binary=True).encode("latin-1")


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:50]):  # long tables: the first rows will do
            found += _paths(item, (*path, index))
    return found


def mutate_json(rng: random.Random, text: str) -> str:
    """A JSON text with one value replaced by junk, one key dropped or renamed; text that is
    not JSON (or a coin flip) gets ``mutate_text`` instead, so syntax errors are tried too."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return mutate_text(rng, text)
    if rng.random() < 0.3:
        return mutate_text(rng, text)
    paths = _paths(data)
    path = rng.choice(paths)
    if not path:
        return rng.choice(JSON_JUNK)
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    kind = rng.choice(["replace", "replace", "replace", "drop", "rename"])
    if kind == "drop":
        del parent[last]
        return json.dumps(data)
    if kind == "rename" and isinstance(parent, dict):
        parent[f"{last}{rng.choice(['x', '', ' '])}_"] = parent.pop(last)
        return json.dumps(data)
    parent[last] = _SENTINEL
    return json.dumps(data).replace(json.dumps(_SENTINEL), rng.choice(JSON_JUNK), 1)
