"""``kibitz explain``: recorded trees as JSON and text, comparisons, and one-line errors."""

from __future__ import annotations

import json

import pytest

import main

TEXTBOOK = "[[3,12,8],[2,4,6],[14,5,2]]"
BARE = ["--no-tt", "--no-ordering", "--no-pvs"]


def explain(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main.main(["explain", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_tree_json_textbook(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = explain(capsys, "--tree", TEXTBOOK, "--algorithm", "alphabeta", *BARE,
                           "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["value"], data["move"], data["value_text"]) == (3, "a", "3 for MAX")
    assert (data["nodes"], data["leaves"], data["cutoffs"]) == (11, 7, 1)
    assert data["evaluated_leaves"] == [3, 12, 8, 2, 14, 5, 2]
    tree = data["tree"]
    root = tree[0]
    assert root["kind"] == "max" and root["move"] is None and len(root["children"]) == 3
    b = tree[root["children"][1]]
    assert (b["kind"], b["move"], b["value"], b["alpha"], b["beta"], b["pruned"]) == (
        "min", "b", 2, 3, None, 2)
    assert {t["kind"] for t in tree} == {"max", "min", "leaf"}


def test_example_and_minimax(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = explain(capsys, "--example", "four-ply", "--algorithm", "minimax", "--json")
    data = json.loads(out)
    assert code == 0 and data["value"] == 5 and data["nodes"] == 31 and data["cutoffs"] == 0
    assert all(t["alpha"] is None and t["beta"] is None for t in data["tree"])


def test_chance_tree_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = explain(capsys, "--example", "chance-rescaled", "--algorithm",
                           "expectiminimax", "--json")
    data = json.loads(out)
    assert code == 0 and data["move"] == "b" and data["value"] == pytest.approx(7.9)
    chance = [t for t in data["tree"] if t["kind"] == "chance"]
    assert chance and {data["tree"][c]["probability"] for c in chance[0]["children"]} == {
        0.9, 0.1}


def test_text_tree(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = explain(capsys, "--tree", TEXTBOOK, "--algorithm", "alphabeta", *BARE)
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == "value 3 for MAX (proven), move a; 11 nodes, 7 leaves, 1 pruning (2 skipped)"
    assert "├─ b MIN [3, +inf] = <=2 cutoff (2 skipped)" in lines
    assert lines[-1] == "leaves evaluated, in order: 3, 12, 8, 2, 14, 5, 2"


def test_real_game_json_counts_match_analyze(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--game", "tictactoe", "--position", "X---O---- X", "--algorithm", "minimax",
            "--depth", "3"]
    code, out, _ = explain(capsys, *args, "--json")
    data = json.loads(out)
    assert code == 0 and data["nodes"] == 1 + 7 + 7 * 6 + 7 * 6 * 5
    assert data["nodes"] == data["stats"]["nodes"]
    code = main.main(["analyze", *args])
    analyzed = json.loads(capsys.readouterr()[0])
    assert analyzed["stats"]["nodes"] == data["nodes"]
    assert analyzed["value"] == data["value"]


def test_node_budget(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = explain(capsys, "--game", "othello", "--depth", "3", "--algorithm",
                           "minimax", "--node-budget", "10")
    assert code == 0
    assert "(60 more nodes were searched but not recorded" in out


def test_compare_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = explain(capsys, "--tree", TEXTBOOK, "--compare")
    data = json.loads(out)
    assert code == 0 and data["depth"] == 2
    assert [r["nodes"] for r in data["rows"]][:2] == [13, 11]
    assert data["agreement"].startswith("All 6 finished searches agree")


def test_depth_chart_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = explain(capsys, "--game", "nim", "--position", "3,4 1", "--depth", "3",
                           "--depth-chart", "--algorithm", "minimax")
    data = json.loads(out)
    assert code == 0 and [r["depth"] for r in data["rows"]] == [1, 2, 3]


def test_png_export(capsys: pytest.CaptureFixture[str], tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    for extra, name in (([], "tree.png"), (["--compare"], "compare.png"),
                        (["--depth-chart"], "depth.png")):
        path = tmp_path / name
        code, out, _ = explain(capsys, "--tree", TEXTBOOK, *extra, "--png", str(path))
        assert code == 0 and out
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--example", "nope"], "unknown classroom example"),
        (["--tree", "[1,2"], "expected ']'"),
        (["--game", "othello"], "give --depth"),
        (["--tree", "[1]", "--game", "nim"], "leave out --game"),
        (["--game", "tictactoe", "--depth", "2", "--algorithm", "foo"], "unknown algorithm"),
        (["--game", "tictactoe", "--position", "XXXOO---- O", "--depth", "2"], "game is over"),
        (["--game", "backgammon", "--depth", "2"], "no dice"),
        (["--depth", "2"], "give --game"),
        (["--game", "nim", "--depth", "0"], "between 1 and 64"),
        (["--example", "textbook", "--png", "tree.jpg"], "must end in .png"),
        (["--example", "textbook", "--compare", "--max-seconds", "nan"], "time must be"),
        (["--example", "textbook", "--png", "/no/such/folder/t.png"], "no such folder"),
    ],
)
def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], args: list[str],
                               message: str) -> None:
    try:
        code = main.main(["explain", *args])
    except SystemExit as exc:  # argparse's own flag errors
        code = exc.code
    err = capsys.readouterr()[1]
    assert code == 2
    assert message in err and err.count("\n") == 1


def test_an_mcts_tree_is_told_by_iterations_visits_and_means(
        capsys: pytest.CaptureFixture[str]) -> None:
    """MCTS has no depth and prunes nothing: the text says its iterations, and each node its
    visits and mean, most visited first; the root's N is the iterations asked for."""
    code, out, err = explain(capsys, "--game", "tictactoe", "--algorithm", "mcts",
                             "--iterations", "120", "--seed", "3")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("MCTS (UCT, C = 1.41) · 120 iterations: ")
    assert "depth" not in "\n".join(lines[:3]) and "pruning" not in out
    root = next(line for line in lines if line.startswith("root"))
    assert "N 120 " in root
    first_level = [line for line in lines if line.startswith(("├─ ", "└─ "))]
    visits = [int(line.split(" N ")[1].split()[0]) for line in first_level]
    assert visits == sorted(visits, reverse=True) and sum(visits) == 120
    assert all(" UCB " in line for line in first_level)


def test_mcts_refuses_a_depth_and_others_refuse_iterations(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = explain(capsys, "--game", "nim", "--algorithm", "mcts", "--depth", "3")
    assert code != 0 and "no depth" in err and len(err.strip().splitlines()) == 1
    code, _, err = explain(capsys, "--game", "nim", "--algorithm", "alphabeta",
                           "--iterations", "30")
    assert code != 0 and "--iterations is for --algorithm mcts" in err
