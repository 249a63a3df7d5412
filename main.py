"""Kibitz: the GUI by default, plus headless subcommands (analyze, engine, match, bench, ...).

Each subcommand lives in its own module under ``cli/`` and is imported only when used, so the
headless commands never load pygame and start quickly.
"""

from __future__ import annotations

import argparse
import importlib
import multiprocessing
import os
import signal
import sys
import threading
from typing import NoReturn

from game.core import one_line

__version__ = "0.1.0"

# pygame prints a greeting on import; the headless commands' output must stay clean.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

#: subcommand -> (module under cli/, one-line help)
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "play": ("cli.play", "open the game window (the default)"),
    "analyze": ("cli.analyze", "search one position and print the result as JSON"),
    "engine": ("cli.engine", "serve JSON-lines requests on stdin/stdout"),
    "match": ("cli.match", "play AI against AI and print the score"),
    "tournament": ("cli.tournament", "a round robin of levels and programs, or a program placed among the levels: crosstable, Elo"),
    "review": ("cli.review", "weigh every move of a saved game and print the annotated record"),
    "explain": ("cli.explain", "the recorded search tree of a position, or algorithms compared"),
    "bench": ("cli.bench", "print speed figures (rules, search, ui)"),
    "selftest": ("cli.selftest", "check assets and play one fast AI game of each kind"),
}
#: Subcommands Kibitz runs for itself, kept out of --help: the agent host runs a student's
#: ``file:`` player in a process of its own (play.outside.python_agent starts it); measure
#: runs a timing function in a fresh process of the executable (selftest starts it).
HIDDEN: dict[str, str] = {"agent-host": "cli.agent_host", "measure": "cli.measure"}


def _module(command: str) -> str:
    return HIDDEN[command] if command in HIDDEN else SUBCOMMANDS[command][0]


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad flag as one line, not a usage dump plus a traceback."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"kibitz: error: {one_line(message)} (see --help)\n")
        raise SystemExit(2)


#: Longest error line: a bad argument is quoted back, and it may be megabytes long.
MAX_ERROR_CHARS = 300


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """Every subcommand by name and help line; only ``command``'s module is imported to add
    its arguments (a headless command does not load the others' searchers and screens)."""
    parser = _Parser(prog="kibitz", description="Classic board games against an AI you can watch think.")
    parser.add_argument("--version", action="version", version=f"kibitz {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser,
                                metavar="{" + ",".join(SUBCOMMANDS) + "}")
    for name, (module, help_text) in SUBCOMMANDS.items():
        sp = sub.add_parser(name, help=help_text, description=help_text)
        if name == command:
            importlib.import_module(module).add_arguments(sp)
    if command in HIDDEN:  # named only when asked for: --help never lists it
        importlib.import_module(HIDDEN[command]).add_arguments(sub.add_parser(command))
    return parser


class Terminated(BaseException):
    """SIGTERM as an exception in a headless command, so that it leaves as Ctrl+C does:
    through its with and finally clauses (a pool's workers stopped, the programs a match
    started closed, a record's finished games kept), with no traceback. Not an Exception, so
    that no command's own error handling takes it for a failure."""


def _terminated(_signum: int, _frame: object) -> NoReturn:
    raise Terminated


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    # The subcommand, when given, comes first: the top level takes only --help and --version.
    named = argv[0] if argv and (argv[0] in SUBCOMMANDS or argv[0] in HIDDEN) else None
    if "--version" in argv and len(argv) > 1:
        # argparse would print the version and exit 0 before looking at the rest.
        build_parser(named).error("--version takes no other arguments")
    args = build_parser(named).parse_args(argv)
    command = args.command or "play"
    if args.command is None:
        args = build_parser("play").parse_args(["play", *argv])
    module = importlib.import_module(_module(command))
    # The window keeps its own way of closing; a headless command leaves on SIGTERM as on
    # Ctrl+C. The handler before is put back, for a caller that runs main() in its process.
    handles = command != "play" and threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _terminated) if handles else None
    try:
        return int(module.run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except Terminated:
        return 128 + signal.SIGTERM
    except BrokenPipeError:
        # The reader left (``explain ... | head``): nothing is wrong, and Python's own last
        # flush of stdout must not report the closed pipe either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except (ValueError, OSError) as exc:
        sys.stderr.write(f"kibitz: error: {one_line(str(exc))}\n")
        return 2
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
