"""``main.py measure MODULE:FUNCTION`` (hidden): one of Kibitz's own timing functions run in
this fresh process, its answer printed as one JSON line.

``selftest`` times what a fresh process takes (the compiled kernels' first use) by starting
one. From the source that process is ``python -m MODULE``; the frozen executable has no
``-m``, so it starts itself with this subcommand instead (kept out of ``--help``). Only a
function named ``measure`` in one of Kibitz's own packages runs, and what it raises is one
line: the command is not a way to call anything else.
"""

from __future__ import annotations

import argparse
import importlib
import json

#: The packages whose ``measure`` functions may run.
OWN_PACKAGES = ("ai", "cli", "game", "games", "play")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("function", help="the timing function, as module:function")


def run(args: argparse.Namespace) -> int:
    module_name, _, name = str(args.function).partition(":")
    if module_name.split(".")[0] not in OWN_PACKAGES or name != "measure":
        raise ValueError(f"no timing function {args.function!r}: give a Kibitz module's"
                         " measure, as MODULE:measure")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"no module {module_name!r} to measure with") from exc
    function = getattr(module, name, None)
    if not callable(function):
        raise ValueError(f"no timing function {name!r} in {module_name}")
    try:
        answer = function()
    except Exception as exc:  # the measurement's failure, as one line for selftest to show
        raise ValueError(f"{module_name}:{name} failed ({type(exc).__name__}: {exc})") from None
    print(json.dumps(answer), flush=True)
    return 0
