"""The hand-made contact features of the network's "v2" inputs, on positions whose answers can
be counted by hand, and the "v2" layout's weights file and starting point."""

from __future__ import annotations

import numpy as np
import pytest

from games.backgammon.ai import contact_features, prime_features, shot_features
from games.backgammon.ai.bitboards import Bitboards
from games.backgammon.ai.contact_features import REACH
from games.backgammon.ai.encoding import ENCODINGS, encode, encode_as
from games.backgammon.ai.net import Net, WeightsError, load_net, save_net
from games.backgammon.training.supervised import with_encoding


def board(points: dict[int, int], bar: int = 0, off: int = 0) -> np.ndarray:
    row = np.zeros(26, dtype=np.int64)
    for p, n in points.items():
        row[p] = n
    row[25], row[0] = bar, off
    return row[None, :]


def features(module, own: np.ndarray, other: np.ndarray) -> np.ndarray:
    """One feature module's features of ``own`` against ``other``."""
    return module.features(Bitboards(own, other))[0]


def test_a_roll_reaches_what_its_dice_make() -> None:
    assert REACH[:, 0].nonzero()[0].tolist() == [0, 1, 2, 3]  # 1-1: 1, 2, 3, 4 pips
    assert REACH[:, 1].nonzero()[0].tolist() == [0, 1, 2]  # 1-2: 1, 2, 3
    assert REACH[23].sum() == 1  # 24 pips: 6-6 only
    assert (REACH.sum(axis=0) > 0).all()


def test_a_blot_six_pips_in_front_of_one_checker_is_hit_by_17_rolls() -> None:
    # Own blot on point 10; the opponent's only checker on his point 21, own-numbered 4 (six
    # pips away): the 11 rolls with a 6, plus 5-1, 1-5, 4-2, 2-4, 3-3 and 2-2 = 17.
    own = board({10: 1, 6: 14})
    other = board({21: 1, 1: 14})
    shots, anchors, mobility, contact = features(contact_features, own, other)
    assert shots == pytest.approx(17 / 36)
    assert anchors == 0.0 and mobility == 1.0  # nothing back: free
    assert contact == pytest.approx((10 - 4 + 6 - 4) * 1 / 150 + 13 * 2 / 150)


def test_back_checkers_anchor_and_are_blocked_by_made_points() -> None:
    # Two on the opponent's 1-point (own 24); he has made his 2, 3, 4 and 5 points.
    own = board({24: 2, 6: 13})
    other = board({2: 2, 3: 2, 4: 2, 5: 2, 13: 7})
    shots, anchors, mobility, _ = features(contact_features, own, other)
    assert anchors == 0.5 and shots == 0.0
    # from own 24, dice 1 to 4 land on own 23..20, his 2..5 points: blocked; 5 and 6 are open
    assert mobility == pytest.approx(1 - (4 / 6) ** 2)


def test_a_race_has_no_contact_pips() -> None:
    own = board({3: 5, 2: 5, 1: 5})
    other = board({4: 5, 5: 5, 6: 5})
    assert features(contact_features, own, other)[3] == 0.0


def test_v2_starts_as_its_v1_teacher_and_its_file_round_trips(tmp_path) -> None:
    rng = np.random.default_rng(1)
    teacher = Net.random(8, rng)
    student = with_encoding(teacher, "v2")
    a, b = board({24: 2, 13: 5, 8: 3, 6: 5}), board({24: 2, 13: 5, 8: 3, 6: 5})
    assert encode_as(a, b, "v2").shape == (1, ENCODINGS["v2"])
    assert np.allclose(encode_as(a, b, "v2")[:, : ENCODINGS["v1"]], encode(a, b))
    assert np.allclose(student.probs(a, b), teacher.probs(a, b))
    path = tmp_path / "v2.npz"
    save_net(student, path)
    loaded = load_net(path)
    assert loaded.encoding == "v2" and loaded.W1.shape == (ENCODINGS["v2"], 8)
    assert np.allclose(loaded.probs(a, b), student.probs(a, b))


# -- the "v3" inputs: shots with blocks checked, escapes from a table ------------------------------


def test_a_made_point_in_the_way_blocks_combined_shots() -> None:
    # The 17 rolls of the blot six pips away lose 2-2: its first step lands on the own 6-point
    # (made). 4-2 still hits (2 then 4 lands on the open 8-point first); so do 5-1 and 3-3.
    own = board({10: 1, 6: 14})
    other = board({21: 1, 1: 14})
    hit, two, loss = features(shot_features, own, other)
    assert hit == pytest.approx(16 / 36) and two == 0.0
    assert loss == pytest.approx(16 / 36 * (25 - 10) / 25)


def test_two_blots_in_reach_of_one_roll_make_a_double_shot() -> None:
    # Blots on own 10 and 7; one opposing checker on own place 4: 3 away from one, 6 from the
    # other. 6-3 and 3-6 reach both (2 rolls); 3-3 reaches 7, then 10 (1): 3 of 36.
    own = board({10: 1, 7: 1, 13: 13})
    other = board({21: 1, 1: 14})
    hit, two, loss = features(shot_features, own, other)
    assert two == pytest.approx(3 / 36)
    # the worst hit is the blot nearer home (25 - 7 pips lost) whenever it is hit
    singles, doubles = shot_features.blots_hit(Bitboards(own, other))
    assert doubles[0, 2] == (1 << 7) | (1 << 10)
    assert 0 < loss <= hit * (25 - 7) / 25


def test_a_six_prime_leaves_no_escape() -> None:
    # The opponent holds his 2..7 points (own places 18..23) in front of a checker on own 24.
    own = board({24: 1, 6: 14})
    other = board({2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 13: 3})
    escapes, containment, timing, buried = features(prime_features, own, other)
    assert escapes == 0.0 and containment == 1.0
    assert timing == pytest.approx(((24 - 6) + 12 * 5) / 100) and buried == 0.0


def test_the_escape_table_counts_rolls_by_hand() -> None:
    # One blocked point right in front (distance 1): every roll but 1-1 jumps it.
    assert prime_features._escapes(0b1) == 35
    # Distances 1..5 blocked: only rolls with a 6 get past, 6-6 included: 11.
    assert prime_features._escapes(0b11111) == 11
    # A six-point prime: nothing.
    assert prime_features._escapes(0b111111) == 0
    # Nothing in front: free.
    assert prime_features.ESCAPES[0] == 1.0


def test_v3_extends_v2_and_a_split_network_sends_races_to_its_race_half(tmp_path) -> None:
    a = board({24: 2, 13: 5, 8: 3, 6: 5})
    race_a, race_b = board({3: 5, 2: 5, 1: 5}), board({4: 5, 5: 5, 6: 5})
    assert np.allclose(encode_as(a, a, "v3")[:, : ENCODINGS["v2"]], encode_as(a, a, "v2"))
    rng = np.random.default_rng(2)
    contact, race = with_encoding(Net.random(8, rng), "v3"), Net.random(6, rng)
    split = Net(contact.W1, contact.b1, contact.W2, contact.b2, encoding="v3", race=race)
    both_a, both_b = np.vstack([a, race_a]), np.vstack([a, race_b])
    p = split.probs(both_a, both_b)
    assert np.allclose(p[0], contact.probs(a, a)[0]) and np.allclose(p[1], race.probs(race_a, race_b)[0])
    path = tmp_path / "split.npz"
    save_net(split, path)
    loaded = load_net(path)
    assert loaded.race is not None and loaded.race.hidden == 6
    assert np.allclose(loaded.probs(both_a, both_b), p)


@pytest.mark.parametrize(
    "damage, message",
    [
        ("race_not_an_object", "race network's description is not an object"),
        ("race_array_missing", "lacks the array"),
        ("race_wrong_shape", "race_W2 has shape"),
        ("race_unknown_layout", "'v9' layout"),
    ],
)
def test_a_damaged_race_network_gives_one_line(tmp_path, damage: str, message: str) -> None:
    import json

    rng = np.random.default_rng(4)
    net = Net.random(8, rng)
    net.race = Net.random(6, rng)
    path = tmp_path / "split.npz"
    save_net(net, path)
    arrays = dict(np.load(path))
    meta = json.loads(str(arrays["meta"]))
    if damage == "race_not_an_object":
        arrays["meta"] = np.array(json.dumps({**meta, "race": 3}))
    elif damage == "race_array_missing":
        del arrays["race_b1"]
    elif damage == "race_wrong_shape":
        arrays["race_W2"] = np.zeros((6, 4))
    else:
        arrays["meta"] = np.array(json.dumps({**meta, "race": {"encoding": "v9", "hidden": 6}}))
    with open(path, "wb") as f:
        np.savez(f, **arrays)
    with pytest.raises(WeightsError, match=message) as info:
        load_net(path)
    assert "\n" not in str(info.value)
