"""One game, one place: outside the game packages (and the tests) no module names a game.

A module names a game when a string in its code (not a docstring) is a game's id - a
comparison ``game_id == "nim"``, a table keyed by ids, an f-string's fixed part - or when it
imports a game's package. Generic code asks the kit instead (game.kit, game.registry). The one
exception is the registry's ``import games``: it discovers the kits and names none of them.

``scripts/`` is left out on purpose: the docs' picture makers are not part of the app and
choose their subjects by name, as a photographer would ("Othello after nine moves").
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.registry import all_game_ids

ROOT = Path(__file__).resolve().parent.parent
GENERIC = ("ai", "game", "play", "ui", "cli")


def generic_files() -> list[Path]:
    files = [ROOT / "main.py"]
    for package in GENERIC:
        files += sorted((ROOT / package).rglob("*.py"))
    return files


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string nodes that are statements of their own (docstrings, notes)."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}


def game_names(source: str, ids: tuple[str, ...]) -> list[str]:
    """Each place ``source`` names one of ``ids``: "line N: 'nim'" or "line N: import games.nim"."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in skip and node.value.strip().lower() in ids):
            found.append(f"line {node.lineno}: {node.value!r}")
        elif isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {a.name}" for a in node.names
                      if a.name.startswith("games.")]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and (
                node.module.startswith("games.")
                or (node.module == "games" and any(a.name != "*" for a in node.names))):
            found.append(f"line {node.lineno}: from {node.module} import ...")
    return found


@pytest.mark.parametrize("path", generic_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_generic_code_names_no_game(path: Path) -> None:
    found = game_names(path.read_text(encoding="utf-8"), all_game_ids())
    assert not found, (f"{path.relative_to(ROOT)} names a game (ask its kit instead): "
                       + "; ".join(found))


def test_the_check_finds_what_it_looks_for() -> None:
    ids = ("nim", "othello")
    source = '''"""Docstrings may say nim."""
import games.nim.rules
from games.othello import KIT
from games import nim
import games

def f(game_id):
    """nim"""
    if game_id == "nim":
        return f"{game_id}-othello"
    return {"Othello": 1}
'''
    assert sorted(game_names(source, ids)) == sorted([
        "line 2: import games.nim.rules", "line 3: from games.othello import ...",
        "line 4: from games import ...", "line 9: 'nim'", "line 11: 'Othello'"])
    assert game_names('"""nim"""\nimport games\nx = "nimble"\n', ids) == []
    assert set(all_game_ids()) >= {"tictactoe", "othello", "nim", "backgammon"}
