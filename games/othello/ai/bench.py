"""Othello's figures for ``main.py bench``: perft and an endgame solve, five searched positions
(the middle games come from seeded random play, 44, 34 and 24 empties; the 14-empty endgame
compares a heuristic search with the exact solver), the FFO endgame proofs, and how far
Master's solves reach in its move (``bench solve``)."""

from __future__ import annotations

from ai import native
from ai.bench import BenchPosition, ParseCase, SpeedBench, Variant, deterministic
from games.othello.ai import bench_endgame, bench_reach
from games.othello.ai.bench_rules import bench as rules_bench
from games.othello.ggf import parse_ggf, read_othello

MIDDLE_GAMES = (
    ("othello mid 44 empty", "-O--------OO-------OO-----XOO----XXOO----XOX----OX-XXX---------- X"),
    ("othello mid 34 empty", "-------X------X--XXXXX--X-XXXX--OXXXXO---OXOOX---XXXO---X--X-O-- X"),
    ("othello mid 24 empty", "-XXXXX----XOOX--XXOOOOOO-OOOOOO-OOOXOO--XOX-OX-----XXOX-------OX X"),
)
ENDGAME_14 = "-XXX----XXXXXXXX--OXXOXXOOOXXXOXOOOXXOOOOOOOOOO--OOOOOO---O-X-XO X"


def _read_record(text: str) -> object:
    from games.othello import KIT  # the kit's own check of a file that may be a transcript

    return KIT.read_record(text)


#: The texts that once made Othello's readers crawl: a GGF value full of the game's end
#: (each was a fresh scan from the game's start), a near transcript (the check backtracked
#: through every split of the spaces), and many games in one file.
PARSE_CASES = (
    ParseCase("GGF: a value full of ;)",
              lambda n: "(;GM[Othello]PC[" + ";)" * (n // 2) + "]B[f5];)", parse_ggf),
    ParseCase("GGF: many games", lambda n: "(;GM[Othello]C[;)]B[f5];)\n" * (n // 25), parse_ggf),
    ParseCase("record: almost a transcript", lambda n: "a1  " * (n // 4) + "x", _read_record),
    ParseCase("position: a long transcript", lambda n: "f5d6c3d3c4" * (n // 10), read_othello),
)

def _warm_search() -> None:
    from games.othello.ai import midgame  # its kernels, numba with them: only when benched

    if native.available():
        midgame.warm_up()


SPEED = SpeedBench(
    ui_play_share=1.0,
    ui_lab_subject=True,
    rules=lambda repeat: {**rules_bench(full=True, repeat=repeat)},  # perft 1..9
    positions=(
        BenchPosition("othello start", "othello", None, (), deterministic(8, 6)),
        *(BenchPosition(name, "othello", text, (), deterministic(7, 5))
          for name, text in MIDDLE_GAMES),
        BenchPosition("othello endgame 14 empty", "othello", ENDGAME_14, (), (
            Variant("alphabeta d8", "alphabeta", 8),
            Variant("exact endgame solver", "alphabeta", 20, exact=True, time_s=10.0),
        )),
    ),
    warm_search=_warm_search,
    endgame=bench_endgame.bench,
    endgame_table=bench_endgame.format_table,
    solve=bench_reach.bench,
    solve_table=bench_reach.table,
    parse_cases=PARSE_CASES,
)
