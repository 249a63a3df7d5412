"""Assets for the UI: the shipped fonts (paths themselves come from game.paths)."""

from __future__ import annotations

from functools import cache

import pygame

from game.paths import asset_path, assets_dir

__all__ = ["asset_path", "assets_dir", "font"]


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The shipped UI font at ``size`` px (at least 6, so tiny windows still render); cached
    because fonts are costly to open each frame."""
    size = max(6, size)
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    path = asset_path("fonts", name)
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(path), size)
