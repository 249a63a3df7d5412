"""TD-learned backgammon evaluator: shipped weights, value contract, TD updates, bad files."""

from __future__ import annotations

import json
import random
import zlib

import pytest

from ai.evaluation.curves import Canvas, read_csv, write_csv
from ai.kit import get_evaluator
from game.playouts import random_positions
from game.registry import get_kit
from games.backgammon.ai.td import (
    N_INPUTS,
    OUTPUTS,
    SETS,
    TDBackgammonEvaluator,
    TDModel,
    WeightsError,
    equity_from_probs,
    inputs,
    is_race_sides,
    load_weights,
    save_weights,
    sigmoid,
    zero_weights,
)
from games.backgammon.game import GAME
from games.backgammon.rules import BackgammonState, from_board, mirror
from games.backgammon.training.td import Learner, game_rng, game_value_after, main, summary


def sample(seed: int, n: int) -> list[BackgammonState]:
    return random_positions(GAME, n, seed)  # type: ignore[return-value]


@pytest.fixture(scope="module")
def shipped() -> TDBackgammonEvaluator:
    return TDBackgammonEvaluator()


def random_weights(seed: int) -> list:
    rng = random.Random(seed)
    return [[[rng.uniform(-0.3, 0.3) for _ in range(N_INPUTS)] for _ in OUTPUTS] for _ in SETS]


def test_shipped_weights_load_with_expected_shape() -> None:
    weights, meta = load_weights()
    assert len(weights) == len(SETS) == 2
    assert all(len(s) == len(OUTPUTS) == 3 for s in weights)
    assert all(len(o) == N_INPUTS == 199 for s in weights for o in s)
    assert meta["games_trained"] > 0 and 0 < meta["lambda"] <= 1
    # Trained: not all zero, and the race weights moved too.
    assert any(abs(x) > 1e-3 for x in weights[0][0]) and any(abs(x) > 1e-3 for x in weights[1][0])


def test_get_evaluator_variant() -> None:
    assert isinstance(get_evaluator(get_kit("backgammon"), "td"), TDBackgammonEvaluator)
    assert type(get_evaluator(get_kit("backgammon"))).__name__ == "BackgammonEvaluator"
    with pytest.raises(ValueError, match="no evaluator variant"):
        get_evaluator(get_kit("backgammon"), "nope")
    with pytest.raises(ValueError, match="no evaluator variant"):
        get_evaluator(get_kit("othello"), "td")


def test_table_folding_matches_the_sparse_inputs() -> None:
    """The runtime look-up tables compute exactly the linear model the trainer learns."""
    weights = random_weights(3)
    model = TDModel(weights)
    for s in sample(5, 60):
        a, b = s.mover_view()
        b = b[::-1]
        race = 1 if is_race_sides(a, b) else 0
        x = inputs(a, b)
        want = [sigmoid(sum(weights[race][o][i] * v for i, v in x)) for o in range(3)]
        assert model.probs(a, b) == pytest.approx(want, rel=1e-12, abs=1e-12)


def test_inputs_of_the_start_position() -> None:
    s = BackgammonState()
    a, b = s.mover_view()
    x = dict(inputs(a, b[::-1]))
    # 4 points per side: 2 on 24 (2 units), 5 on 13 (4), 3 on 8 (3), 5 on 6 (4) = 13 units,
    # plus pips (167 / 100) per side and the bias.
    assert len(x) == 1 + 2 * (13 + 1)
    assert x[0] == 1.0
    assert x[1 + 12 * 4 + 3] == pytest.approx(1.0)  # (5 - 3) / 2 on the 13-point
    assert x[1 + 96 + 2] == pytest.approx(1.67)
    assert not is_race_sides(a, b[::-1])


def test_zero_weights_are_a_coin_flip() -> None:
    ev = TDBackgammonEvaluator(zero_weights())
    s = BackgammonState()
    assert ev.evaluate(s, 0) == pytest.approx(0.0, abs=1e-12)
    assert ev.probabilities(s, 1) == pytest.approx((0.5, 0.5, 0.5))
    assert equity_from_probs(0.9, 0.95, 0.5) == pytest.approx(2 * 0.9 - 1 + 0.9 - 0.1)


def test_values_in_range_antisymmetric_and_mirrored(shipped: TDBackgammonEvaluator) -> None:
    for s in sample(11, 150):
        v0, v1 = shipped.evaluate(s, 0), shipped.evaluate(s, 1)
        assert -3.0 <= v0 <= 3.0
        assert v0 == pytest.approx(-v1, abs=1e-12)
        assert shipped.evaluate(mirror(s), 1) == pytest.approx(v0, abs=1e-12)
    over = from_board([0] * 23 + [-1], to_move=0)
    over = BackgammonState(over.points, (0, 0), (15, 14), 1)
    assert shipped.evaluate(over, 0) == 1.0 and shipped.evaluate(over, 1) == -1.0


def test_trained_weights_know_obvious_things(shipped: TDBackgammonEvaluator) -> None:
    # 2 checkers left against 15 far away: almost a certain (gammon) win for the side on roll.
    pts = [0] * 24
    pts[0] = 2
    pts[23 - 12] = -15  # Red's 13-point
    s = from_board(pts, to_move=0)
    assert shipped.evaluate(s, 0) > 1.2
    # The side on the bar against a 5-point board with 10 checkers back is worse off.
    home = [0] * 24
    for i in range(1, 6):
        home[i] = 2
    home[12] = 5
    home[0] = -3
    home[18] = -5
    home[20] = -5
    bad = from_board(home, bar=(0, 2), to_move=1)
    assert bad.is_over() is False
    assert shipped.evaluate(bad, 0) > 0.3


def won_in_one(mover: int) -> tuple[list[int], list[int], int]:
    """Player ``mover`` to roll with three checkers on his 1-point, the other side all on its
    7-point: a gammon within two of the mover's turns whatever the dice."""
    me = [0] * 26
    opp = [0] * 26
    me[1], me[0] = 3, 12
    opp[18] = 15  # the opponent's 7-point in the mover's numbering
    return me, opp, mover


def test_td_update_moves_values_toward_the_result() -> None:
    learner = Learner(zero_weights(), alpha=0.1, lam=0.7)
    me, opp, _ = won_in_one(0)
    # The race position the learner passes through after the winner's first roll.
    a_before = TDModel(learner.weights())
    seed = next(i for i in range(50) if _not_doubles(random.Random(i)))
    points = learner.play_game(random.Random(seed), start=(me, opp, 0))
    assert points == 2  # a gammon for player 0
    after = learner.weights()
    # Only the race weights learned; the contact weights never saw a position.
    assert all(x == 0.0 for o in after[0] for x in o)
    assert any(x != 0.0 for x in after[1][0])
    # The winner's side of the pre-final position: 1 checker left against 15 at home.
    a = [0] * 26
    a[1], a[0] = 1, 14
    b = [0] * 26
    b[6] = 15
    before_p = a_before.probs(a, b)
    after_p = TDModel(after).probs(a, b)
    assert before_p == pytest.approx((0.5, 0.5, 0.5))
    assert after_p[0] > 0.5 and after_p[1] > 0.5 and after_p[2] < 0.5
    # Same for the colours swapped: the learner works in a fixed frame, symmetric in effect.
    learner2 = Learner(zero_weights(), alpha=0.1, lam=0.7)
    assert learner2.play_game(random.Random(seed), start=(me, opp, 1)) == -2
    assert pytest.approx(learner.W) == learner2.W


def _not_doubles(rng: random.Random) -> bool:
    return rng.randint(1, 6) != rng.randint(1, 6)


def test_self_play_is_reproducible_and_learns() -> None:
    a = Learner(zero_weights(), 0.01, 0.7)
    b = Learner(zero_weights(), 0.01, 0.7)
    assert a.play_game(game_rng(1, 0)) == b.play_game(game_rng(1, 0))
    assert a.W == b.W and any(a.W)


def test_game_value_after() -> None:
    me = [0] * 26
    me[0] = 15
    opp = [0] * 26
    opp[25], opp[10] = 1, 14
    assert game_value_after(me, opp) == 1
    opp = [0] * 26
    opp[10] = 15
    assert game_value_after(me, opp) == 2
    opp[10], opp[3] = 14, 1
    assert game_value_after(me, opp) == 3


def test_corrupt_weights_raise_clear_errors(tmp_path) -> None:
    path = tmp_path / "w.json"
    with pytest.raises(WeightsError, match="not found"):
        load_weights(path)
    path.write_text("{not json")
    with pytest.raises(WeightsError, match="unreadable"):
        load_weights(path)
    path.write_text(json.dumps({"format": "other"}))
    with pytest.raises(WeightsError, match="not a kibitz-backgammon-td file"):
        load_weights(path)
    save_weights(path, zero_weights(), games_trained=0)
    data = json.loads(path.read_text())
    data["weights"][1][2] = data["weights"][1][2][:-1]
    path.write_text(json.dumps(data))
    with pytest.raises(WeightsError, match="race/gammon_loss must have 199 numbers, got 198"):
        TDBackgammonEvaluator(path=path)
    data["weights"][1][2].append("x")
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="non-number"):
        load_weights(path)
    with pytest.raises(WeightsError):
        TDBackgammonEvaluator([[[0.0] * N_INPUTS] * 3])  # one set only


def test_save_load_round_trip(tmp_path) -> None:
    w = random_weights(7)
    save_weights(tmp_path / "w.json", w, games_trained=12)
    back, meta = load_weights(tmp_path / "w.json")
    assert back == w and meta["games_trained"] == 12


def test_summary_figures() -> None:
    res = summary([1, -1, 2, 1], [0, 3])
    assert res["win_rate"] == 0.75 and res["wins"] == 3
    assert res["points_per_game"] == pytest.approx(0.75)
    # Pair means 0 and 1.5: sd = 1.0607, half width 1.96 * 1.0607 / sqrt(2) = 1.47.
    assert res["ppg_hi"] - res["points_per_game"] == pytest.approx(1.4700, abs=1e-3)


def test_png_and_csv(tmp_path) -> None:
    cv = Canvas(7, 3, (255, 255, 255))
    cv.dot(1, 2, (10, 20, 30))
    data = cv.png()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    idat = data.index(b"IDAT")
    size = int.from_bytes(data[idat - 4 : idat], "big")
    raw = zlib.decompress(data[idat + 4 : idat + 4 + size])
    assert len(raw) == 3 * (1 + 7 * 3)
    assert raw[2 * 22 + 1 + 3 : 2 * 22 + 1 + 6] == bytes((10, 20, 30))
    rows = [(0, 0.05, -1.5, 10.0), (500, 0.55, 0.125, 70.25)]
    write_csv(tmp_path / "c.csv", rows)
    assert read_csv(tmp_path / "c.csv") == [(0, 0.05, -1.5, 10.0), (500, 0.55, 0.125, 70.2)]


def test_cli_resume_gives_the_same_weights_as_one_run(tmp_path) -> None:
    def run(name: str, games: int, *extra: str) -> None:
        args = ["--games", str(games), "--seed", "3", "--eval-every", "2", "--eval-games", "2"]
        files = ["--out", str(tmp_path / f"{name}.json"), "--csv", str(tmp_path / f"{name}.csv")]
        assert main([*args, *files, "--png", str(tmp_path / f"{name}.png"), *extra]) == 0

    run("whole", 4)
    run("split", 2)
    run("split", 4, "--resume")
    whole, meta = load_weights(tmp_path / "whole.json")
    split, _ = load_weights(tmp_path / "split.json")
    assert whole == split and meta["games_trained"] == 4
    assert [r[0] for r in read_csv(tmp_path / "split.csv")] == [0, 2, 4]
    assert (tmp_path / "split.png").read_bytes().startswith(b"\x89PNG")
