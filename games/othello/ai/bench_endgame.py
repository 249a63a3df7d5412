"""``kibitz bench endgame``: the exact Othello solver on published endgame test positions.

FFO #40 is position 40 of the FFO endgame test suite (Turner vs Monnom, Bruxelles 1997):
20 empty squares, Black to move; its published answer is +38 by a2. Programs report the time
to prove it. Its two successors on the principal variation (after a2 b1, 18 empties, and
after a2 b1 c1 pass b6, 16 empties: values +38 and -38) give quicker figures. Each answer
is checked, so a fast but wrong solver fails here instead of printing a flattering number.

With the compiled kernels on (``ai.native``), FFO #41-#44 (22 and 23 empties; published
answers 0, +6, -12 and -14) follow; in Python they would take hours. The table says which path
ran and how long the kernels took to compile or load before the first solve (``warm_up``), a
cost the solve times leave out.
"""

from __future__ import annotations

import statistics
import time

from ai import native
from game.jsontypes import JSONObject
from games.othello.ai.endgame import KERNELS, solve
from games.othello.game import GAME
from games.othello.rules import OthelloState, parse_square, square_name

#: (label, 64 cells a1..h8 then side to move, moves played from it, margin, best move or None)
POSITIONS: tuple[tuple[str, str, str, int, str | None], ...] = (
    ("ffo40 after a2 b1 c1 pass b6", "", "a2 b1 c1 pass b6", -38, None),
    ("ffo40 after a2 b1", "", "a2 b1", 38, None),
    ("ffo40", "", "", 38, "a2"),
)
FFO40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"
#: FFO #41-#44, solved only by the compiled kernels (label, position, margin).
COMPILED_ONLY: tuple[tuple[str, str, int], ...] = (
    ("ffo41", "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X", 0),
    ("ffo42", "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X", 6),
    ("ffo43", "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O", -12),
    ("ffo44", "--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O", -14),
)


def _position(moves: str, start: str = "") -> OthelloState:
    state = GAME.parse_position(start or FFO40)
    for move in moves.split():
        state = state.apply(parse_square(move))
    return state


def bench(repeat: int = 1, quick: bool = False) -> JSONObject:
    """Per position: empties, margin, move, nodes, wall and CPU seconds (medians); the path
    that ran and the kernels' warm-up seconds.

    ``quick``: only the 16-empties position (about a second), for tests."""

    out: JSONObject = {"path": native.status()}
    if native.enabled():
        out["warm_up_s"] = round(KERNELS.warm_up(), 2)
    positions = POSITIONS[:1] if quick else POSITIONS
    if native.enabled() and not quick:
        positions += tuple((label, start, "", margin, None) for label, start, margin in COMPILED_ONLY)
    for label, start, moves, margin, best in positions:
        state = _position(moves, start)
        walls, cpus = [], []
        result = None
        for _ in range(max(1, repeat)):
            wall, cpu = time.perf_counter(), time.process_time()
            result = solve(state)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
        assert result is not None
        move = square_name(result.move) if result.move is not None else None
        if not result.complete or result.margin != margin or (best and move != best):
            raise ValueError(
                f"{label}: solver gave {result.margin:+d} by {move}, expected {margin:+d}"
                + (f" by {best}" if best else "")
            )
        wall_s = statistics.median(walls)
        out[label] = {
            "empties": state.empties,
            "margin": result.margin,
            "move": move,
            "nodes": result.nodes,
            "wall_s": round(wall_s, 2),
            "cpu_s": round(statistics.median(cpus), 2),
            "nodes_per_s": round(result.nodes / max(wall_s, 1e-9)),
        }
    return out


def format_table(figures: JSONObject) -> str:
    """``bench``'s figures as a table (each position's figures are an object)."""
    lines = [f"othello endgame (exact solver): {figures.get('path')}"]
    if "warm_up_s" in figures:
        lines.append(f"  kernels compiled or loaded in {figures['warm_up_s']} s (not in the times)")
    for label, f in figures.items():
        if not isinstance(f, dict):
            continue
        lines.append(
            f"  {label:<30} {f['empties']:>2} empties  {f['margin']:+3d} by {f['move']}  "
            f"{f['nodes']:>11,} nodes  {f['wall_s']:7.2f} s wall  {f['cpu_s']:7.2f} s CPU"
        )
    return "\n".join(lines)
