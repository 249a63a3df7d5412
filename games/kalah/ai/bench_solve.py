"""``main.py bench solve --game kalah``: the compiled solver's figures, and Kalah proved.

The positions are late Kalah(6,4) positions reached by seeded random play (so every run
solves the same ones) and Kalah(6,3) from the start; ``--full`` adds Kalah(6,4) from the
start under both capture rules, the published proof (minutes, not seconds). Every figure
names the path that ran (``ai.native.status()``): on the Python path the solver is the
memoised one and the full proofs are out of reach.
"""

from __future__ import annotations

import random
import time

from ai import native
from game.core import TERMINAL
from game.jsontypes import JSONObject
from games.kalah.rules import GAME, KalahState

#: Seeds left in the pits of the late positions, and how many of each.
LATE_SEEDS = (20, 24, 28)
LATE_COUNT = 4
#: The whole games ``--full`` proves: (seeds a pit, capture rule, a first guess for MTD(f)).
FULL_GAMES = ((4, False, 8), (4, True, 10))
#: The whole games' database (16 seeds: 30 million boards, 30 MB) and table (2**24 entries,
#: 512 MB).
PROOF_LIMIT = 16
PROOF_TABLE_BITS = 24


def late_positions(seed: int = 46) -> list[KalahState]:
    """Positions of Kalah(6,4) with LATE_SEEDS seeds left, by seeded random play."""
    rng = random.Random(seed)
    out: list[KalahState] = []
    for seeds in LATE_SEEDS:
        found = 0
        while found < LATE_COUNT:
            state = GAME.initial_state(empty_capture=rng.random() < 0.5)
            while state.current_player() != TERMINAL and sum(state.pits) > seeds:
                state = state.apply(rng.choice(state.legal_moves()))
            if state.current_player() != TERMINAL and sum(state.pits) == seeds:
                out.append(state)
                found += 1
    return out


def _prove(seeds: int, empty_capture: bool, guess: int,
           table_bits: int = PROOF_TABLE_BITS) -> JSONObject:
    from games.kalah.ai import native_solve  # numba: only when benched

    start = GAME.initial_state(seeds=seeds, empty_capture=empty_capture)
    solver = native_solve.NativeSolver(6, empty_capture, limit=PROOF_LIMIT,
                                       table_bits=table_bits)
    began = time.perf_counter()
    solved = solver.value(native_solve.board_of(start), guess=guess)
    took = time.perf_counter() - began
    return {"game": f"Kalah(6,{seeds})", "empty_capture": empty_capture,
            "value": solved.value, "nodes": solved.nodes, "probes": solved.probes,
            "time_s": round(took, 2), "nodes_per_s": round(solved.nodes / max(took, 1e-9))}


def bench(repeat: int, full: bool = False) -> JSONObject:
    """Positions solved (every root move's exact margin), nodes, time, nodes a second."""
    if not native.enabled():
        return {"path": native.status(), "positions": 0}
    from games.kalah.ai import native_solve  # numba: only when benched

    began = time.perf_counter()
    for rule in (False, True):
        native_solve.warm(native_solve.solver_for(6, rule))
    ready_s = time.perf_counter() - began
    positions = late_positions()
    nodes = 0
    took = 0.0
    for state in positions:
        # A fresh table each time: the figure is one solve's, not the process's memory.
        solver = native_solve.NativeSolver(6, state.empty_capture)
        began = time.perf_counter()
        nodes += solver.root_values(state)[1]
        took += time.perf_counter() - began
    out: JSONObject = {
        "path": native.status(), "ready_s": round(ready_s, 2),
        "positions": len(positions), "seeds_left": list(LATE_SEEDS), "nodes": nodes,
        "time_s": round(took, 2), "nodes_per_s": round(nodes / max(took, 1e-9)),
        "kalah_6_3": _prove(3, False, 0, table_bits=20),
    }
    if full:
        out["full"] = [_prove(s, rule, guess) for s, rule, guess in FULL_GAMES]
    return out


def table(figures: JSONObject) -> str:
    """The figures as lines for the terminal."""
    lines = [f"kalah solve   {figures['path']}"]
    if not figures.get("positions"):
        return "\n".join(lines + ["  (the compiled solver is off: nothing to measure)"])
    lines.append(f"  solver ready (kernels, databases)  {figures['ready_s']} s")
    lines.append(f"  {figures['positions']} late positions ({figures['seeds_left']} seeds left): "
                 f"{figures['nodes']:,} nodes, {figures['time_s']} s, "
                 f"{figures['nodes_per_s']:,} nodes/s")
    proofs = [figures["kalah_6_3"], *figures.get("full", [])]  # type: ignore[misc]
    for p in proofs:
        assert isinstance(p, dict)
        rule = "empty capture" if p["empty_capture"] else "standard capture"
        lines.append(f"  {p['game']} from the start, {rule}: {p['value']:+d} "
                     f"({p['nodes']:,} nodes, {p['probes']} probes, {p['time_s']} s, "
                     f"{p['nodes_per_s']:,} nodes/s)")
    return "\n".join(lines)
