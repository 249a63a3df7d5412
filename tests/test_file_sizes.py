"""Files stay small: a source file over 400 lines says in its docstring why it is one file."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 400


def source_files() -> list[Path]:
    files = [ROOT / "main.py"]
    for package in ("ai", "game", "games", "cli", "play", "ui", "scripts"):
        files += sorted((ROOT / package).rglob("*.py"))
    return files


def long_files() -> list[Path]:
    return [p for p in source_files()
            if len(p.read_text(encoding="utf-8").splitlines()) > LIMIT]


@pytest.mark.parametrize("path", long_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_long_file_says_why_it_is_one_file(path: Path) -> None:
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    assert "longer than most" in doc.lower(), (
        f"{path.relative_to(ROOT)} has over {LIMIT} lines: split it, or say in its docstring "
        "why it is one file (\"... longer than most: ...\")")


def test_the_check_sees_the_files() -> None:
    names = {p.name for p in source_files()}
    assert {"main.py", "core.py", "controller.py", "engine.py"} <= names
