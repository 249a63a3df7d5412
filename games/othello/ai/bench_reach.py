"""``kibitz bench solve --games othello``: how far Master's solves reach in its move.

Master solves a position exactly from 18 empties on the compiled kernels, and a few empties
further asks only who wins (games.othello.ai.solver's tables). Those reaches come from the
times printed here: each solve on positions from Advanced's games against itself (random
openings of two to four plies, and one move in seven at random so that the games differ),
the same positions for a given seed on every machine. A who-wins answer is checked against
the exact margin's sign where that is cheap (``check_until``), so a fast but wrong proof
fails here rather than printing a flattering time.
"""

from __future__ import annotations

import random
import statistics
from dataclasses import replace
from functools import partial

from ai import native
from ai.bench import median_time
from ai.engine import run_search
from ai.kit import get_level
from game.jsontypes import JSONObject
from games.othello.ai.endgame import KERNELS, solve
from games.othello.rules import OthelloState, initial_state

#: (what is asked, empties): the exact margin, or only who wins (win/loss/draw).
EXACT, WHO_WINS = "exact", "who wins"
REACHES: tuple[tuple[str, int], ...] = ((EXACT, 18), (WHO_WINS, 20), (WHO_WINS, 22))
#: ``--full`` adds the step past the reach.
FULL_REACHES = (*REACHES, (WHO_WINS, 24))
#: Positions a reach is timed on, and the games' seed.
POSITIONS = 12
SEED = 5
#: One move in this many is chosen at random, so that Advanced's games differ.
RANDOM_ONE_IN = 7


def self_play_positions(empties: tuple[int, ...], count: int,
                        seed: int) -> dict[int, list[OthelloState]]:
    """``count`` positions at each of ``empties``, the mover able to move, from seeded games
    of Advanced against itself at its fixed depth (no clock: the same games everywhere)."""
    from games.othello import KIT  # the package's kit imports its AI: asked here, not above

    level = get_level(KIT, "Advanced").config(KIT)
    config = replace(level, limits=replace(level.limits, time_s=None))
    rng = random.Random(seed)
    found: dict[int, list[OthelloState]] = {n: [] for n in empties}
    while any(len(states) < count for states in found.values()):
        state = initial_state()
        for _ in range(rng.randint(2, 4)):
            state = state.apply(rng.choice(state.legal_moves()))
        while not state.is_over() and state.empties >= min(empties):
            if state.empties in found and not state.must_pass() \
                    and len(found[state.empties]) < count:
                found[state.empties].append(state)
            state = state.apply(rng.choice(state.legal_moves())
                                if rng.randrange(RANDOM_ONE_IN) == 0
                                else run_search(state, config).move)
    return found


def reach(asked: tuple[tuple[str, int], ...], count: int, seed: int,
          check_until: int = 0, repeat: int = 1) -> JSONObject:
    """Per (what, empties): the median, 90th percentile and slowest wall seconds of its solves
    on the kernels, a position's time the median of ``repeat`` solves (each solve starts with
    an empty table, so a repeat is not helped by the one before); who-wins answers at or below
    ``check_until`` empties checked against the exact margin's sign (ValueError if one
    differs)."""
    positions = self_play_positions(tuple(sorted({n for _, n in asked})), count, seed)
    out: JSONObject = {}
    for what, empties in asked:
        times = []
        for state in positions[empties]:
            seconds, result = median_time(
                partial(solve, state, want_margin=what == EXACT, kernels=True), repeat)
            times.append(seconds)
            if what == WHO_WINS and empties <= check_until:
                exact = solve(state, kernels=True).margin
                if (result.margin > 0) != (exact > 0) or (result.margin < 0) != (exact < 0):
                    raise ValueError(f"who wins at {empties} empties said {result.margin:+d}, "
                                     f"the exact margin is {exact:+d}")
        times.sort()
        out[f"{what} {empties}"] = {
            "positions": len(times),
            "median_s": round(statistics.median(times), 2),
            "p90_s": round(times[max(0, round(0.9 * len(times)) - 1)], 2),
            "slowest_s": round(times[-1], 2),
        }
    return out


def bench(repeat: int = 1, full: bool = False) -> JSONObject:
    """The reaches' figures, each solve timed ``repeat`` times; on the Python path only a
    line saying why there are none (the reaches are the kernels')."""
    figures: JSONObject = {"path": native.status()}
    if not native.enabled():
        return figures
    figures["warm_up_s"] = round(KERNELS.warm_up(), 2)
    figures.update(reach(FULL_REACHES if full else REACHES, POSITIONS, SEED,
                         repeat=repeat))
    return figures


def table(figures: JSONObject) -> str:
    """``bench``'s figures as lines."""
    lines = [f"othello solver reach ({POSITIONS} positions from Advanced's self-play, seed "
             f"{SEED}): {figures.get('path')}"]
    if "warm_up_s" not in figures:
        lines.append("  no figures: the reaches are the compiled kernels'")
    for label, f in figures.items():
        if isinstance(f, dict):
            lines.append(f"  {label:<14} median {f['median_s']:6.2f} s   90th percentile "
                         f"{f['p90_s']:6.2f} s   slowest {f['slowest_s']:6.2f} s")
    return "\n".join(lines)
