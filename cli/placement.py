"""Where a program stands among a game's levels: ``tournament --place`` (and ``match --ladder
--a PROGRAM``) play it against every level and each level against the one above, and this
module reads the crosstable that comes back.

The pairings: the placed player (seat A) against each level, weakest first, then each level
against the one below it (the upper one seat A), so one run measures the levels' own scale as
well as the program on it.

The Elo is the crosstable's (Bradley-Terry, one virtual draw a pairing) shifted so that the
weakest level named is 0: "Elo +150" then reads as 150 above the weakest level, whatever the
other levels did. The placed player sits between the two levels whose Elo brackets its own.

The 95% interval is a profile likelihood interval on the placed player's Elo above the
anchor: for each candidate figure d the other levels' ratings are refitted with the placed
player held at d (Newton's method on the same penalized likelihood, virtual draws included,
so the interval is finite even for a player who won every game), and the interval is every d
whose log-likelihood is within chi-square(1, 95%) / 2 = 1.92 of the best. A draw counts half
a win, as in the fit, so the games are treated as binomial: with many draws (which vary less
than a win or a loss) the interval is on the wide side, never the narrow one. No random
numbers: the interval depends on the results alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from cli.crosstable import PRIOR_DRAWS, Crosstable
from game.jsontypes import JSONObject

#: chi-square with one degree of freedom at 95%: twice the log-likelihood's drop at the ends.
CHI2_95 = 3.841458820694124
#: Elo points in one unit of natural-log strength.
ELO_PER_NAT = 400 / math.log(10)
#: The widest the interval's search goes from the estimate, in natural-log units (~8700 Elo).
SEARCH_LIMIT = 50.0


def placement_pairings(levels: int) -> list[tuple[int, int]]:
    """The pairings of a placement whose players are ``levels`` levels, weakest first, and the
    placed player last: the placed one against each level, then each level against the one
    below it."""
    placed = levels
    return ([(placed, k) for k in range(levels)]
            + [(k + 1, k) for k in range(levels - 1)])


def placement_heading(game: str, placed: str, levels: int, games: int, seed: int) -> str:
    return (f"{game}: {placed} placed among {levels} level{'s' if levels != 1 else ''}, "
            f"{games} games a pairing, seed {seed}")


def placement_note(anchor: str) -> str:
    """What the figures mean, under the table."""
    return (f"(score: wins + half the draws; Elo: Bradley-Terry over every game, one virtual "
            f"draw a pairing, {anchor} = 0;\n the 95% interval: profile likelihood)")


@dataclass(frozen=True)
class Placement:
    """The placed player's Elo on the anchored scale, its 95% interval, and the levels it sits
    between (None past either end) with their Elo."""

    player: str
    elo: float
    low: float
    high: float
    below: tuple[str, float] | None
    above: tuple[str, float] | None

    def text(self) -> str:
        """``file:a.py places between Casual (Elo +40) and Intermediate (+310): Elo +150
        (95% interval +90 .. +210)``."""
        if self.below is not None and self.above is not None:
            where = (f"between {self.below[0]} (Elo {self.below[1]:+.0f}) and "
                     f"{self.above[0]} ({self.above[1]:+.0f})")
        elif self.above is not None:
            where = f"below every level (the weakest, {self.above[0]}: Elo {self.above[1]:+.0f})"
        elif self.below is not None:
            where = f"above every level (the strongest, {self.below[0]}: Elo {self.below[1]:+.0f})"
        else:
            where = "with no level to compare"
        return (f"{self.player} places {where}: Elo {self.elo:+.0f} "
                f"(95% interval {self.low:+.0f} .. {self.high:+.0f})")

    def to_json(self) -> JSONObject:
        return {"player": self.player, "elo": round(self.elo, 1), "low": round(self.low, 1),
                "high": round(self.high, 1),
                "between": [None if self.below is None else self.below[0],
                            None if self.above is None else self.above[0]]}


def place(table: Crosstable, placed: int, levels: list[int]) -> Placement:
    """Where player ``placed`` stands among ``levels`` (indices into the table, weakest first;
    the first is the anchor, Elo 0). The estimate is the table's Elo, shifted; the interval is
    the profile likelihood's (see the module's docstring)."""
    anchor = levels[0]
    elo = table.elo()
    shift = elo[anchor]
    estimate = elo[placed] - shift
    counts = _counts(table)
    best = _fit(len(table.players), counts, {anchor: 0.0})
    theta = estimate / ELO_PER_NAT

    def excess(d: float) -> float:
        """How far d lies outside the interval (negative inside)."""
        return 2 * (best - _fit(len(table.players), counts, {anchor: 0.0, placed: d})) - CHI2_95

    low = _edge(excess, theta, -1.0) * ELO_PER_NAT
    high = _edge(excess, theta, 1.0) * ELO_PER_NAT
    ranked = sorted(levels, key=lambda k: (elo[k], levels.index(k)))
    under = [k for k in ranked if elo[k] - shift <= estimate]
    over = [k for k in ranked if elo[k] - shift > estimate]
    return Placement(table.players[placed], estimate, min(low, estimate), max(high, estimate),
                     (table.players[under[-1]], elo[under[-1]] - shift) if under else None,
                     (table.players[over[0]], elo[over[0]] - shift) if over else None)


#: One pairing as the likelihood sees it: (first, second, first's wins, second's wins), the
#: virtual draw included.
_Count = tuple[int, int, float, float]


def _counts(table: Crosstable) -> list[_Count]:
    return [(p.first, p.second, p.score + PRIOR_DRAWS / 2, p.games - p.score + PRIOR_DRAWS / 2)
            for p in table.pairings]


def _log_likelihood(theta: list[float], counts: list[_Count]) -> float:
    total = 0.0
    for i, j, wi, wj in counts:
        top = max(theta[i], theta[j])
        log_sum = top + math.log(math.exp(theta[i] - top) + math.exp(theta[j] - top))
        total += wi * theta[i] + wj * theta[j] - (wi + wj) * log_sum
    return total


def _fit(n: int, counts: list[_Count], fixed: dict[int, float]) -> float:
    """The largest log-likelihood with the ``fixed`` players' log-strengths held (Newton's
    method with step halving; the likelihood is concave, and strictly so in the free players
    once one is fixed and every player has a game)."""
    free = [k for k in range(n) if k not in fixed]
    theta = [fixed.get(k, 0.0) for k in range(n)]
    current = _log_likelihood(theta, counts)
    where = {k: row for row, k in enumerate(free)}
    for _ in range(100):
        grad = [0.0] * len(free)
        hess = [[1e-9 if r == c else 0.0 for c in range(len(free))] for r in range(len(free))]
        for i, j, wi, wj in counts:
            p = 1 / (1 + math.exp(theta[j] - theta[i]))
            weight = (wi + wj) * p * (1 - p)
            for k, wins, expected in ((i, wi, p), (j, wj, 1 - p)):
                if k in where:
                    grad[where[k]] += wins - (wi + wj) * expected
                    hess[where[k]][where[k]] += weight
            if i in where and j in where:
                hess[where[i]][where[j]] -= weight
                hess[where[j]][where[i]] -= weight
        if not free or max(abs(g) for g in grad) < 1e-10:
            break
        step = _solve(hess, grad)
        scale = 1.0
        while True:
            trial = list(theta)
            for k, row in where.items():
                trial[k] += scale * step[row]
            value = _log_likelihood(trial, counts)
            if value >= current or scale < 1e-6:
                break
            scale /= 2
        if value - current < 1e-13 and max(abs(s) for s in step) * scale < 1e-10:
            theta, current = trial, max(value, current)
            break
        theta, current = trial, value
    return current


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix`` x = ``vector`` by Gaussian elimination with partial pivoting (a few
    players: no library needed)."""
    n = len(vector)
    a = [[*row, v] for row, v in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            factor = a[r][col] / a[col][col]
            for c in range(col, n + 1):
                a[r][c] -= factor * a[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


def _edge(excess: Callable[[float], float], start: float, direction: float) -> float:
    """Where ``excess`` crosses 0 going from ``start`` in ``direction``: steps doubling until
    outside, then halving the bracket."""
    inside, step = start, 0.1
    outside = start + direction * step
    while excess(outside) < 0:
        if step >= SEARCH_LIMIT:
            return outside
        inside, step = outside, step * 2
        outside = start + direction * step
    for _ in range(40):
        middle = (inside + outside) / 2
        if excess(middle) < 0:
            inside = middle
        else:
            outside = middle
        if abs(outside - inside) < 1e-5:
            break
    return (inside + outside) / 2
