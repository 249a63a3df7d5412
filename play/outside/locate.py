"""Finding another program that plays: by its name, where Debian puts games too, or where the
player said it is (Settings).

A player's name says which program plays (``gtp:gtp-rhino -l 3``), not where it lives on one
machine, so a saved game or a match record reads the same everywhere. Where it lives is the
machine's business: the path chosen in Settings (``choose_paths``, set by the app), else PATH,
else /usr/games.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from play.outside.protocol import Forfeit

#: Where Debian puts games, which is often not on a user's PATH.
GAMES_DIR = "/usr/games"

#: Program name -> the path the player chose for it (Settings); the app's whole run shares it.
_chosen: dict[str, str] = {}


@dataclass(frozen=True)
class KnownProgram:
    """A program a game knows by name (play.kit.GamePlay.programs): offered in the Program
    dialog as ready-made players, and in Settings, where the player can say where it is."""

    #: What players call it ("GRhino").
    title: str
    #: Its executable's name, as the player names use it ("gtp-rhino").
    program: str
    #: The Debian package that installs it ("grhino").
    package: str
    #: The ready-made players: (button label, player name), e.g. ("level 3", "gtp:gtp-rhino -l 3").
    choices: tuple[tuple[str, str], ...]


def choose_paths(paths: Mapping[str, str]) -> None:
    """Use these paths for these program names from now on (Settings' choice; an empty path
    or a missing name: look the program up)."""
    _chosen.clear()
    _chosen.update((name, path) for name, path in paths.items() if path)


def chosen_path(name: str) -> str | None:
    """The path chosen for ``name`` in Settings, None when it is looked up."""
    return _chosen.get(name)


def runnable(path: str) -> bool:
    """True when ``path`` is a file this user may run."""
    try:
        return Path(path).is_file() and os.access(path, os.X_OK)
    except (OSError, ValueError):
        return False


def where(name: str) -> str | None:
    """Where ``name`` would run from (the chosen path when it is runnable), None when
    nowhere: what the Program dialog and Settings show."""
    chosen = _chosen.get(name)
    if chosen is not None:
        return chosen if runnable(chosen) else None
    return shutil.which(name) or shutil.which(name, path=GAMES_DIR)


def locate(name: str, package: str | None = None) -> str:
    """The program ``name`` (a path, or a name: the path chosen in Settings, else PATH, else
    GAMES_DIR); a Forfeit when it is nowhere: "NAME not found: apt-get install PACKAGE"
    (without a package: "not on PATH or in /usr/games"), or, for a chosen path that is not a
    program, "NAME: PATH (chosen in Settings) is not a program to run"."""
    chosen = _chosen.get(name)
    if chosen is not None:
        if not runnable(chosen):
            raise Forfeit(f"{name}: {chosen} (chosen in Settings) is not a program to run")
        return chosen
    found = shutil.which(name) or shutil.which(name, path=GAMES_DIR)
    if found is None:
        how = f"apt-get install {package}" if package else f"not on PATH or in {GAMES_DIR}"
        raise Forfeit(f"{name} not found: {how}")
    return found
