"""Build the one-sided bear-off database (:mod:`games.backgammon.ai.bearoff`).

Dynamic programming over the 54,264 home-board positions in ascending pip count (every roll
strictly lowers the count, so a position's successors are always done before it):

1. for each position and each of the 21 rolls, the positions its legal plays reach (a small
   dedicated move generator: the bear-off rules of :mod:`games.backgammon.movegen` for a
   side with every checker home, which the tests cross-check against that generator);
2. the expected number of rolls to bear everything off, ``E(p) = 1 + sum_r P(r) min E(next)``,
   which fixes the play of every roll (the first best successor in table order on ties);
3. the distribution of the number of rolls under that play, one roll at a time for all positions
   at once: ``P(p, n) = sum_r P(r) P(choice(p, r), n - 1)``;
4. the same for the first checker off of the 15-checker positions (a roll that can bear one off
   ends it; otherwise the play that gets one off soonest on average).

Reproduce the shipped file (about a minute on one core)::

    python -m games.backgammon.training.bearoff

Measure what the database is worth: the network with it against the network without it, both
greedy at 0-ply, on the same dice with colours swapped (games the database never touches come
out identical and cancel), counting how often the candidates of a roll reach it::

    python -m games.backgammon.training.bearoff --match 1000 --seed 2024
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import sys
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path

import numpy as np

from games.backgammon.ai import bearoff as bo
from games.backgammon.ai import net as bn
from games.backgammon.rules import ROLLS

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


# -- what it is worth ---------------------------------------------------------------------------------


@dataclasses.dataclass
class Hits:
    """How often a greedy player's candidate positions reach the database, and how much its
    choices lose by the database's values where every candidate is in it."""

    decisions: int = 0
    decisions_hit: int = 0
    candidates: int = 0
    candidates_hit: int = 0
    judged: int = 0
    wrong: int = 0
    equity_lost: float = 0.0
    #: Sum and maximum of |P(win) by the player's net - by the database| over the candidates hit.
    win_error: float = 0.0
    win_error_max: float = 0.0


def counting_chooser(net: bn.Net, hits: Hits, judge: bo.BearoffTable) -> Callable[[list], int]:
    """The network's greedy choice among movegen results, counting database hits and judging
    the choice by ``judge`` when all its candidates are bear-off positions (or won)."""

    def choose(results: list) -> int:
        me = np.asarray([r[1] for r in results], dtype=np.int64)
        opp = np.asarray([r[2] for r in results], dtype=np.int64)
        won = me[:, 0] == bo.CHECKERS
        covered = bo.covers(opp[:, ::-1], me) & ~won
        hits.decisions += 1
        hits.decisions_hit += bool(covered.any())
        hits.candidates += len(results)
        hits.candidates_hit += int(covered.sum())
        probs = net.probs(opp[:, ::-1], me)
        choice = int(np.argmax(bn.equity(bn.flip(probs))))
        if covered.any():
            _, exact = judge.race_probs(opp[covered, ::-1], me[covered])
            error = np.abs(probs[covered, 0] - exact[:, 0])
            hits.win_error += float(error.sum())
            hits.win_error_max = max(hits.win_error_max, float(error.max()))
        if covered.any() and (covered | won).all() and len(results) > 1:
            exact = bn.flip(judge.override(opp[:, ::-1], me, np.zeros((len(me), 5))))
            for i in np.flatnonzero(won):
                exact[i] = bn.terminal_probs(me[i], opp[i])
            values = bn.equity(exact)
            hits.judged += 1
            hits.wrong += bool(values[choice] < values.max())
            hits.equity_lost += float(values.max() - values[choice])
        return choice

    return choose


def compare(pairs: int, seed: int, table: bo.BearoffTable) -> dict[str, float]:
    """The network with ``table`` against the network alone: ``pairs`` dice sequences, each
    played with both colours. Points per game with a 95% interval (pairs as the unit)."""
    from games.backgammon.training.net import Z95, greedy_game

    plain = bn.load_net()
    with_table = dataclasses.replace(plain, bearoff=table)
    hits, plain_hits = Hits(), Hits()
    mine = counting_chooser(with_table, hits, table)
    theirs = counting_chooser(plain, plain_hits, table)
    means: list[float] = []
    wins = differing = 0
    for i in range(pairs):
        pts = []
        for side in (0, 1):
            rng = random.Random(seed * 7_919 + i)
            players = (mine, theirs) if side == 0 else (theirs, mine)
            p = greedy_game(players, rng)
            pts.append(p if side == 0 else -p)
        wins += sum(p > 0 for p in pts)
        differing += pts[0] != -pts[1]
        means.append(sum(pts) / 2)
        if i % 50 == 0:
            _progress("pairs", i, pairs)
    m = sum(means) / pairs
    var = sum((v - m) ** 2 for v in means) / max(1, pairs - 1)
    return {"games": 2 * pairs, "win_rate": wins / (2 * pairs), "points_per_game": m,
            "ppg_half": Z95 * math.sqrt(var / pairs), "pairs_differing": differing,
            **dataclasses.asdict(hits),
            **{f"plain_{k}": v for k, v in dataclasses.asdict(plain_hits).items()}}  # fmt: skip


def run_compare(args: argparse.Namespace) -> int:
    try:
        table = bo.load_table()
    except bo.BearoffError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    start = time.perf_counter()
    r = compare(args.match, args.seed, table)
    print(
        f"\nnetwork with the bear-off database vs without (0-ply), {r['games']} games"
        f" ({args.match} dice sequences, both colours), {time.perf_counter() - start:.0f} s:"
        f"\n  win rate {r['win_rate']:.1%}, {r['points_per_game']:+.4f} points a game"
        f" (+/- {r['ppg_half']:.4f}); {r['pairs_differing']} pairs of games differ"
        f"\n  database reached at {r['decisions_hit']} of {r['decisions']} decisions"
        f" ({r['decisions_hit'] / max(1, r['decisions']):.1%}), {r['candidates_hit']} of"
        f" {r['candidates']} candidate positions"
        f" ({r['candidates_hit'] / max(1, r['candidates']):.1%})"
        f"\n  where every candidate is in the database ({r['plain_judged']} decisions of the"
        f" network alone) it picks a worse move than the database {r['plain_wrong']} times"
        f" ({r['plain_wrong'] / max(1, r['plain_judged']):.1%}), losing"
        f" {r['plain_equity_lost'] / max(1, r['plain_judged']):.4f} points per such decision,"
        f" {r['plain_equity_lost'] / r['games']:.4f} per game"
        f"\n  (with the database: {r['wrong']} worse moves of {r['judged']});"
        f" the network alone's chance of winning there is off by"
        f" {r['plain_win_error'] / max(1, r['plain_candidates_hit']):.4f} on average,"
        f" {r['plain_win_error_max']:.3f} at most"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m games.backgammon.training.bearoff",
                                description=__doc__.splitlines()[0])  # fmt: skip
    p.add_argument("--out", default=str(bo.default_bearoff_path()), help="file to write")
    p.add_argument("--match", type=int, default=0, metavar="PAIRS",
                   help="instead of building: play the network with the shipped database"
                   " against the network without it, PAIRS dice sequences x 2 colours")
    p.add_argument("--seed", type=int, default=2024, help="dice seed of --match")
    args = p.parse_args(argv)
    if args.match:
        return run_compare(args)
    start = time.perf_counter()
    off, first = build(_progress)
    seconds = time.perf_counter() - start
    meta = {"command": "python -m games.backgammon.training.bearoff",
            "play": "each roll minimises the expected number of rolls"}  # fmt: skip
    bo.save_table(off, first, meta, args.out)
    size = Path(args.out).stat().st_size
    print(f"\nwrote {args.out}: {len(off)} positions, {size / 1024:.0f} KiB, {seconds:.0f} s",
          file=sys.stderr)  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
