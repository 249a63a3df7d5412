"""Finding another program that plays by its name, where Debian puts games too."""

from __future__ import annotations

import shutil

from play.outside.protocol import Forfeit

#: Where Debian puts games, which is often not on a user's PATH.
GAMES_DIR = "/usr/games"


def locate(name: str, package: str | None = None) -> str:
    """The program ``name`` (a path, or a name looked up on PATH then in GAMES_DIR); a Forfeit
    "NAME not found: apt-get install PACKAGE" when it is nowhere (without a package: "NAME not
    found: not on PATH or in /usr/games")."""
    found = shutil.which(name) or shutil.which(name, path=GAMES_DIR)
    if found is None:
        how = f"apt-get install {package}" if package else f"not on PATH or in {GAMES_DIR}"
        raise Forfeit(f"{name} not found: {how}")
    return found
