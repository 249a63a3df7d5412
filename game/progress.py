"""A plain-text progress bar on stderr for the long commands (match, review, rollouts, the
trainers' label generation): redrawn in place with a carriage return, so stdout keeps only
the answer."""

from __future__ import annotations

import sys
import time
from typing import Any


class ProgressBar:
    """``update(done, note)`` redraws "[####----] done/total unit  note  12s"."""

    def __init__(self, total: int, unit: str, stream: Any = None, width: int = 30) -> None:
        self.total, self.unit, self.width = max(1, total), unit, width
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.perf_counter()

    def update(self, done: int, note: str = "") -> None:
        filled = self.width * min(done, self.total) // self.total
        bar = "#" * filled + "-" * (self.width - filled)
        elapsed = time.perf_counter() - self.start
        note = f"  {note}" if note else ""
        self.stream.write(f"\r[{bar}] {done}/{self.total} {self.unit}{note}  {elapsed:.0f}s")
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()
