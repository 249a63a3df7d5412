"""The executable's spec bundles every project package: the games and the subcommands are
imported by name at run time, so PyInstaller's import scan alone would leave them out, and a
frozen Kibitz would find no game (the registry walks the ``games`` package)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def walked_packages() -> set[str]:
    """The package names of build.spec's ``for package in (...)`` loop."""
    tree = ast.parse((ROOT / "build.spec").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (isinstance(node, ast.For) and isinstance(node.target, ast.Name)
                and node.target.id == "package" and isinstance(node.iter, ast.Tuple)):
            return {elt.value for elt in node.iter.elts if isinstance(elt, ast.Constant)}
    raise AssertionError("build.spec no longer walks the packages in a 'for package in (...)'")


def test_the_spec_walks_every_project_package() -> None:
    packages = {p.parent.name for p in ROOT.glob("*/__init__.py")} - {"tests"}
    assert {"ai", "game", "games", "cli", "play", "ui"} <= packages
    assert walked_packages() == packages
