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
import re
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


# -- one game's vocabulary ------------------------------------------------------------------------

#: Words only one game has (backgammon's cube, bear-off, gammons, checkers and the Jacoby rule;
#: Othello's discs; Kalah's pits): generic code reaches them through the kit (a stakes word, a
#: stakes command and its switches, an evaluator's own probabilities_source).
VOCABULARY = re.compile(r"cube|bear.?off|(?<![a-z])discs?(?![a-z])|(?<![a-z])pits?(?![a-z])"
                        r"|jacoby|gammon|checkers?", re.IGNORECASE)


def vocabulary_in_code(source: str) -> list[str]:
    """Each place ``source`` uses one game's vocabulary as code: a name, an attribute, an
    argument, a definition, a keyword, or a one-word string (a key, a command, a flag).
    Prose (docstrings, comments, messages, help) may use such words as examples."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        words: list[str] = []
        if isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, ast.arg) or isinstance(node, ast.keyword) and node.arg:
            words = [node.arg]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            words = [node.name]
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in skip and re.fullmatch(r"[-\w]+", node.value)):
            words = [node.value]
        found += [f"line {node.lineno}: {w!r}" for w in words if VOCABULARY.search(w)]
    return found


@pytest.mark.parametrize("path", generic_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_generic_code_speaks_no_games_vocabulary(path: Path) -> None:
    found = vocabulary_in_code(path.read_text(encoding="utf-8"))
    assert not found, (f"{path.relative_to(ROOT)} uses one game's words (ask its kit): "
                       + "; ".join(found))


def test_the_vocabulary_check_finds_names_keys_and_flags_not_prose() -> None:
    source = '''"""The cube and the discs, in prose."""
STAKES_KEY = "cube"
def count_discs(state, bear_off=False):
    parser.add_argument("--jacoby")
    return state.pits, f"a message about gammons is prose"
'''
    assert sorted(vocabulary_in_code(source)) == sorted([
        "line 2: 'cube'", "line 3: 'count_discs'", "line 3: 'bear_off'",
        "line 4: '--jacoby'", "line 5: 'pits'"])
