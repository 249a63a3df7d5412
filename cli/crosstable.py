"""A round robin's results as a class reads them: who scored what against whom, each player's
total, and an Elo estimate that uses every game at once.

Elo comes from the Bradley-Terry model (a player's chance against another is
g_i / (g_i + g_j)), fitted by Hunter's minorization-maximization updates (Hunter 2004, "MM
algorithms for generalized Bradley-Terry models"): the ratings that make every observed score
most likely together, not a chain of pairwise differences. A draw counts half a win to each
side. A player who won or lost every game has no finite maximum-likelihood rating, so every
pairing also gets one virtual draw (a common prior that pulls unbeaten ratings to a finite
figure; with many games it moves the others very little). The ratings are shifted to a mean of
0, or, for a placement among levels, so that the weakest level is 0 (``anchor``): only their
differences mean anything.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass

from game.jsontypes import JSONObject, JSONValue

#: Rounds of the MM update; it converges long before on round robins of a class's size.
MM_ROUNDS = 2000
#: Virtual draws added to every pairing (the prior described above).
PRIOR_DRAWS = 1.0


@dataclass(frozen=True)
class Pairing:
    """The games two players played: ``score`` is the first player's (wins + half the
    draws), out of ``games``."""

    first: int
    second: int
    games: int
    score: float


class Crosstable:
    """Players in their given order and the pairings between them; with an ``anchor`` (a
    player's index) the Elo is shifted to put that player at 0 instead of the mean."""

    def __init__(self, players: list[str], pairings: list[Pairing],
                 anchor: int | None = None) -> None:
        self.players = players
        self.pairings = pairings
        self.anchor = anchor

    def score(self, i: int, j: int) -> tuple[float, int] | None:
        """Player i's score against player j and the games between them (None: none)."""
        for p in self.pairings:
            if (p.first, p.second) == (i, j):
                return p.score, p.games
            if (p.first, p.second) == (j, i):
                return p.games - p.score, p.games
        return None

    def totals(self) -> list[tuple[float, int]]:
        """Each player's total score and games."""
        out = [(0.0, 0)] * len(self.players)
        for i in range(len(self.players)):
            cells = [self.score(i, j) for j in range(len(self.players)) if j != i]
            found = [c for c in cells if c is not None]
            out[i] = (sum(s for s, _ in found), sum(g for _, g in found))
        return out

    def elo(self) -> list[float]:
        """Bradley-Terry ratings on the Elo scale, mean 0 or the anchor 0 (see the module's
        docstring)."""
        n = len(self.players)
        wins = [0.0] * n
        games: dict[tuple[int, int], float] = {}
        for p in self.pairings:
            played = p.games + PRIOR_DRAWS
            wins[p.first] += p.score + PRIOR_DRAWS / 2
            wins[p.second] += p.games - p.score + PRIOR_DRAWS / 2
            key = (min(p.first, p.second), max(p.first, p.second))
            games[key] = games.get(key, 0.0) + played
        strength = [1.0] * n
        for _ in range(MM_ROUNDS):
            updated = []
            for i in range(n):
                denominator = sum(count / (strength[i] + strength[j if i == a else a])
                                  for (a, j), count in games.items() if i in (a, j))
                updated.append(wins[i] / denominator if denominator else strength[i])
            mean_log = sum(math.log(s) for s in updated) / n
            strength = [s / math.exp(mean_log) for s in updated]
        elo = [400 * math.log10(s) for s in strength]
        shift = 0.0 if self.anchor is None else elo[self.anchor]
        return [e - shift for e in elo]

    def ranked(self) -> list[int]:
        """Players by share of the points, then (between two level on points) by their own
        games against each other, then in the order given. Elo breaks no tie: in a round
        robin of equal pairings it follows the totals alone."""
        totals = self.totals()
        order = sorted(range(len(self.players)), key=lambda i: (-_share(*totals[i]), i))
        for k in range(len(order) - 1):
            i, j = order[k], order[k + 1]
            if _share(*totals[i]) == _share(*totals[j]):
                found = self.score(j, i)
                if found is not None and found[0] > found[1] / 2:
                    order[k], order[k + 1] = j, i
        return order

    # ------------------------------------------------------------------ renderings

    def rows(self) -> list[list[str]]:
        """The table as text cells: header, then one row a player, best first."""
        order = self.ranked()
        totals, elo = self.totals(), self.elo()
        head = ["#", "player", *[str(k + 1) for k in range(len(order))], "score", "%", "Elo"]
        out = [head]
        for rank, i in enumerate(order, start=1):
            cells = []
            for j in order:
                found = self.score(i, j) if j != i else None
                cells.append("—" if found is None else f"{_half(found[0])}/{found[1]}")
            total, played = totals[i]
            out.append([str(rank), self.players[i], *cells, f"{_half(total)}/{played}",
                        f"{100 * _share(total, played):.0f}", f"{elo[i]:+.0f}"])
        return out

    def text(self) -> str:
        rows = self.rows()
        widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
        lines = ["  ".join(cell.rjust(w) if k != 1 else cell.ljust(w)
                           for k, (cell, w) in enumerate(zip(r, widths, strict=True)))
                 for r in rows]
        return "\n".join([lines[0], "-" * len(lines[0]), *lines[1:]])

    def csv_text(self) -> str:
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows(self.rows())
        return out.getvalue()

    def to_json(self) -> JSONObject:
        totals, elo = self.totals(), self.elo()
        players: list[JSONValue] = [
            {"rank": rank, "player": self.players[i], "score": totals[i][0],
             "games": totals[i][1], "elo": round(elo[i], 1),
             "against": {self.players[j]: {"score": found[0], "games": found[1]}
                         for j in range(len(self.players))
                         if j != i and (found := self.score(i, j)) is not None}}
            for rank, i in enumerate(self.ranked(), start=1)]
        zero = "mean 0" if self.anchor is None else f"{self.players[self.anchor]} = 0"
        return {"players": players, "elo_model": "Bradley-Terry (MM), one virtual draw a "
                f"pairing, {zero}"}


def _share(score: float, games: int) -> float:
    return score / games if games else 0.0


def _half(x: float) -> str:
    """7.5 as "7.5", 7.0 as "7": scores are whole or half."""
    return f"{x:g}"
