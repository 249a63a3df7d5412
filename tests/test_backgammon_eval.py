"""Backgammon evaluator: ordering of obvious positions, symmetry, range, pluggable weights."""

from __future__ import annotations

import pytest

from game.playouts import random_positions
from games.backgammon.ai.evaluation import (
    DEFAULT_WEIGHTS,
    FEATURE_NAMES,
    BackgammonEvaluator,
    evaluate_with,
    features,
    is_race,
)
from games.backgammon.game import GAME
from games.backgammon.rules import BackgammonState, from_board, mirror

EV = BackgammonEvaluator()


def board(white: dict[int, int], red: dict[int, int]) -> list[int]:
    """24 points from White's side; ``red`` in Red's own numbering."""
    pts = [0] * 24
    for p, n in white.items():
        pts[p - 1] += n
    for p, n in red.items():
        pts[24 - p] -= n
    return pts


def sample(seed: int, n: int) -> list[BackgammonState]:
    return random_positions(GAME, n, seed)  # type: ignore[return-value]


def test_feature_vector_shape_and_weights() -> None:
    s = BackgammonState()
    f = features(s, 0)
    assert len(f) == len(FEATURE_NAMES) == len(DEFAULT_WEIGHTS)
    assert f[FEATURE_NAMES.index("on_roll")] == 1.0 and f[FEATURE_NAMES.index("pip_lead")] == 0.0
    # With all-zero weights a contact position is a coin flip and (no gammon edge here) worth 0.
    assert evaluate_with([0.0] * len(f), s, 0) == pytest.approx(0.0, abs=1e-12)
    assert BackgammonEvaluator([0.0] * len(f)).evaluate(s, 0) == pytest.approx(0.0, abs=1e-12)
    with pytest.raises(ValueError):
        BackgammonEvaluator([1.0, 2.0])


def test_start_position_is_close_to_even() -> None:
    v = EV.evaluate(BackgammonState(), 0)
    assert 0.0 < v < 0.3  # being on roll is a small edge
    assert EV.evaluate(BackgammonState(), 1) == pytest.approx(-v)


def test_way_ahead_in_the_race() -> None:
    ahead = from_board(board({1: 5, 2: 5, 3: 5}, {6: 5, 5: 5, 4: 5, 12: 0}), to_move=1)
    assert is_race(ahead)  # both sides home: no contact
    far = from_board(board({1: 5, 2: 5, 3: 5}, {10: 5, 11: 5, 8: 5}), to_move=1)
    assert is_race(far)
    v_close, v_far = EV.evaluate(ahead, 0), EV.evaluate(far, 0)
    assert v_far > v_close > 0.5  # 30 pips vs 75 and vs 145 pips, Red on roll
    assert v_far > 1.0  # Red has not borne off and is far from home: gammon chances count
    even = from_board(board({1: 5, 2: 5, 3: 5}, {1: 5, 2: 5, 3: 5}), to_move=0)
    assert 0.0 < EV.evaluate(even, 0) < 0.9  # the side on roll is favoured, not certain


def test_closed_out_opponent_is_better_than_not() -> None:
    closed = from_board(
        board({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 13: 2}, {6: 5, 8: 4, 13: 5}),
        bar=(0, 1),
        to_move=1,
    )
    open_board = from_board(
        board({6: 7, 8: 4, 13: 4}, {6: 5, 8: 4, 13: 5}),
        bar=(0, 1),
        to_move=1,
    )
    assert features(closed, 0)[FEATURE_NAMES.index("closed_out")] == 1.0
    assert EV.evaluate(closed, 0) > EV.evaluate(open_board, 0) + 0.2
    assert EV.evaluate(closed, 0) > 0.4


def test_exposed_blot_is_worse() -> None:
    # White left a blot on his 7 within direct reach of Red's back checkers, or made the point.
    red = {6: 5, 8: 3, 13: 5, 24: 2}
    safe = from_board(board({6: 4, 7: 2, 8: 2, 13: 5, 24: 2}, red), to_move=1)
    blot = from_board(board({6: 5, 7: 1, 8: 2, 13: 5, 24: 2}, red), to_move=1)
    assert features(blot, 0)[FEATURE_NAMES.index("shots")] < 0.0
    assert features(safe, 0)[FEATURE_NAMES.index("shots")] == 0.0
    assert EV.evaluate(safe, 0) > EV.evaluate(blot, 0)


def test_symmetry_range_and_dice_ignored() -> None:
    for s in sample(seed=11, n=150):
        for p in (0, 1):
            v = EV.evaluate(s, p)
            assert -3.0 <= v <= 3.0
            assert EV.evaluate(s, 1 - p) == pytest.approx(-v, abs=1e-9)
            assert EV.evaluate(mirror(s), 1 - p) == pytest.approx(v, abs=1e-9)
            assert features(mirror(s), 1 - p) == pytest.approx(features(s, p))
        chance = BackgammonState(s.points, s.bar, s.off, s.to_move, None)
        assert EV.evaluate(chance, 0) == pytest.approx(EV.evaluate(s, 0))


def test_terminal_states_score_exactly() -> None:
    gammon = from_board(board({}, {1: 10, 7: 5}), to_move=1)
    assert EV.evaluate(gammon, 0) == 2.0 and EV.evaluate(gammon, 1) == -2.0


def test_balanced_positions_stay_within_one() -> None:
    # Every position after White's opening 3-1 or 6-5 (Red to roll): balanced, |equity| < 0.5.
    for dice in ((3, 1), (6, 5)):
        s = BackgammonState(dice=dice)
        for m in s.legal_moves():
            v = EV.evaluate(s.apply(m), 0)
            assert -0.5 < v < 0.5, GAME.format_move(s, m)


def test_one_ply_choice_matches_the_book_openings() -> None:
    # Picking the move with the best evaluation finds the standard opening plays.
    for dice, book in (((3, 1), "8/5 6/5"), ((6, 5), "24/13"), ((4, 2), "8/4 6/4")):
        s = BackgammonState(dice=dice)
        best = max(s.legal_moves(), key=lambda m, s=s: EV.evaluate(s.apply(m), 0))
        assert GAME.format_move(s, best) == book
