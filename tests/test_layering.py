"""The import rules of DESIGN.md: rules and AI never pull in pygame or the UI.

Checked two ways: a fresh interpreter imports every headless module and must not end up with
pygame loaded, and the source of each layer is scanned (with ast, so imports inside functions
count too) for imports outside what the layer may use.
"""

from __future__ import annotations

import ast
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STDLIB = set(sys.stdlib_module_names)


def modules_under(package: str) -> list[str]:
    path = ROOT / package.replace(".", "/")
    return [package] + [
        info.name for info in pkgutil.walk_packages([str(path)], prefix=package + ".")
    ]


def imported_in_fresh_interpreter(modules: list[str]) -> list[str]:
    code = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.splitlines()[-1])


def headless_modules() -> list[str]:
    return [
        "game",
        "game.core",
        "game.registry",
        "game.session",
        *modules_under("game.rules"),
        *modules_under("ai"),
    ]


def test_headless_modules_never_load_pygame() -> None:
    modules = headless_modules()
    assert "game.rules.tictactoe" in modules and "game.rules.nim" in modules
    assert "ai.evaluation" in modules
    loaded = imported_in_fresh_interpreter(modules)
    assert "pygame" not in loaded
    assert not [m for m in loaded if m.startswith("game.ui")]


def test_cli_modules_do_not_load_pygame_at_import() -> None:
    loaded = imported_in_fresh_interpreter(["main", *modules_under("cli")])
    assert "pygame" not in loaded


def imports_in(text: str, package: str) -> list[tuple[int, str]]:
    """(line, absolute name) of every import in ``text``, nested ones included.

    ``from a import b`` yields both ``a`` and ``a.b``, since ``b`` may be a submodule
    (``from game import ui`` must count as importing game.ui).
    """
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            found.append((node.lineno, module))
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return found


def imports_of(path: Path) -> list[tuple[int, str]]:
    parts = path.relative_to(ROOT).parts[:-1]
    return imports_in(path.read_text(encoding="utf-8"), ".".join(parts))


def is_stdlib(name: str) -> bool:
    return name.split(".")[0] in STDLIB


def is_ui(name: str) -> bool:
    return name == "game.ui" or name.startswith("game.ui.") or name.split(".")[0] == "pygame"


def rule_layer_files() -> list[Path]:
    game = ROOT / "game"
    files = [game / "__init__.py", game / "core.py", game / "registry.py", game / "session.py"]
    return files + sorted((game / "rules").rglob("*.py"))


@pytest.mark.parametrize("path", rule_layer_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_rules_layer_imports_only_stdlib_and_game(path: Path) -> None:
    bad = [
        f"line {line}: {name}"
        for line, name in imports_of(path)
        if not is_stdlib(name) and (name.split(".")[0] != "game" or is_ui(name))
    ]
    assert not bad, f"{path.name} may import only the standard library and game.*: {bad}"


@pytest.mark.parametrize(
    "path", sorted((ROOT / "ai").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_ai_imports_only_stdlib_game_and_ai(path: Path) -> None:
    """numpy is allowed in ai/evaluation and ai/training only (the agreed layering)."""
    numpy_ok = path.parent.name in ("evaluation", "training")
    bad = [
        f"line {line}: {name}"
        for line, name in imports_of(path)
        if is_ui(name)
        or not (
            is_stdlib(name)
            or name.split(".")[0] in ("game", "ai")
            or (numpy_ok and name.split(".")[0] == "numpy")
        )
    ]
    assert not bad, f"{path.name} may import only the standard library, game and ai: {bad}"


def test_the_import_scanner_sees_nested_relative_and_from_imports() -> None:
    text = (
        "import os.path\n"
        "from game import ui\n"
        "def f():\n"
        "    import pygame\n"
        "    from .ui import play\n"
        "    from ..ai import api\n"
    )
    names = {name for _, name in imports_in(text, "game.rules")}
    assert {"os.path", "game.ui", "pygame", "game.rules.ui.play", "game.ai.api"} <= names
    assert {"os.path", "game.ui", "pygame", "game.ui.play"} <= {
        name for _, name in imports_in(text.replace("..ai", "ai"), "game")
    }
    assert is_ui("game.ui") and is_ui("pygame.display") and not is_ui("game.core")
    assert is_stdlib("os.path") and is_stdlib("__future__") and not is_stdlib("pygame")
