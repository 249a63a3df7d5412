"""Per-game AI profiles: value text in each game's units, noise descriptions, scoring kinds."""

from __future__ import annotations

import random

import pytest

from ai.kit import profile_for
from ai.profiles import ValueLabel
from ai.searchbase import WIN
from cli.answers import point_of_view
from game.registry import game_ids, get_game, get_kit


def test_every_game_has_its_own_profile() -> None:
    for game_id in game_ids():
        profile = profile_for(get_kit(game_id))
        assert profile.game_id == game_id and profile.unit
    assert profile_for(get_kit("backgammon")).default_algorithm == "expectiminimax"
    assert profile_for(get_kit("othello")).default_algorithm == "alphabeta"
    with pytest.raises(ValueError, match="chess"):
        profile_for(get_kit("chess"))


def test_tictactoe_values_read_as_wins_draws_and_losses() -> None:
    p = profile_for(get_kit("tictactoe"))
    assert p.value_label(WIN - 5, exact=True) == ValueLabel("W5", "win in 5")
    assert p.value_label(-(WIN - 6), exact=True) == ValueLabel("L6", "loss in 6")
    assert p.value_label(0.0, exact=True) == ValueLabel("D", "draw")
    estimate = p.value_label(2.0, exact=False)
    assert estimate.short == "+2" and "open lines" in estimate.long
    assert p.value_label(0.0, exact=False).long.startswith("0 open lines")
    tictactoe = get_kit("tictactoe")
    assert point_of_view(tictactoe, 0) == "for X" and point_of_view(tictactoe, 1) == "for O"


def test_nim_values_read_as_wins_and_losses() -> None:
    p = profile_for(get_kit("nim"))
    assert p.value_label(WIN - 3, exact=True).long == "win in 3"
    assert p.value_label(1.0, exact=True).short == "W"
    assert p.value_label(-1.0, exact=True).short == "L"
    assert p.value_label(0.0, exact=False).short == "?"
    assert point_of_view(get_kit("nim"), 1) == "for Player 2"


def test_othello_values_are_disc_margins() -> None:
    p = profile_for(get_kit("othello"))
    assert p.value_label(12.0, exact=True) == ValueLabel("+12", "win by 12 discs")
    assert p.value_label(-4.0, exact=True) == ValueLabel("-4", "loss by 4 discs")
    assert p.value_label(0.0, exact=True).long == "draw"
    assert p.value_label(12.3, exact=False) == ValueLabel(
        "+12", "+12 discs (predicted final margin)"
    )
    assert point_of_view(get_kit("othello"), 1) == "for White"
    # A win score where values are margins proves only who wins (the lab says so too).
    proved = WIN - 64
    assert p.winner_only(proved) and p.winner_only(-proved) and not p.winner_only(12.0)
    assert p.value_label(proved, exact=True) == ValueLabel("W", "win (proved; the margin not searched)")
    assert p.value_label(-proved, exact=True).long == "loss (proved; the margin not searched)"
    assert not profile_for(get_kit("tictactoe")).winner_only(proved)  # plies, not margins


def test_othello_finished_games_score_their_disc_margin() -> None:
    game = get_game("othello")
    # Black 40 discs, White none: nobody can move, and the 24 empties go to the winner.
    over = game.parse_position("X" * 40 + "-" * 24 + " O")
    assert over.current_player() < 0
    scoring = profile_for(get_kit("othello")).scoring()
    assert scoring.terminal(over, 0, 3) == 64.0
    assert scoring.terminal(over, 1, 3) == -64.0
    assert scoring.bounds == (-64.0, 64.0)


def test_backgammon_values_are_points_a_game() -> None:
    p = profile_for(get_kit("backgammon"))
    assert p.value_label(0.4321, exact=False) == ValueLabel("+0.43", "+0.43 points a game")
    assert p.value_label(-1.0, exact=True).long == "-1.00 points a game"
    assert p.points and p.scoring().points and p.scoring().bounds == (-3.0, 3.0)
    assert p.move_filter == (2, 3)


def test_noise_is_described_in_the_games_units() -> None:
    assert profile_for(get_kit("othello")).noise_text("Casual", 0.0) is None
    assert profile_for(get_kit("othello")).noise_text("Casual", 10.0) == (
        "Casual: picks at random among moves within 10 discs of the best"
    )
    assert profile_for(get_kit("tictactoe")).noise_text("Casual", 3.0) == (
        "Casual: picks at random among moves within 3 open lines of the best"
    )
    assert "0.15 points a game" in profile_for(get_kit("backgammon")).noise_text("Casual", 0.15)
    assert profile_for(get_kit("nim")).noise_text("Beginner", 1e6) == (
        "Beginner: picks any legal move at random"
    )


def test_match_options_vary_nim_heaps_only_when_not_given() -> None:
    nim = profile_for(get_kit("nim"))
    heaps = nim.match_options({}, random.Random(1))["heaps"]
    assert 2 <= len(heaps) <= 4 and all(1 <= h <= 9 for h in heaps)
    assert nim.match_options({"heaps": [3]}, random.Random(1)) == {"heaps": [3]}
    assert profile_for(get_kit("othello")).match_options({}, random.Random(1)) == {}
