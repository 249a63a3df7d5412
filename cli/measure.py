"""``main.py measure MODULE:FUNCTION`` (hidden): one of Kibitz's own timing functions run in
this fresh process, its answer printed as one JSON line.

``selftest`` times what a fresh process takes (the compiled kernels' first use) by starting
one. From the source that process is ``python -m MODULE``; the frozen executable has no
``-m``, so it starts itself with this subcommand instead (kept out of ``--help``).
"""

from __future__ import annotations

import argparse
import importlib
import json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("function", help="the timing function, as module:function")


def run(args: argparse.Namespace) -> int:
    module_name, _, name = str(args.function).partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"no module {module_name!r} to measure with") from exc
    function = getattr(module, name, None)
    if not callable(function):
        raise ValueError(f"no function {name!r} in {module_name}")
    print(json.dumps(function()), flush=True)
    return 0
