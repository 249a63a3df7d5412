"""The hand-made contact features of the network's "v2" inputs, on positions whose answers can
be counted by hand, and the "v2" layout's weights file and starting point."""

from __future__ import annotations

import numpy as np
import pytest

from games.backgammon.ai.contact_features import REACH, side_features
from games.backgammon.ai.net import ENCODINGS, Net, encode, encode_as, load_net, save_net
from games.backgammon.training.supervised import with_encoding


def board(points: dict[int, int], bar: int = 0, off: int = 0) -> np.ndarray:
    row = np.zeros(26, dtype=np.int64)
    for p, n in points.items():
        row[p] = n
    row[25], row[0] = bar, off
    return row[None, :]


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
    shots, anchors, mobility, contact = side_features(own, other)[0]
    assert shots == pytest.approx(17 / 36)
    assert anchors == 0.0 and mobility == 1.0  # nothing back: free
    assert contact == pytest.approx((10 - 4 + 6 - 4) * 1 / 150 + 13 * 2 / 150)


def test_back_checkers_anchor_and_are_blocked_by_made_points() -> None:
    # Two on the opponent's 1-point (own 24); he has made his 2, 3, 4 and 5 points.
    own = board({24: 2, 6: 13})
    other = board({2: 2, 3: 2, 4: 2, 5: 2, 13: 7})
    shots, anchors, mobility, _ = side_features(own, other)[0]
    assert anchors == 0.5 and shots == 0.0
    # from own 24, dice 1 to 4 land on own 23..20, his 2..5 points: blocked; 5 and 6 are open
    assert mobility == pytest.approx(1 - (4 / 6) ** 2)


def test_a_race_has_no_contact_pips() -> None:
    own = board({3: 5, 2: 5, 1: 5})
    other = board({4: 5, 5: 5, 6: 5})
    assert side_features(own, other)[0, 3] == 0.0


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
