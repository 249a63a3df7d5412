"""Build the one-sided bear-off database (:mod:`ai.evaluation.backgammon_bearoff`).

Dynamic programming over the 54,264 home-board positions in ascending pip count (every roll
strictly lowers the count, so a position's successors are always done before it):

1. for each position and each of the 21 rolls, the positions its legal plays reach (a small
   dedicated move generator: the bear-off rules of :mod:`game.rules.backgammon_movegen` for a
   side with every checker home, which the tests cross-check against that generator);
2. the expected number of rolls to bear everything off, ``E(p) = 1 + sum_r P(r) min E(next)``,
   which fixes the play of every roll (the first best successor in table order on ties);
3. the distribution of the number of rolls under that play, one roll at a time for all positions
   at once: ``P(p, n) = sum_r P(r) P(choice(p, r), n - 1)``;
4. the same for the first checker off of the 15-checker positions (a roll that can bear one off
   ends it; otherwise the play that gets one off soonest on average).

Reproduce the shipped file (about a minute on one core)::

    python -m ai.training.backgammon_bearoff
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path

import numpy as np

from ai.evaluation import backgammon_bearoff as bo
from game.rules.backgammon import ROLLS

Home = tuple[int, ...]
EMPTY: Home = (0,) * bo.HOME


# -- the dedicated bear-off move generator ------------------------------------------------------------


@cache
def step(home: Home, die: int) -> frozenset[Home]:
    """Positions after one checker moves ``die`` pips (every checker home, nothing blocks):
    inside the board, off exactly, or off from the highest point with a larger die."""
    if home == EMPTY:
        return frozenset((EMPTY,))
    highest = max(p for p in range(bo.HOME) if home[p])  # index p is point p + 1
    out = set()
    for p in range(bo.HOME):
        if not home[p]:
            continue
        dst = p + 1 - die
        if dst < 0 and p != highest:
            continue
        moved = list(home)
        moved[p] -= 1
        if dst >= 1:
            moved[dst - 1] += 1
        out.add(tuple(moved))
    return frozenset(out)


def roll_successors(home: Home, d1: int, d2: int) -> frozenset[Home]:
    """Every position a legal play of ``d1-d2`` reaches. With all checkers home each die is
    always playable while a checker is left, so a play uses both dice (four times a double)
    in either order, stopping only when the last checker is off."""
    if d1 == d2:
        reached = frozenset((home,))
        for _ in range(4):
            reached = frozenset(s for h in reached for s in step(h, d1))
        return reached
    return frozenset(
        s for x, y in ((d1, d2), (d2, d1)) for h in step(home, x) for s in step(h, y)
    )


# -- dynamic programming -------------------------------------------------------------------------------


def choose_plays(
    table: np.ndarray, done: Callable[[Home], bool], progress: Callable[[int], None]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(expected rolls, chosen successor row per roll (N, 21), finishing rolls (N, 21) bool).

    ``done(h)`` says whether reaching ``h`` ends the count (all off, or a checker off); a roll
    that can reach such a position finishes, otherwise the successor with the fewest expected
    rolls is chosen. Positions are visited by ascending pips; rows where ``done`` holds or
    that cannot take part (no successor counted) are left with choice -1."""
    index = {tuple(int(c) for c in row): i for i, row in enumerate(table)}
    pips = table @ np.arange(1, bo.HOME + 1)
    expected = np.zeros(len(table))
    choice = np.full((len(table), len(ROLLS)), -1, dtype=np.int64)
    finish = np.zeros((len(table), len(ROLLS)), dtype=bool)
    for count, i in enumerate(np.argsort(pips, kind="stable")):
        home = tuple(int(c) for c in table[i])
        if done(home):
            continue
        e = 1.0
        for r, ((d1, d2), prob) in enumerate(ROLLS):
            nexts = roll_successors(home, d1, d2)
            if any(done(h) for h in nexts):
                finish[i, r] = True
                continue
            best = min(nexts, key=lambda h: (expected[index[h]], index[h]))
            choice[i, r] = index[best]
            e += prob * expected[index[best]]
        expected[i] = e
        if count % 2048 == 0:
            progress(count)
    return expected, choice, finish


def distributions(
    choice: np.ndarray, finish: np.ndarray, active: np.ndarray, columns: int
) -> np.ndarray:
    """P(count = n rolls), n = 0..columns-1, for every row under the chosen plays: rows not
    ``active`` are already done (count 0)."""
    probs = np.array([p for _, p in ROLLS])
    dist = np.zeros((len(choice), columns))
    dist[~active, 0] = 1.0
    rows = np.flatnonzero(active)
    finishing = (finish[rows] * probs).sum(axis=1)
    safe = np.where(choice[rows] >= 0, choice[rows], 0)
    weight = np.where(choice[rows] >= 0, probs, 0.0)
    dist[rows, 1] = finishing
    for n in range(2, columns):
        dist[rows, n] = (dist[safe, n - 1] * weight).sum(axis=1)
    return dist


def build(progress: Callable[[str, int, int], None]) -> tuple[np.ndarray, np.ndarray]:
    """The two quantised tables (``off``, ``first``) in :func:`bo.positions` order."""
    table = bo.positions()
    n = len(table)
    _, choice, finish = choose_plays(table, lambda h: h == EMPTY,
                                     lambda c: progress("all off", c, n))  # fmt: skip
    off = distributions(choice, finish, table.sum(axis=1) > 0, bo.OFF_ROLLS)
    full = table.sum(axis=1) == bo.CHECKERS
    # Only 15-checker positions take part: any other position has a checker off already.
    _, choice1, finish1 = choose_plays(table, lambda h: sum(h) < bo.CHECKERS,
                                       lambda c: progress("first off", c, n))  # fmt: skip
    first = distributions(choice1, finish1, full, bo.FIRST_ROLLS)
    first[~full] = 0.0
    for name, dist in (("off", off), ("first", first[full])):
        lost = np.abs(dist.sum(axis=1) - 1.0).max()
        if lost > 1e-9:
            raise RuntimeError(f"{name}: distributions truncated (mass {lost:.2e} beyond the table)")
    return bo.quantise(off), bo.quantise(first)


def _progress(label: str, done: int, total: int) -> None:
    filled = 30 * done // max(1, total)
    sys.stderr.write(f"\r{label:>9} [{'#' * filled}{'-' * (30 - filled)}] {done}/{total}")
    sys.stderr.flush()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m ai.training.backgammon_bearoff",
                                description=__doc__.splitlines()[0])  # fmt: skip
    p.add_argument("--out", default=str(bo.default_bearoff_path()), help="file to write")
    args = p.parse_args(argv)
    start = time.perf_counter()
    off, first = build(_progress)
    seconds = time.perf_counter() - start
    meta = {"command": "python -m ai.training.backgammon_bearoff",
            "play": "each roll minimises the expected number of rolls"}  # fmt: skip
    bo.save_table(off, first, meta, args.out)
    size = Path(args.out).stat().st_size
    print(f"\nwrote {args.out}: {len(off)} positions, {size / 1024:.0f} KiB, {seconds:.0f} s",
          file=sys.stderr)  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
