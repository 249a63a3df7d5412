"""The rules layer, the match layer and the search core type-check with no errors under the
strict settings of pyproject.toml: the types there are what the rest of the tree relies on.

CI runs mypy on the whole tree (its "types" step); this test keeps the strict part honest
for anyone who runs the tests alone. It is skipped where mypy is not installed. mypy keeps its
cache in the project's .mypy_cache, so a second run takes a couple of seconds.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api", reason="mypy is not installed (requirements-dev.txt)")

ROOT = Path(__file__).resolve().parent.parent


def strict_modules() -> list[str]:
    """The modules pyproject.toml checks strictly, as mypy's -p/-m arguments."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    overrides = config["tool"]["mypy"]["overrides"]
    strict = next(o for o in overrides if o.get("disallow_untyped_defs"))
    args: list[str] = []
    for module in strict["module"]:
        if module.endswith(".*"):
            args += ["-p", module[:-2]]
        else:
            args += ["-m", module]
    return args


def test_the_strict_modules_are_the_layers_below_the_window() -> None:
    args = strict_modules()
    assert args[:2] == ["-p", "game"] and "play" in args
    assert {"ai.api", "ai.engine", "ai.searchbase", "ai.alphabeta"} <= set(args)


def test_the_strict_packages_have_no_type_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # mypy reads pyproject.toml and keeps its cache here
    out, err, status = api.run(strict_modules())
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 0 and not errors, "\n".join(errors or [out, err])
