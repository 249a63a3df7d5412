"""``main.py agent-host FILE`` (hidden): a student's agent file served over the engine protocol.

Started by play.outside.python_agent for a ``file:`` player, in a process of its own. It limits
its own memory (RLIMIT_AS, where the system has it; DEFAULT_MEMORY_MB unless --memory-mb says
otherwise), imports the file, then answers each ``bestmove`` request line on stdin with one
line on stdout: ``{"move": ..., "time": ..., "nodes": ..., "pv": [...]}`` from the file's
``choose_move(position)`` (play.outside.position: the student API), or ``{"error": ...}`` with
a one-line reason the driver forfeits with ("the agent raised ValueError: ..."). What the
agent prints goes to standard error (the driver's log), so its output never garbles an
answer, and its standard input is empty (a request is never read by the agent). A ``quit`` request, or the end of input, ends the host.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO, TextIO

from game.core import error_line
from game.jsontypes import JSONObject
from game.registry import get_kit
from play.outside.position import Position, Report
from play.outside.protocol import reason_line

#: The agent's memory (address space) limit, in MB.
DEFAULT_MEMORY_MB = 1024
#: The function an agent file defines.
ENTRY = "choose_move"

Agent = Callable[[Position], object]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the agent's Python file")
    parser.add_argument("--memory-mb", type=int, default=DEFAULT_MEMORY_MB,
                        help="the agent's memory limit in MB (where the system allows one)")


def limit_memory(megabytes: int) -> None:
    """Cap this process's address space: an agent that grows without bound gets a
    MemoryError (its forfeit) instead of taking the machine's memory."""
    try:
        import resource
    except ImportError:  # Windows: no limit
        return
    limit = megabytes * 1024 * 1024
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    with contextlib.suppress(ValueError, OSError):  # a system that refuses: no limit
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def load_agent(path: Path) -> Agent:
    """The file's choose_move; ValueError with a one-line reason when it cannot be had."""
    sys.path.insert(0, str(path.parent))  # the agent's own helper modules import
    spec = importlib.util.spec_from_file_location("kibitz_agent", path)
    if spec is None or spec.loader is None:
        raise ValueError(f"the agent did not load: {path.name} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        raise ValueError(f"the agent did not load: {type(exc).__name__}: {error_line(exc)}"
                         ) from None
    entry = getattr(module, ENTRY, None)
    if not callable(entry):
        raise ValueError(f"the agent did not load: {path.name} defines no {ENTRY}(position)")
    return entry


def answer(line: str, agent: Agent | None, load_error: str | None) -> JSONObject:
    """The answer to one request line."""
    try:
        request = json.loads(line)
    except ValueError:
        return {"error": "bad request: not JSON"}
    if not isinstance(request, dict):
        return {"error": "bad request: not an object"}
    cmd = request.get("cmd", "bestmove")
    if cmd == "quit":
        return {"quit": True}
    if cmd != "bestmove":
        return {"error": f"the agent host answers bestmove and quit, not {str(cmd)[:40]!r}"}
    if agent is None:
        return {"error": load_error or "the agent did not load"}
    try:
        kit = get_kit(str(request["game"]))
        game = kit.rules()
        options = request.get("options") or {}
        state = game.parse_position(str(request["position"]), **options)
        seconds = float(request.get("time", 2.0))
    except (KeyError, TypeError, ValueError) as exc:
        return {"error": f"bad request: {error_line(exc)}"}
    report = Report()
    start = time.monotonic()
    try:
        chosen = agent(Position(game, state, start + seconds, report))
    except Exception as exc:
        text = error_line(exc) if str(exc).strip() else ""
        return {"error": reason_line(f"the agent raised {type(exc).__name__}"
                                  + (f": {text}" if text else ""))}
    spent = round(time.monotonic() - start, 6)
    if isinstance(chosen, str):
        text = chosen
    else:
        try:
            text = game.format_move(state, chosen)
        except Exception:
            text = repr(chosen)[:100]
    reply: JSONObject = {"move": text, "time": spent}
    if report.nodes is not None:
        reply["nodes"] = report.nodes
    if report.line is not None:
        reply["pv"] = [*report.line]
    return reply


def serve(agent: Agent | None, load_error: str | None, requests: BinaryIO, out: TextIO) -> int:
    for raw in requests:
        line = raw.decode("utf-8", "replace").strip()
        if not line:
            continue
        reply = answer(line, agent, load_error)
        out.write(json.dumps(reply) + "\n")
        out.flush()
        if reply.get("quit"):
            break
    return 0


def run(args: argparse.Namespace) -> int:
    out, requests = sys.stdout, sys.stdin.buffer
    sys.stdout = sys.stderr  # the agent's prints go to the log, never into an answer
    sys.stdin = io.StringIO()  # and its input() reads nothing, never a request
    limit_memory(args.memory_mb)
    agent: Agent | None = None
    load_error: str | None = None
    try:
        agent = load_agent(Path(args.file))
    except ValueError as exc:
        load_error = reason_line(str(exc))
    return serve(agent, load_error, requests, out)
