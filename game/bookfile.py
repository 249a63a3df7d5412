"""The files an opening-book builder writes: started fresh or resumed, and written whole.

A book build takes minutes to hours, so the builders (games/<id>/training/book.py) write their
file as they go and resume from it; resuming is only sound with the same settings, which the
file records with the command that reproduces it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

#: A book under construction: its settings, and its entries (a dict) in whatever shape the
#: game's builder gives them: each builder reads and fills its own (hence ``Any``).
Book = dict[str, Any]


def start_book(out: Path, header: Mapping[str, object], module: str,
               settings: Mapping[str, object], entries: str) -> Book:
    """The book to build into ``out``: ``header`` (format, version), the ``settings`` and the
    command (``python -m module --setting value ...``) that makes it, and its ``entries``
    (a dict), taken from ``out`` when a run with the same settings left it there."""
    command = " ".join(f"--{k.replace('_', '-')} {v}" for k, v in settings.items())
    book: Book = {**header, **settings, "command": f"python -m {module} {command}",
                            entries: {}}
    if out.exists():
        old = json.loads(out.read_text(encoding="utf-8"))
        if any(old.get(k) != v for k, v in settings.items()):
            raise SystemExit(f"{out} was built with other settings: "
                             f"{ {k: old.get(k) for k in settings} }; remove it or match them")
        book[entries] = old[entries]
    return book


def write_book(out: Path, book: Mapping[str, object], indent: int | None = None) -> None:
    """Write the whole file at once (a stopped run never leaves half a book)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    separators = (",", ":") if indent is None else None
    tmp.write_text(json.dumps(book, indent=indent, separators=separators, sort_keys=True),
                   encoding="utf-8")
    tmp.replace(out)
