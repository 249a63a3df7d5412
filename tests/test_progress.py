"""The long commands' progress bar: what it writes, and a resumed run's rate."""

from __future__ import annotations

import io

from game import progress
from game.progress import ProgressBar


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_bar_fills_and_says_the_elapsed_time(monkeypatch) -> None:
    clock = Clock()
    monkeypatch.setattr(progress.time, "perf_counter", clock)
    out = io.StringIO()
    bar = ProgressBar(4, "games", stream=out, width=8)
    clock.now += 12
    bar.update(2, "A +0.500 a game")
    assert out.getvalue() == "\r[####----] 2/4 games  A +0.500 a game  12s"


def test_a_resumed_run_counts_its_rate_from_where_it_resumed(monkeypatch) -> None:
    """Resumed at game 40,000 of 50,000: 200 games in 100 s is 2 a second, 82 more minutes
    for the 9,800 left, not 400 a second from the games the checkpoint already held."""
    clock = Clock()
    monkeypatch.setattr(progress.time, "perf_counter", clock)
    out = io.StringIO()
    bar = ProgressBar(50_000, "games", stream=out, width=10, rate=True, resumed_at=40_000)
    bar.update(40_000)
    assert out.getvalue().endswith("40000/50000 games  0.0/s  eta ?")
    clock.now += 100
    bar.update(40_200, "last: +0.41 ppg")
    assert out.getvalue().endswith("40200/50000 games  last: +0.41 ppg  2.0/s  eta 82 min")
    clock.now += 4850
    bar.update(49_900)
    assert out.getvalue().endswith("49900/50000 games  2.0/s  eta 50 s")
