"""Training labels: a position's label is the 1-ply search's look, the same seed gives the same
chunks, and a run stopped part way and resumed makes the same files as one that never
stopped."""

from __future__ import annotations

import json

import numpy as np
import pytest

from games.backgammon.ai.net import NetEvaluator, default_weights_path, equity, load_net
from games.backgammon.ai.ply import BackgammonPlySearcher
from games.backgammon.training.labels import (
    chunk_path,
    generate,
    make_chunk,
    one_ply,
    read_chunk,
)
from games.backgammon.training.net import start_sides


def test_a_label_is_the_one_ply_search() -> None:
    """The label's equity is what the batched searcher's 1-ply chance layer says."""
    net = load_net()
    searcher = BackgammonPlySearcher(NetEvaluator(net))
    chunk = make_chunk(net, seed=3, index=0, size=6)
    for a, b, eq1 in zip(chunk["a"], chunk["b"], chunk["eq1"], strict=True):
        a, b = [int(x) for x in a], [int(x) for x in b]
        searched = searcher._last_chance(a, b, None)
        assert float(eq1) == pytest.approx(searched, abs=1e-5)
    a, b = start_sides()
    label = one_ply(net, a, b)
    assert label.shape == (5,) and 0.3 < label[0] < 0.7
    assert float(equity(label[None])[0]) == pytest.approx(searcher._last_chance(a, b, None))


def test_chunks_are_reproducible_and_resumable(tmp_path) -> None:
    first = tmp_path / "first"
    assert generate(first, seed=5, chunks=3, size=40, quiet=True) == [0, 1, 2]
    again = tmp_path / "again"
    generate(again, seed=5, chunks=1, size=40, quiet=True)  # stopped after one chunk
    assert generate(again, seed=5, chunks=3, size=40, quiet=True) == [1, 2]
    for i in range(3):
        x, y = read_chunk(chunk_path(first, i)), read_chunk(chunk_path(again, i))
        for key in x:
            assert np.array_equal(x[key], y[key]), (i, key)
    other = tmp_path / "other"
    generate(other, seed=6, chunks=1, size=40, quiet=True)
    assert not np.array_equal(read_chunk(chunk_path(other, 0))["a"],
                              read_chunk(chunk_path(first, 0))["a"])
    with pytest.raises(ValueError, match="other settings"):
        generate(first, seed=6, chunks=3, size=40, quiet=True)


def test_positions_lean_toward_disagreement(tmp_path) -> None:
    chunk = make_chunk(load_net(), seed=2, index=0, size=200)
    diff = np.abs(chunk["eq1"] - chunk["eq0"])
    # A quarter of the agreeing positions are kept, every disagreeing one.
    assert (diff >= 0.05).mean() > 0.4
    assert np.all(chunk["label"] >= 0.0) and np.all(chunk["label"][:, 0] <= 1.0)


def test_a_damaged_chunk_is_named(tmp_path) -> None:
    bad = tmp_path / "chunk-00000.npz"
    bad.write_bytes(b"not a zip")
    with pytest.raises(ValueError, match="chunk-00000.npz"):
        read_chunk(bad)


def test_a_two_ply_label_is_the_one_ply_search_at_every_roll(monkeypatch) -> None:
    """From the start (every roll has several moves), the label's equity is the roll-weighted
    value of Advanced's one-chance-layer search of each rolled position, given the label's
    move filter: two chance layers."""
    from ai.api import Limits
    from games.backgammon.ai import ply
    from games.backgammon.rules import ROLLS, START_POINTS, BackgammonState
    from games.backgammon.training.labels import LABEL_KEEP, LABEL_MARGIN, two_ply

    monkeypatch.setitem(ply.ROOT_KEEP, 3, LABEL_KEEP)
    monkeypatch.setitem(ply.ROOT_MARGIN, 3, LABEL_MARGIN)
    net = load_net()
    evaluator = NetEvaluator(net)
    a, b = start_sides()
    searched = sum(
        chance * BackgammonPlySearcher(evaluator).search(
            BackgammonState(START_POINTS, (0, 0), (0, 0), 0, dice), Limits(depth=3)).score
        for dice, chance in ROLLS)
    label = two_ply(net, a, b)
    assert float(equity(label[None])[0]) == pytest.approx(searched, abs=1e-9)
    assert label[1] <= label[0] and label[3] <= 1 - label[0]  # consistent chances


def test_deeper_labels_are_for_the_same_positions(tmp_path) -> None:
    net = load_net()
    shallow = make_chunk(net, seed=4, index=1, size=2)
    deep = make_chunk(net, seed=4, index=1, size=2, depth=2)
    assert np.array_equal(shallow["a"], deep["a"]) and np.array_equal(shallow["eq0"], deep["eq0"])
    assert not np.array_equal(shallow["label"], deep["label"])
    generate(tmp_path, seed=4, chunks=1, size=2, quiet=True)
    with pytest.raises(ValueError, match="other settings"):
        generate(tmp_path, seed=4, chunks=2, size=2, quiet=True, depth=2)


def test_depth_2_labels_of_the_searchs_wider_filter_are_not_mixed_in(tmp_path) -> None:
    """A folder of depth-2 labels made with the search's root filter (before the labels had
    their own) is refused, not topped up with labels of the narrower filter."""
    generate(tmp_path, seed=4, chunks=1, size=2, quiet=True, depth=2)
    meta = json.loads((tmp_path / "meta.json").read_text())
    assert meta["filter"] == [8, 0.16]
    del meta["filter"]
    (tmp_path / "meta.json").write_text(json.dumps(meta))
    with pytest.raises(ValueError, match="other settings"):
        generate(tmp_path, seed=4, chunks=2, size=2, quiet=True, depth=2)


def test_meta_records_the_command_that_remakes_the_folder(tmp_path) -> None:
    """The recorded command names the teacher when one was given, so the folder can be
    remade from its meta.json alone."""
    generate(tmp_path / "shipped", seed=4, chunks=1, size=2, quiet=True)
    shipped = json.loads((tmp_path / "shipped" / "meta.json").read_text())["command"]
    assert "--weights" not in shipped and "--seed 4 --chunk 2" in shipped
    teacher = default_weights_path()
    generate(tmp_path / "given", seed=4, chunks=1, size=2, quiet=True, weights=teacher)
    given = json.loads((tmp_path / "given" / "meta.json").read_text())["command"]
    assert given.endswith(f"--weights {teacher}")
