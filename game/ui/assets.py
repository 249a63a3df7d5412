"""Asset paths that work from a checkout and from the PyInstaller bundle alike.

Paths come from this package's own location (or ``sys._MEIPASS`` when frozen), never from the
working directory, so the app runs from any folder and from the single-file executable.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path


def assets_dir() -> Path:
    base = getattr(sys, "_MEIPASS", None)
    if base is not None:
        return Path(base) / "assets"
    return Path(__file__).resolve().parents[2] / "assets"


def asset_path(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)


@cache
def font(size: int, bold: bool = False):  # -> pygame.font.Font
    """The shipped UI font at ``size`` px; cached because fonts are costly to open each frame."""
    import pygame

    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    path = asset_path("fonts", name)
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(path), size)
