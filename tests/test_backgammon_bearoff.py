"""The bear-off database: one-sided values worked by hand, the DP against a brute-force
expectimax on the rules engine, the dedicated move generator against the rules engine, the
exact race values, the network hook, the file, the panel and the JSON."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from game.registry import get_kit
from games.backgammon import movegen as mg
from games.backgammon.ai import bearoff as bo
from games.backgammon.ai import net as bn
from games.backgammon.game import GAME
from games.backgammon.rules import ROLLS, from_board, mirror
from games.backgammon.training import bearoff as gen

#: One quantisation step of the stored tables.
Q = 1.0 / bo.SCALE


@pytest.fixture(scope="module")
def table() -> bo.BearoffTable:
    return bo.load_table()


def off_row(table: bo.BearoffTable, *counts: int) -> np.ndarray:
    return table.off[table.rows(np.array(counts + (0,) * (6 - len(counts))))[0]]


def first_row(table: bo.BearoffTable, *counts: int) -> np.ndarray:
    return table.first[table.rows(np.array(counts))[0]]


# -- one-sided values worked by hand ----------------------------------------------------------------


def test_positions_are_all_distributions_of_up_to_15_checkers() -> None:
    homes = bo.positions()
    assert homes.shape == (54264, 6)  # C(21, 6)
    assert homes.min() == 0 and homes.sum(axis=1).max() == 15
    assert len({tuple(h) for h in homes}) == 54264


def test_one_or_two_checkers_on_the_ace_point_go_off_in_one_roll(table: bo.BearoffTable) -> None:
    assert off_row(table, 1)[:3].tolist() == [0.0, 1.0, 0.0]
    assert off_row(table, 2)[:3].tolist() == [0.0, 1.0, 0.0]
    assert off_row(table)[0] == 1.0  # nothing left: zero rolls


def test_fifteen_on_the_ace_point(table: bo.BearoffTable) -> None:
    # A non-double takes two checkers off, a double four: count the rolls exactly.
    @cache
    def dist(n: int) -> tuple[float, ...]:
        if n <= 0:
            return (1.0,) + (0.0,) * 31
        two, four = dist(n - 2), dist(n - 4)
        return (0.0,) + tuple(5 / 6 * two[k] + 1 / 6 * four[k] for k in range(31))

    row = off_row(table, 15)
    assert row == pytest.approx(dist(15), abs=Q)
    mean = sum(k * p for k, p in enumerate(dist(15)))
    assert table.expected_rolls((15, 0, 0, 0, 0, 0)) == pytest.approx(mean, abs=1e-3)
    assert 6.9 < mean < 7.0  # 15 checkers at 2 (or 4) a roll: a little under 8 rolls of two


def test_one_checker_on_the_six_point(table: bo.BearoffTable) -> None:
    # Off in one roll: any 6 (11 of 36); 5-1..5-4, 4-2, 4-3 (the second die takes the checker
    # off from the highest point, 12 of 36); 2-2, 3-3, 4-4, 5-5 (4 of 36): 27 of 36. 1-1 and
    # the small rolls leave it for a second roll, which always finishes.
    row = off_row(table, 0, 0, 0, 0, 0, 1)
    assert row[:4] == pytest.approx([0.0, 27 / 36, 9 / 36, 0.0], abs=Q)


def test_first_checker_off_from_fifteen_on_the_six_point(table: bo.BearoffTable) -> None:
    # With 14 others still on the 6-point only one checker travelling 6 pips gets off: any 6,
    # 5-1, 4-2, 3-3, 2-2: 11 + 2 + 2 + 1 + 1 = 17 of 36 (5-2 does not: the 1-point checker
    # may not use a 2 while the 6-point is occupied).
    assert first_row(table, 0, 0, 0, 0, 0, 15)[1] == pytest.approx(17 / 36, abs=Q)
    assert first_row(table, 15, 0, 0, 0, 0, 0)[:2] == pytest.approx([0.0, 1.0], abs=Q)
    # Positions with a checker already off carry no first-off row.
    assert first_row(table, 14, 0, 0, 0, 0, 0).sum() == 0.0


def test_every_row_is_a_distribution(table: bo.BearoffTable) -> None:
    assert np.allclose(table.off.sum(axis=1), 1.0)
    full = bo.positions().sum(axis=1) == 15
    assert np.allclose(table.first[full].sum(axis=1), 1.0)
    assert (table.first[~full] == 0).all()


# -- the DP against a brute-force expectimax on the rules engine ---------------------------------------


def _rules_successors(home: tuple[int, ...], d1: int, d2: int) -> set[tuple[int, ...]]:
    """Home boards after each legal play of the rules engine's move generator, the opponent
    all borne off."""
    me = [15 - sum(home), *home] + [0] * 19
    opp = [0] * 25 + [15]
    return {tuple(r[1][1:7]) for r in mg.generate(me, opp, d1, d2)}


@cache
def _brute_expected(home: tuple[int, ...]) -> float:
    if not any(home):
        return 0.0
    return 1.0 + sum(
        p * min(_brute_expected(h) for h in _rules_successors(home, d1, d2))
        for (d1, d2), p in ROLLS
    )


@cache
def _brute_first(home: tuple[int, ...]) -> float:
    """Expected rolls until a checker of a 15-checker home board is off, by expectimax."""
    total = 1.0
    for (d1, d2), p in ROLLS:
        nexts = _rules_successors(home, d1, d2)
        if all(sum(h) == 15 for h in nexts):
            total += p * min(_brute_first(h) for h in nexts)
    return total


def test_expected_rolls_agree_with_expectimax_on_small_positions(table: bo.BearoffTable) -> None:
    small = [tuple(int(c) for c in h) for h in bo.positions() if h.sum() <= 3 and not h[4:].any()]
    small += [(0, 0, 0, 0, 2, 2), (3, 0, 0, 0, 0, 1), (0, 1, 0, 1, 0, 2)]
    assert len(small) > 30
    for home in small:
        assert table.expected_rolls(home) == pytest.approx(_brute_expected(home), abs=1e-3), home


def test_first_checker_off_agrees_with_expectimax(table: bo.BearoffTable) -> None:
    steps = np.arange(bo.FIRST_ROLLS)
    homes = [(10, 5, 0, 0, 0, 0), (0, 0, 5, 5, 5, 0), (0, 0, 0, 3, 0, 12), (0, 0, 0, 0, 0, 15)]
    for home in homes:
        mean = float(first_row(table, *home) @ steps)
        assert mean == pytest.approx(_brute_first(home), abs=1e-3), home


def test_bear_off_moves_agree_with_the_rules_engine() -> None:
    rng = random.Random(10)
    for _ in range(150):
        n = rng.randint(1, 15)
        home = [0] * 6
        for _ in range(n):
            home[rng.randrange(6)] += 1
        # An opponent in its own home board (the mover's 19..24) and on its way there.
        opp = [0] * 26
        for _ in range(rng.randint(0, 15)):
            opp[rng.randint(13, 24)] += 1
        opp[25] = 15 - sum(opp)
        me = [15 - n, *home] + [0] * 19
        for (d1, d2), _ in ROLLS:
            engine = {tuple(r[1][1:7]) for r in mg.generate(me, opp, d1, d2)}
            assert gen.roll_successors(tuple(home), d1, d2) == engine, (home, d1, d2)


# -- exact race values ---------------------------------------------------------------------------------


def sides(a_home: tuple[int, ...], b_home: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    a = np.zeros(26, dtype=np.int64)
    b = np.zeros(26, dtype=np.int64)
    a[1:7], b[1:7] = a_home, b_home
    a[0], b[0] = 15 - sum(a_home), 15 - sum(b_home)
    return a, b


def test_a_side_that_finishes_with_any_roll_wins_for_certain(table: bo.BearoffTable) -> None:
    a, b = sides((1, 1, 0, 0, 0, 0), (0, 0, 0, 0, 4, 1))
    mask, p = table.race_probs(a, b)
    assert mask.tolist() == [True] and p[0].tolist() == [1.0, 0.0, 0.0, 0.0, 0.0]
    # Against 15 checkers still on the board it is a certain gammon.
    a, b = sides((2, 0, 0, 0, 0, 0), (0, 0, 0, 5, 5, 5))
    assert table.race_probs(a, b)[1][0].tolist() == [1.0, 1.0, 0.0, 0.0, 0.0]
    # The other side on roll loses for certain, a gammon unless its one roll takes a checker
    # off from the 4-, 5- and 6-points: every roll but 2-1 does (1-1 and 3-1 from the 4-point).
    assert table.race_probs(b, a)[1][0] == pytest.approx([0, 0, 0, 2 / 36, 0], abs=Q)


def test_race_values_worked_by_hand(table: bo.BearoffTable) -> None:
    # a: one checker on the 6-point (off in 1 roll 27/36, else in 2); b: one on the ace.
    a, b = sides((0, 0, 0, 0, 0, 1), (1, 0, 0, 0, 0, 0))
    assert table.race_probs(a, b)[1][0] == pytest.approx([27 / 36, 0, 0, 0, 0], abs=2 * Q)
    assert table.race_probs(b, a)[1][0] == pytest.approx([1, 0, 0, 0, 0], abs=2 * Q)
    # Against 15 on b's 6-point (first checker off on roll 1 with 17/36): a wins for sure,
    # a gammon when b's first checker is still on after a's last roll: Fb >= Na.
    a, b = sides((0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 15))
    gammon = 27 / 36 + 9 / 36 * (1 - 17 / 36)
    assert table.race_probs(a, b)[1][0] == pytest.approx([1, gammon, 0, 0, 0], abs=4 * Q)


def test_positions_outside_the_home_boards_are_not_covered(table: bo.BearoffTable) -> None:
    a, b = sides((0, 0, 0, 0, 0, 1), (1, 0, 0, 0, 0, 0))
    a7 = a.copy()
    a7[6], a7[7] = 0, 1  # one checker on the 7-point
    b_bar = b.copy()
    b_bar[1], b_bar[25] = 0, 1
    mask, p = table.race_probs(np.stack((a, a7, a)), np.stack((b, b, b_bar)))
    assert mask.tolist() == [True, False, False] and p.shape == (1, 5)


def _bearoff_states(n: int, seed: int) -> list:
    rng = random.Random(seed)
    states = []
    for _ in range(n):
        pts = [0] * 24
        for _ in range(rng.randint(1, 15)):
            pts[rng.randrange(6)] += 1
        for _ in range(rng.randint(1, 15)):
            pts[18 + rng.randrange(6)] -= 1
        states.append(from_board(pts, to_move=rng.randrange(2)))
    return states


def test_mirrored_positions_get_mirrored_values() -> None:
    ev = bn.NetEvaluator()
    assert ev.net.bearoff is not None
    for state in _bearoff_states(40, 3):
        assert ev.from_bearoff_database(state)
        p = ev.probabilities(state, 0)
        q = ev.probabilities(mirror(state), 1)
        assert p == pytest.approx(q, abs=1e-12)
        assert 0 <= p[3] <= 1 - p[0] and p[1] <= p[0] and p[2] == p[4] == 0.0


def test_the_network_hook_replaces_only_bear_off_rows() -> None:
    ev = bn.NetEvaluator()
    plain = bn.NetEvaluator(net=bn.load_net())
    assert plain.net.bearoff is None
    contact = GAME.parse_position("4HPwATDgc/ABMA")
    assert ev.probabilities(contact, 0).tolist() == plain.probabilities(contact, 0).tolist()
    assert not ev.from_bearoff_database(contact)
    # A certain win the network alone does not see as one.
    pts = [0] * 24
    pts[0], pts[1], pts[23], pts[20] = 1, 1, -3, -2
    state = from_board(pts, to_move=0)
    assert ev.probabilities(state, 0).tolist() == [1.0, 0.0, 0.0, 0.0, 0.0]
    assert plain.probabilities(state, 0)[0] < 1.0
    # The batch of a roll's moves (what the searcher scores) uses it too.
    rolled = from_board(pts, to_move=1, dice=(2, 1))
    moves, probs = ev.move_probabilities(rolled)
    a, b = bn.sides(rolled)
    for move, p in zip(moves, probs, strict=True):
        me, opp = rolled._generated()[move]
        mask, exact = ev.net.bearoff.race_probs(np.array(opp[::-1]), np.array(me))
        assert mask[0] and p == pytest.approx(bn.flip(exact)[0], abs=1e-12)


# -- the file -------------------------------------------------------------------------------------------


def test_quantise_rows_sum_exactly() -> None:
    rng = np.random.default_rng(1)
    p = rng.random((50, 7))
    p[3] = 0.0
    q = bo.quantise(p)
    sums = q.sum(axis=1, dtype=np.int64)
    assert q.dtype == np.uint16 and sums[3] == 0 and (np.delete(sums, 3) == bo.SCALE).all()
    assert np.abs(q / bo.SCALE - p / np.maximum(p.sum(axis=1, keepdims=True), 1e-300)).max() <= Q


def test_file_round_trip(table: bo.BearoffTable, tmp_path: Path) -> None:
    path = tmp_path / "b.npz"
    bo.save_table(bo.quantise(table.off), bo.quantise(table.first), {"note": "x"}, path)
    again = bo.load_table(path)
    assert np.array_equal(again.off, table.off) and np.array_equal(again.first, table.first)
    assert again.meta["note"] == "x"
    assert table.meta["command"] == "python -m games.backgammon.training.bearoff"


def _bad_files(tmp_path: Path, table: bo.BearoffTable) -> dict[str, Path]:
    good = tmp_path / "good.npz"
    bo.save_table(bo.quantise(table.off), bo.quantise(table.first), {}, good)
    truncated = tmp_path / "truncated.npz"
    truncated.write_bytes(good.read_bytes()[:5000])
    skewed = bo.quantise(table.off)
    skewed[7, 1] += 1
    not_distributions = tmp_path / "skewed.npz"
    bo.save_table(skewed, bo.quantise(table.first), {}, not_distributions)
    wrong_format = tmp_path / "other.npz"
    np.savez(wrong_format, off=skewed, first=skewed, meta=np.array(json.dumps({"format": "x"})))
    return {"truncated": truncated, "not distributions": not_distributions,
            "wrong format": wrong_format, "missing": tmp_path / "absent.npz"}  # fmt: skip


def test_corrupt_files_give_one_line_errors(table: bo.BearoffTable, tmp_path: Path) -> None:
    for label, path in _bad_files(tmp_path, table).items():
        with pytest.raises(bo.BearoffError) as err:
            bo.load_table(path)
        assert "\n" not in str(err.value) and path.name in str(err.value), label


def test_without_the_database_the_network_still_plays(
    table: bo.BearoffTable, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    bad = _bad_files(tmp_path, table)["truncated"]
    monkeypatch.setattr(bo, "default_bearoff_path", lambda: bad)
    monkeypatch.setattr(bn, "_LOADED", {})
    ev = bn.NetEvaluator()
    err = capsys.readouterr().err.strip()
    assert ev.net.bearoff is None and err.count("\n") == 0 and "bear-off database" in err
    pts = [0] * 24
    pts[0], pts[1], pts[23] = 1, 1, -3
    state = from_board(pts, to_move=0, dice=(2, 1))
    assert not ev.from_bearoff_database(state)
    assert 0.0 < ev.probabilities(state, 0)[0] < 1.0  # the plain network's estimate
    from ai.engine import run_search
    from ai.kit import get_level

    config = get_level(get_kit("backgammon"), "Advanced").config(get_kit("backgammon"))
    assert run_search(state, config).move is not None


# -- what the user sees ------------------------------------------------------------------------------------


def _certain_win() -> str:
    pts = [0] * 24
    pts[0], pts[1], pts[23], pts[22] = 1, 1, -4, -3
    return GAME.format_position(from_board(pts, to_move=0, dice=(2, 1)))


def test_the_panel_says_the_chances_come_from_the_database() -> None:
    from games.backgammon.ui.insight import insight, insight_panel_lines

    info = insight(GAME.parse_position(_certain_win()))
    rows = [line.text for line in insight_panel_lines(info)]
    assert rows[:2] == ["Exact race, for White (to move)", "from the bear-off database"]
    assert rows[3] == "Wins 100%" and info.equity == 1.0
    opening = insight(GAME.parse_position("4HPwATDgc/ABMA"))
    assert insight_panel_lines(opening)[0].text == "Network, for White (to move)"


def test_analyze_reports_exact_chances_and_their_source(capsys: pytest.CaptureFixture[str]) -> None:
    from main import main

    for position, source, win in ((_certain_win(), "bear-off database", 1.0),
                                  ("4HPwATDgc/ABMA 31", "network", None)):  # fmt: skip
        assert main(["analyze", "--game", "backgammon", "--position", position, "--level",
                     "Advanced"]) == 0  # fmt: skip
        answer = json.loads(capsys.readouterr().out)
        assert answer["probabilities_source"] == source
        if win is not None:
            assert answer["probabilities"]["win"] == win


def test_the_comparison_match_judges_bear_off_choices(table: bo.BearoffTable) -> None:
    r = gen.compare(6, 1, table)
    assert r["games"] == 12 and r["decisions_hit"] > 0 and r["judged"] > 0
    # The side with the database always picks the database's best move; the network alone
    # is judged by the same values, never gaining on them.
    assert r["wrong"] == 0 and r["equity_lost"] == 0.0
    assert r["plain_equity_lost"] >= 0.0 and r["plain_judged"] > 0
    assert r["win_error"] < 1e-9 and r["plain_win_error"] > 0.0
