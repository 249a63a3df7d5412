"""Othello speed figures for ``main.py bench rules``: perft from the start and an endgame solve.

Perft counts are checked against the published values, so a fast but wrong move generator
fails loudly here instead of printing a flattering number.
"""

from __future__ import annotations

from functools import partial

from ai.bench import median_time
from games.othello.ai.endgame import solve
from games.othello.game import GAME
from games.othello.rules import perft

#: Published Othello perft counts from the start (a pass is a move, a finished game a leaf).
PERFT_COUNTS = {
    1: 4,
    2: 12,
    3: 56,
    4: 244,
    5: 1396,
    6: 8200,
    7: 55092,
    8: 390216,
    9: 3005288,
}
#: A fixed 14-empties position (Black to move, exact margin -22 for Black).
ENDGAME_14 = "----OOOOX-XOOX--XXXXXX--XOXXOXXOXXOXOXOOXXOOXOOO--OOOOOO--XXXX-O X"
ENDGAME_14_MARGIN = -22


def bench(full: bool = False, repeat: int = 1) -> dict[str, float]:
    """Perft 1..8 (1..9 with ``full``) counts and seconds, leaves/s, and the 14-empties solve."""
    start = GAME.initial_state()
    out: dict[str, float] = {}
    for depth in range(1, 10 if full else 9):
        t, leaves = median_time(partial(perft, start, depth), repeat)
        if leaves != PERFT_COUNTS[depth]:
            raise ValueError(f"Othello perft({depth}) = {leaves}, expected {PERFT_COUNTS[depth]}")
        out[f"perft_{depth}"] = leaves
        out[f"perft_{depth}_s"] = round(t, 4)
    out["perft_8_leaves_per_s"] = round(PERFT_COUNTS[8] / max(out["perft_8_s"], 1e-9))
    if full:
        out["perft_9_leaves_per_s"] = round(PERFT_COUNTS[9] / max(out["perft_9_s"], 1e-9))

    position = GAME.parse_position(ENDGAME_14)
    t, result = median_time(lambda: solve(position), repeat)
    if not result.complete or result.margin != ENDGAME_14_MARGIN:
        raise ValueError(
            f"Othello endgame solve gave {result.margin}, expected {ENDGAME_14_MARGIN}"
        )
    out["endgame_14_s"] = round(t, 4)
    out["endgame_14_nodes"] = result.nodes
    out["endgame_14_nodes_per_s"] = round(result.nodes / max(t, 1e-9))
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(bench(), indent=2))
