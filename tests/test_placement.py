"""``tournament --place`` and ``match --ladder --a PROGRAM``: a program placed among the levels
(it plays each level, each level the one above), resumed as one uninterrupted run, its folder
kept apart from a round robin's, and the placement's maths on hand-made crosstables."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import main
from cli.crosstable import Crosstable, Pairing
from cli.placement import place, placement_pairings

GREEDY = "file:examples/agents/tictactoe/greedy.py"
LEVELS = ["Beginner", "Casual", "Master"]
#: A level placed among three others: the same flow as a program's, without starting one.
FAST = ["--game", "tictactoe", "--place", "Intermediate", "--players", ",".join(LEVELS),
        "--games", "4", "--jobs", "1"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def opponents(report: dict[str, object]) -> dict[str, set[str]]:
    players = report["players"]
    assert isinstance(players, list)
    return {p["player"]: set(p["against"]) for p in players}


def test_a_program_plays_every_level_and_each_level_the_one_above(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "placed"
    code, out, err = run(capsys, "tournament", "--game", "tictactoe", "--place", GREEDY,
                         "--players", ",".join(LEVELS), "--games", "2", "--jobs", "1",
                         "--seed", "3", "--move-time", "1", "--dir", str(folder), "--json")
    assert code == 0, err
    report = json.loads(out)
    assert opponents(report) == {GREEDY: set(LEVELS), "Beginner": {GREEDY, "Casual"},
                                 "Casual": {GREEDY, "Beginner", "Master"},
                                 "Master": {GREEDY, "Casual"}}
    assert sum(p["games"] for p in report["players"]) == 5 * 2 * 2  # 5 pairings, both sides
    records = sorted(p.name for p in folder.glob("*.jsonl"))
    assert [name[:2] for name in records] == ["01", "02", "03", "04", "05"]
    assert "Casual-vs-Beginner" in records[3] and "Master-vs-Casual" in records[4]
    placement = report["placement"]
    assert placement["player"] == GREEDY and placement["low"] <= placement["elo"] <= placement["high"]
    assert json.loads((folder / "crosstable.json").read_text())["placement"] == placement
    beginner = next(p for p in report["players"] if p["player"] == "Beginner")
    assert beginner["elo"] == 0 and report["elo_model"].endswith("Beginner = 0")
    assert placement_pairings(3) == [(3, 0), (3, 1), (3, 2), (1, 0), (2, 1)]


def test_the_text_ends_with_the_placement_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "tournament", *FAST, "--seed", "3")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Tic-tac-toe: Intermediate placed among 3 levels, 4 games a pairing, seed 3"
    assert "Beginner = 0" in out and "profile likelihood" in out
    assert lines[-1].startswith("Intermediate places ") and "(95% interval " in lines[-1]
    assert sum(1 for line in lines if line.split()[1:2] == ["Casual"]) == 1  # the table's row


def test_a_placement_resumed_after_a_stop_reports_what_one_run_does(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    whole_dir, cut_dir = tmp_path / "whole", tmp_path / "cut"
    code, out, err = run(capsys, "tournament", *FAST, "--seed", "5", "--dir", str(whole_dir),
                         "--json")
    assert code == 0, err
    whole = json.loads(out)
    assert run(capsys, "tournament", *FAST, "--seed", "5", "--dir", str(cut_dir))[0] == 0
    records = sorted(cut_dir.glob("*.jsonl"))
    assert len(records) == 5
    lines = records[1].read_text().splitlines()
    records[1].write_text("\n".join(lines[:2]) + "\n")  # cut after its first game
    records[4].unlink()
    code, out, err = run(capsys, "tournament", *FAST, "--dir", str(cut_dir), "--json")
    assert code == 0, err
    resumed = json.loads(out)
    assert resumed["players"] == whole["players"]
    assert resumed["placement"] == whole["placement"]


def test_a_folder_holds_one_kind_of_tournament(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    robin = ["tournament", "--game", "tictactoe", "--players", ",".join(LEVELS), "--games", "2",
             "--jobs", "1", "--seed", "1", "--dir"]
    folder = tmp_path / "robin"
    assert run(capsys, *robin, str(folder))[0] == 0
    code, _, err = run(capsys, "tournament", *FAST, "--dir", str(folder))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "holds a round robin, not the placement of Intermediate" in err
    placed = tmp_path / "placed"
    assert run(capsys, "tournament", *FAST, "--dir", str(placed))[0] == 0
    code, _, err = run(capsys, *robin, str(placed))
    assert code == 2 and "holds the placement of Intermediate, not a round robin" in err
    code, _, err = run(capsys, "tournament", *[w if w != "Intermediate" else "Advanced"
                                                for w in FAST], "--dir", str(placed))
    assert code == 2 and "not the placement of Advanced" in err
    # A round robin's folder from before the kind was written still resumes.
    header = folder / "tournament.json"
    old = json.loads(header.read_text())
    del old["kind"]
    header.write_text(json.dumps(old))
    code, out, err = run(capsys, *robin[:-3], "--dir", str(folder))
    assert code == 0 and "3 players" in out, err


def test_bad_placements_are_one_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    for args, words in ((["--games", "2"], "give --players"),
                        (["--place", "Master", "--players", "Beginner,Master"],
                         "is one of --players"),
                        (["--place", "Grandmaster"], "unknown level")):
        code, _, err = run(capsys, "tournament", "--game", "tictactoe", *args)
        assert code == 2 and words in err and len(err.strip().splitlines()) == 1


def ladder_table(scale: int, placed: tuple[float, float, float]) -> Crosstable:
    """Three levels 0 < 1 < 2 (each beats the one below 3 games in 4) and a player (3) who
    scored ``placed`` out of 4 against each, every count times ``scale``."""
    return Crosstable(["Low", "Mid", "High", "P"],
                      [Pairing(3, k, 4 * scale, placed[k] * scale) for k in range(3)]
                      + [Pairing(1, 0, 4 * scale, 3 * scale), Pairing(2, 1, 4 * scale, 3 * scale)])


def test_the_placement_lies_between_the_levels_whose_elo_brackets_it() -> None:
    found = place(ladder_table(4, (4, 2.5, 0.5)), 3, [0, 1, 2])
    elo = ladder_table(4, (4, 2.5, 0.5)).elo()
    assert found.below is not None and found.above is not None
    assert (found.below[0], found.above[0]) == ("Mid", "High")
    assert found.below[1] == pytest.approx(elo[1] - elo[0])
    assert found.below[1] < found.elo < found.above[1]
    assert found.text().startswith(f"P places between Mid (Elo {found.below[1]:+.0f}) and High (")
    assert found.to_json()["between"] == ["Mid", "High"]


def test_a_player_who_beats_every_level_places_above_all_and_one_who_loses_below() -> None:
    top = place(ladder_table(2, (4, 4, 4)), 3, [0, 1, 2])
    assert top.above is None and top.below is not None and top.below[0] == "High"
    assert "places above every level" in top.text() and top.to_json()["between"] == ["High", None]
    assert top.high < 2000  # finite: the virtual draws
    bottom = place(ladder_table(2, (0, 0, 0)), 3, [0, 1, 2])
    assert bottom.below is None and bottom.elo < 0 and "places below every level" in bottom.text()


def test_the_interval_holds_the_estimate_and_narrows_with_more_games() -> None:
    widths = []
    for scale in (1, 4, 16):
        found = place(ladder_table(scale, (3, 2, 1)), 3, [0, 1, 2])
        assert found.low < found.elo < found.high
        widths.append(found.high - found.low)
        assert found == place(ladder_table(scale, (3, 2, 1)), 3, [0, 1, 2])  # no dice
    assert widths[0] > widths[1] > widths[2]
    assert widths[2] < widths[0] / 3  # about 1/sqrt(games): 16 times the games, a quarter


def test_match_ladder_with_a_program_places_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "match", "--game", "tictactoe", "--ladder", "--a", GREEDY,
                         "--games", "1", "--seed", "2", "--jobs", "1", "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["placement"]["player"] == GREEDY
    assert opponents(report)[GREEDY] == {"Beginner", "Casual", "Intermediate", "Advanced",
                                         "Master"}
    code, _, err = run(capsys, "match", "--game", "tictactoe", "--ladder", "--a", GREEDY,
                       "--csv", "x.csv")
    assert code == 2 and "--csv and --png belong to a ladder of levels" in err


def test_between_goes_by_the_levels_measured_elo_not_their_order() -> None:
    """High, named strongest, lost to Mid 6 games in 8: a player between Low and High is
    "between Low and High", not "between Low and Mid", and one above them all is above Mid,
    the strongest measured."""
    table = Crosstable(["Low", "Mid", "High", "P"],
                       [Pairing(3, 0, 8, 5.0), Pairing(3, 1, 8, 2.0), Pairing(3, 2, 8, 3.5),
                        Pairing(1, 0, 8, 7.0), Pairing(2, 1, 8, 2.0)])
    elo = table.elo()
    assert elo[0] < elo[3] < elo[2] < elo[1]
    found = place(table, 3, [0, 1, 2])
    assert found.below is not None and found.above is not None
    assert (found.below[0], found.above[0]) == ("Low", "High")
    strong = Crosstable(table.players, [Pairing(3, 0, 8, 8.0), Pairing(3, 1, 8, 7.0),
                                        Pairing(3, 2, 8, 8.0), *table.pairings[3:]])
    top = place(strong, 3, [0, 1, 2])
    assert top.below is not None and top.below[0] == "Mid" and top.above is None


def test_the_interval_is_the_likelihoods_95_percent() -> None:
    """One pairing of 400 games, even: the likelihood-ratio interval of a binomial's logit,
    about ±1.96 / sqrt(n p (1 - p)) nats, 68 Elo either side (401 games with the virtual
    draw)."""
    found = place(Crosstable(["L", "P"], [Pairing(1, 0, 400, 200.0)]), 1, [0])
    half = 1.96 / (401 * 0.25) ** 0.5 * 400 / 2.302585
    assert found.elo == pytest.approx(0, abs=1e-6)
    assert found.high == pytest.approx(half, rel=0.02) and found.low == pytest.approx(-half, rel=0.02)
