"""Backgammon's rollouts and the two opening-book builders spread (ai.spread: spawned
processes, a Dask cluster) give what one process gives, to the last bit: the rollout's table
(and each table its progress reports), ``analyze --rollout``'s JSON, each book file; a
cancelled spread rollout keeps a whole prefix of its trials (issue 47).

Small settings (a few trials cut after two plies, books of a few positions) and blocks of one
to four trials (``rollout.BLOCK``, read where the tasks are cut: here), so that even these
are several tasks finishing in any order. "The same" leaves out the clock readings (a
rollout's seconds, a search's time), which differ from run to run in one process too."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest

from ai import cluster as cluster_module
from ai.cluster import Cluster
from ai.spread import InThisProcess, Processes, Spread
from games.backgammon.ai import rollout as rollout_module
from games.backgammon.ai.rollout import Rollout, rollout
from games.backgammon.rules import BackgammonState
from games.backgammon.training import book as backgammon_book
from games.othello.training import book as othello_book
from tests.cluster_support import address
from tests.test_cli import run_main

T = TypeVar("T")
R = TypeVar("R")

SIX_FIVE = BackgammonState(to_move=0, dice=(6, 5))
MOVES = list(SIX_FIVE.legal_moves())[:3]
#: analyze's opening 4-3, searched by Intermediate without its book, three moves rolled out.
ANALYZE = ["analyze", "--game", "backgammon", "--position", "4HPwATDgc/ABMA 43 0", "--level",
           "Intermediate", "--no-book", "--rollout", "12", "--truncate", "2", "--candidates",
           "3", "--seed", "2"]
BACKGAMMON_BOOK = {"candidates": 2, "trials": 3, "truncate": 2, "seed": 5}
OTHELLO_BOOK = ["--plies", "5", "--depth", "2", "--margin", "6", "--max-positions", "30"]


class Reversed:
    """A spread that plays here and hands the results back last first (what a cluster may
    do): nothing is folded until the first task is in."""

    def completed(self, function: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        for i in reversed(range(len(tasks))):
            yield i, function(tasks[i])

    def workers(self) -> int:
        return 3

    def note(self) -> str:
        return ", 3 workers"


class Swapped(Reversed):
    """Hands the results back two by two, the second of each pair first."""

    def completed(self, function: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        for i in range(len(tasks)):
            j = i + 1 if i % 2 == 0 else i - 1
            j = j if j < len(tasks) else i
            yield j, function(tasks[j])


def rolled(trials: int, spread: Spread | None = None) -> tuple[Rollout, list[Rollout]]:
    """The 6-5's rollout (seed 3, cut after two plies) and the tables its progress saw."""
    tables: list[Rollout] = []
    answer = rollout(SIX_FIVE, MOVES, trials, seed=3, truncate=2, progress=tables.append,
                     spread=spread)
    return answer, tables


def test_a_rollout_is_the_same_here_on_two_processes_and_a_cluster(
        monkeypatch: pytest.MonkeyPatch, cluster: Cluster) -> None:
    monkeypatch.setattr(rollout_module, "BLOCK", 2)
    alone, _ = rolled(7)
    assert alone.complete and alone.trials == 7 and len({line.equity for line in alone.lines}) > 1
    for spread in (InThisProcess(), Reversed(), Processes(2), cluster):
        found, tables = rolled(7, spread=spread)
        assert found.lines == alone.lines and found.complete, spread
        # A table after each block, in trial order: each one that many trials' rollout.
        assert [t.trials for t in tables] == [2, 4, 6, 7], spread
    for table in tables[:-1]:
        assert table.lines == rolled(table.trials)[0].lines and not table.complete


def stopping_at(trials: int, cancel: threading.Event) -> Callable[[Rollout], None]:
    """A progress that cancels once a table holds ``trials``."""
    def stop(table: Rollout) -> None:
        if table.trials >= trials:
            cancel.set()

    return stop


def test_a_cancelled_spread_rollout_keeps_a_whole_prefix_of_its_trials(
        monkeypatch: pytest.MonkeyPatch, cluster: Cluster) -> None:
    monkeypatch.setattr(rollout_module, "BLOCK", 2)
    for spread in (Swapped(), cluster):
        cancel = threading.Event()
        found = rollout(SIX_FIVE, MOVES, 200, seed=3, truncate=2, cancel=cancel,
                        progress=stopping_at(4, cancel), spread=spread)
        assert not found.complete and 4 <= found.trials < 200 and found.trials % 2 == 0
        assert all(line.trials == found.trials for line in found.lines)
        assert found.lines == rolled(found.trials)[0].lines, spread
    cancel.set()  # before the first trial: nothing played, as here
    assert rollout(SIX_FIVE, MOVES, 10, cancel=cancel, spread=cluster).trials == 0


def unclocked(out: str) -> dict[str, Any]:
    report: dict[str, Any] = json.loads(out)
    del report["rollout"]["seconds"], report["stats"]["time"], report["stats"]["nodes_per_s"]
    return report


def forget_networks() -> int:
    """In a worker: how many networks its blocks rebuilt since last asked."""
    from games.backgammon.ai import carried_net

    count = len(carried_net._REBUILT)
    carried_net._REBUILT.clear()
    return count


def test_analyze_rolls_out_on_processes_and_a_cluster_as_alone(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        cluster: Cluster) -> None:
    monkeypatch.setattr(rollout_module, "BLOCK", 4)
    code, out, err = run_main(capsys, *ANALYZE)
    assert code == 0, err
    alone = unclocked(out)
    lines = alone["rollout"]["moves"]
    assert len(lines) == 3 and len({line["equity"] for line in lines}) > 1
    cluster.client.run(forget_networks)
    for flags in (["--jobs", "2"], ["--cluster", address(cluster)]):
        code, out, err = run_main(capsys, *ANALYZE, *flags)
        assert code == 0, err
        assert unclocked(out) == alone, flags
    # The cluster's workers played the blocks: each that did rebuilt the network it carried.
    assert any(cluster.client.run(forget_networks).values())


def test_analyze_refuses_a_spread_without_a_rollout_and_an_unreachable_cluster_in_one_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", 1.0)
    code, out, err = run_main(capsys, *ANALYZE[:8], "--jobs", "2")
    assert code == 2 and not out and "give --rollout TRIALS too" in err
    code, out, err = run_main(capsys, *ANALYZE, "--cluster", "tcp://127.0.0.1:1")
    assert code == 2 and not out, err
    assert err.count("\n") == 1 and err.startswith("kibitz: error: --cluster"), err
    code, out, err = run_main(capsys, *ANALYZE, "--jobs", "0")
    assert code == 2 and "--jobs" in err and "Traceback" not in err


def rolls(book: dict) -> dict:
    """A backgammon book's rolls without their clock readings."""
    return {key: {**row, "seconds": 0} for key, row in book["rolls"].items()}


def test_the_backgammon_book_is_the_same_built_on_a_cluster(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cluster: Cluster,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(rollout_module, "BLOCK", 1)
    alone = backgammon_book.build(tmp_path / "alone.json", **BACKGAMMON_BOOK)
    flags = [f"--{name}={value}" for name, value in BACKGAMMON_BOOK.items()]
    spread = tmp_path / "spread.json"
    assert backgammon_book.main([*flags, "--out", str(spread), "--cluster",
                                 address(cluster)]) == 0
    found = json.loads(spread.read_text(encoding="utf-8"))
    assert rolls(found) == rolls(alone) and len(found["rolls"]) == 15
    assert {k: v for k, v in found.items() if k != "rolls"} == {
        k: v for k, v in alone.items() if k != "rolls"}  # the same settings and command
    assert "Advanced: the book changes" in capsys.readouterr().out


def test_the_othello_book_is_the_same_built_spread_and_resumed_on_a_cluster(
        tmp_path: Path, cluster: Cluster, capsys: pytest.CaptureFixture[str]) -> None:
    alone = tmp_path / "alone.json"
    assert othello_book.main([*OTHELLO_BOOK, "--out", str(alone), "--jobs", "1"]) == 0
    reference = alone.read_text(encoding="utf-8")
    assert len(json.loads(reference)["positions"]) == 30  # stopped inside ply 4's frontier
    reversed_out = tmp_path / "reversed.json"
    othello_book.build(reversed_out, 5, 2, 6.0, 30, Reversed())
    assert reversed_out.read_text(encoding="utf-8") == reference
    spread = tmp_path / "spread.json"
    assert othello_book.main([*OTHELLO_BOOK, "--out", str(spread), "--cluster",
                              address(cluster)]) == 0
    assert spread.read_text(encoding="utf-8") == reference
    data = json.loads(reference)
    kept = dict(list(data["positions"].items())[:7])  # as if stopped after seven positions
    spread.write_text(json.dumps({**data, "positions": kept}), encoding="utf-8")
    assert othello_book.main([*OTHELLO_BOOK, "--out", str(spread), "--cluster",
                              address(cluster)]) == 0
    assert spread.read_text(encoding="utf-8") == reference
    capsys.readouterr()


def test_a_book_builder_names_an_unreachable_cluster_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", 1.0)
    for builder, flags in ((othello_book, OTHELLO_BOOK), (backgammon_book, [])):
        with pytest.raises(SystemExit) as stopped:
            builder.main([*flags, "--out", str(tmp_path / "book.json"), "--cluster",
                          "tcp://127.0.0.1:1"])
        err = capsys.readouterr().err
        assert stopped.value.code == 2 and err.count("\n") == 1, err
        assert "error: --cluster" in err
        assert not (tmp_path / "book.json").exists()
