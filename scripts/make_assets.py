"""Regenerate the window icon and the move click from code, so both are reproducible.

Run from anywhere: ``python scripts/make_assets.py``. Writes assets/icon.png (pygame drawing) and
assets/sounds/click.wav (a short decaying tone made with the standard library).
"""

from __future__ import annotations

import math
import os
import struct
import wave
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "assets"


def make_icon(path: Path, size: int = 128) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.display.init()
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    u = size / 128
    pygame.draw.rect(s, (32, 36, 44), (0, 0, size, size), border_radius=int(24 * u))
    pygame.draw.rect(s, (232, 176, 72), (0, 0, size, size), width=max(2, int(4 * u)),
                     border_radius=int(24 * u))
    grid = (120, 130, 150)
    w = max(2, int(5 * u))
    for i in (1, 2):
        p = int((22 + i * 28) * u)
        pygame.draw.line(s, grid, (p, int(22 * u)), (p, int(106 * u)), w)
        pygame.draw.line(s, grid, (int(22 * u), p), (int(106 * u), p), w)
    # an X, an O and the amber "thinking" dot the AI panel uses
    x0, y0, d = int(28 * u), int(28 * u), int(16 * u)
    pygame.draw.line(s, (90, 170, 250), (x0, y0), (x0 + d, y0 + d), max(3, int(7 * u)))
    pygame.draw.line(s, (90, 170, 250), (x0, y0 + d), (x0 + d, y0), max(3, int(7 * u)))
    pygame.draw.circle(s, (240, 120, 100), (int(64 * u), int(64 * u)), int(10 * u),
                       max(3, int(6 * u)))
    pygame.draw.circle(s, (232, 176, 72), (int(92 * u), int(92 * u)), int(9 * u))
    pygame.image.save(s, str(path))


def make_click(path: Path, rate: int = 22050, seconds: float = 0.06) -> None:
    frames = bytearray()
    n = int(rate * seconds)
    for i in range(n):
        t = i / rate
        env = math.exp(-t * 70)
        v = env * (0.6 * math.sin(2 * math.pi * 1100 * t) + 0.3 * math.sin(2 * math.pi * 2300 * t))
        frames += struct.pack("<h", int(max(-1.0, min(1.0, v)) * 20000))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(bytes(frames))


if __name__ == "__main__":
    (HERE / "sounds").mkdir(exist_ok=True)
    make_icon(HERE / "icon.png")
    make_click(HERE / "sounds" / "click.wav")
    print("wrote", HERE / "icon.png", "and", HERE / "sounds" / "click.wav")
