"""A plain-text progress bar on stderr for the long commands (match, review, rollouts, the
trainers' label generation): redrawn in place with a carriage return, so stdout keeps only
the answer."""

from __future__ import annotations

import sys
import time
from typing import Protocol, TextIO


class Progress(Protocol):
    """What a long run reports its progress to: a ProgressBar, or a part of one (a
    tournament's pairing sees the tournament's bar as its own)."""

    def update(self, done: int, note: str = "") -> None: ...


class ProgressBar:
    """``update(done, note)`` redraws "[####----] done/total unit  note  12s"; with ``rate``,
    "... 3.2/s  eta 41 min" instead, for runs of hours. The rate counts from ``resumed_at``,
    so a run resumed at game 40,000 does not claim it played those 40,000 just now."""

    def __init__(self, total: int, unit: str, stream: TextIO | None = None, width: int = 30,
                 rate: bool = False, resumed_at: int = 0) -> None:
        self.total, self.unit, self.width = max(1, total), unit, width
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.perf_counter()
        self.rate = rate
        self.resumed_at = resumed_at

    def update(self, done: int, note: str = "") -> None:
        filled = self.width * min(done, self.total) // self.total
        bar = "#" * filled + "-" * (self.width - filled)
        elapsed = time.perf_counter() - self.start
        note = f"  {note}" if note else ""
        self.stream.write(f"\r[{bar}] {done}/{self.total} {self.unit}{note}  "
                          f"{self._pace(done, elapsed)}")
        self.stream.flush()

    def _pace(self, done: int, elapsed: float) -> str:
        if not self.rate:
            return f"{elapsed:.0f}s"
        per_s = (done - self.resumed_at) / elapsed if elapsed > 0 else 0.0
        if per_s <= 0:
            return f"{per_s:.1f}/s  eta ?"
        left_s = (self.total - done) / per_s
        eta = f"{left_s:.0f} s" if left_s < 90 else f"{left_s / 60:.0f} min"
        return f"{per_s:.1f}/s  eta {eta}"

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()
