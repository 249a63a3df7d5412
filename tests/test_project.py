"""Promises about the repository itself: README's commands are the ones CI runs."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _readme_commands() -> list[str]:
    """The set-up commands: lines starting with `python3 -m venv` before README's first section."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    head = text.split("\n## ", 1)[0]
    return [line.strip() for line in head.splitlines() if line.strip().startswith("python3 -m venv")]


def test_readme_opens_with_the_two_setup_commands() -> None:
    commands = _readme_commands()
    assert len(commands) == 2, commands
    run_app, run_tests = commands
    assert run_app.endswith("main.py")
    assert "pytest" in run_tests


def test_ci_runs_readmes_exact_test_command() -> None:
    run_tests = _readme_commands()[1]
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert run_tests in ci_lines


def test_requirements_are_pinned() -> None:
    for name in ("requirements.txt", "requirements-dev.txt", "requirements-cluster.txt"):
        for line in (ROOT / name).read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line and not line.startswith(("#", "-r")):
                assert "==" in line, f"{name}: {line} is not pinned"


def test_readme_is_a_readme_that_points_to_every_page() -> None:
    """At most 200 lines; the rest lives in docs/ and the games' notes, each linked from it."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200
    pages = [*sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "games").glob("*/README.md"))]
    assert pages
    unlinked = [str(page.relative_to(ROOT)) for page in pages
                if f"]({page.relative_to(ROOT).as_posix()})" not in text]
    assert not unlinked
