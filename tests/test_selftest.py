"""`kibitz selftest` is what CI runs on the frozen executable: it must pass on a whole build and
name the part that is missing from a broken one. The assets check is left out here: it quits
pygame, which the UI tests in this process still use."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from cli import selftest
from games.backgammon.ai import bearoff as backgammon_bearoff
from games.othello.ai import first_solve


@pytest.fixture(autouse=True)
def _keep_pygame(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernels' cold and warm timing (two fresh interpreters, a compile) is tested once,
    in tests/test_native_warm.py."""
    monkeypatch.setattr(selftest, "_check_assets", lambda: "not checked here")
    monkeypatch.setattr(first_solve, "kernels_check", lambda: "not timed here")


def test_selftest_passes_on_the_checkout(capsys: pytest.CaptureFixture[str]) -> None:
    assert selftest.run(argparse.Namespace(seed=1)) == 0
    out = capsys.readouterr().out
    assert "ok   learned tables" in out
    assert out.strip().endswith("selftest passed")


def test_a_missing_bearoff_database_fails_the_selftest(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The levels play on without the database (a warning only), so only this check notices.
    monkeypatch.setattr(
        backgammon_bearoff, "default_bearoff_path", lambda: tmp_path / "missing.npz"
    )
    assert selftest.run(argparse.Namespace(seed=1)) == 1
    out = capsys.readouterr().out
    assert "FAIL learned tables: BearoffError: bear-off database not found: missing.npz" in out
