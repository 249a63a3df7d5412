"""Nim's figures for ``main.py bench``: exact solves by the rules alone, and a searched position."""

from __future__ import annotations

from collections.abc import Hashable

from ai.bench import BenchPosition, ParseCase, SpeedBench, deterministic, median_time, solve
from game.core import State
from game.jsontypes import JSONObject
from games.nim.rules import GAME

#: Positions solved exactly by the rules-only solver: (label, options).
SOLVES: tuple[tuple[str, dict[str, object]], ...] = (
    ("nim 1,3,5,7,9", {"heaps": (1, 3, 5, 7, 9), "max_take": None}),
    ("nim 3,5,7,9 misere", {"heaps": (3, 5, 7, 9), "max_take": None, "misere": True}),
    ("nim 5,8,13 take 1-3", {"heaps": (5, 8, 13), "max_take": 3}),
    ("grundy 18", {"heaps": (18,), "variant": "grundy", "max_take": None}),
)


def rules(repeat: int) -> JSONObject:
    solves: JSONObject = {}
    for label, options in SOLVES:
        state = GAME.initial_state(**options)
        memo: dict[Hashable, tuple[float, float]] = {}

        def solved(start: State = state, memo: dict[Hashable, tuple[float, float]] = memo
                   ) -> tuple[float, float]:
            memo.clear()
            return solve(start, memo)

        t, value = median_time(solved, repeat)
        solves[label] = {
            "positions": len(memo),
            "solve_s": round(t, 4),
            "first_player_wins": value[0] > value[1],
        }
    return solves


SPEED = SpeedBench(
    ui_options={"heaps": (3, 4, 5), "max_take": None},
    rules=rules,
    positions=(BenchPosition("nim 2,3,4", "nim", "2,3,4 1", (("max_take", None),),
                             deterministic(9)),),
    parse_cases=(ParseCase("position: many heaps", lambda n: "1," * (n // 2) + "1 1",
                           GAME.parse_position),),
)
