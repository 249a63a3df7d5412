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
    """Everything but the screens: game, every kit's rules, AI and trainers (without its
    ui), ai and play."""
    games = [m for m in modules_under("games") if ".ui" not in m]
    return modules_under("game") + games + [
        *modules_under("ai"), *modules_under("play")
    ]


def test_headless_modules_never_load_pygame() -> None:
    modules = headless_modules()
    assert "games.tictactoe.rules" in modules and "games.nim.rules" in modules
    assert "games.othello.ai.evaluation" in modules and "ai.evaluation" in modules
    loaded = imported_in_fresh_interpreter(modules)
    assert "pygame" not in loaded
    assert not [m for m in loaded if m == "ui" or m.startswith("ui.") or ".ui" in m]


def test_cli_modules_do_not_load_pygame_at_import() -> None:
    """Nor Dask: the cluster engine is loaded only when ``--cluster`` is given."""
    loaded = imported_in_fresh_interpreter(["main", *modules_under("cli")])
    assert "pygame" not in loaded
    assert not [m for m in loaded if m.split(".")[0] in CLUSTER_ENGINE]


#: Dask's distributed scheduler (an optional install, requirements-cluster.txt) and its core.
CLUSTER_ENGINE = ("distributed", "dask")


def test_only_the_cluster_module_imports_the_cluster_engine() -> None:
    """ai/cluster.py alone talks to Dask, and only inside its functions, so the app and its
    executable run without it (type hints included: they name it too)."""
    bad = [
        f"{path.relative_to(ROOT)} line {line}: {name}"
        for path in project_modules().values()
        for line, name in imports_of(path, type_hints=True)
        if name.split(".")[0] in CLUSTER_ENGINE and module_name(path) != "ai.cluster"
    ]
    assert not bad, f"only ai/cluster.py may import Dask: {bad}"
    tree = ast.parse((ROOT / "ai" / "cluster.py").read_text(encoding="utf-8"))
    top = [name for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom)
           for name in ([a.name for a in node.names] if isinstance(node, ast.Import)
                        else [node.module or ""])]
    assert not [name for name in top if name.split(".")[0] in CLUSTER_ENGINE], top


def runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node but those under ``if TYPE_CHECKING:`` (imports for type hints only, never
    run)."""
    out: list[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        out.append(node)
        if (isinstance(node, ast.If) and isinstance(node.test, ast.Name)
                and node.test.id == "TYPE_CHECKING"):
            todo += node.orelse
            continue
        todo += ast.iter_child_nodes(node)
    return out


def imports_in(text: str, package: str, type_hints: bool = False) -> list[tuple[int, str]]:
    """(line, absolute name) of every import in ``text``, nested ones included, and those
    under ``if TYPE_CHECKING:`` when ``type_hints``.

    ``from a import b`` yields both ``a`` and ``a.b``, since ``b`` may be a submodule
    (``from games.nim import ui`` must count as importing games.nim.ui).
    """
    found = []
    tree = ast.parse(text)
    for node in ast.walk(tree) if type_hints else runtime_nodes(tree):
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


def imports_of(path: Path, type_hints: bool = False) -> list[tuple[int, str]]:
    parts = path.relative_to(ROOT).parts[:-1]
    return imports_in(path.read_text(encoding="utf-8"), ".".join(parts), type_hints)


def is_stdlib(name: str) -> bool:
    return name.split(".")[0] in STDLIB


def is_ui(name: str) -> bool:
    parts = name.split(".")
    return (
        parts[0] in ("ui", "pygame")
        or (parts[0] == "games" and len(parts) > 2 and parts[2] == "ui")
    )


KIT_LAYERS = ("ai", "play", "ui", "training")


def kit_of(name: str) -> str | None:
    """The kit a module belongs to ("othello" for games.othello.ai.endgame)."""
    parts = name.split(".")
    return parts[1] if parts[0] == "games" and len(parts) > 1 else None


def kit_layer(name: str) -> str:
    """A kit module's layer: "rules" for the kit's own modules, else its subpackage."""
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[2] in KIT_LAYERS else "rules"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def kit_files(layer: str) -> list[Path]:
    return sorted(
        path for path in (ROOT / "games").rglob("*.py")
        if kit_of(module_name(path)) and kit_layer(module_name(path)) == layer
    )


def rule_layer_files() -> list[Path]:
    return sorted((ROOT / "game").rglob("*.py"))


def foreign_kit(name: str, own: str | None) -> bool:
    """A module of another game's kit (a kit may use only its own modules)."""
    kit = kit_of(name)
    return kit is not None and kit != own


@pytest.mark.parametrize(
    "path", rule_layer_files() + kit_files("rules"), ids=lambda p: str(p.relative_to(ROOT))
)
def test_rules_layer_imports_only_stdlib_and_game(path: Path) -> None:
    """The kit's own AI and view are allowed in its kit object, imported on first use."""
    own = kit_of(module_name(path))
    kit_object = path.name == "__init__.py" and own is not None and path.parent.parent.name == "games"
    bad = [
        f"line {line}: {name}"
        for line, name in imports_of(path)
        if not is_stdlib(name)
        and name != "games"  # the registry finds the kits in this package
        and not (kit_object and kit_of(name) == own)
        and (
            name.split(".")[0] not in ("game", "games")
            or is_ui(name)
            or foreign_kit(name, own)
            or (own is None and kit_of(name) is not None)
            or (own is not None and kit_layer(name) != "rules")
        )
    ]
    assert not bad, f"{path.name} may import only the standard library, game.* and its rules: {bad}"


@pytest.mark.parametrize(
    "path",
    sorted((ROOT / "ai").rglob("*.py")) + kit_files("ai") + kit_files("training"),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_ai_imports_only_stdlib_game_and_ai(path: Path) -> None:
    """numpy is allowed where a learned evaluator needs it: ai/evaluation, and a kit's AI and
    trainers; numba only in ai/native.py, which sets its cache folder before importing it
    (platformdirs finds that folder), and numba's ahead-of-time compiler in the kernels' build
    tool (ai/native_build.py); Dask only in ai/cluster.py, inside its functions. Generic
    AI never imports a kit (it asks the registry)."""
    own = kit_of(module_name(path))
    learned = own is not None or path.parent.name == "evaluation"
    allowed: tuple[str, ...] = ("game", "games", "ai", "numpy") if learned else ("game", "games", "ai")
    if module_name(path) == "ai.native":
        allowed = (*allowed, "numba", "platformdirs")
    # The kernels' build tool drives numba's ahead-of-time compiler, and nothing else of it.
    compiler = ("numba.pycc",) if module_name(path) == NATIVE_BUILD else ()
    if module_name(path) == "ai.cluster":  # inside its functions (the test above)
        allowed = (*allowed, *CLUSTER_ENGINE)
    bad = [
        f"line {line}: {name}"
        for line, name in imports_of(path)
        if is_ui(name)
        or not (is_stdlib(name) or name.split(".")[0] in allowed
                or any(name == c or name.startswith(c + ".") for c in compiler))
        or foreign_kit(name, own)
        or (own is None and kit_of(name) is not None)
    ]
    assert not bad, f"{path.name} may import only the standard library, {', '.join(allowed)}: {bad}"


#: ``python -m ai.native_build``: compiles the kernels ahead of time for the executable.
NATIVE_BUILD = "ai.native_build"


def test_nothing_the_app_runs_imports_the_kernels_build_tool() -> None:
    """The build tool may import numba's ahead-of-time compiler; the app never imports it,
    so numba stays ai/native.py's alone at run time (and out of the executable)."""
    bad = [
        f"{path.relative_to(ROOT)} line {line}: {name}"
        for path in project_modules().values()
        for line, name in imports_of(path, type_hints=True)
        if name == NATIVE_BUILD and module_name(path) != NATIVE_BUILD
    ]
    assert not bad, f"only the build and its tests use {NATIVE_BUILD}: {bad}"


def search_that_plays_files() -> list[Path]:
    """ai/ outside ai/lab/: the engine, its worker, its kit and what they share."""
    return [path for path in sorted((ROOT / "ai").rglob("*.py"))
            if path.relative_to(ROOT / "ai").parts[0] != "lab"]


def test_the_search_that_plays_is_told_apart_from_the_lab() -> None:
    names = {module_name(path) for path in search_that_plays_files()}
    assert {"ai.engine", "ai.alphabeta", "ai.worker", "ai.review.analysis"} <= names
    assert not [name for name in names if name.startswith("ai.lab")]


@pytest.mark.parametrize(
    "path", search_that_plays_files(), ids=lambda p: str(p.relative_to(ROOT))
)
def test_the_search_that_plays_imports_nothing_of_the_lab(path: Path) -> None:
    """The lab watches the search that plays (ai.lab imports ai); the search never needs the
    lab to play, so not even a type hint of it names ai.lab."""
    bad = [
        f"line {line}: {name}"
        for line, name in imports_of(path, type_hints=True)
        if name == "ai.lab" or name.startswith("ai.lab.")
    ]
    assert not bad, f"{path.relative_to(ROOT)} plays, yet imports the search lab: {bad}"


@pytest.mark.parametrize(
    "path", sorted((ROOT / "play").rglob("*.py")) + kit_files("play"),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_the_match_controller_imports_no_screen_and_no_game(path: Path) -> None:
    """play/ (the match and the AI's jobs) runs headless: no pygame, no ui, no kit (a kit's
    play part uses its own rules and AI); platformdirs finds the documents folder for saves."""
    own = kit_of(module_name(path))
    bad = [
        f"line {line}: {name}"
        for line, name in imports_of(path)
        if is_ui(name)
        or not (is_stdlib(name)
                or name.split(".")[0] in ("game", "games", "ai", "play", "platformdirs"))
        or foreign_kit(name, own)
        or (own is None and kit_of(name) is not None)
    ]
    assert not bad, f"{path.name} may import only the standard library, game, ai, play: {bad}"


@pytest.mark.parametrize(
    "path",
    sorted((ROOT / "ui").rglob("*.py")) + sorted((ROOT / "cli").rglob("*.py"))
    + kit_files("ui") + [ROOT / "main.py"],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_screens_and_commands_reach_a_game_only_through_its_kit(path: Path) -> None:
    """A kit's view may use its own rules and AI; screens and commands use none of a kit's
    modules (they ask the registry for the kit)."""
    own = kit_of(module_name(path))
    bad = [f"line {line}: {name}" for line, name in imports_of(path) if foreign_kit(name, own)]
    assert not bad, f"{path.name} imports a game's modules instead of asking its kit: {bad}"


def test_the_import_scanner_sees_nested_relative_and_from_imports() -> None:
    text = (
        "import os.path\n"
        "from games.nim import ui\n"
        "def f():\n"
        "    import pygame\n"
        "    from .ui import play\n"
        "    from ..ai import api\n"
    )
    names = {name for _, name in imports_in(text, "games.nim")}
    assert {"os.path", "games.nim.ui", "pygame", "games.nim.ui.play", "games.ai.api"} <= names
    assert {"os.path", "games.nim.ui", "pygame", "game.ui.play"} <= {
        name for _, name in imports_in(text.replace("..ai", "ai"), "game")
    }
    assert is_ui("ui.app") and is_ui("pygame.display") and is_ui("games.nim.ui.board")
    assert not is_ui("game.core") and not is_ui("games.nim.rules")
    assert is_stdlib("os.path") and is_stdlib("__future__") and not is_stdlib("pygame")


def test_the_scanner_skips_imports_for_type_hints_only() -> None:
    text = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pygame\nimport os\n"
    names = {name for _, name in imports_in(text, "game")}
    assert "os" in names and "pygame" not in names


# -- no import circles ---------------------------------------------------------------------------

PROJECT_PACKAGES = ("ai", "game", "games", "cli", "play", "ui")


def project_modules(packages: tuple[str, ...] = PROJECT_PACKAGES) -> dict[str, Path]:
    found = {"main": ROOT / "main.py"}
    for package in packages:
        for path in (ROOT / package).rglob("*.py"):
            found[module_name(path)] = path
    return found


def import_edges(path: Path, known: dict[str, Path], type_hints: bool = True) -> set[str]:
    """The project modules ``path`` imports (module level or inside functions, and under
    TYPE_CHECKING unless not ``type_hints``): ``from package import module`` counts as the
    module."""
    package = ".".join(path.relative_to(ROOT).parts[:-1])
    return edges_in(path.read_text(encoding="utf-8"), package, known, type_hints)


def edges_in(text: str, package: str, known: dict[str, Path] | set[str],
             type_hints: bool = True) -> set[str]:
    """As import_edges, for the source ``text`` of a module in ``package``."""
    out: set[str] = set()
    tree = ast.parse(text)
    for node in ast.walk(tree) if type_hints else runtime_nodes(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            targets = [
                f"{module}.{alias.name}" if f"{module}.{alias.name}" in known else module
                for alias in node.names
            ]
        for name in targets:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name:
                out.add(name)
    return out


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return circles


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_circles(graph) == [["a", "b", "c"]]
    assert import_circles({"a": {"b"}, "b": set()}) == []


def test_the_circle_graph_counts_imports_for_type_hints() -> None:
    text = ("from typing import TYPE_CHECKING\n"
            "from ui import theme\n"
            "if TYPE_CHECKING:\n"
            "    from ui.app import App\n")
    known = {"ui", "ui.app", "ui.theme"}
    assert edges_in(text, "ui.scenes", known) == {"ui.app", "ui.theme"}
    assert edges_in(text, "ui.scenes", known, type_hints=False) == {"ui.theme"}


def test_no_import_circles_type_hints_included() -> None:
    """Every import counts, module level, inside a function or under TYPE_CHECKING: a circle
    broken by a late import, or made only of type hints, is still a circle (a screen's part
    that names its screen for a type hint, while the screen imports the part, ties the two
    as much as a call does). A part says what it needs of its caller as a Protocol. The
    scripts count too: they stand above every layer, but two of them must not tie each other."""
    known = project_modules((*PROJECT_PACKAGES, "scripts"))
    graph = {name: import_edges(path, known) - {name} for name, path in known.items()}
    assert import_circles(graph) == []


# -- the layers, bottom-up ------------------------------------------------------------------------

#: game (what every game shares) <- ai (search) <- play (a match) <- ui (the window) <- cli.
LAYER_RANK = {"game": 0, "ai": 1, "play": 2, "ui": 3, "cli": 4}


def layer_of(name: str) -> str | None:
    """The layer of a project module (a kit's parts sit in the layer of their subpackage:
    games.backgammon.play.cube_turns is play); None for anything outside the project."""
    parts = name.split(".")
    if parts[0] == "main":
        return "cli"
    if parts[0] == "games":
        sub = parts[2] if len(parts) > 2 else ""
        return {"ai": "ai", "training": "ai", "play": "play", "ui": "ui"}.get(sub, "game")
    return parts[0] if parts[0] in LAYER_RANK else None


def test_layer_of_places_the_kits_parts() -> None:
    assert layer_of("games.othello.rules") == "game" and layer_of("games.nim") == "game"
    assert layer_of("games.othello.ai.patterns") == "ai"
    assert layer_of("games.backgammon.training.td") == "ai"
    assert layer_of("games.backgammon.play.cube_turns") == "play"
    assert layer_of("games.kalah.ui.board") == "ui" and layer_of("ui.app") == "ui"
    assert layer_of("main") == "cli" and layer_of("pygame") is None


def all_project_files() -> list[Path]:
    return sorted(project_modules().values())


@pytest.mark.parametrize("path", all_project_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_import_runs_up_the_layers(path: Path) -> None:
    """Every import counts: inside functions and under TYPE_CHECKING too (a type hint that
    names a higher layer ties the lower one to it as much as a call does)."""
    own = layer_of(module_name(path))
    assert own is not None
    bad = [
        f"line {line}: {name} ({layer})"
        for line, name in imports_of(path, type_hints=True)
        if (layer := layer_of(name)) is not None and LAYER_RANK[layer] > LAYER_RANK[own]
    ]
    assert not bad, f"{path.relative_to(ROOT)} ({own}) imports from a higher layer: {bad}"
