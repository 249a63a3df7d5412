"""Othello's figures for ``main.py bench``: perft and an endgame solve, five searched positions
(the middle games come from seeded random play, 44, 34 and 24 empties; the 14-empty endgame
compares a heuristic search with the exact solver), and the FFO endgame proofs."""

from __future__ import annotations

from ai.bench import BenchPosition, SpeedBench, Variant, deterministic
from games.othello.ai import bench_endgame
from games.othello.ai.bench_rules import bench as rules_bench

MIDDLE_GAMES = (
    ("othello mid 44 empty", "-O--------OO-------OO-----XOO----XXOO----XOX----OX-XXX---------- X"),
    ("othello mid 34 empty", "-------X------X--XXXXX--X-XXXX--OXXXXO---OXOOX---XXXO---X--X-O-- X"),
    ("othello mid 24 empty", "-XXXXX----XOOX--XXOOOOOO-OOOOOO-OOOXOO--XOX-OX-----XXOX-------OX X"),
)
ENDGAME_14 = "-XXX----XXXXXXXX--OXXOXXOOOXXXOXOOOXXOOOOOOOOOO--OOOOOO---O-X-XO X"

SPEED = SpeedBench(
    ui_play_share=1.0,
    ui_lab_subject=True,
    rules=lambda repeat: rules_bench(full=True, repeat=repeat),  # perft 1..9
    positions=(
        BenchPosition("othello start", "othello", None, (), deterministic(8, 6)),
        *(BenchPosition(name, "othello", text, (), deterministic(7, 5))
          for name, text in MIDDLE_GAMES),
        BenchPosition("othello endgame 14 empty", "othello", ENDGAME_14, (), (
            Variant("alphabeta d8", "alphabeta", 8),
            Variant("exact endgame solver", "alphabeta", 20, exact=True, time_s=10.0),
        )),
    ),
    endgame=bench_endgame.bench,
    endgame_table=bench_endgame.format_table,
)
