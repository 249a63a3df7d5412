"""Learning curves as PNG files and CSV rows, in pure Python (no plotting library): what every
trainer writes as it goes, so a long run's progress can be looked at while it runs."""

from __future__ import annotations

import csv
import struct
import zlib
from collections.abc import Sequence
from pathlib import Path

#: The columns of a trainer's learning-curve CSV.
CSV_HEADER = ("games_trained", "win_rate", "points_per_game", "seconds")


_FONT = {  # 3x5 glyphs, rows top to bottom
    "0": "111101101101111", "1": "010110010010111", "2": "111001111100111",
    "3": "111001111001111", "4": "101101111001001", "5": "111100111001111",
    "6": "111100111101111", "7": "111001010010010", "8": "111101111101111",
    "9": "111101111001111", ".": "000000000000010", "-": "000000111000000",
    "%": "101001010100101", " ": "000000000000000", "/": "001001010100100",
    "A": "010101111101101", "E": "111100110100111", "G": "111100101101111",
    "I": "111010010010111", "M": "101111111101101", "N": "110101101101101",
    "O": "111101101101111", "P": "111101111100100", "R": "110101110101101",
    "S": "111100111001111", "T": "111010010010010", "W": "101101111111101",
    "V": "101101101101010", "H": "101101111101101", "D": "110101101101110",
    "L": "100100100100111", "C": "111100100100111", "K": "101101110101101",
    "F": "111100110100100", "Y": "101101010010010", "U": "101101101101111",
    "B": "110101110101110", "(": "010100100100010", ")": "010001001001010",
    "Q": "111101101111001", "X": "101101010101101",
}  # fmt: skip


class Canvas:
    def __init__(self, w: int, h: int, bg: tuple[int, int, int]) -> None:
        self.w, self.h = w, h
        self.px = [bytearray(bytes(bg) * w) for _ in range(h)]

    def dot(self, x: int, y: int, c: tuple[int, int, int]) -> None:
        if 0 <= x < self.w and 0 <= y < self.h:
            self.px[y][3 * x : 3 * x + 3] = bytes(c)

    def line(self, x0: int, y0: int, x1: int, y1: int, c, thick: int = 1) -> None:
        steps = max(abs(x1 - x0), abs(y1 - y0), 1)
        for i in range(steps + 1):
            x = round(x0 + (x1 - x0) * i / steps)
            y = round(y0 + (y1 - y0) * i / steps)
            for dx in range(thick):
                for dy in range(thick):
                    self.dot(x + dx, y + dy, c)

    def polyline(self, points: Sequence[tuple[int, int]], c) -> None:
        """A measured series: its points joined, each marked with a short tick."""
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            self.line(x0, y0, x1, y1, c, thick=2)
        for x, y in points:
            self.line(x - 2, y, x + 2, y, c, thick=2)

    def text(self, x: int, y: int, s: str, c, scale: int = 2) -> None:
        for ch in s.upper():
            glyph = _FONT.get(ch, _FONT[" "])
            for r in range(5):
                for col in range(3):
                    if glyph[r * 3 + col] == "1":
                        for dx in range(scale):
                            for dy in range(scale):
                                self.dot(x + col * scale + dx, y + r * scale + dy, c)
            x += 4 * scale

    def png(self) -> bytes:
        raw = b"".join(b"\x00" + bytes(row) for row in self.px)

        def chunk(kind: bytes, data: bytes) -> bytes:
            body = kind + data
            return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

        head = struct.pack(">IIBBBBB", self.w, self.h, 8, 2, 0, 0, 0)
        return (
            b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", head)
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b"")
        )


#: One panel of a learning curve: (title, row column, lowest, highest, reference line, colour,
#: label format).
CurvePanel = tuple[str, int, float, float, float, tuple[int, int, int], str]



def plot(rows: list[tuple[int, float, float, float]], path: Path,
         panels: Sequence[CurvePanel], x_label: str = "GAMES TRAINED") -> None:
    """Two panels against games trained, each with its reference line: win rate (50%) and
    points per game (0) against the opponent the trainer measures with."""
    W, H = 640, 420
    cv = Canvas(W, H, (255, 255, 255))
    ink, grid = (40, 40, 40), (215, 215, 215)
    left, right = 60, W - 20
    xmax = max([r[0] for r in rows] + [1])
    for idx, (title, col, lo, hi, ref, color, fmt) in enumerate(panels):
        top, bottom = 30 + idx * 190, 30 + idx * 190 + 150
        cv.text(left, top - 20, title, ink)

        def ypix(v: float, top=top, bottom=bottom, lo=lo, hi=hi) -> int:
            v = min(hi, max(lo, v))
            return round(bottom - (v - lo) / (hi - lo) * (bottom - top))

        for v in (lo, ref, hi):
            cv.line(left, ypix(v), right, ypix(v), grid if v != ref else (150, 150, 150))
            cv.text(4, ypix(v) - 5, fmt.format(v), ink)
        cv.line(left, top, left, bottom, ink)
        cv.polyline([(left + round(r[0] / xmax * (right - left)), ypix(r[col])) for r in rows],
                     color)
    cv.text(left, H - 14, f"{x_label} 0 - {xmax}", ink)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(cv.png())


def read_csv(path: Path) -> list[tuple[int, float, float, float]]:
    if not path.exists():
        return []
    with path.open(newline="") as f:
        return [
            (int(r["games_trained"]), float(r["win_rate"]), float(r["points_per_game"]),
             float(r["seconds"]))
            for r in csv.DictReader(f)
        ]  # fmt: skip


def write_csv(path: Path, rows: list[tuple[int, float, float, float]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(CSV_HEADER)
        for g, wr, ppg, sec in rows:
            w.writerow((g, f"{wr:.4f}", f"{ppg:.4f}", f"{sec:.1f}"))


