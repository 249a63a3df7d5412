"""``labels --cluster``: backgammon's training labels made on Dask's distributed scheduler are
the files one machine makes, resume as they do, and need none of the client's files on the
workers (issue 47).

Tiny chunks (20 positions) so that a run takes seconds. Against an embedded ``local:2`` cluster
for the module, reached by its scheduler's tcp address as ``--cluster ADDRESS`` takes it; its
workers share this machine's files, so :class:`Elsewhere` plays a machine that does not."""

from __future__ import annotations

import json
import pickle
import shutil
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import pytest

from ai import cluster as cluster_module
from ai.cluster import Cluster, TaskFailed
from ai.spread import InThisProcess
from games.backgammon.ai import carried_net
from games.backgammon.ai.net import Net, default_weights_path
from games.backgammon.training import labels
from games.backgammon.training.labels import chunk_path, generate, main, read_chunk
from tests.cluster_support import address
from tests.test_cluster import HAS_DASK

T = TypeVar("T")
R = TypeVar("R")

SMALL = ["--seed", "1", "--chunk", "20", "--chunks", "3"]
#: Chunks by their folder's name: the one-process run is made once, the reference of each test.
MADE: dict[str, Path] = {}


def made(capsys: pytest.CaptureFixture[str], out: Path, *flags: str,
         argv: Sequence[str] = SMALL) -> str:
    """Run the command into ``out``; its progress bar and messages (stderr)."""
    code = main([*argv, "--out", str(out), *flags])
    printed, err = capsys.readouterr()
    assert code == 0, err
    assert printed.endswith(f"chunks made, 3 in {out}\n"), printed
    return err


def reference(capsys: pytest.CaptureFixture[str], tmp_path_factory: pytest.TempPathFactory
              ) -> Path:
    if "one" not in MADE:
        MADE["one"] = tmp_path_factory.mktemp("labels") / "one"
        made(capsys, MADE["one"], "--jobs", "1")
    return MADE["one"]


def assert_same_files(found: Path, expected: Path, chunks: int = 3) -> None:
    """The same arrays, bit for bit, and the same meta.json (the npz files' own bytes differ
    by the zip's timestamps)."""
    assert sorted(p.name for p in found.iterdir()) == sorted(p.name for p in expected.iterdir())
    for i in range(chunks):
        x, y = read_chunk(chunk_path(found, i)), read_chunk(chunk_path(expected, i))
        for key in y:
            assert x[key].dtype == y[key].dtype and np.array_equal(x[key], y[key]), (i, key)
    meta = (json.loads((folder / "meta.json").read_text()) for folder in (found, expected))
    assert next(meta) == next(meta)


def test_chunks_are_the_same_on_one_two_processes_and_a_cluster(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        tmp_path_factory: pytest.TempPathFactory, cluster: Cluster) -> None:
    one = reference(capsys, tmp_path_factory)
    assert len(read_chunk(chunk_path(one, 2))["a"]) == 20
    made(capsys, tmp_path / "two", "--jobs", "2")
    assert_same_files(tmp_path / "two", one)
    err = made(capsys, tmp_path / "far", "--cluster", address(cluster))
    assert "3/3 chunks  2 workers" in err  # the progress bar's note
    assert_same_files(tmp_path / "far", one)


def test_a_run_resumed_on_the_cluster_makes_the_same_files(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        tmp_path_factory: pytest.TempPathFactory, cluster: Cluster) -> None:
    """A run stopped after its first chunk, and one whose middle chunk is missing, are
    finished on the cluster; the chunks found stay as they are."""
    one = reference(capsys, tmp_path_factory)
    stopped = tmp_path / "stopped"
    assert main([*SMALL[:-1], "1", "--out", str(stopped), "--jobs", "1"]) == 0
    first = chunk_path(stopped, 0).read_bytes()
    err = made(capsys, stopped, "--cluster", address(cluster))
    assert "1/3 chunks  resumed, 2 workers" in err
    assert_same_files(stopped, one)
    assert chunk_path(stopped, 0).read_bytes() == first  # not made again
    holed = tmp_path / "holed"
    shutil.copytree(one, holed)
    chunk_path(holed, 1).unlink()
    main([*SMALL, "--out", str(holed), "--cluster", address(cluster)])
    assert capsys.readouterr().out.startswith("1 chunks made, 3 in")
    assert_same_files(holed, one)


def test_a_bad_or_unreachable_address_is_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Without Dask installed, the one line says what to install."""
    monkeypatch.setattr(cluster_module, "CONNECT_SECONDS", 1.0)
    out = tmp_path / "labels"
    code = main([*SMALL, "--out", str(out), "--cluster", "tcp://127.0.0.1:1"])
    printed, err = capsys.readouterr()
    assert code == 2 and not printed, err
    assert err.count("\n") == 1 and err.startswith("labels: error: --cluster"), err
    assert ("--cluster tcp://127.0.0.1:1: cannot reach the scheduler" if HAS_DASK
            else "pip install -r requirements-cluster.txt") in err
    assert not out.exists()
    with pytest.raises(SystemExit) as exited:
        main([*SMALL, "--out", str(out), "--cluster", "local:0"])
    err = capsys.readouterr().err
    assert exited.value.code == 2 and "local:N needs N from 1" in err and "Traceback" not in err


class Elsewhere:
    """A cluster of machines that share none of this one's files, played here: each task
    travels pickled, to a worker that has loaded no teacher yet, while the teacher's file is
    gone and the output folder is not to be touched; the tasks finish last first, and
    ``fail_at`` fails one every retry."""

    def __init__(self, teacher: Path, out: Path, fail_at: int | None = None) -> None:
        self.teacher, self.out, self.fail_at = teacher, out, fail_at

    def completed(self, function: Callable[[T], R], tasks: Sequence[T]) -> Iterator[tuple[int, R]]:
        for i in reversed(range(len(tasks))):
            if i == self.fail_at:
                raise TaskFailed(i, "KilledWorker: lost 4 times")
            hidden = self.teacher.rename(self.teacher.with_suffix(".away"))
            before = sorted(self.out.iterdir())
            carried_net._REBUILT.clear()
            try:
                result = pickle.loads(pickle.dumps(function))(pickle.loads(pickle.dumps(tasks[i])))
            finally:
                hidden.rename(self.teacher)
            assert sorted(self.out.iterdir()) == before, "a task wrote in the client's folder"
            yield i, pickle.loads(pickle.dumps(result))

    def workers(self) -> int:
        return 3

    def note(self) -> str:
        return ", 3 workers"


def test_workers_need_none_of_the_clients_files_and_a_lost_chunk_is_named(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    one = reference(capsys, tmp_path_factory)
    teacher = tmp_path / "teacher.npz"
    shutil.copyfile(default_weights_path(), teacher)
    out = tmp_path / "elsewhere"
    out.mkdir()
    for name in ("meta.json", chunk_path(one, 0).name):  # a run stopped after chunk 0
        shutil.copyfile(one / name, out / name)
    fail_at: list[int | None] = [0]  # chunk 1, the first of those to make

    @contextmanager
    def spread_for(_jobs: int, _cluster: str | None) -> Iterator[Elsewhere]:
        yield Elsewhere(teacher, out, fail_at[0])

    monkeypatch.setattr(labels, "spread_for", spread_for)
    argv = [*SMALL, "--out", str(out), "--weights", str(teacher)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.endswith("\nlabels: error: chunk 1 (seed 1) failed on the cluster: KilledWorker:"
                        " lost 4 times\n"), err
    assert "2/3 chunks  3 workers" in err
    assert sorted(p.name for p in out.glob("chunk-*")) == [f"chunk-0000{i}.npz" for i in (0, 2)]
    fail_at[0] = None
    assert main(argv) == 0
    assert capsys.readouterr().out.startswith("1 chunks made")
    assert_same_files(out, one)


def test_a_process_rebuilds_its_teacher_once(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    built: list[int] = []
    real = carried_net.Net

    def counted(*args: Any, **kwargs: Any) -> Net:
        built.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(carried_net, "Net", counted)
    monkeypatch.setattr(carried_net, "_REBUILT", {})
    generate(tmp_path, seed=1, chunks=3, size=2, spread=InThisProcess(), quiet=True)
    layers = len(built)
    assert layers in (1, 2)  # the network, and its race network if it has one
    other = tmp_path / "other.npz"
    other.write_bytes(default_weights_path().read_bytes())
    generate(tmp_path / "again", seed=1, chunks=2, size=2, spread=InThisProcess(), quiet=True,
             weights=other)
    assert len(built) == layers  # the same arrays: the same digest, the network kept
