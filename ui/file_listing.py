"""What the file chooser shows of a folder, and how a typed name becomes a path; no pygame.

Reading a folder can fail in many ordinary ways (no permission, removed meanwhile, a broken
link); every one of them becomes a short message and a listing that still offers "..", so the
player can always walk away from a bad folder.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from ui.text import display_name

#: The name every saved game gets unless the player types an extension of their own.
SAVE_SUFFIX = ".kibitz.txt"
#: Saved games are text files; other files are listed only when "all files" is on.
SAVE_FILE_ENDINGS = (".txt",)


@dataclass(frozen=True)
class Entry:
    """One row of the listing: a sub-folder, a file, or the parent folder ("..")."""

    path: Path
    is_dir: bool
    label: str  # what the row shows: the name made drawable, "/" after folders, or ".."
    detail: str = ""  # size and date of a file, shown at the row's right end

    @property
    def is_parent(self) -> bool:
        return self.label == ".."


@dataclass(frozen=True)
class Listing:
    folder: Path
    entries: tuple[Entry, ...]
    error: str | None = None  # why the folder could not be read (the entries are then just "..")


def is_save_file(name: str) -> bool:
    return name.lower().endswith(SAVE_FILE_ENDINGS)


def list_folder(folder: Path, show_all: bool = False, suffix: str | None = None) -> Listing:
    """".." first, then sub-folders, then save files (those ending in ``suffix`` when given;
    everything with ``show_all``), each group in natural order (case ignored, numbers by
    value); hidden names (leading ".") only with ``show_all``."""
    folder = Path(folder)
    head: list[Entry] = []
    if folder.parent != folder:
        head.append(Entry(folder.parent, True, ".."))
    dirs: list[Entry] = []
    files: list[Entry] = []
    try:
        with os.scandir(folder) as it:
            for item in it:
                name = item.name
                if name.startswith(".") and not show_all:
                    continue
                try:
                    is_dir = item.is_dir()
                except OSError:
                    is_dir = False
                if is_dir:
                    dirs.append(Entry(folder / name, True, display_name(name) + "/"))
                elif show_all or (is_save_file(name) if suffix is None
                                  else name.lower().endswith(suffix)):
                    files.append(Entry(folder / name, False, display_name(name), _detail(item)))
    except OSError as exc:
        where = display_name(folder.name or str(folder))
        return Listing(folder, tuple(head), f"Cannot read {where}: {_reason(exc)}")
    dirs.sort(key=lambda e: natural_key(e.path.name))
    files.sort(key=lambda e: natural_key(e.path.name))
    return Listing(folder, tuple(head + dirs + files))


def natural_key(name: str) -> list[str | int]:
    """Sort key that ignores case and orders numbers by value: "round-9" before "round-10".

    re.split with a group alternates text and digit runs, so the lists compare text with text
    and numbers with numbers at every position.
    """
    parts = re.split(r"(\d+)", name)
    return [int(p) if i % 2 else p.casefold() for i, p in enumerate(parts)]


def _detail(item: os.DirEntry) -> str:
    """"2.1 kB · 2026-11-23 01:40" for a file; "" when it cannot be examined."""
    try:
        st = item.stat()
    except OSError:
        return ""
    size = st.st_size
    if size < 1000:
        amount = f"{size} B"
    elif size < 1_000_000:
        amount = f"{size / 1000:.1f} kB"
    else:
        amount = f"{size / 1_000_000:.1f} MB"
    try:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(st.st_mtime))
    except (OverflowError, OSError, ValueError):
        return amount
    return f"{amount} · {when}"


def _reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def nearest_folder(path: Path) -> Path:
    """``path`` if it is a folder, else the closest enclosing folder that exists."""
    try:
        path = expand_home(Path(path))
    except ValueError:
        path = Path(path)  # an unknown user's "~" is taken as a plain name here
    path = path.absolute()
    for candidate in (path, *path.parents):
        try:
            if candidate.is_dir():
                return candidate
        except OSError:
            continue
    return Path(path.anchor or os.sep)


def resolve_typed(folder: Path, typed: str) -> Path:
    """The path a name typed in the chooser means: ``~`` expanded, relative to ``folder``;
    ValueError (one line) for the home of a user this machine does not know."""
    path = expand_home(Path(typed.strip()))
    return path if path.is_absolute() else folder / path


def expand_home(path: Path) -> Path:
    """``path`` with a leading ``~`` or ``~user`` made the home folder it names.

    Path.expanduser raises RuntimeError when the user is unknown (or no home is set); that is
    a typing slip, not a fault, so it becomes a ValueError whose text is one line to show.
    """
    try:
        return path.expanduser()
    except RuntimeError:
        head = path.parts[0] if path.parts else "~"
        user = head[1:]
        raise ValueError(f"no user {user!r}" if user else "no home folder is set") from None


def with_save_suffix(path: Path) -> Path:
    """``path`` with ".kibitz.txt" added when the name has no text-file ending of its own."""
    if is_save_file(path.name):
        return path
    return path.with_name(path.name + SAVE_SUFFIX)
