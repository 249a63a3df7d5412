"""``analyze`` and ``engine`` run exactly the algorithm named, say what ran, and give values in
each game's units from a stated point of view."""

from __future__ import annotations

import json

import pytest

import main
from cli.engine import answer_line


def analyze(capsys: pytest.CaptureFixture[str], *flags: str) -> dict:
    assert main.main(["analyze", *flags]) == 0
    return json.loads(capsys.readouterr().out)


def test_minimax_depth_9_visits_the_whole_tictactoe_tree_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    r = analyze(capsys, "--game", "tictactoe", "--position", "--------- X",
                "--algorithm", "minimax", "--depth", "9")
    s = r["stats"]
    assert (s["nodes"], s["nodes_per_depth"], s["cutoffs"], s["tt_probes"], s["tt_hits"]) == (
        549_946, [549_946], 0, 0, 0)
    assert (r["algorithm"], r["requested_algorithm"], r["exact"], r["exact_solving"]) == (
        "minimax", "minimax", True, False)
    assert (r["value"], r["value_text"], r["point_of_view"]) == (0.0, "draw for X", "X")
    assert set(r["root_values_text"].values()) == {"draw for X"}


def test_bare_alphabeta_makes_no_table_probes(capsys: pytest.CaptureFixture[str]) -> None:
    r = analyze(capsys, "--game", "tictactoe", "--algorithm", "alphabeta", "--depth", "9",
                "--no-tt", "--no-ordering")
    assert r["stats"]["tt_probes"] == 0 and r["stats"]["tt_hits"] == 0
    assert len(r["stats"]["nodes_per_depth"]) == 1 and r["algorithm"] == "alphabeta"
    assert r["stats"]["cutoffs"] > 0 and r["stats"]["nodes"] < 549_946


def test_exact_solving_is_a_switch(capsys: pytest.CaptureFixture[str]) -> None:
    named = analyze(capsys, "--game", "nim", "--position", "3,4,5 1", "--algorithm",
                    "alphabeta", "--depth", "2")
    assert named["algorithm"] == "alphabeta" and named["exact_solving"] is False
    solved = analyze(capsys, "--game", "nim", "--position", "3,4,5 1", "--algorithm",
                     "alphabeta", "--depth", "2", "--exact")
    assert solved["algorithm"] == "nim-solver" and solved["exact"] is True
    assert solved["value_text"] == "win in 7 for Player 1"  # full-depth alpha-beta agrees
    master = analyze(capsys, "--game", "tictactoe", "--level", "Master")
    assert master["algorithm"] == "tictactoe-solver" and master["exact"] is True
    weak = analyze(capsys, "--game", "tictactoe", "--level", "Master", "--no-exact")
    assert weak["algorithm"] == "alphabeta"


@pytest.mark.parametrize(
    ("request_", "text"),
    [
        ({"game": "tictactoe", "position": "XX-OO---- X", "depth": 3}, "win in 1 for X"),
        ({"game": "tictactoe", "position": "XX-X-O-O- O", "depth": 4,
          "algorithm": "minimax"}, "loss in 2 for O"),
        ({"game": "nim", "position": "5 1", "options": {"max_take": 3}, "depth": 9},
         "win in 3 for Player 1"),
        ({"game": "othello", "depth": 2}, "discs (predicted final margin) for Black"),
        ({"game": "othello", "exact": True, "time": 2, "position":
          "-XXX----XXXXXXXX--OXXOXXOOOXXXOXOOOXXOOOOOOOOOO--OOOOOO---O-X-XO X"},
         "for Black"),
        ({"game": "backgammon", "position": "4HPwATDgc/ABMA 31", "depth": 1},
         "points a game for White"),
    ],
)
def test_engine_values_in_units_with_their_point_of_view(request_: dict, text: str) -> None:
    answer, _ = answer_line(json.dumps(request_))
    assert "error" not in answer, answer
    assert answer["value_text"].endswith(text), answer["value_text"]
    assert isinstance(answer["value"], float | int)
    assert answer["value_text"] in answer["root_values_text"].values()


def test_exact_othello_endgame_reads_as_a_disc_result() -> None:
    answer, _ = answer_line(json.dumps({
        # Time enough for the solver on a busy machine: with 2 s it gets 1.2 s, and a loaded
        # machine fell back to the search (the test is about the wording, not the clock).
        "game": "othello", "exact": True, "time": 60,
        "position": "-XXX----XXXXXXXX--OXXOXXOOOXXXOXOOOXXOOOOOOOOOO--OOOOOO---O-X-XO X"}))
    assert answer["algorithm"] == "othello-endgame-solver" and answer["exact"] is True
    margin = int(answer["value"])
    want = (f"win by {margin} discs" if margin > 0 else f"loss by {-margin} discs"
            if margin < 0 else "draw")
    assert answer["value_text"] == f"{want} for Black"


def test_a_noisy_level_says_its_move_is_chosen_at_random() -> None:
    answer, _ = answer_line(json.dumps({"game": "othello", "level": "casual", "seed": 1}))
    assert answer["noise_text"] == (
        "Casual: picks at random among moves within 10 discs of the best"
    )
    best, _ = answer_line(json.dumps({"game": "othello", "level": "Master", "depth": 2}))
    assert "noise_text" not in best


def test_backgammon_answers_carry_the_networks_chances(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from games.backgammon.ai.net import NetEvaluator
    from games.backgammon.game import GAME

    position = "4HPwATDgc/ABMA 31"
    state = GAME.parse_position(position)
    w, wg, wbg, lg, lbg = (round(float(p), 4) for p in NetEvaluator().probabilities(state, 0))
    expected = {"win": w, "win_gammon": wg, "win_backgammon": wbg, "lose_gammon": lg,
                "lose_backgammon": lbg}
    assert 0 <= wbg <= wg <= w <= 1 and 0 <= lbg <= lg <= 1 - w
    r = analyze(capsys, "--game", "backgammon", "--position", position, "--level", "Advanced")
    assert r["probabilities"] == expected and r["point_of_view"] == "White"
    answer, _ = answer_line(json.dumps({"game": "backgammon", "position": position,
                                        "level": "Advanced"}))
    assert answer["probabilities"] == expected
    # The hand-made evaluator gives an equity only: no chances are invented for it.
    answer, _ = answer_line(json.dumps({"game": "backgammon", "position": position,
                                        "level": "Casual"}))
    assert "probabilities" not in answer and answer["move"]
