"""``bench parse`` prints every reader's time per KB at two sizes, a table then one JSON line;
no figure is checked against a clock here (the machine may be loaded), only that it is there."""

from __future__ import annotations

import json

import pytest

import main
from ai.bench import ParseCase
from cli.bench_parse import format_table


def test_bench_parse_prints_a_table_then_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main.main(["bench", "parse", "--kb", "1,2", "--repeat", "1", "--games", "othello"])
    out = capsys.readouterr().out
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[0].startswith("parse: time per KB") and "1 KB" in lines[1] and "2 KB" in lines[1]
    figures = json.loads(lines[-1])
    assert figures["kb"] == [1, 2]
    cases = figures["parse"]
    assert "othello GGF: a value full of ;)" in cases and "othello move: its first move repeated" in cases
    assert "engine: one long line" in cases and "save file: comment lines" in cases
    assert not any(name.startswith("nim ") for name in cases)
    for name, row in cases.items():
        assert len(row["us_per_kb"]) == 2 and row["growth"] > 0, name
        assert name in out.split("\n{")[0]  # in the table too
    assert cases["othello GGF: a value full of ;)"]["outcome"] == "read"


def test_the_table_shows_a_quadratic_reader_as_growth() -> None:
    figures = {"slow": {"us_per_kb": [10.0, 100.0], "growth": 10.0, "outcome": "read"}}
    table = format_table(figures, (10, 100))
    assert "10 quadratic" in table.splitlines()[0] and "10.00x" in table.splitlines()[-1]


def test_a_case_is_measured_at_most_at_the_longest_text_its_reader_takes() -> None:
    from cli.bench_parse import _time

    seen: list[int] = []
    case = ParseCase("capped", lambda n: "[" + "x" * n + "]", lambda text: seen.append(len(text)),
                     500)
    _, length, outcome = _time(case, 4096, 1)
    assert length == 500 and outcome == "read" and max(seen) == 500


def test_sizes_must_grow() -> None:
    code = None
    with pytest.raises(SystemExit) as exc:
        main.main(["bench", "parse", "--kb", "100,10"])
    code = exc.value.code
    assert code == 2
