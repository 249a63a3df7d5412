"""Where shipped data lives, for a checkout and for the PyInstaller bundle alike.

Paths come from this package's own location (or ``sys._MEIPASS`` when frozen), never from the
working directory. Standard library only, so the AI can load its trained weights without pygame.
"""

from __future__ import annotations

import sys
from pathlib import Path


def assets_dir() -> Path:
    base = getattr(sys, "_MEIPASS", None)
    if base is not None:
        return Path(base) / "assets"
    return Path(__file__).resolve().parents[1] / "assets"


def asset_path(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)
