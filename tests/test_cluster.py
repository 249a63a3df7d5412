"""``--cluster``: matches and tournaments on Dask's distributed scheduler give the records and
figures of one machine, whatever the order games finish in, a worker killed mid-game, or a
client stopped and started again (issue 47).

Against embedded local clusters: one for the module (its scheduler's tcp address is what
``--cluster ADDRESS`` takes) and one ``local:2`` the command starts itself. "Identical" leaves
out the clock readings (each side's seconds thinking, in the record and the report), which
differ from run to run on one machine too."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ai import cluster as cluster_module
from ai.cluster import Cluster, ClusterError, TaskFailed
from ai.ladder import ladder_rungs
from ai.spread import InThisProcess
from cli.match_games import game_specs, play_match, play_one
from cli.match_record import MatchRecord
from game.registry import get_kit
from tests.cluster_support import address
from tests.test_cli import run_main

HAS_DASK = importlib.util.find_spec("distributed") is not None

ROOT = Path(__file__).resolve().parents[1]
#: The clock readings of a record line and of a report.
CLOCKS = ("think_a", "think_b", "seconds_a_move")
MATCH = ["match", "--game", "nim", "--a", "Master", "--b", "Casual", "--games", "12", "--seed",
         "3", "--json"]

REFERENCE: dict[tuple[str, ...], tuple[dict[str, object], list[dict[str, object]]]] = {}


def unclocked(line: str) -> dict[str, object]:
    found = json.loads(line)
    return {k: v for k, v in found.items() if k not in CLOCKS}


def record_lines(path: Path) -> list[dict[str, object]]:
    return [unclocked(line) for line in path.read_text().splitlines()]


def played(capsys: pytest.CaptureFixture[str], record: Path, *flags: str,
           argv: list[str] = MATCH) -> tuple[dict[str, object], list[dict[str, object]]]:
    """The report and the record of ``argv`` (MATCH) played with ``flags`` (one machine's
    figures are played once, the reference of every test)."""
    if flags == ("--jobs", "1") and tuple(argv) in REFERENCE:
        return REFERENCE[tuple(argv)]
    code, out, err = run_main(capsys, *argv, "--record", str(record), *flags)
    assert code == 0, err
    found = unclocked(out), record_lines(record)
    if flags == ("--jobs", "1"):
        REFERENCE[tuple(argv)] = found
    return found


def test_a_match_is_the_same_on_one_two_processes_and_a_cluster(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, cluster: Cluster) -> None:
    one = played(capsys, tmp_path / "one.jsonl", "--jobs", "1")
    assert [line["index"] for line in one[1][1:]] == list(range(12))  # in game order
    assert played(capsys, tmp_path / "two.jsonl", "--jobs", "2") == one
    code, out, err = run_main(capsys, *MATCH, "--record", str(tmp_path / "local.jsonl"),
                              "--cluster", "local:2")
    assert code == 0, err
    assert "2 workers" in err  # the progress bar's note
    assert (unclocked(out), record_lines(tmp_path / "local.jsonl")) == one
    assert played(capsys, tmp_path / "far.jsonl", "--cluster", address(cluster)) == one


def test_a_worker_killed_mid_game_changes_nothing(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, cluster: Cluster,
        monkeypatch: pytest.MonkeyPatch) -> None:
    reference = played(capsys, tmp_path / "one.jsonl", "--jobs", "1")
    killed: list[str] = []
    real = Cluster.workers

    def workers(engine: Cluster) -> int:
        """Called at each finished game: at the first, kill a worker that is playing one."""
        if not killed:
            busy = [w for w, keys in engine.client.processing().items() if keys]
            assert busy, "no game in flight to interrupt"
            for worker, pid in engine.client.run(os.getpid, workers=busy[:1]).items():
                os.kill(pid, signal.SIGKILL)
                killed.append(worker)
        return real(engine)

    monkeypatch.setattr(Cluster, "workers", workers)
    assert played(capsys, tmp_path / "killed.jsonl", "--cluster", address(cluster)) == reference
    assert killed
    give_up = time.monotonic() + 30  # the nanny restarts the killed worker
    while real(cluster) < 2 and time.monotonic() < give_up:
        time.sleep(0.2)


def test_a_client_stopped_and_started_again_equals_an_uninterrupted_run(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, cluster: Cluster) -> None:
    """The client is killed (no goodbye to the scheduler) once a game is recorded."""
    longer = [*MATCH, "--b", "Master"]
    reference = played(capsys, tmp_path / "one.jsonl", "--jobs", "1", argv=longer)
    record = tmp_path / "stopped.jsonl"
    client = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *longer, "--record",
                               str(record), "--cluster", address(cluster)],
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    give_up = time.monotonic() + 60
    while (not record.exists() or len(record.read_text().splitlines()) < 2) and \
            client.poll() is None and time.monotonic() < give_up:
        time.sleep(0.01)
    client.kill()
    client.wait()
    partial = record.read_text().splitlines()
    assert 2 <= len(partial) < 13, "the client was not stopped in the middle"
    assert played(capsys, record, "--cluster", address(cluster), argv=longer) == reference


def test_a_tournament_on_a_cluster_equals_its_crosstable_on_one_machine(
        capsys: pytest.CaptureFixture[str], cluster: Cluster) -> None:
    base = ["tournament", "--game", "tictactoe", "--players", "Beginner,Casual,Master",
            "--games", "4", "--seed", "5", "--json"]
    code, alone, err = run_main(capsys, *base, "--jobs", "1")
    assert code == 0, err
    code, spread, err = run_main(capsys, *base, "--cluster", address(cluster))
    assert code == 0, err
    assert json.loads(spread) == json.loads(alone)


def test_a_bad_or_unreachable_address_is_one_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Without Dask installed, the one line says what to install."""
    monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", 1.0)
    for bad in ("tcp://127.0.0.1:1", "nowhere.invalid:8786", "udp://x"):
        code, out, err = run_main(capsys, *MATCH, "--cluster", bad)
        assert code == 2 and not out, err
        assert err.count("\n") == 1 and err.startswith("kibitz: error: --cluster"), err
        assert (f"--cluster {bad}: cannot reach the scheduler" if HAS_DASK
                else "pip install -r requirements-cluster.txt") in err
    code, _out, err = run_main(capsys, *MATCH, "--cluster", "local:0")
    assert code == 2 and "local:N needs N from 1" in err and "Traceback" not in err


def test_a_program_plays_on_the_cluster_as_on_one_machine(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, cluster: Cluster) -> None:
    """A ``file:`` agent, started by the worker that plays its game: the workers share this
    machine's files (the agent, the logs folder)."""
    agent = ROOT / "examples" / "agents" / "tictactoe" / "greedy.py"
    base = ["match", "--game", "tictactoe", "--a", f"file:{agent}", "--b", "Beginner",
            "--games", "4", "--seed", "11", "--move-time", "2", "--json"]
    alone = played(capsys, tmp_path / "one.jsonl", "--jobs", "1", argv=base)
    spread = played(capsys, tmp_path / "far.jsonl", "--cluster", address(cluster), argv=base)
    assert spread == alone and "forfeits" not in spread[0]
    logs = Path(str(spread[0]["logs"]))
    assert {f"game{i}-A.log" for i in range(1, 5)} <= {p.name for p in logs.iterdir()}


class Shuffled(Cluster):
    """A cluster stand-in that plays here and hands the games back last first."""

    def __init__(self, fail_at: int | None = None) -> None:
        self.fail_at = fail_at

    def workers(self) -> int:
        return 3

    def completed(self, function: object, tasks: object) -> Iterator[tuple[int, object]]:
        assert function is play_one and isinstance(tasks, list)
        for i in reversed(range(len(tasks))):
            if i == self.fail_at:
                raise TaskFailed(i, "KilledWorker: lost 4 times")
            yield i, play_one(tasks[i])


def test_games_finishing_in_any_order_are_recorded_in_game_order(tmp_path: Path) -> None:
    specs = game_specs(get_kit("nim"), {}, "Master", "Casual", 6, seed=3)
    header = {"game": "nim", "a": "Master", "b": "Casual", "seed": 3, "games": 6, "options": {}}
    paths = tmp_path / "one.jsonl", tmp_path / "shuffled.jsonl"
    notes: list[str] = []

    class Bar:
        def update(self, done: int, note: str = "") -> None:
            notes.append(f"{done} {note}")

    for path, engine in zip(paths, (InThisProcess(), Shuffled()), strict=True):
        record = MatchRecord(path, header)
        play_match(specs, engine, Bar(), None, record)
        record.close()
    one, shuffled = (record_lines(path) for path in paths)
    assert shuffled == one and [line.get("index") for line in one[1:]] == list(range(6))
    # Nothing is tallied until game 1 is in; the bar counts the games finished meanwhile.
    assert notes[6:] == [f"{n} A +0 =0 -0, 3 workers" for n in range(1, 6)] + [
        "6 A +6 =0 -0, 3 workers"]

    with pytest.raises(ClusterError) as failed:
        play_match(specs, Shuffled(fail_at=4))
    assert str(failed.value) == (f"game 5 (seed {specs[4].pair_seed}) failed on the cluster:"
                                 " KilledWorker: lost 4 times")


def test_a_ladder_is_the_same_on_one_two_processes_and_a_cluster(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, cluster: Cluster) -> None:
    """Scores and nodes of every rung (the clock's columns aside), in the order of one
    process's run."""
    base = ["match", "--game", "nim", "--ladder", "--games", "6", "--seed", "9"]
    tables = []
    for name, flags in (("one", ["--jobs", "1"]), ("two", ["--jobs", "2"]),
                        ("far", ["--cluster", address(cluster)])):
        csv = tmp_path / f"{name}.csv"
        code, out, err = run_main(capsys, *base, "--csv", str(csv), *flags)
        assert code == 0, err
        rows = [line.split(",") for line in csv.read_text().splitlines()]
        clocks = {rows[0].index("upper_s_per_move"), rows[0].index("lower_s_per_move")}
        tables.append([[cell for i, cell in enumerate(row) if i not in clocks] for row in rows])
        if name == "far":
            assert "2 workers" in err
    assert len(tables[0]) == 1 + len(ladder_rungs(get_kit("nim")))
    assert tables[1] == tables[0] and tables[2] == tables[0]


def test_a_worker_that_joins_late_takes_games_and_changes_nothing(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, cluster: Cluster,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A second worker started once the first game is in: it plays some of the rest, and the
    record and figures are one machine's."""
    from distributed import get_task_stream

    longer = ["match", "--game", "othello", "--a", "Casual", "--b", "Casual", "--games", "40",
              "--seed", "3", "--json"]  # fixed depths: the same games however timed
    reference = played(capsys, tmp_path / "one.jsonl", "--jobs", "1", argv=longer)
    local = cluster.client.cluster
    assert local is not None
    # One worker plays until the first game is in; the second joins then, with most of the
    # games still to play however slow the machine is to start it.
    local.scale(1)
    local.sync(local._correct_state)
    give_up = time.monotonic() + 30
    while len(cluster.client.nthreads()) > 1 and time.monotonic() < give_up:
        time.sleep(0.1)
    before = set(cluster.client.nthreads())
    assert len(before) == 1
    real = Cluster.workers

    def workers(engine: Cluster) -> int:
        if len(local.workers) < 2:
            local.scale(2)
            local.sync(local._correct_state)
            engine.client.wait_for_workers(2, timeout=60)
        return real(engine)

    monkeypatch.setattr(Cluster, "workers", workers)
    try:
        with get_task_stream(cluster.client) as stream:
            assert played(capsys, tmp_path / "late.jsonl", "--cluster", address(cluster),
                          argv=longer) == reference
        joined = set(cluster.client.nthreads()) - before
        assert len(joined) == 1
        assert joined & {task["worker"] for task in stream.data}, "the new worker played nothing"
    finally:
        local.scale(2)
        local.sync(local._correct_state)


def _pretend_other_code(other: str | None) -> None:
    """Run on each worker: its code digest reads ``other`` (None: its own again)."""
    import ai.cluster as module

    real = module.__dict__.setdefault("_real_code_digest", module.code_digest)
    module.code_digest = (lambda: other) if other is not None else real


def test_a_worker_running_other_code_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, cluster: Cluster) -> None:
    """Its results could differ from what the seeds promise: the match stops, naming the
    game, and nothing of that worker is kept."""
    cluster.client.run(_pretend_other_code, "0123456789abcdef")
    try:
        code, out, err = run_main(capsys, *MATCH, "--cluster", address(cluster))
    finally:
        cluster.client.run(_pretend_other_code, None)
    assert code == 2 and not out
    last = err.splitlines()[-1]  # below the progress bar
    assert last.startswith("kibitz: error: game ") and "failed on the cluster: OtherCode: a " \
        "worker runs other Kibitz code (0123456789abcdef, the client " in last, err
    assert last.endswith("start every worker from the client's checkout")
    assert played(capsys, tmp_path / "same.jsonl", "--cluster", address(cluster))[0]["games"] == 12
