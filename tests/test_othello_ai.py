"""Othello evaluation and the exact endgame solver, checked against brute force over the rules."""

from __future__ import annotations

import random
import threading
import time

import pytest

from game.registry import get_kit
from games.othello.ai.endgame import CHECK_EVERY, solve
from games.othello.ai.evaluation import LIMIT, OthelloEvaluator, evaluate_bb, final_margin
from games.othello.game import GAME
from games.othello.rules import PASS, OthelloState, play_transcript
from games.othello.rules import parse_square as name_to_square

ONLY_PASS = "--X-OOO-X-XXXXXXXOOXOXXOXOXOOOXOXOOOOXOOXOOOOOOOOOOOOOOXOOOOOOO- X"

#: (position, exact margin for the mover): 5-8 empties, cross-checked by brute force below.
SMALL_ENDGAMES = [
    ("----OOXOXXXOOOOOXXXXXXO-XXXOXOOO-XXXOOOXXXXOOOOOXOOXOXOOXO-XXXX- X", 14),
    ("-OOOOOOOOOOOXOXXOOOXOXO-OOXXXOOOOOXXOOOOOOXXOOOOOOOXO-O--OXX-OXO X", 20),
    ("OOOOOOOOXOXOOXOOXXOXXOOOXXXOOOOOXXXXOOO-XXXXO--OXXOOOO--XXXXOOO- X", 26),
    ("XXXXXOX--XXXOOOOXOXXOOOOXXOOXXOXXXXOOXX--XOOOXX--OOOXXXXOOOXXX-O O", 20),
    ("-OOOOOOOXXXXOOOOXXOXXOOOXXXOOOOOXXOXOXXOXXXOXX-OOXOXXX-O-X-XXX-- O", 40),
    ("O-OOO-XXO-OOOOOOOXOXOOOOOXXXOXOOOXXXOOO-OXXXOOOOOXX-OOOXXXXXX-OX X", 24),
]
#: 14 empties; margins confirmed by an independent plain alpha-beta over the rules module.
DEEP_ENDGAMES = [
    ("----OOOOX-XOOX--XXXXXX--XOXXOXXOXXOXOXOOXXOOXOOO--OOOOOO--XXXX-O X", -22),
    ("X--OX---X-OOXX-XXOOOOXX-XXOOOO-O-XOOOOOO-XXOOOOO--OXXXOO-OOOOOOO X", -18),
]
#: 24 empties: far too big to finish within a test, so only stopping can end it.
MIDGAME = GAME.parse_position("O---XXXXOOOOOO--XOXOOXX---OOX-O---OOOO--XXOOOXX-OO-OOXX----O---- X")


def brute_force(s: OthelloState) -> int:
    """Plain negamax over State objects: the slow, obviously correct reference."""
    if s.is_over():
        return final_margin(s, s.to_move)
    return max(-brute_force(s.apply(m)) for m in s.legal_moves())


def random_position(rng: random.Random, empties: int) -> OthelloState:
    s = GAME.initial_state()
    while not s.is_over() and s.empties > empties:
        s = s.apply(rng.choice(s.legal_moves()))
    return s


def _transform(s: OthelloState, f) -> OthelloState:  # type: ignore[no-untyped-def]
    def move(bits: int) -> int:
        return sum(1 << f(divmod(sq, 8)) for sq in range(64) if bits >> sq & 1)

    return OthelloState(move(s.me), move(s.opp), s.to_move)


SYMMETRIES = [
    lambda rc: rc[0] * 8 + 7 - rc[1],  # mirror left-right
    lambda rc: (7 - rc[0]) * 8 + rc[1],  # mirror top-bottom
    lambda rc: rc[1] * 8 + rc[0],  # transpose
    lambda rc: (7 - rc[1]) * 8 + 7 - rc[0],  # anti-transpose
]


# -- evaluator ----------------------------------------------------------------------------


def test_evaluator_zero_sum_bounded_and_symmetric() -> None:
    ev = OthelloEvaluator()
    assert ev.evaluate(GAME.initial_state(), 0) == 0.0
    rng = random.Random(7)
    seen = 0
    for _ in range(12):
        s = GAME.initial_state()
        while not s.is_over():
            v = ev.evaluate(s, 0)
            assert v == -ev.evaluate(s, 1)
            assert -LIMIT <= v <= LIMIT
            if not s.empties % 9:
                for f in SYMMETRIES:
                    assert ev.evaluate(_transform(s, f), 0) == pytest.approx(v)
            s = s.apply(rng.choice(s.legal_moves()))
            seen += 1
        assert ev.evaluate(s, 0) == final_margin(s, 0) == -final_margin(s, 1)
    assert seen > 500


def test_evaluator_knowledge() -> None:
    # Same discs, except the mover's a1 corner versus an X square next to an empty corner.
    base = GAME.parse_position(
        """
        --------
        --------
        --XXO---
        ---XO---
        ---XO---
        --------
        --------
        --------
        X
        """
    )
    with_corner = OthelloState(base.me | 1, base.opp, 0)
    with_x_square = OthelloState(base.me | 1 << 9, base.opp, 0)
    assert evaluate_bb(with_corner.me, with_corner.opp) > evaluate_bb(
        with_x_square.me, with_x_square.opp
    )
    # A whole stable edge is worth a lot more than an unanchored one.
    edge = GAME.parse_position(
        """
        XXXXXXXX
        --------
        --XXO---
        ---XO---
        ---OO---
        --------
        --------
        --------
        X
        """
    )
    loose = GAME.parse_position(
        """
        -XXXXXX-
        --------
        --XXO---
        ---XO---
        ---OO---
        --------
        --------
        --------
        X
        """
    )
    assert evaluate_bb(edge.me, edge.opp) > evaluate_bb(loose.me, loose.opp) + 10


# -- endgame solver -----------------------------------------------------------------------


@pytest.mark.parametrize(("text", "margin"), SMALL_ENDGAMES)
def test_small_endgames_exact(text: str, margin: int) -> None:
    s = GAME.parse_position(text)
    assert brute_force(s) == margin
    r = solve(s)
    assert r.complete and r.margin == margin
    assert -brute_force(s.apply(r.move)) == margin
    values = dict(r.root_values)
    assert values[r.move] == margin
    assert all(v <= margin for v in values.values())
    wld = solve(s, want_margin=False)
    assert wld.complete and wld.margin == 2 * (margin > 0) - 2 * (margin < 0)
    assert wld.nodes <= r.nodes


def test_random_endgames_match_brute_force() -> None:
    rng = random.Random(99)
    for i in range(40):
        s = random_position(rng, 1 + i % 7)
        r = solve(s)
        expected = brute_force(s)
        assert r.complete and r.margin == expected
        if s.is_over():
            assert r.move is None
        else:
            assert r.move in s.legal_moves()
            assert -brute_force(s.apply(r.move)) == expected


def test_forced_pass_and_finished_game_at_the_root() -> None:
    s = GAME.parse_position(ONLY_PASS)
    r = solve(s)
    assert r.complete and r.move == PASS
    assert r.margin == brute_force(s)
    assert r.root_values == ((PASS, r.margin),)
    over = play_transcript("d3c3b3d2e1d6d7e3f4")
    assert solve(over) == (None, -64, 0, True, ())  # White to move, wiped out


@pytest.mark.parametrize(("text", "margin"), DEEP_ENDGAMES)
def test_fourteen_empties(text: str, margin: int) -> None:
    s = GAME.parse_position(text)
    assert s.empties == 14
    r = solve(s)
    assert r.complete and r.margin == margin
    # The chosen move keeps the margin: the opponent's exact value after it is -margin.
    assert solve(s.apply(r.move)).margin == -margin


def test_cancel_and_deadline_stop_the_solver() -> None:
    assert MIDGAME.empties == 24
    cancel = threading.Event()
    cancel.set()
    r = solve(MIDGAME, cancel=cancel)
    assert not r.complete and r.nodes <= CHECK_EVERY + 64
    r = solve(MIDGAME, deadline=time.monotonic())
    assert not r.complete and r.nodes <= CHECK_EVERY + 64

    # Set from another thread mid-search: the solve returns instead of running for hours.
    cancel = threading.Event()
    timer = threading.Timer(0.2, cancel.set)
    timer.start()
    try:
        r = solve(MIDGAME, cancel=cancel)
    finally:
        timer.cancel()
    # It stops at a check: the first comes after CHECK_EVERY nodes (a loaded machine may
    # reach no further in 0.2 s).
    assert cancel.is_set() and not r.complete and r.nodes >= CHECK_EVERY


def test_engine_values_every_root_move_exactly_when_asked() -> None:
    """The "Values" display and noisy levels need each move's exact margin, not the solver's
    bounds: every root value must equal a brute-force search of that move."""
    from ai.api import Limits, SearchConfig
    from ai.engine import run_search

    rng = random.Random(11)
    checked = 0
    for _ in range(6):
        s = random_position(rng, 8)
        if s.current_player() < 0 or len(s.legal_moves()) < 2:
            continue
        config = SearchConfig(
            "othello", limits=Limits(time_s=5.0), exact_root_values=True, exact=True
        )
        result = run_search(s, config)
        assert result.root_values_exact
        for move, value in result.root_values:
            child = s.apply(move)
            sign = 1 if child.current_player() == s.current_player() else -1
            expected = final_margin(child, s.to_move) if child.current_player() < 0 else (
                sign * brute_force(child)
            )
            assert value == expected, (GAME.format_position(s), move)
        checked += 1
    assert checked >= 3


def test_solver_margins_follow_the_world_championship_rule() -> None:
    """Black wipes White out with 59 squares still empty: 5-0 on the board, 64-0 scored."""
    cells = ["-"] * 64
    for name, mark in (("d4", "X"), ("e4", "X"), ("d5", "X"), ("e5", "O")):
        cells[name_to_square(name)] = mark
    state = GAME.parse_position("".join(cells) + " X")
    result = solve(state)
    assert result.complete and result.margin == 64
    assert sorted(v for _, v in result.root_values) == [64, 64, 64]
    end = state.apply(result.move)
    assert end.is_over() and GAME.describe_result(end) == (
        "Black wins 64-0 (5-0 on the board; the 59 empty squares go to the winner)"
    )


def test_endgame_bench_checks_the_published_answer() -> None:
    from games.othello.ai.bench_endgame import FFO40, bench, format_table

    assert GAME.parse_position(FFO40).empties == 20
    from ai import native

    figures = bench(quick=True)
    (label, row), = ((k, v) for k, v in figures.items() if isinstance(v, dict))
    assert row["empties"] == 16 and row["margin"] == -38 and row["nodes"] > 0
    assert label in format_table(figures)
    assert figures["path"] == native.status() and native.status() in format_table(figures)


def _ever_flipped(me: int, opp: int) -> int:
    """Every disc that changes colour in some continuation (brute force)."""
    from games.othello.rules import flip_mask, generate_moves

    moves = generate_moves(me, opp)
    if not moves:
        return _ever_flipped(opp, me) if generate_moves(opp, me) else 0
    out = 0
    while moves:
        bit = moves & -moves
        moves ^= bit
        f = flip_mask(me, opp, bit.bit_length() - 1)
        out |= f | _ever_flipped(opp ^ f, me | f | bit)
    return out


def test_stable_discs_never_flip() -> None:
    """The stability cutoff's discs are truly unflippable: checked against every continuation."""
    from games.othello.ai.endgame import stable_discs

    rng = random.Random(5)
    found = 0
    for _ in range(30):
        s = GAME.initial_state()
        while not s.is_over() and s.empties > 8:
            s = s.apply(rng.choice(s.legal_moves()))
        stable = stable_discs(s.me, s.opp) | stable_discs(s.opp, s.me)
        assert not stable & _ever_flipped(s.me, s.opp), GAME.format_position(s)
        found += stable.bit_count()
    assert found > 100  # the check is not vacuous
    full_edge = GAME.parse_position("XXXXXXXO" + "-" * 19 + "XO------OX" + "-" * 27 + " X")
    assert stable_discs(full_edge.me, full_edge.opp) & 0xFF == 0x7F


def test_hand_made_evaluator_speaks_in_discs() -> None:
    from games.othello.ai.evaluation import DISC_SCALE, disc_value

    ev = OthelloEvaluator()
    rng = random.Random(12)
    for _ in range(20):
        s = random_position(rng, rng.randint(10, 50))
        if s.is_over():
            continue
        raw = evaluate_bb(s.me, s.opp)
        stage = (64 - s.empties - 4) // 4
        expected = max(-64.0, min(64.0, raw * DISC_SCALE[stage]))
        assert disc_value(s.me, s.opp) == pytest.approx(expected)
        assert ev.evaluate(s, s.to_move) == pytest.approx(expected)
        assert -64 <= ev.evaluate(s, 0) <= 64


def test_top_levels_use_the_learned_tables_and_keep_baselines() -> None:
    from ai.kit import game_ai, get_level
    from cli.common import level_config

    assert get_level(get_kit("othello"), "Advanced").evaluator == "patterns"
    assert get_level(get_kit("othello"), "Master").evaluator == "patterns"
    baseline = level_config(get_kit("othello"), "master-hand")
    assert baseline.evaluator is None and baseline.limits.time_s == 2.0
    assert [lv.name for lv in game_ai(get_kit("othello")).benchmarks] == [
        "Advanced-hand", "Master-hand", "Advanced-nobook", "Master-book"]
