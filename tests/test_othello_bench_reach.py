"""``bench solve --games othello``: the reaches' times come from solves that are checked, on
positions that are the same for a seed."""

from __future__ import annotations

from typing import Any

import pytest

from ai import native
from games.othello.ai import bench_reach, endgame

compiled_only = pytest.mark.skipif(not native.enabled(), reason="numba absent or switched off")


def test_the_same_seed_gives_the_same_positions_at_each_count_of_empties() -> None:
    one = bench_reach.self_play_positions((14, 16), 2, seed=3)
    assert one == bench_reach.self_play_positions((14, 16), 2, seed=3)
    assert [len(one[n]) for n in (14, 16)] == [2, 2]
    assert all(s.empties == n and not s.must_pass() for n in one for s in one[n])


@compiled_only
def test_the_reach_figures_and_their_check() -> None:
    endgame.KERNELS.warm_up()
    figures = bench_reach.reach(((bench_reach.EXACT, 12), (bench_reach.WHO_WINS, 14)), 2,
                                seed=3, check_until=14)
    assert set(figures) == {"exact 12", "who wins 14"}
    for f in figures.values():
        assert isinstance(f, dict) and f["positions"] == 2
        assert 0 <= f["median_s"] <= f["p90_s"] <= f["slowest_s"]
    lines = bench_reach.table({"path": "compiled", "warm_up_s": 0.1, **figures})
    assert "who wins 14" in lines and "median" in lines


@compiled_only
def test_a_who_wins_answer_that_contradicts_the_margin_fails_the_bench(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = endgame.solve

    def wrong(state: Any, **options: Any) -> endgame.SolveResult:
        answer = real(state, **options)
        if options.get("want_margin", True):
            return answer
        return answer._replace(margin=-answer.margin if answer.margin else 2)

    monkeypatch.setattr(bench_reach, "solve", wrong)
    with pytest.raises(ValueError, match="who wins at 14 empties said"):
        bench_reach.reach(((bench_reach.WHO_WINS, 14),), 2, seed=3, check_until=14)


def test_each_position_is_solved_repeat_times(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def counted(state: Any, **options: Any) -> endgame.SolveResult:
        calls.append(state.empties)
        return endgame.SolveResult(None, 0, 0, True, ())

    monkeypatch.setattr(bench_reach, "solve", counted)
    figures = bench_reach.reach(((bench_reach.EXACT, 12),), 2, seed=3, repeat=3)
    assert calls == [12] * 6
    assert isinstance(figures["exact 12"], dict) and figures["exact 12"]["positions"] == 2


def test_on_the_python_path_the_table_says_why_there_are_no_figures() -> None:
    assert "no figures" in bench_reach.table({"path": "Python path (KIBITZ_NATIVE=0)"})
