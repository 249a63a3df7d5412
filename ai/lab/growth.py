"""How a search grows with depth: a position's branching factor, the effective branching factor
of a search, and a search's cost one ply deeper predicted from its shallower passes (the lab's
comparison and depth chart both stop before a pass that would take too long)."""

from __future__ import annotations

import math
import random

from ai.api import Predictor
from game.core import CHANCE, TERMINAL, State

#: Random walks and their length for measuring a position's branching factor.
WALKS, WALK_PLIES = 24, 6


def branching_factor(state: State, seed: int = 0) -> float:
    """The position's branching factor b: the geometric mean of the number of moves (or dice
    outcomes) at the positions met on a few seeded random walks from ``state``."""
    rng = random.Random(seed)
    logs: list[float] = []
    for _ in range(WALKS):
        s = state
        for _ in range(WALK_PLIES):
            player = s.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                outcomes = s.chance_outcomes()
                logs.append(math.log(len(outcomes)))
                moves, weights = zip(*outcomes, strict=True)
                s = s.apply(rng.choices(moves, weights=weights)[0])
            else:
                moves = s.legal_moves()
                logs.append(math.log(len(moves)))
                s = s.apply(rng.choice(moves))
    return math.exp(sum(logs) / len(logs)) if logs else 1.0


def effective_branching_factor(nodes: int, depth: int) -> float:
    """b* with 1 + b* + b*^2 + ... + b*^depth = nodes (the textbook's definition)."""
    if depth <= 0 or nodes <= depth + 1:
        return 1.0 if nodes >= depth + 1 else 0.0
    lo, hi = 1.0, float(nodes)
    for _ in range(100):
        mid = (lo + hi) / 2
        total = (mid ** (depth + 1) - 1) / (mid - 1)
        if total > nodes:
            hi = mid
        else:
            lo = mid
    return (lo + hi) / 2


def extrapolate(points: list[tuple[int, int, float]], depth: int, state: State,
                predictor: Predictor | None = None) -> tuple[float, float]:
    """Predicted (nodes, seconds) at ``depth`` from measured (depth, nodes, seconds) points.

    Growth per ply is the geometric mean of the last two measured ratios (alpha-beta grows
    unevenly between odd and even depths). Where three ratios are known and growth is slowing
    (games that run out of moves, such as tic-tac-toe), it keeps slowing at the same rate.
    A ``predictor`` (the searcher's own) answers instead where it can: backgammon's network
    search filters its root moves differently at each depth, which no growth rate foretells.
    Time follows nodes at the measured speed either way."""
    k, nodes, seconds = points[-1]
    speed = nodes / seconds if seconds > 0 else 1e5
    own = predictor(points, depth) if predictor is not None else None
    if own is not None:
        return own, own / speed
    counts = [n for _, n, _ in points]
    ratios = [b / max(1, a) for a, b in zip(counts, counts[1:], strict=False)]
    if not ratios:
        growth, slowing = max(2.0, branching_factor(state)), 1.0
    elif len(ratios) == 1:
        growth, slowing = ratios[-1], 1.0
    else:
        growth = (ratios[-1] * ratios[-2]) ** 0.5
        slowing = min(1.0, (ratios[-1] / ratios[-3]) ** 0.5) if len(ratios) >= 3 else 1.0
    predicted = float(nodes)
    for _ in range(depth - k):
        growth = max(1.0, growth * slowing)
        predicted *= growth
    return predicted, predicted / speed
