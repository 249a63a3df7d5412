"""``kibitz tournament``: a round robin's crosstable, its Elo estimate, and a run resumed
after a stop giving the very table an uninterrupted run gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import main
from cli.crosstable import Crosstable, Pairing


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main.main(["tournament", *args])
    out, err = capsys.readouterr()
    return code, out, err


PLAYERS = "Beginner,Casual,Master"
BASE = ["--game", "tictactoe", "--players", PLAYERS, "--games", "4", "--jobs", "1"]


def test_a_round_robin_writes_its_crosstable_and_resumes_after_a_stop(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    whole_dir, cut_dir = tmp_path / "whole", tmp_path / "cut"
    code, out, err = run(capsys, *BASE, "--seed", "5", "--dir", str(whole_dir), "--json")
    assert code == 0, err
    whole = json.loads(out)
    assert [p["player"] for p in whole["players"]][0] == "Master"  # never loses
    assert sum(p["games"] for p in whole["players"]) == 3 * 4 * 2  # 3 pairings, both sides
    assert (whole_dir / "crosstable.csv").read_text().startswith("#,player,1,2,3,score")
    assert json.loads((whole_dir / "crosstable.json").read_text())["players"] == whole["players"]
    # A stop in the middle: the second pairing's record cut after one game, the third gone.
    code, _, err = run(capsys, *BASE, "--seed", "5", "--dir", str(cut_dir))
    assert code == 0, err
    records = sorted(cut_dir.glob("*.jsonl"))
    assert len(records) == 3
    lines = records[1].read_text().splitlines()
    records[1].write_text("\n".join(lines[:2]) + "\n")
    records[2].unlink()
    code, out, err = run(capsys, *BASE, "--dir", str(cut_dir), "--json")  # seed from the dir
    assert code == 0, err
    assert json.loads(out)["players"] == whole["players"]


def test_bad_players_and_another_tournaments_folder_are_one_line_errors(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for players, words in (("Master", "at least two"), ("Master,master", "twice"),
                           ("Master,Grandmaster", "unknown level")):
        code, _, err = run(capsys, "--game", "tictactoe", "--players", players)
        assert code == 2 and words in err and len(err.strip().splitlines()) == 1
    folder = tmp_path / "t"
    assert run(capsys, *BASE, "--seed", "1", "--dir", str(folder))[0] == 0
    code, _, err = run(capsys, "--game", "tictactoe", "--players", "Beginner,Master",
                       "--games", "4", "--dir", str(folder))
    assert code == 2 and "holds another tournament (its players differ)" in err


def test_elo_follows_the_scores_and_ties_go_to_the_head_to_head() -> None:
    table = Crosstable(["a", "b", "c"], [Pairing(0, 1, 10, 5.0), Pairing(0, 2, 10, 9.0),
                                         Pairing(1, 2, 10, 9.0)])
    elo = table.elo()
    assert abs(sum(elo)) < 1e-6 and elo[0] == pytest.approx(elo[1]) and elo[2] < elo[0] - 200
    assert table.ranked() == [0, 1, 2]  # level on points, drawn head to head: as given
    tied = Crosstable(["a", "b", "c"], [Pairing(0, 1, 10, 4.0), Pairing(0, 2, 10, 10.0),
                                        Pairing(1, 2, 10, 8.0)])
    assert tied.totals()[0] == tied.totals()[1] == (14.0, 20)
    assert tied.ranked()[:2] == [1, 0]  # b beat a 6-4
    unbeaten = Crosstable(["a", "b"], [Pairing(0, 1, 10, 10.0)]).elo()
    assert 0 < unbeaten[0] < 800  # finite: the virtual draw


def test_programs_take_part_and_their_forfeits_are_named(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A class's agents in the round robin: one that plays an illegal move forfeits each of
    its games (the tournament goes on) and the report says so."""
    greedy = "file:examples/agents/tictactoe/greedy.py"
    illegal = "file:tests/agents/illegal.py"
    code, out, err = run(capsys, "--game", "tictactoe", "--players",
                         f"Beginner,{greedy},{illegal}", "--games", "2", "--jobs", "1",
                         "--seed", "4", "--move-time", "1", "--dir", str(tmp_path / "class"))
    assert code == 0, err
    lines = out.splitlines()
    assert any(line.split()[1:2] == [illegal] and "0/4" in line for line in lines)
    assert f"{illegal} forfeited 4 games (the first: illegal move" in out
    assert list((tmp_path / "class" / "logs").iterdir())  # the programs' logs, per pairing
