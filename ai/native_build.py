"""``python -m ai.native_build``: the entry kernels compiled ahead of time into one extension
module (``ai.native.AOT_MODULE``), for the executable, which carries no numba.

A build tool, never imported by the app: it needs numba (whose ahead-of-time compiler,
``numba.pycc``, it drives), setuptools and a C compiler. Each game declares its entry kernels,
the ones Python code calls, with the numba signatures they are called with
(``GameAI.kernels``); the builder asks every game's AI part through the registry, compiles
each entry under ``ai.native.export_name`` (the kernels it calls compiled into it), and links
one module into ``--out``. The frozen executable finds it there (build.spec), as does any
process that has the folder on its path with ``KIBITZ_NATIVE=aot`` (the tests).

numba 0.68 marks ``numba.pycc`` as pending deprecation; its successor is not released yet.

Exported functions release the GIL as ``njit(nogil=True)`` does: the drivers run a long search
in a thread while their own thread watches the clock and the cancel event (``native.watched``).
pycc has no option for it, so ``_NoGilCompiler`` compiles the entries with numba's
``release_gil`` flag set (the flag ``nogil=True`` sets for ``njit``).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NoReturn

from ai import native
from game.core import one_line

#: Where the module is written unless ``--out`` says otherwise (build.spec looks there).
DEFAULT_OUT = Path(__file__).resolve().parents[1] / "build" / "native"


def declared_kernels() -> dict[str, str]:
    """Every game's entry kernels, ``"module:function"`` -> signature (``GameAI.kernels``)."""
    from ai.kit import game_ai
    from game.registry import all_kits

    found: dict[str, str] = {}
    for kit in all_kits():
        if kit.has_part("ai.kit"):
            found.update(game_ai(kit).kernels)
    return found


def _python_function(entry: str, signature: str) -> tuple[str, Any]:
    """(the export name, the plain Python function) of ``"module:function"``.

    The kernel is first compiled by numba for ``signature`` as ``njit`` would: a kernel that
    calls itself (``deep``) then finds itself compiled, where pycc compiling it from scratch
    would ask numba to compile it again while it does ("compiler re-entrant")."""
    module_name, _, name = entry.partition(":")
    compiled = getattr(importlib.import_module(module_name), name)
    compiled.compile(signature)
    return native.export_name(module_name, name), compiled.py_func


def _compiler(name: str, out: Path) -> Any:
    """numba's ``CC`` whose entries release the GIL (``_NoGilCompiler``)."""
    from numba.pycc import CC
    from numba.pycc import compiler as pycc_compiler

    plain = pycc_compiler.Flags

    def nogil_flags() -> Any:
        """pycc's flags with ``release_gil`` on: the Python wrapper of each entry lets go of
        the GIL around the compiled call, as ``njit(nogil=True)``'s does."""
        flags: Any = plain()
        flags.release_gil = True
        return flags

    class _NoGilCompiler(pycc_compiler.ModuleCompiler):
        def _cull_exports(self) -> Any:
            # pycc makes its Flags() inside this method, from its module's name: the module
            # lends it ours for the call (the build holds numba's compiler lock meanwhile).
            namespace = vars(pycc_compiler)
            namespace["Flags"] = nogil_flags
            try:
                return super()._cull_exports()
            finally:
                namespace["Flags"] = plain

    class _NoGilCC(CC):
        def _compile_object_files(self, build_dir: str) -> tuple[list[str], list[str]]:
            compiler = _NoGilCompiler(self._export_entries, self._basename, self._use_nrt,
                                      cpu_name=self._target_cpu)
            compiler.external_init_function = self._init_function
            obj = os.path.join(build_dir, os.path.splitext(self._output_file)[0] + ".o")
            compiler.write_native_object(obj, wrap=True)
            return [obj], compiler.dll_exports

    cc = _NoGilCC(name, source_module=__name__)
    cc.output_dir = str(out)
    return cc


def build(out: Path, kernels: Mapping[str, str] | None = None,
          name: str = native.AOT_MODULE) -> Path:
    """Compile ``kernels`` (every game's by default) into the module ``name`` in ``out``;
    the module's path. Raises RuntimeError when numba is absent or switched off."""
    if not native.enabled() or native.precompiled():
        raise RuntimeError(f"needs numba installed and {native.ENV} unset ({native.status()})")
    entries = declared_kernels() if kernels is None else dict(kernels)
    out.mkdir(parents=True, exist_ok=True)
    cc = _compiler(name, out)
    for entry, signature in sorted(entries.items()):
        export, function = _python_function(entry, signature)
        cc.export(export, signature)(function)
    cc.compile()
    return out / cc.output_file


class _Parser(argparse.ArgumentParser):
    """A bad flag is one line, as ``main.py``'s are."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {message} (see --help)\n")
        raise SystemExit(2)


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="python -m ai.native_build", description=(
        "Compile every game's entry kernels ahead of time into one extension module, for the "
        "executable (needs numba and a C compiler)."))
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help=f"folder for the module (default: {DEFAULT_OUT})")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    try:
        # Every kernel compiled from its source for the module, none read from the user's
        # cache: the build depends on the source tree alone.
        with tempfile.TemporaryDirectory(prefix="kibitz-aot-") as cache:
            os.environ[native.CACHE_ENV] = cache
            path = build(args.out)
    except Exception as exc:  # noqa: BLE001 - a build tool's failure is one line, not a traceback
        print(f"kernels not built ({type(exc).__name__}: {one_line(exc)})",
              file=sys.stderr)
        return 1
    size = path.stat().st_size / 1e6
    print(f"built {path} ({size:.1f} MB) in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
