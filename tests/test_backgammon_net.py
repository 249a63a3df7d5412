"""The backgammon network: encoding, symmetry, probabilities, weights file, batch search, trainer."""

from __future__ import annotations

import math
import zipfile
from dataclasses import replace

import numpy as np
import pytest

from ai.api import Limits
from ai.engine import make_searcher, run_search
from ai.kit import get_evaluator, get_level
from game.playouts import random_positions
from game.registry import get_kit
from games.backgammon.ai import encoding as enc
from games.backgammon.ai import net as bn
from games.backgammon.ai.ply import BackgammonPlySearcher
from games.backgammon.ai.pubeval import PubevalEvaluator, score
from games.backgammon.game import GAME
from games.backgammon.rules import BackgammonState, from_board, mirror
from games.backgammon.training import net as trainer


def positions(seed: int, n: int) -> list[BackgammonState]:
    return [s for s in random_positions(GAME, n, seed) if not s.is_over()]  # type: ignore[misc]


@pytest.fixture(scope="module")
def random_net() -> bn.Net:
    """A network with larger random weights than training starts from: every output matters."""
    return bn.Net.random(16, np.random.default_rng(7), scale=0.5)


def side(**points: int) -> np.ndarray:
    """A side's 26 counts from keywords p1..p24, bar, off."""
    arr = np.zeros(26, dtype=np.int64)
    for name, n in points.items():
        index = {"bar": 25, "off": 0}.get(name)
        arr[index if index is not None else int(name[1:])] = n
    return arr


# -- encoding ------------------------------------------------------------------------------------


def test_features_worked_example() -> None:
    # a: five on its 6, 7, 8 (a three-point prime), a blot on 10, the rest off.
    a = side(p6=5, p7=4, p8=3, p10=1, off=2)
    # b: one checker on its 17 (a's place 8, two pips in front of a's blot), 14 on its 6.
    b = side(p17=1, p6=14)
    x = enc.encode(a, b)[0]
    assert x.shape == (enc.N_INPUTS,) == (209,)
    base = 96
    bar, off, pips, blots, home, prime, back, hittable = x[base : base + 8]
    assert (bar, off) == (0.0, 2 / 15)
    assert pips == pytest.approx((30 + 28 + 24 + 10) / 100)
    assert blots == pytest.approx(1 / 5)
    assert home == pytest.approx(1 / 6)  # only the 6-point is made inside the home board
    assert prime == pytest.approx(3 / 6)
    assert back == 0.0
    assert hittable == pytest.approx(1 / 3)
    # Point units for a's 6 (five checkers): 1, 1, 1, (5 - 3) / 2.
    assert list(x[5 * 4 : 5 * 4 + 4]) == [1.0, 1.0, 1.0, 1.0]
    assert x[-1] == 0.0  # contact: b's 17 is behind a's checkers


def reference_inputs(a: list[int], b: list[int]) -> list[float]:
    """The inputs of one position as the module docstring defines them, one checker count at a
    time in plain Python: the vectorised batch encoder must give exactly these numbers."""

    def one_side(own: list[int], other: list[int]) -> list[float]:
        units: list[float] = []
        for p in range(1, 25):
            n = own[p]
            units += [float(n >= 1), float(n >= 2), float(n >= 3), max(n - 3, 0) / 2.0]
        # The opponent's checker on his point q stands on own place 25 - q; his bar at 0.
        places = {25 - q for q in range(1, 25) if other[q]} | ({0} if other[25] else set())
        blots = [p for p in range(1, 25) if own[p] == 1]
        made = [own[p] >= 2 for p in range(1, 25)]
        prime = run = 0
        for m in made:
            run = run + 1 if m else 0
            prime = max(prime, run)
        hittable = [p for p in blots if any(r in places for r in range(max(0, p - 6), p))]
        return units + [
            own[25] / 2.0,
            own[0] / 15.0,
            (sum(p * own[p] for p in range(1, 25)) + 25 * own[25]) / 100.0,
            len(blots) / 5.0,
            sum(made[:6]) / 6.0,
            prime / 6.0,
            sum(own[19:26]) / 5.0,
            len(hittable) / 3.0,
        ]

    top_a = max([p for p in range(1, 26) if a[p]], default=0)
    top_b = max([p for p in range(1, 26) if b[p]], default=0)
    return one_side(a, b) + one_side(b, a) + [float(top_a + top_b <= 25)]


def test_batch_encoding_equals_the_plain_definition() -> None:
    from games.backgammon import movegen as mg

    pairs = []
    for s in positions(21, 40):
        if s.dice is None:
            continue
        a, b = bn.sides(s)
        # Every position after every move of the roll, seen by the opponent now on roll.
        pairs += [(list(opp[::-1]), list(me)) for _, me, opp in mg.generate(a, b[::-1], *s.dice)]
    assert len(pairs) > 300
    x = enc.encode(np.array([p[0] for p in pairs]), np.array([p[1] for p in pairs]))
    expected = np.array([reference_inputs(a, b) for a, b in pairs])
    assert x.shape == expected.shape
    assert np.array_equal(x, expected)


def test_blot_out_of_direct_range_and_race_flag() -> None:
    a = side(p10=1, p6=14)
    behind = side(p14=1, p6=14)  # a's place 11: behind the blot
    assert enc.encode(a, behind)[0][96 + 7] == 0.0
    assert enc.is_race(side(p6=15)[None], side(p6=15)[None])[0]
    assert not enc.is_race(side(p20=15)[None], side(p6=15)[None])[0]


# -- probabilities and symmetry ----------------------------------------------------------------


def test_mirrored_position_evaluates_mirrored(random_net: bn.Net) -> None:
    ev = bn.NetEvaluator(random_net)
    for s in positions(11, 60):
        m = mirror(s)
        for p in (0, 1):
            assert ev.evaluate(m, 1 - p) == pytest.approx(ev.evaluate(s, p), abs=1e-12)
            assert np.allclose(ev.probabilities(m, 1 - p), ev.probabilities(s, p))
        assert ev.evaluate(s, 0) == pytest.approx(-ev.evaluate(s, 1), abs=1e-12)


def test_probabilities_ordered_and_in_range(random_net: bn.Net) -> None:
    for net in (random_net, bn.load_net()):
        ev = bn.NetEvaluator(net)
        for s in positions(12, 60):
            w, wg, wbg, lg, lbg = ev.probabilities(s, s.to_move)
            assert 0.0 <= wbg <= wg <= w <= 1.0
            assert 0.0 <= lbg <= lg <= 1.0 - w
            assert -3.0 <= ev.evaluate(s, 0) <= 3.0


def test_equity_formula() -> None:
    p = np.array([[0.6, 0.2, 0.05, 0.1, 0.01]])
    assert bn.equity(p)[0] == pytest.approx(2 * 0.6 - 1 + 0.2 - 0.1 + 0.05 - 0.01)
    assert np.allclose(bn.flip(bn.flip(p)), p)
    raw = np.array([[0.3, 0.5, 0.6, 0.9, 0.95]])  # inconsistent: gammons above wins
    assert np.allclose(bn.consistent(raw), [[0.3, 0.3, 0.3, 0.7, 0.7]])


def test_batch_agrees_with_one_position_at_a_time(random_net: bn.Net) -> None:
    ev = bn.NetEvaluator(random_net)
    for s in positions(13, 30):
        if s.dice is None:
            continue
        moves, probs = ev.move_probabilities(s)
        eq = bn.equity(probs)
        for m, e in zip(moves, eq, strict=True):
            assert e == pytest.approx(ev.evaluate(s.apply(m), s.to_move), abs=1e-9)


def test_last_checker_off_scores_the_game() -> None:
    # White bears off his last checker with any roll; Red has none off and a checker on the
    # bar: a backgammon (3 points).
    s = from_board([1] + [0] * 22 + [-14], bar=(0, 1), dice=(6, 5))
    s = BackgammonState(s.points, s.bar, (14, 0), 0, (6, 5))
    moves, probs = bn.NetEvaluator(bn.Net.random(4, np.random.default_rng(0))).move_probabilities(s)
    assert bn.equity(probs).max() == 3.0


# -- the weights file ---------------------------------------------------------------------------


def test_weights_round_trip(tmp_path, random_net: bn.Net) -> None:
    path = tmp_path / "net.npz"
    random_net.meta = {"games_trained": 12}
    bn.save_net(random_net, path)
    back = bn.load_net(path)
    for name in ("W1", "b1", "W2", "b2"):
        assert np.array_equal(getattr(back, name), getattr(random_net, name))
    assert back.meta == {"games_trained": 12}


def test_shipped_weights_are_a_documented_link_of_the_training_chain() -> None:
    """The shipped file must be one that the commands in docs/training/README.md make: the
    chain's table names it by its digest, and its labels, committed, name their teacher by a
    digest the table names too, so replacing the file without documenting it fails here."""
    import hashlib
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    chain = (root / "docs" / "training" / "README.md").read_text()
    manifest = json.loads((root / "data" / "manifest.json").read_text())
    moved = {entry["formerly"]: entry["path"] for entry in manifest["entries"]
             if entry.get("formerly")}  # data made since data/ began was never elsewhere
    digest = hashlib.sha256(bn.default_weights_path().read_bytes()).hexdigest()[:16]
    assert f"`{digest}`" in chain
    net = bn.load_net()
    assert net.W1.shape == (enc.ENCODINGS[net.encoding], net.hidden)
    assert net.race is None or net.race.W1.shape == (enc.ENCODINGS[net.race.encoding],
                                                     net.race.hidden)
    assert net.meta["trained"].startswith("supervised on ")
    # The file records where its labels were when it was made; the manifest says where they are.
    labels_path = moved.get(net.meta["labels"], net.meta["labels"])
    labels = json.loads((root / labels_path / "meta.json").read_text())
    assert f"`{labels['teacher']}`" in chain


@pytest.mark.parametrize(
    "damage, message",
    [
        ("missing", "not found"),
        ("garbage", "unreadable"),
        ("truncated", "unreadable"),
        ("wrong_shape", "has shape"),
        ("wrong_dtype", r"W1 holds int64 numbers, expected floating-point ones"),
        ("nan", "non-finite"),
        ("wrong_format", "is not a kibitz-backgammon-net file"),
        ("old_version", "expected version 1"),
        ("no_array", "lacks the array"),
    ],
)
def test_damaged_weights_give_one_line_error(tmp_path, random_net: bn.Net, damage, message) -> None:
    path = tmp_path / "net.npz"
    bn.save_net(random_net, path)
    good = path.read_bytes()
    arrays = dict(np.load(path))
    meta = {"format": bn.FORMAT, "version": bn.VERSION, "inputs": enc.N_INPUTS, "hidden": 16}
    import json

    def rewrite(**changes) -> None:
        out = {**arrays, **changes}
        with open(path, "wb") as f:
            np.savez(f, **out)

    if damage == "missing":
        path.unlink()
    elif damage == "garbage":
        path.write_bytes(b"not a zip file at all")
    elif damage == "truncated":
        path.write_bytes(good[: len(good) // 2])
    elif damage == "wrong_shape":
        rewrite(W2=np.zeros((16, 4)))
    elif damage == "wrong_dtype":
        rewrite(W1=arrays["W1"].astype(np.int64))
    elif damage == "nan":
        w = arrays["W1"].copy()
        w[3, 3] = math.nan
        rewrite(W1=w)
    elif damage == "wrong_format":
        rewrite(meta=np.array(json.dumps({**meta, "format": "other"})))
    elif damage == "old_version":
        rewrite(meta=np.array(json.dumps({**meta, "version": 0})))
    elif damage == "no_array":
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("meta.npy", good[:0])
    with pytest.raises(bn.WeightsError, match=message) as info:
        bn.load_net(path)
    assert "\n" not in str(info.value)


def test_missing_weights_stop_only_the_levels_that_need_them(monkeypatch) -> None:
    monkeypatch.setattr(bn, "WEIGHTS_FILE", ("weights", "no-such-file.npz"))
    s = GAME.parse_position("4HPwATDgc/ABMA 31")
    with pytest.raises(ValueError, match="backgammon network weights not found"):
        make_searcher(get_level(get_kit("backgammon"), "Master").config(get_kit("backgammon")))
    result = run_search(s, get_level(get_kit("backgammon"), "Casual").config(get_kit("backgammon")))
    assert result.move in s.legal_moves()


# -- search on top of the network -------------------------------------------------------------


def plain_one_ply(ev: bn.NetEvaluator, s: BackgammonState, move: object) -> float:
    """The textbook 1-ply value of ``move``: the average over the opponent's 21 rolls of minus
    his best reply's value, one position at a time through the public evaluator."""
    after = s.apply(move)
    if after.is_over():
        return ev.evaluate(after, s.to_move)
    expected = 0.0
    for roll, prob in after.chance_outcomes():
        rolled = after.apply(roll)
        best = max(ev.evaluate(rolled.apply(r), 1 - s.to_move) for r in rolled.legal_moves())
        expected += prob * -best
    return expected


def test_one_ply_agrees_with_a_plain_expectimax(random_net: bn.Net, monkeypatch) -> None:
    """Depth 3 with every root move kept equals the textbook average over the 21 rolls of the
    opponent's best reply (the searcher puts all 21 rolls' replies through one batch)."""
    import games.backgammon.ai.ply as ply

    monkeypatch.setitem(ply.ROOT_KEEP, 3, 99)
    monkeypatch.setitem(ply.ROOT_MARGIN, 3, 99.0)
    ev = bn.NetEvaluator(random_net)
    # A race: White on his 1-6 points, Red on his; few moves per roll keeps this quick.
    pts = [2, 2, 2, 2, 0, 0] + [0] * 12 + [0, 0, -2, -2, -2, -2]
    s = from_board(pts, dice=(4, 2))
    result = BackgammonPlySearcher(ev).search(s, Limits(depth=3))
    assert {m for m, _ in result.root_values} == set(s.legal_moves())
    for move, value in result.root_values:
        assert value == pytest.approx(plain_one_ply(ev, s, move), abs=1e-9)
    assert result.move == max(result.root_values, key=lambda mv: mv[1])[0]


def test_one_ply_in_contact_agrees_with_a_plain_expectimax(random_net: bn.Net) -> None:
    """The same in a middle-game position with hits and the bar, for the moves the root filter
    keeps."""
    ev = bn.NetEvaluator(random_net)
    s = GAME.parse_position("Zj3BABPg03ADMA 53")
    result = BackgammonPlySearcher(ev).search(s, Limits(depth=3))
    for move, value in result.root_values[:3]:
        assert value == pytest.approx(plain_one_ply(ev, s, move), abs=1e-9)


def test_root_filter_keeps_the_0_ply_moves_within_the_margin(monkeypatch) -> None:
    import games.backgammon.ai.ply as ply

    ev = bn.NetEvaluator()
    for position, keep in (("Zj3BABPg03ADMA 53", 16), ("4HPwATDgc/ABMA 31", 3)):
        monkeypatch.setitem(ply.ROOT_KEEP, 3, keep)
        s = GAME.parse_position(position)
        zero = BackgammonPlySearcher(ev).search(s, Limits(depth=1)).root_values
        best = zero[0][1]
        expected = [m for m, v in zero if v >= best - ply.ROOT_MARGIN[3]][:keep]
        one = BackgammonPlySearcher(ev).search(s, Limits(depth=3)).root_values
        assert 1 < len(expected) < len(zero)
        assert {m for m, _ in one} == set(expected)


def test_levels_search_with_the_network() -> None:
    """Intermediate plays the network's 0-ply move, Advanced searches one chance layer and
    Master two."""
    s = GAME.parse_position("4HPwATDgc/ABMA 31")
    ev = bn.NetEvaluator()
    # The opening roll: the levels' book is closed here, the test is about their search.
    for level, depth in (("Intermediate", 1), ("Advanced", 3), ("Master", 5)):
        config = replace(get_level(get_kit("backgammon"), level).config(get_kit("backgammon")), use_book=False)
        assert isinstance(make_searcher(config), BackgammonPlySearcher)
        played = run_search(s, config)
        searched = BackgammonPlySearcher(ev).search(s, Limits(depth=depth))
        assert (played.depth, played.move, played.score) == (depth, searched.move,
                                                              searched.score)


# -- pubeval ------------------------------------------------------------------------------------


def test_pubeval_worked_score() -> None:
    # Race: the mover has one checker on his 1-point and 14 off: w[116] + w[121] * 14/15.
    me = [14, 1] + [0] * 24
    opp = [0] * 25 + [0]
    opp[20] = 15
    assert score(me, opp) == pytest.approx(-2.77982 + 3.42040 * 14 / 15)
    me_done = [15] + [0] * 25
    assert score(me_done, opp) == 99999999.0


def test_pubeval_is_a_benchmark_opponent() -> None:
    ev = get_evaluator(get_kit("backgammon"), "pubeval")
    assert isinstance(ev, PubevalEvaluator)
    s = GAME.parse_position("4HPwATDgc/ABMA 31")
    from cli.common import level_config

    result = run_search(s, level_config(get_kit("backgammon"), "pubeval"))
    # Pubeval's well-known opening 3-1: make the 5-point.
    assert GAME.format_move(s, result.move) == "8/5 6/5"


# -- the trainer --------------------------------------------------------------------------------


def test_training_resumes_to_the_same_weights(tmp_path) -> None:
    common = ["--hidden", "6", "--eval-every", "3", "--eval-games", "2", "--seed", "5",
              "--csv", str(tmp_path / "c.csv"), "--png", str(tmp_path / "c.png")]  # fmt: skip
    full, half = tmp_path / "full.npz", tmp_path / "half.npz"
    assert trainer.main(["--games", "6", "--out", str(full),
                         "--checkpoint", str(tmp_path / "f.ckpt.npz"), *common]) == 0  # fmt: skip
    assert trainer.main(["--games", "3", "--out", str(half),
                         "--checkpoint", str(tmp_path / "h.ckpt.npz"), *common]) == 0  # fmt: skip
    assert trainer.main(["--games", "6", "--out", str(half), "--resume",
                         "--checkpoint", str(tmp_path / "h.ckpt.npz"), *common]) == 0  # fmt: skip
    a, b = bn.load_net(full), bn.load_net(half)
    for name in ("W1", "b1", "W2", "b2"):
        assert np.array_equal(getattr(a, name), getattr(b, name))
    assert a.meta["games_trained"] == 6
    assert (tmp_path / "c.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rows = (tmp_path / "c.csv").read_text().splitlines()
    assert rows[0] == "games_trained,win_rate,points_per_game,seconds"
    assert [r.split(",")[0] for r in rows[1:]] == ["0", "3", "6"]


def test_a_network_against_itself_breaks_even_with_paired_dice(tmp_path, capsys) -> None:
    net = bn.Net.random(6, np.random.default_rng(4))
    # Each dice sequence is played with colours swapped: the same chooser on both sides plays
    # the same game twice, once for each side, so every pair sums to zero.
    res = trainer.match(net, 3, seed=2, opponent=trainer.net_chooser(net))
    assert res["games"] == 6 and res["points_per_game"] == 0 and res["win_rate"] == 0.5
    path = tmp_path / "w.npz"
    bn.save_net(net, path)
    assert trainer.main(["--out", str(path), "--match", "2", "--against", str(path)]) == 0
    assert "vs " + str(path) + " (0-ply), 4 games" in capsys.readouterr().out
    assert trainer.main(["--out", str(path), "--match", "2", "--against", str(tmp_path / "x")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    with pytest.raises(SystemExit):
        trainer.main(["--against", str(path)])


def test_td_update_moves_the_value_toward_the_target() -> None:
    net = bn.Net.random(8, np.random.default_rng(3))
    learner = trainer.Learner(net, alpha=0.5, lam=0.0, halflife=0)
    a, b = trainer.start_sides()
    x = enc.encode(np.array(a), np.array(b))[0]
    h, y = net.forward(x[None])
    learner._trace(x, h[0], y[0], 0)
    target = np.array([1.0, 0.5, 0.1, 0.0, 0.0])
    learner._update(target - y[0], 0.5)
    _, y2 = net.forward(x[None])
    assert np.all(np.abs(target - y2[0]) < np.abs(target - y[0]))


def test_every_benchmark_level_loads_its_network() -> None:
    """``match --a Master-gen5w`` and the rest: each candidate's weights file is where its
    level says, and the level is the recipe its name gives (depth by the level it copies)."""
    from ai.kit import game_ai

    depth_of = {level.name: level.depth for level in game_ai(get_kit("backgammon")).levels}
    state = GAME.parse_position("sGfwATDgc/ABMA 31 1")
    for level in game_ai(get_kit("backgammon")).benchmarks:
        evaluator = get_evaluator(get_kit("backgammon"), level.evaluator)
        assert abs(evaluator.evaluate(state, state.current_player())) < 3, level.name
        recipe = level.name.split("-")[0]
        if recipe in depth_of:
            assert level.depth == depth_of[recipe], level.name
