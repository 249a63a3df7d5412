"""Rollouts: they agree with the exact bear-off values within their standard errors (each
move's equity and, from the paired trials, the difference between moves), a one-ply truncated
rollout over the 36 rotated rolls is the 1-ply search's value, the same seed gives the same
figures, and a cancelled rollout keeps the trials it played."""

from __future__ import annotations

import json
import threading
from dataclasses import replace

import pytest

from ai.engine import run_search
from ai.kit import get_level
from game.registry import get_kit
from games.backgammon.ai.net import NetEvaluator, equity
from games.backgammon.ai.rollout import rollout
from games.backgammon.rules import BackgammonState

#: White (on roll with 4-2) has four checkers left on his 1, 1, 3 and 5 points, Red three on
#: his 2, 4 and 6: both bearing off, so the bear-off database knows every value exactly.
BEAR_OFF = BackgammonState(
    (2, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, -1, 0, -1, 0),
    (0, 0), (11, 12), 0, (4, 2), False)
SIX_FIVE = BackgammonState(to_move=0, dice=(6, 5))


def _exact(state: BackgammonState, move: object) -> float:
    """The database's equity of the position after ``move`` for the mover."""
    after = state.apply(move)
    return float(equity(NetEvaluator().probabilities(after, state.to_move)[None])[0])


def test_a_bear_off_rollout_agrees_with_the_database() -> None:
    moves = list(BEAR_OFF.legal_moves())
    assert len(moves) == 2
    result = rollout(BEAR_OFF, moves, 360, seed=5)
    best = result.lines[0]
    for line in result.lines:
        exact = _exact(BEAR_OFF, line.move)
        assert abs(line.equity - exact) < 3 * line.se + 0.01, (line, exact)
    # The paired trials measure the difference far more precisely; it agrees too (a biased
    # rotation of the second roll once put it four of its errors away).
    worse = result.lines[1]
    exact_diff = _exact(BEAR_OFF, worse.move) - _exact(BEAR_OFF, best.move)
    assert worse.diff_se < worse.se / 2
    assert abs(worse.diff - exact_diff) < 3 * worse.diff_se + 0.005


def test_a_one_ply_truncated_rollout_is_the_one_ply_search() -> None:
    """36 trials cut after the opponent's reply see each of his rolls once (the rotation), as
    the 1-ply search averages them: the same value, to rounding."""
    config = get_level(get_kit("backgammon"), "Advanced").config(get_kit("backgammon"))
    moves = list(SIX_FIVE.legal_moves())[:3]
    searched = dict(run_search(SIX_FIVE, replace(config, keep_root_moves=tuple(moves)))
                    .root_values)
    result = rollout(SIX_FIVE, moves, 36, seed=1, truncate=1)
    for line in result.lines:
        assert line.equity == pytest.approx(searched[line.move], abs=1e-9)


def test_the_same_seed_gives_the_same_figures() -> None:
    moves = list(SIX_FIVE.legal_moves())[:2]
    first = rollout(SIX_FIVE, moves, 8, seed=3, truncate=6)
    again = rollout(SIX_FIVE, moves, 8, seed=3, truncate=6)
    other = rollout(SIX_FIVE, moves, 8, seed=4, truncate=6)
    assert first.lines == again.lines
    assert first.lines != other.lines


def test_a_cancelled_rollout_keeps_its_trials() -> None:
    cancel = threading.Event()
    seen: list[int] = []

    def progress(table: object) -> None:
        seen.append(table.trials)  # type: ignore[attr-defined]
        cancel.set()

    moves = list(BEAR_OFF.legal_moves())
    result = rollout(BEAR_OFF, moves, 100_000, seed=1, cancel=cancel, progress=progress)
    assert not result.complete and 0 < result.trials < 100_000
    assert all(line.trials == result.trials for line in result.lines)


def test_bad_requests_are_refused() -> None:
    with pytest.raises(ValueError, match="legal"):
        rollout(BEAR_OFF, [((24, 18),)], 10)
    with pytest.raises(ValueError, match="dice rolled"):
        rollout(BackgammonState(to_move=0), [], 10)


def test_analyze_rolls_out_the_best_candidates(capsys: pytest.CaptureFixture[str]) -> None:
    from main import main

    assert main(["analyze", "--game", "backgammon", "--position", "kgAAMAkAAAAAAA 42",
                 "--level", "Master", "--rollout", "72", "--seed", "2"]) == 0
    answer = json.loads(capsys.readouterr().out)
    lines = answer["rollout"]["moves"]
    assert {m["move"] for m in lines} == {"5/1 3/1", "5/off"}
    assert all(m["trials"] == 72 and m["se"] > 0 for m in lines)
    assert main(["analyze", "--game", "tictactoe", "--rollout", "10"]) == 2
    assert "games of dice" in capsys.readouterr().err
