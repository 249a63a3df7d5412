"""Backgammon's part of a game review: the move played is searched even where the root filter
would drop it, checker plays weighed in points with GNU Backgammon's marks, and the cube
decisions weighed by cubeful equity."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from typing import Any

import pytest

from ai.api import Limits, SearchConfig
from ai.engine import run_search
from ai.review.analysis import ReviewSettings, review_session
from game.core import CHANCE
from game.registry import get_kit
from game.review import NO_ERROR, VERY_BAD
from game.savefile import load_review, save_text
from game.session import Session
from games.backgammon.ai.cube import advise, probabilities
from games.backgammon.ai.cube_review import review_cube
from games.backgammon.ai.net import NetEvaluator, equity
from games.backgammon.ai.review import REVIEW, chances_after
from games.backgammon.cube import Cube, CubeAction
from games.backgammon.game import GAME
from games.backgammon.rules import ROLLS, BackgammonState, from_board

GAME_ID = "backgammon"
#: The opening 6-5 for White: Advanced's root filter (within 0.3 points of the 0-ply best) keeps
#: only some of its seven moves.
SIX_FIVE = BackgammonState(to_move=0, dice=(6, 5))


def review_config() -> SearchConfig:
    """The search a review runs by default (Advanced's recipe at the review's depth)."""
    return ReviewSettings().resolved(REVIEW).config(get_kit(GAME_ID))


def dropped_move(state: BackgammonState, config: SearchConfig) -> Any:
    """A legal move the root filter leaves out of ``config``'s search (the worst, by 0-ply)."""
    searched = dict(run_search(state, config).root_values)
    dropped = [m for m in state.legal_moves() if m not in searched]
    assert dropped, "the filter kept every move: the test position no longer tests it"
    return dropped[-1]


def board(white: dict[int, int], red: dict[int, int]) -> list[int]:
    """A board from each side's checkers by its own point numbers (1 = its ace point)."""
    points = [0] * 24
    for point, n in white.items():
        points[point - 1] += n
    for point, n in red.items():
        points[24 - point] -= n
    return points


#: A race, no gammons possible, White on roll (before the roll) about 87% to win: a clear
#: double, and a clear pass for Red.
WHITE_AHEAD = from_board(board({6: 2, 5: 2, 4: 1}, {6: 3, 5: 3}), to_move=0)
#: The same kind of race with White far behind: doubling hands Red a cash.
WHITE_BEHIND = from_board(board({6: 3, 5: 2}, {1: 2, 2: 2, 3: 1}), to_move=0)


# ---------------------------------------------------------------- keeping the move played


def one_ply_value(state: BackgammonState, move: Any) -> float:
    """The mover's 1-ply equity of ``move`` worked out by hand: the opponent's 21 rolls, his
    best reply to each by the network, averaged (what Advanced's depth 3 computes per move)."""
    evaluator = NetEvaluator()
    after = state.apply(move)
    total = 0.0
    for roll, prob in ROLLS:
        _, probs = evaluator.move_probabilities(after.apply(roll))
        total += prob * float(equity(probs).max())
    return -total


def test_the_batched_searcher_values_a_kept_move_its_filter_drops() -> None:
    config = review_config()
    assert config.limits.depth == 3 and config.evaluator == "net"
    plain = run_search(SIX_FIVE, config)
    move = dropped_move(SIX_FIVE, config)
    kept = run_search(SIX_FIVE, replace(config, keep_root_moves=(move,)))
    values = dict(kept.root_values)
    assert values[move] == pytest.approx(one_ply_value(SIX_FIVE, move), abs=1e-9)
    # Every move the filter kept is valued as before, and the best is unchanged.
    for m, v in plain.root_values:
        assert values[m] == pytest.approx(v, abs=1e-12)
    assert (kept.move, kept.score) == (plain.move, pytest.approx(plain.score, abs=1e-12))
    assert values[move] < kept.score


@dataclass(frozen=True)
class OnlyMove(BackgammonState):
    """A position with a single legal move, ``only``: what a search of that move alone values
    it at (the searcher keys every node with the root class's ``key``, so this is a
    BackgammonState, whose moves lead to plain ones)."""

    only: Any = None

    def legal_moves(self) -> tuple[Any, ...]:
        return (self.only,)


def only_move(state: BackgammonState, move: Any) -> OnlyMove:
    return OnlyMove(state.points, state.bar, state.off, state.to_move, state.dice, only=move)


def test_expectiminimax_values_a_kept_move_its_root_filter_drops() -> None:
    # The hand-made evaluator's expectiminimax: at depth 3 only the root filter (the profile's
    # 3 best moves by static value) is active.
    config = SearchConfig(GAME_ID, "expectiminimax", Limits(depth=3), exact_root_values=True)
    plain = run_search(SIX_FIVE, config)
    assert len(plain.root_values) == 3
    move = dropped_move(SIX_FIVE, config)
    kept = run_search(SIX_FIVE, replace(config, keep_root_moves=(move,)))
    values = dict(kept.root_values)
    alone = run_search(only_move(SIX_FIVE, move), config)
    assert values[move] == pytest.approx(alone.score, abs=1e-9)
    assert (kept.move, kept.score) == (plain.move, pytest.approx(plain.score, abs=1e-9))
    assert len(kept.root_values) == 4


# ---------------------------------------------------------------- checker plays


def test_a_checker_play_the_filter_drops_gets_the_searched_value() -> None:
    config = review_config()
    move = dropped_move(SIX_FIVE, config)
    session = Session(get_kit(GAME_ID), start_state=SIX_FIVE)
    session.play(move)
    review = review_session(session)
    (row,) = review.rows
    result = run_search(SIX_FIVE, replace(config, keep_root_moves=(move,)))
    assert row.kind == "move" and row.move == GAME.format_move(SIX_FIVE, move)
    assert row.value_after == pytest.approx(dict(result.root_values)[move], abs=1e-9)
    assert row.value_before == pytest.approx(result.score, abs=1e-9)
    assert row.best_move == GAME.format_move(SIX_FIVE, result.move)
    assert row.loss == pytest.approx(result.score - row.value_after, abs=1e-9) and row.loss > 0
    assert (row.mark, row.severity) == REVIEW.mark(row.value_before, row.value_after, row.loss)
    # The note says what the network gives the mover after each move.
    assert "was best" in row.note
    found = re.search(r": after it (\d+)% wins.*; after .* (\d+)% wins", row.note)
    assert found is not None, row.note
    # ... averaged over the next roll as the search averages it: they add up to its values
    # (backgammons aside), so the chances never tell a different story from the loss.
    mover = SIX_FIVE.current_player()
    for played, value in ((move, row.value_after), (result.move, row.value_before)):
        win, won, lost = chances_after(SIX_FIVE.apply(played), mover)
        assert 2 * win - 1 + won - lost == pytest.approx(value, abs=0.02)
    assert row.win_chance is not None and 0.0 < row.win_chance < 1.0


def test_the_scale_is_gnu_backgammons() -> None:
    assert REVIEW.mark(0.2, 0.0, 0.2)[1] == VERY_BAD
    assert [REVIEW.mark(0.0, -x, x)[0] for x in (0.03, 0.05, 0.1, 0.2)] == [
        "", "doubtful", "bad", "very bad"]
    assert REVIEW.rating(0.001) == "Supernatural" and REVIEW.rating(0.010) == "Advanced"
    assert REVIEW.rating(0.05) == "Awful!"
    assert REVIEW.rate_text(0.0123) == "12.3 millipoints per move"
    assert "GNU Backgammon" in REVIEW.source and "GNU Backgammon" in REVIEW.ratings_source


# ---------------------------------------------------------------- cube decisions


def test_a_double_far_behind_is_marked_with_its_cubeful_loss() -> None:
    advice = advise(probabilities(WHITE_BEHIND, 0), Cube(), 0)
    assert not advice.double
    row = review_cube(WHITE_BEHIND, Cube(), CubeAction("double"))
    assert row is not None
    assert (row.kind, row.side, row.move, row.best_move) == ("cube", 0, "double", "no double")
    doubled = min(advice.double_take, advice.double_pass)
    assert row.value_before == pytest.approx(advice.no_double)
    assert row.value_after == pytest.approx(doubled)
    assert row.loss == pytest.approx(advice.no_double - doubled) and row.loss > 0.16
    assert (row.mark, row.severity) == ("very bad", VERY_BAD)
    assert "no double -0." in row.note and "double/take -1." in row.note
    assert row.chart < 0 and row.win_chance is not None and row.win_chance < 0.5


def test_rolling_in_a_clear_double_pass_gives_up_equity() -> None:
    advice = advise(probabilities(WHITE_AHEAD, 0), Cube(), 0)
    assert advice.action == "double / pass"
    row = review_cube(WHITE_AHEAD, Cube(), (3, 1))
    assert row is not None
    assert (row.move, row.best_move, row.side, row.player) == ("no double", "double", 0, "White")
    assert row.loss == pytest.approx(advice.double_pass - advice.no_double) and row.loss > 0
    assert row.severity == REVIEW.mark(row.value_before, row.value_after, row.loss)[1]
    assert "double/pass is right" in row.note
    assert not row.forced


def test_taking_a_hopeless_double_is_marked() -> None:
    offered = Cube().double(0, rolled=False, over=False)
    row = review_cube(WHITE_AHEAD, offered, CubeAction("take"))
    assert row is not None
    assert (row.side, row.player, row.move, row.best_move) == (1, "Red", "take", "drop")
    advice = advise(probabilities(WHITE_AHEAD, 0), Cube(), 0)
    assert row.value_before == pytest.approx(-1.0)
    assert row.value_after == pytest.approx(-advice.double_take)
    assert row.loss == pytest.approx(advice.double_take - 1.0)
    assert row.severity == VERY_BAD
    dropped = review_cube(WHITE_AHEAD, offered, CubeAction("drop"))
    assert dropped is not None and dropped.loss == 0 and dropped.severity == NO_ERROR


def test_rolls_that_are_no_cube_decision_get_no_row() -> None:
    # The opening roll, a cube the roller does not own, a roll far from any double.
    assert review_cube(BackgammonState(opening=True), Cube(), (3, 1)) is None
    assert review_cube(WHITE_AHEAD, Cube(value=2, owner=1), (3, 1)) is None
    assert review_cube(WHITE_BEHIND, Cube(), (3, 1)) is None
    assert review_cube(WHITE_AHEAD, None, (3, 1)) is None


def test_a_reviewed_money_game_with_the_cube_round_trips_through_its_save() -> None:
    session = Session(get_kit(GAME_ID), start_state=WHITE_AHEAD, stakes=Cube())
    session.play(CubeAction("double"))
    session.play(CubeAction("take"))
    rng = random.Random(7)
    config = SearchConfig(GAME_ID, "expectiminimax", Limits(depth=1))
    while not session.is_over:
        if session.current.current_player() == CHANCE:
            session.roll(rng)
        else:
            session.play(run_search(session.current, config).move)
    review = review_session(session, ReviewSettings(depth=1))
    cube_rows = [r for r in review.rows if r.kind == "cube"]
    assert [(r.move, r.index, r.side) for r in cube_rows[:2]] == [("double", 0, 0), ("take", 1, 1)]
    assert cube_rows[1].severity == VERY_BAD
    # After the take White no longer owns the cube: his rolls are no cube decisions.
    assert all(r.side == 1 for r in cube_rows[2:])
    assert any(r.kind == "move" for r in review.rows)
    text = save_text(session, review)
    loaded, again = load_review(text)
    assert again is not None
    assert loaded.moves == session.moves
    assert again.to_json() == review.to_json()
    assert [r.kind for r in again.rows] == [r.kind for r in review.rows]
