"""Compiled kernels where speed is depth, and the plain Python path wherever they are off.

A kernel is a function written once in the restricted Python that numba compiles (whole
numbers, NumPy arrays, loops, no objects): a bitboard's moves, a solver's search. ``kernel``
wraps it. With numba installed and ``KIBITZ_NATIVE`` not ``0``, the wrapped function is
numba's ``njit`` of it, compiled on its first call and kept on disk in the user's cache folder
(``native_cache_dir``), so a second run starts warm. Otherwise it is the function itself and
runs as ordinary Python, slowly, with the same results: every kernel's tests run both ways.

The executable carries no numba (its compiler library alone is 180 MB): it carries the entry
kernels, those Python code calls (each game's ``GameAI.kernels``), compiled ahead of time into
one extension module, ``AOT_MODULE`` (``python -m ai.native_build``). Where that module can be
imported and numba cannot be used (a frozen executable, numba not installed, or
``KIBITZ_NATIVE=aot``), ``kernel`` hands out the module's function for an entry kernel and
the function itself for any other (those run inside the entries, compiled with them).

numba's cache folder must be known before numba is imported, so this module sets it and is the
only one that imports numba. ``status`` says in one line which path runs and why (``selftest``,
``bench`` and bug reports print it).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import threading
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, Protocol, TypeVar

#: ``KIBITZ_NATIVE=0`` switches the compiled path off (the Python path runs everywhere);
#: ``KIBITZ_NATIVE=aot`` takes the ahead-of-time module even where numba is installed.
ENV = "KIBITZ_NATIVE"
#: The extension module of the entry kernels compiled ahead of time (ai.native_build).
AOT_MODULE = "kibitz_kernels"
#: Where numba keeps compiled kernels unless the user's environment says otherwise.
CACHE_ENV = "NUMBA_CACHE_DIR"

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


def switched_off() -> bool:
    """True when the environment asks for the Python path."""
    return os.environ.get(ENV, "").strip().lower() in {"0", "off", "no", "false"}


def aot_wanted() -> bool:
    """True where the ahead-of-time module is the compiled path: a frozen executable, no
    numba installed, or ``KIBITZ_NATIVE=aot``."""
    return (os.environ.get(ENV, "").strip().lower() == "aot" or getattr(sys, "frozen", False)
            or not _installed())


def export_name(module: str, function: str) -> str:
    """An entry kernel's name in the ahead-of-time module: unique across games
    (``games.x.ai.native_search``'s ``probe``: ``games__x__ai__native_search__probe``)."""
    return f"{module.replace('.', '__')}__{function}"


@cache
def _aot() -> Any:
    """The ahead-of-time module where it is the compiled path and can be imported; else None
    (a module built for another Python fails to import, and the Python path runs)."""
    if switched_off() or not aot_wanted():
        return None
    try:
        return importlib.import_module(AOT_MODULE)
    except ImportError:
        return None


def native_cache_dir() -> Path:
    """The folder compiled kernels are kept in: the user's cache folder's ``kibitz/native``
    (``NUMBA_CACHE_DIR`` when the user set it)."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen:
        return Path(chosen)
    import platformdirs

    return Path(platformdirs.user_cache_dir("kibitz", appauthor=False)) / "native"


@cache
def _numba() -> Any:
    """numba, imported once with its cache folder set; None when it is off or absent."""
    if switched_off() or aot_wanted():
        return None
    os.environ.setdefault(CACHE_ENV, str(native_cache_dir()))
    import numba

    return numba


@cache
def _installed() -> bool:
    """numba can be imported: looked up on the path once a process (the worker asks with
    every search it is given)."""
    return importlib.util.find_spec("numba") is not None


def available() -> bool:
    """True when kernels would be compiled or are compiled ahead of time, asked without
    importing numba (which takes most of a second): numba installed and not switched off, or
    the ahead-of-time module there to take its place (``aot_wanted``)."""
    if switched_off():
        return False
    return _aot() is not None if aot_wanted() else True


def precompiled() -> bool:
    """True when the kernels were compiled ahead of time: nothing to compile or load from a
    cache, so a first use may warm them (their tables, a tiny search: milliseconds) in its
    own thread rather than search in Python meanwhile."""
    return _aot() is not None


#: How long a search waits for kernels compiled ahead of time to warm up (their tables load
#: and a tiny search runs: milliseconds) rather than search in Python meanwhile.
PRECOMPILED_WAIT_S = 1.0

_warming: set[str] = set()
_warming_lock = threading.Lock()


def warm_in_background(name: str, warm: Callable[[], object]) -> bool:
    """Run ``warm`` (import a game's kernels, compile them or load them from the disk cache)
    in a daemon thread, once per ``name`` a process; False when kernels are off.

    The worker calls it when a game's first search arrives, long before the game needs its
    kernels (an endgame, a solve). Nothing waits for it: a search that could use the kernels
    before they are in runs on the Python path (each game's ``ready`` says when they are),
    with the same tree."""
    if not available():
        return False
    with _warming_lock:
        if name in _warming:
            return True
        _warming.add(name)
    threading.Thread(target=_warm_quietly, args=(name, warm), name=f"kernels-{name}",
                     daemon=True).start()
    return True


def _warm_quietly(name: str, warm: Callable[[], object]) -> None:
    """A warm-up that fails leaves the Python path running; it says so in one line on the
    worker's error stream, not in a traceback."""
    try:
        warm()
    except Exception as exc:  # the searches fall back to Python; nothing else to do
        print(f"kibitz: kernels {name} not warmed up ({type(exc).__name__}: {exc})",
              file=sys.stderr)


class KernelSet:
    """One game's kernels as a process has them: warmed (compiled, or loaded from the disk
    cache) once, in the background, while searches meanwhile run on the Python path.

    ``driver`` names the module that calls the kernels; its ``warm_up()`` runs a tiny search
    through every one of them. It is imported only when the kernels warm up, since importing
    it imports numba (most of a second)."""

    def __init__(self, name: str, driver: str) -> None:
        self.name, self.driver = name, driver
        #: True once ``warm_up`` has run in this process.
        self.is_ready = False
        self._settled = threading.Event()  # set when a warm-up ends, well or not

    def warm_up(self) -> float:
        """Compile the kernels (or load them from the disk cache) now; seconds taken."""
        start = time.perf_counter()
        try:
            importlib.import_module(self.driver).warm_up()
            self.is_ready = True
        finally:
            self._settled.set()
        return time.perf_counter() - start

    def ready(self) -> bool:
        """True once the kernels are in. Until then the first call starts ``warm_up`` in a
        thread of its own and the caller searches in Python (the same tree); the caller waits
        for kernels compiled ahead of time (``precompiled``: milliseconds)."""
        if self.is_ready:
            return True
        self.start()
        if precompiled():
            self._settled.wait(PRECOMPILED_WAIT_S)
        return self.is_ready

    def start(self) -> None:
        """``warm_up`` in the background, once a process (``warm_in_background``)."""
        if available():
            # NumPy whole before the warming thread starts: its import there would leave a
            # half-imported module in sys.modules that code peeking at sys.modules (pytest's
            # approx) could meet.
            importlib.import_module("numpy")
        warm_in_background(self.name, self.warm_up)

    def settle(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for a warm-up under way to end; True if the kernels
        are in (a test, or a bench that wants the compiled path)."""
        self._settled.wait(timeout)
        return self.is_ready


def enabled() -> bool:
    """True when kernels are compiled (numba present, not switched off), or compiled ahead of
    time (``precompiled``)."""
    return precompiled() or _numba() is not None


def kernel(fn: F) -> F:
    """``fn`` compiled (``njit``, cached on disk) when kernels are on, else ``fn`` itself.
    On the ahead-of-time path: the module's compiled ``fn`` if it is an entry kernel (one
    Python code calls), else ``fn`` itself (only other kernels call it, compiled in them)."""
    aot = _aot()
    if aot is not None:
        found: F = getattr(aot, export_name(fn.__module__, fn.__name__), fn)
        return found
    numba = _numba()
    if numba is None:
        return fn
    compiled: F = numba.njit(cache=True, nogil=True)(fn)
    return compiled


def status() -> str:
    """One line: which path runs, and why."""
    if switched_off():
        return f"Python path ({ENV}={os.environ.get(ENV)})"
    if precompiled():
        return f"ahead-of-time compiled kernels (module {AOT_MODULE})"
    numba = _numba()
    if numba is None:
        if aot_wanted() and _installed():
            return f"Python path ({ENV}=aot, and no module {AOT_MODULE} to import)"
        if getattr(sys, "frozen", False):
            return f"Python path (this build carries no module {AOT_MODULE})"
        return "Python path (numba is not installed)"
    return f"compiled with numba {numba.__version__}, cached in {native_cache_dir()}"


class Flags(Protocol):
    """The array a kernel reads its stop flag from (a NumPy array of whole numbers)."""

    def __getitem__(self, slot: int, /) -> Any: ...

    def __setitem__(self, slot: int, value: int, /) -> None: ...


def watched(run: Callable[[], T], flags: Flags, stop_slot: int,
            stop: Callable[[], bool] | None, poll: Callable[[], None] | None = None,
            every_s: float = 0.003, name: str = "kernels") -> T:
    """``run()`` (a kernel, which releases the GIL) in a thread while this one watches:
    when ``stop()`` says so (a deadline, a cancel), ``flags[stop_slot]`` is raised for the
    kernel to see at its next node; ``poll`` (progress reports) is called every ``every_s``.

    A kernel cannot be interrupted from outside, so this is how a compiled search keeps a
    time limit and a cancel. Interrupted while watching (KeyboardInterrupt), the flag is
    raised before leaving: the search never runs on unwatched. What ``run`` raises is raised
    here, in the caller's thread."""
    out: list[T] = []
    failed: list[BaseException] = []

    def target() -> None:
        try:
            out.append(run())
        except BaseException as e:  # handed to the caller's thread below
            failed.append(e)

    worker = threading.Thread(target=target, name=name, daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(every_s)
            if not flags[stop_slot] and stop is not None and stop():
                flags[stop_slot] = 1
            if poll is not None and worker.is_alive():
                poll()
    except BaseException:  # interrupted while watching: the search must not run on unwatched
        flags[stop_slot] = 1
        raise
    if failed:
        raise failed[0]
    return out[0]
