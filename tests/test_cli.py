"""The headless commands through main.main: analyze, match, bench, and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import main
from ai.selfplay import wilson
from cli.match_games import game_specs, start_position
from cli.match_tally import elo
from game.registry import get_game, get_kit

ROOT = Path(__file__).resolve().parents[1]


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main.main(list(argv))
    except SystemExit as exc:  # argparse errors exit from inside parse_args
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def run_subprocess(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *argv],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


# --------------------------------------------------------------------------- analyze


@pytest.mark.parametrize(
    ("argv", "position"),
    [
        (["--game", "tictactoe", "--depth", "9"], "--------- X"),
        (["--game", "othello", "--depth", "3"], None),
        (
            [
                "--game",
                "nim",
                "--options",
                '{"heaps": [3, 4, 5], "max_take": null}',
                "--depth",
                "12",
            ],
            None,
        ),
        (
            ["--game", "backgammon", "--position", "4HPwATDgc/ABMA 31", "--depth", "1"],
            "4HPwATDgc/ABMA 31",
        ),
    ],
)
def test_analyze_prints_json_with_a_legal_move(
    capsys: pytest.CaptureFixture[str], argv: list[str], position: str | None
) -> None:
    code, out, err = run_main(capsys, "analyze", *argv)
    assert code == 0, err
    report = json.loads(out)
    game = get_game(report["game"])
    state = game.parse_position(report["position"], **report["options"])
    if position is not None:
        assert report["position"] == position
    game.parse_move(state, report["best_move"])  # raises unless legal
    legal = {game.format_move(state, m) for m in state.legal_moves()}
    assert set(report["root_values"]) <= legal and report["best_move"] in legal
    assert report["pv"] and report["pv"][0] == report["best_move"]
    assert report["depth"] >= 1
    for key in ("nodes", "leaves", "cutoffs", "tt_probes", "tt_hits", "time", "nodes_per_s"):
        assert report["stats"][key] >= 0
    assert report["stats"]["nodes"] > 0


def test_analyze_known_values(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(
        capsys, "analyze", "--game", "tictactoe", "--algorithm", "minimax", "--depth", "9"
    )
    report = json.loads(out)
    assert (
        code == 0
        and report["value"] == 0
        and report["complete"]
        and report["algorithm"] == "minimax"
    )
    assert len(report["root_values"]) == 9 and all(v == 0 for v in report["root_values"].values())
    code, out, _ = run_main(
        capsys,
        "analyze",
        "--game",
        "nim",
        "--options",
        '{"max_take": 3}',
        "--position",
        "8 1",
        "--depth",
        "10",
    )
    assert code == 0 and json.loads(out)["value"] < 0  # 8 coins, take 1-3: the mover loses


def test_analyze_switches_and_levels(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["analyze", "--game", "othello", "--depth", "4"]
    full = json.loads(run_main(capsys, *base)[1])
    bare = json.loads(run_main(capsys, *base, "--no-tt", "--no-ordering")[1])
    assert not bare["use_tt"] and not bare["use_ordering"] and bare["stats"]["tt_probes"] == 0
    assert bare["value"] == pytest.approx(full["value"])  # same depth, same minimax value
    code, out, err = run_main(capsys, "analyze", "--game", "tictactoe", "--level", "master")
    assert code == 0, err
    assert json.loads(out)["value"] == 0


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "argv",
    [
        ["analyze", "--game", "chess"],
        ["analyze", "--game", "othello", "--depth", "0"],
        ["analyze", "--game", "othello", "--time", "soon"],
        ["analyze", "--game", "nim", "--options", "{heaps"],
        ["analyze", "--game", "othello", "--position", "XO X"],
        ["analyze", "--game", "othello", "--algorithm", "magic", "--depth", "2"],
        ["analyze", "--game", "tictactoe", "--level", "Godlike"],
        ["analyze", "--game", "tictactoe", "--position", "XXXOO---- O"],
        ["analyze", "--game", "backgammon", "--position", "4HPwATDgc/ABMA"],
        ["analyze", "--game", "tictactoe", "--algorithm", "minimax", "--level", "Master"],
        ["match", "--game", "nim", "--a", "Master", "--b", "Nobody", "--games", "2"],
        ["match", "--game", "nim", "--a", "Master", "--b", "Master", "--games", "0"],
        ["bench", "sideways"],
        ["analyze", "--frobnicate"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run_main(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("kibitz: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err


def test_bad_flag_in_a_subprocess_has_no_traceback() -> None:
    for argv in (
        ["analyze", "--game", "othello", "--depth", "-3"],
        ["analyze", "--game", "nim", "--position", "x y z"],
    ):
        proc = run_subprocess(*argv)
        assert proc.returncode == 2
        assert proc.stdout == ""
        assert proc.stderr.startswith("kibitz: error: ") and proc.stderr.count("\n") == 1
        assert "Traceback" not in proc.stderr


def test_analyze_in_a_subprocess() -> None:
    proc = run_subprocess(
        "analyze", "--game", "tictactoe", "--position", "XX-OO---- X", "--depth", "5"
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["best_move"] == "c1" and report["value"] > 0


# --------------------------------------------------------------------------- match


def test_match_statistics() -> None:
    lo, hi = wilson(0.5, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(1.0, 4) == (pytest.approx(0.5101, abs=1e-4), 1.0)
    assert elo(0.5) == 0 and elo(0.75) == pytest.approx(190.85, abs=0.01)
    assert elo(1.0) == float("inf") and elo(0.0) == float("-inf")


def test_pairs_share_an_opening_with_colours_swapped() -> None:
    specs = game_specs(get_kit("othello"), {}, "Master", "Casual", 5, seed=11)
    assert [s.a_first for s in specs] == [True, False, True, False, True]
    assert specs[0].pair_seed == specs[1].pair_seed != specs[2].pair_seed
    othello = get_kit("othello")
    first, second, third = (start_position(s, othello)[:2] for s in specs[:3])
    assert first == second and 2 <= len(first[1]) <= 4
    assert first != third
    assert game_specs(get_kit("othello"), {}, "Master", "Casual", 5, seed=11) == specs  # reproducible
    nim = get_kit("nim")
    nim_a, nim_b = (start_position(s, nim)[0] for s in game_specs(nim, {}, "A", "B", 2, seed=4))
    assert nim_a == nim_b and 2 <= len(nim_a.heaps) <= 4


def test_match_prints_a_score(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "match",
        "--game",
        "tictactoe",
        "--a",
        "Master",
        "--b",
        "Beginner",
        "--games",
        "4",
        "--jobs",
        "1",
        "--seed",
        "5",
    ]
    code, out, err = run_main(capsys, *argv)
    assert code == 0, err
    assert "4 games, seed 5" in out and "score" in out and "Elo" in out
    assert "4/4 games" in err  # the progress bar
    code, out, _ = run_main(capsys, *argv, "--json")
    s = json.loads(out)
    assert s["games"] == 4 and s["wins"] + s["draws"] + s["losses"] == 4
    assert s["losses"] == 0  # perfect play never loses at tic-tac-toe
    assert s["score"] == (s["wins"] + s["draws"] / 2) / 4
    lo, hi = s["score_ci95"]
    assert lo <= s["score"] <= hi
    again = json.loads(run_main(capsys, *argv, "--json")[1])
    clock = "seconds_a_move"  # the clock's readings differ run to run
    assert {**again, clock: None} == {**s, clock: None}  # same seed, same match


def test_match_on_two_processes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(
        capsys,
        "match",
        "--game",
        "nim",
        "--a",
        "Master",
        "--b",
        "Master",
        "--games",
        "4",
        "--jobs",
        "2",
        "--seed",
        "2",
        "--json",
    )
    assert code == 0, err
    s = json.loads(out)
    # Perfect players on the same heaps with colours swapped: each pair is split 1-1.
    assert (s["wins"], s["draws"], s["losses"]) == (2, 0, 2)
    assert s["score"] == 0.5 and s["elo"] == 0


# --------------------------------------------------------------------------- bench


def test_bench_rules_subset(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "bench", "rules", "--games", "nim,tictactoe", "--repeat", "1")
    assert code == 0, err
    figures = json.loads(out.splitlines()[-1])
    assert figures["rules"]["tictactoe"]["full_tree_nodes"] == 549946
    nim = figures["rules"]["nim"]
    assert nim["nim 1,3,5,7,9"]["first_player_wins"] is True  # nim-sum 9
    assert nim["nim 3,5,7,9 misere"]["first_player_wins"] is True  # nim-sum 8, a heap > 1
    assert nim["nim 5,8,13 take 1-3"]["first_player_wins"] is False  # 1 ^ 0 ^ 1 = 0
    assert nim["grundy 18"]["first_player_wins"] is True  # Grundy value of 18 is 4
    assert "othello" not in figures["rules"] and "search" not in figures


def test_bench_search_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "bench", "search", "--games", "nim", "--repeat", "1")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("position") and "nim 2,3,4" in out
    rows = json.loads(lines[-1])["search"]["nim 2,3,4"]
    mm, ab = rows["minimax d9"], rows["alphabeta d9"]
    assert mm["value"] == ab["value"] > 0  # nim-sum 2^3^4 = 5: a win, whatever the search
    assert mm["nodes"] > 10 * ab["nodes"]
    assert set(ab["time_to_depth"]) == {str(d) for d in range(1, 10)}


def test_bench_levels_times_every_level_on_the_same_decisions(
        capsys: pytest.CaptureFixture[str]) -> None:
    from cli.bench_levels import sample_positions

    code, out, err = run_main(capsys, "bench", "levels", "--games", "nim", "--moves", "4")
    assert code == 0 and err == ""
    levels = json.loads(out.strip().splitlines()[-1])["levels"]["nim"]
    assert list(levels) == ["Beginner", "Casual", "Intermediate", "Advanced", "Master"]
    for row in levels.values():
        assert row["moves"] == 4 and row["median_s"] <= row["p90_s"] <= row["max_s"]
    positions = sample_positions(get_kit("backgammon"), 6)
    assert [p.key() for p in positions] == [p.key() for p in sample_positions(get_kit("backgammon"), 6)]
    assert all(len(p.legal_moves()) > 1 for p in positions)


def test_bench_ui_is_dispatched_lazily(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import types

    calls = []
    fake = types.ModuleType("cli.bench_ui")
    fake.run = lambda args: calls.append(args.what) or 0  # type: ignore[attr-defined]
    fake.add_arguments = lambda parser: None  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "cli.bench_ui", fake)
    fake.__spec__ = types.SimpleNamespace(name="cli.bench_ui")  # type: ignore[assignment]
    code, _, err = run_main(capsys, "bench", "ui")
    assert code == 0, err
    assert calls == ["ui"]


def test_backgammon_match_against_pubeval_with_and_without_the_cube(
    capsys: pytest.CaptureFixture[str],
) -> None:
    base = ["match", "--game", "backgammon", "--a", "Intermediate-hand", "--b", "pubeval",
            "--games", "4", "--jobs", "1", "--seed", "9", "--json"]  # fmt: skip
    code, out, err = run_main(capsys, *base)
    assert code == 0, err
    s = json.loads(out)
    assert s["cube"] is False and s["games"] == 4
    assert s["points_per_game"] == pytest.approx(s["points_a"] / 4)
    lo, hi = s["points_per_game_ci95"]
    assert lo <= s["points_per_game"] <= hi
    code, out, err = run_main(capsys, *base, "--cube", "--jacoby")
    assert code == 0, err
    assert json.loads(out)["cube"] is True
    nim = ["match", "--game", "nim", "--a", "Master", "--b", "Master", "--games", "2", "--cube"]
    code, _, err = run_main(capsys, *nim)
    assert code == 2 and "not an option of nim (backgammon options)" in err
    code, _, err = run_main(capsys, *base, "--jacoby")
    assert code == 2 and "--jacoby needs --cube" in err


def test_a_recorded_match_resumes_to_the_uninterrupted_result(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    base = ["match", "--game", "tictactoe", "--a", "Casual", "--b", "Beginner", "--games", "6",
            "--jobs", "1", "--json"]

    def report(out: str) -> dict[str, object]:
        """The report but its clock readings (the seconds a move differ run to run)."""
        found = json.loads(out)
        assert len(found.pop("seconds_a_move")) == 2
        return found

    whole = report(run_main(capsys, *base, "--seed", "9")[1])
    record = tmp_path / "match.jsonl"
    code, out, _ = run_main(capsys, *base, "--seed", "9", "--record", str(record))
    assert code == 0 and report(out) == whole
    lines = record.read_text().splitlines()
    assert json.loads(lines[0])["format"] == "kibitz-match-record" and len(lines) == 7
    # A stop after two games, in the middle of writing the third: the cut line is dropped.
    record.write_text("\n".join(lines[:3]) + "\n" + lines[3][:9])
    code, out, err = run_main(capsys, *base, "--record", str(record))  # the seed from the file
    assert code == 0, err
    assert report(out) == whole
    assert "2/6 games  from the record" in err
    assert sorted(json.loads(x)["index"] for x in record.read_text().splitlines()[1:]) == list(
        range(6))
    # Run again: nothing left to play, the same report.
    assert report(run_main(capsys, *base, "--record", str(record))[1]) == whole


def test_a_record_keeps_each_sides_thinking_and_reads_an_older_line_without_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Equal time is measured, not assumed: each outcome keeps both sides' seconds and moves
    chosen; a line written before they were kept still reads, and a damaged value is refused."""
    record = tmp_path / "match.jsonl"
    base = ["match", "--game", "tictactoe", "--a", "Casual", "--b", "Beginner", "--games", "2",
            "--jobs", "1", "--seed", "4", "--record", str(record)]
    code, out, err = run_main(capsys, *base)
    assert code == 0, err
    assert "thinking: A " in out and " s a move (" in out
    header, *outcomes = (json.loads(x) for x in record.read_text().splitlines())
    assert all(o["turns_a"] + o["turns_b"] > 0 and o["think_a"] >= 0 for o in outcomes)
    older = {k: outcomes[0][k] for k in ("index", "result", "points_a", "plies", "finished")}
    record.write_text("\n".join(json.dumps(x) for x in (header, older, outcomes[1])) + "\n")
    code, out, err = run_main(capsys, *base, "--json")
    assert code == 0, err
    assert json.loads(out)["moves_chosen"] == [outcomes[1]["turns_a"], outcomes[1]["turns_b"]]
    damaged = {**outcomes[1], "think_a": "slow"}
    record.write_text("\n".join(json.dumps(x) for x in (header, older, damaged)) + "\n")
    code, _, err = run_main(capsys, *base)
    assert code == 2 and "line 3: an outcome with a value of the wrong kind" in err


def test_a_record_of_another_match_is_refused_and_kept(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "match.jsonl"
    base = ["match", "--game", "tictactoe", "--b", "Beginner", "--games", "2", "--jobs", "1",
            "--seed", "3", "--record", str(record)]
    assert run_main(capsys, *base, "--a", "Casual")[0] == 0
    kept = record.read_text()
    code, _, err = run_main(capsys, *base, "--a", "Master")
    assert code != 0 and "records another match (its a differ)" in err
    assert len(err.strip().splitlines()) == 1 and record.read_text() == kept
    record.write_text("garbage\n")
    code, _, err = run_main(capsys, *base, "--a", "Casual")
    assert code != 0 and "is not a match record" in err and "Traceback" not in err


def test_a_record_that_cannot_be_written_or_read_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    base = ["match", "--game", "tictactoe", "--a", "Casual", "--b", "Beginner", "--games", "2",
            "--jobs", "1", "--seed", "3"]
    blocker = tmp_path / "file"
    blocker.write_text("")
    code, _, err = run_main(capsys, *base, "--record", str(blocker / "match.jsonl"))
    assert code != 0 and "match.jsonl" in err and "Traceback" not in err
    binary = tmp_path / "binary.jsonl"
    binary.write_bytes(b'{"format": "kibitz-match-record"}\n\xff\xfe')
    code, _, err = run_main(capsys, *base, "--record", str(binary))
    assert code != 0 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
