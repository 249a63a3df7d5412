"""Backgammon's figures for ``main.py bench``: move generation, and two searched positions with
the hand-made evaluator and the network."""

from __future__ import annotations

import statistics

from ai.bench import BenchPosition, ParseCase, SpeedBench, Variant
from game.jsontypes import JSONObject
from games.backgammon.ai.bench_rules import bench as movegen_bench
from games.backgammon.game import GAME

#: Expectiminimax depth counts chance layers too (ai/expectiminimax.py): depth 3 = my move, the
#: opponent's rolls, their reply ("one chance layer", 1-ply in backgammon programs); depth 5 adds
#: my next rolls and my reply ("two chance layers").
EXPECTI_DEPTHS = {"1 chance layer": 3, "2 chance layers": 5}


#: The network's searches: Intermediate (d1), Advanced (d3) and Master (d5).
NET_DEPTHS = {"0-ply": 1, **EXPECTI_DEPTHS}


def chance() -> tuple[Variant, ...]:
    """Hand-made evaluator, then the network (Intermediate at depth 1, Advanced at depth 3,
    Master at depth 5)."""
    hand = tuple(
        Variant(f"expectiminimax {label} (d{d})", "expectiminimax", d)
        for label, d in EXPECTI_DEPTHS.items()
    )
    net = tuple(
        Variant(f"expectiminimax net {label} (d{d})", "expectiminimax", d, evaluator="net")
        for label, d in NET_DEPTHS.items()
    )
    return hand + net


def rules(repeat: int) -> JSONObject:
    runs = [movegen_bench() for _ in range(repeat)]
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def _move_of_many_steps(text: str) -> object:
    return GAME.parse_move(GAME.parse_position("4HPwATDgc/ABMA 31"), text)


#: A move of thousands of steps, a long path, and a GNU Backgammon header buried in text.
PARSE_CASES = (
    ParseCase("move: many steps", lambda n: "24/23 " * (n // 6), _move_of_many_steps),
    ParseCase("move: one long path", lambda n: "/".join(["24"] * (n // 3)), _move_of_many_steps),
    ParseCase("position: match id words", lambda n: "match id " * (n // 9) + ":",
              GAME.parse_position),
)

SPEED = SpeedBench(
    ui_play_share=0.5,
    rules=rules,
    positions=(
        BenchPosition("backgammon opening 31", "backgammon", "4HPwATDgc/ABMA 31", (), chance()),
        BenchPosition("backgammon middle", "backgammon", "Zj3BABPg03ADMA 53", (), chance()),
    ),
    parse_cases=PARSE_CASES,
)
