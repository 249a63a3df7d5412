"""The learned Othello evaluator: weights file format, packed indices, symmetry, errors."""

from __future__ import annotations

import random
from array import array
from pathlib import Path

import pytest

from games.othello.ai import patterns as op
from games.othello.ai.patterns_def import (
    N_STAGES,
    PATTERNS,
    SYMMETRIES,
    bias_index,
    images,
    weights_per_stage,
)
from games.othello.game import GAME
from games.othello.rules import OthelloState


def _random_tables(seed: int) -> list[array]:
    rng = random.Random(seed)
    return [
        array("h", (rng.randint(-3000, 3000) for _ in range(weights_per_stage())))
        for _ in range(N_STAGES)
    ]


def random_positions(seed: int, games: int = 6) -> list[OthelloState]:
    """Every position of ``games`` random games from the start (the native tests use them
    too)."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        s = GAME.initial_state()
        while not s.is_over():
            out.append(s)
            s = s.apply(rng.choice(s.legal_moves()))
    return out


def _by_hand(tables: list[array], s: OthelloState) -> float:
    """The definition, square by square: every image's configuration index, summed."""
    table = tables[min((64 - s.empties - 4) // 4, N_STAGES - 1)]
    offsets = op.table_offsets()
    total = table[bias_index()]
    for img in images():
        index = 0
        for i, sq in enumerate(img.squares):
            cell = 1 if s.me >> sq & 1 else 2 if s.opp >> sq & 1 else 0
            index += 3**i * cell
        total += table[offsets[img.pattern] + index]
    for k, feature in enumerate(op.dense_features(s.me, s.opp), start=1):
        total += table[bias_index() + k] * feature
    return max(-op.LIMIT, min(op.LIMIT, total / op.SCALE))


def test_packed_indices_match_the_definition() -> None:
    tables = _random_tables(1)
    model = op.PatternModel(tables)
    for s in random_positions(2, games=3):
        assert model.value(s.me, s.opp) == pytest.approx(_by_hand(tables, s))


def test_symmetric_images_fold_into_one_placement() -> None:
    # The edge, the rows, the diagonals and the 3x3 corner are their own mirror images, so
    # their eight ordered images cover four placements (the long diagonal two); the 2x5
    # corner has no symmetry of its own: eight placements.
    per_pattern = [0] * len(PATTERNS)
    for first, maps in op.placements():
        per_pattern[first.pattern] += 1
        assert len(maps) == (1 if PATTERNS[first.pattern].name == "corner2x5" else 2)
    assert per_pattern == [4, 4, 8, 4, 4, 4, 2, 4, 4, 4, 4]
    assert sum(per_pattern) == op.PatternModel(_random_tables(7)).n_images == 46
    # Folding adds the two images' weights: a configuration read backwards by the edge's
    # mirror image lands on the same folded entry.
    tables = _random_tables(8)
    folded = op.fold_tables(tables)
    edge = PATTERNS[0]
    index = 1 * 3**0 + 2 * 3**1  # a1 mover, b1 opponent, rest empty
    mirrored = 1 * 3**7 + 2 * 3**6  # the same squares read from h1: h1 mover, g1 opponent
    assert edge.name == "edge+2x"
    assert folded[0][index] == tables[0][index] + tables[0][mirrored]


def test_every_image_and_symmetry_is_used() -> None:
    assert len(PATTERNS) == 11 and len(images()) == 84
    model = op.PatternModel(_random_tables(3))
    for s in random_positions(4, games=3)[::7]:
        value = model.value(s.me, s.opp)
        for perm in SYMMETRIES:
            me = sum(1 << perm[q] for q in range(64) if s.me >> q & 1)
            opp = sum(1 << perm[q] for q in range(64) if s.opp >> q & 1)
            assert model.value(me, opp) == pytest.approx(value)


def test_weights_round_trip(tmp_path: Path) -> None:
    weights = [[w / op.SCALE for w in t] for t in _random_tables(5)]
    path = tmp_path / "w.bin"
    op.save_weights(path, weights, {"seed": 9})
    header, tables = op.load_weights(path)
    assert header["seed"] == 9 and header["format_version"] == op.FORMAT_VERSION
    assert tables == _random_tables(5)


@pytest.mark.parametrize(
    ("mangle", "message"),
    [
        (lambda raw: b"GARBAGE" + raw, "not an Othello pattern weights file"),
        (lambda raw: raw[:-50], "corrupt"),
        (lambda raw: raw.replace(b'"stages": 16', b'"stages": 15'), "other patterns"),
    ],
)
def test_bad_weight_files_give_one_line(tmp_path: Path, mangle, message: str) -> None:
    path = tmp_path / "w.bin"
    op.save_weights(path, [[0.0] * weights_per_stage()] * N_STAGES, {})
    path.write_bytes(mangle(path.read_bytes()))
    with pytest.raises(ValueError, match=message) as info:
        op.load_weights(path)
    assert "\n" not in str(info.value)
    with pytest.raises(ValueError, match="cannot read"):
        op.load_weights(tmp_path / "missing.bin")


def test_missing_weights_fail_only_the_levels_that_use_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ai.api import Limits, SearchConfig
    from ai.engine import run_search

    monkeypatch.setattr(op, "default_weights_path", lambda: tmp_path / "none.bin")
    monkeypatch.setattr(op, "_MODEL", None)
    start = GAME.initial_state()
    with pytest.raises(ValueError, match="cannot read Othello pattern weights"):
        run_search(start, SearchConfig("othello", limits=Limits(depth=2), evaluator="patterns"))
    assert run_search(start, SearchConfig("othello", limits=Limits(depth=2))).move is not None


def test_shipped_weights_load_and_speak_in_discs() -> None:
    ev = op.OthelloPatternEvaluator()
    start = GAME.initial_state()
    assert abs(ev.evaluate(start, 0)) < 8  # the start is about even
    s = random_positions(6, games=1)[30]
    assert ev.evaluate(s, 0) == pytest.approx(-ev.evaluate(s, 1))
    # A corner-heavy position for Black is a big predicted win for Black.
    corners = GAME.parse_position(
        "XXXXXXXXXX----XXX-OOO--XX-OXXO-XX-OXO--XX-OOO--XXX----XXXXXXXXXX O"
    )
    assert ev.evaluate(corners, 0) > 12  # the 14,000-game tables: +17


def test_the_trainers_defaults_are_the_shipped_tables_recipe() -> None:
    from games.othello.ai.patterns import default_weights_path, load_weights
    from games.othello.training.patterns import build_parser

    header, _ = load_weights(default_weights_path())
    args = build_parser().parse_args([])
    recipe = {"seed": args.seed, "games": args.games, "ridge": args.ridge, "iters": args.iters}
    assert recipe == {k: header[k] for k in recipe}
