"""``kibitz engine``: a JSON-lines engine on stdin/stdout, for scripts, GUIs and test harnesses.

The protocol is cli.engine_protocol's; ``python main.py engine --help`` prints it.

Input is read on a thread of its own while the main thread answers requests in order, so a
``stop`` (or ``quit``, or the end of input) reaches a running search at once: the search is
cancelled through the same "cancelled up to request n" idea as ai.worker, and answered with
the best move found so far.
"""

from __future__ import annotations

import argparse
import functools
import json
import queue
import sys
import threading
import time
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TextIO, TypeVar

from ai.api import Cancel
from ai.kit import StakesAI, game_ai
from cli.answers import (
    json_number,
    noise_fields,
    probability_fields,
    root_value_fields,
    search_with_report,
    value_fields,
)
from cli.common import (
    RequestError,
    build_config,
    decode_json,
    load_state,
    parse_depth,
    parse_options,
    parse_seed,
    parse_time,
    require_decision,
)
from cli.engine_lines import OverlongLine, fd_lines, text_lines
from cli.engine_protocol import protocol_text
from game.core import CHANCE, State, format_line, one_line
from game.jsontypes import JSONObject, JSONValue
from game.kit import GameKit
from game.registry import game_ids, get_kit, playable_kits

#: key -> accepted JSON types (checked before anything is looked up).
_KEY_TYPES: dict[str, tuple[type, ...]] = {
    "cmd": (str,),
    "id": (str, int, float, type(None)),
    "game": (str,),
    "options": (dict,),
    "position": (str,),
    "algorithm": (str,),
    "level": (str,),
    "depth": (int,),
    "time": (int, float),
    "iterations": (int,),
    "use_tt": (bool,),
    "use_ordering": (bool,),
    "use_quiescence": (bool,),
    "use_book": (bool,),
    "exact": (bool,),
    "seed": (int,),
}
_TYPE_NAMES = {str: "a string", int: "a whole number", float: "a number", dict: "an object",
               bool: "true/false", type(None): "null"}  # fmt: skip
COMMANDS = ("bestmove", "legal", "stop", "quit")
#: Commands that act at once, even while an earlier request is still searching.
INTERRUPTS = ("stop", "quit")
#: What a request key holds, as _given reads it.
T = TypeVar("T")
#: Seconds the requests still unanswered at the end of input may go on searching before they
#: stop as if told to (a script that pipes in a request and closes its end still gets a
#: finished short search; a client that went away leaves no process behind).
EOF_GRACE_S = 0.5
#: The characters JSON itself calls whitespace: a line of only these is blank and skipped.
JSON_WHITESPACE = " \t\r\n"


class Quit(Exception):
    """Raised by the quit command so the serving loop stops after answering."""


class _StopMark:
    """Requests numbered below ``value`` are to stop searching: a stop or quit raises it. A
    counter, not an Event, so no stop is lost between two searches. ``deadline`` (a
    ``time.monotonic()`` value), set at the end of input, stops every search once passed."""

    def __init__(self) -> None:
        self.value = 0
        self.deadline: float | None = None


class _StoppedBefore:
    """Looks like a threading.Event to a search: set once a stop arrived after its request."""

    __slots__ = ("_mark", "_seq")

    def __init__(self, mark: _StopMark, seq: int) -> None:
        self._mark = mark
        self._seq = seq

    def is_set(self) -> bool:
        mark = self._mark
        if mark.value > self._seq:
            return True
        return mark.deadline is not None and time.monotonic() >= mark.deadline


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = "Protocol\n--------\n" + protocol_text()


@functools.cache
def stakes_commands() -> dict[str, StakesAI]:
    """The commands of games played for stakes (backgammon's "cube"), each with its game's
    stakes AI: the kits name them, so the protocol grows with the games."""
    return {ai.stakes.command: ai.stakes for kit in playable_kits()
            if (ai := game_ai(kit)).stakes is not None}


@functools.cache
def key_types() -> dict[str, tuple[type, ...]]:
    """Every request key and its accepted JSON types: the protocol's own, then the keys the
    stakes commands add (a Match ID, a rule)."""
    keys = dict(_KEY_TYPES)
    for stakes in stakes_commands().values():
        keys.update(stakes.request_keys)
    return keys


def _check_keys(request: Mapping[str, object]) -> None:
    known = key_types()
    for key, value in request.items():
        if key not in known:
            raise RequestError(f"unknown key {key!r}; known keys: {', '.join(known)}")
        types = known[key]
        ok = isinstance(value, types) and not (isinstance(value, bool) and bool not in types)
        if not ok:
            names = (_TYPE_NAMES[t] for t in types if not (t is int and float in types))
            want = " or ".join(dict.fromkeys(names))
            raise RequestError(f"{key!r} must be {want}, got {json.dumps(value)}")


def _given(request: Mapping[str, object], key: str, kind: type[T]) -> T | None:
    """The request's ``key`` as ``_check_keys`` let it through (None: not given)."""
    value = request.get(key)
    if value is None or isinstance(value, kind):
        return value
    raise RequestError(f"{key!r} has the wrong type")  # not reached: _check_keys said so first


def _switch(request: Mapping[str, object], key: str) -> bool:
    """A true/false switch of the request, on unless it says false."""
    return _given(request, key, bool) is not False


def handle(request: dict[str, object], cancel: Cancel | None = None) -> JSONObject:
    """The answer to one decoded request (without the echoed id); raises ValueError if bad.
    ``cancel`` (an Event-like object) stops a search early: it answers its best so far."""
    _check_keys(request)
    cmd = _given(request, "cmd", str)
    if cmd is None:
        cmd = "bestmove"
    stakes_by_command = stakes_commands()
    if cmd not in COMMANDS and cmd not in stakes_by_command:
        known = [*COMMANDS[:2], *stakes_by_command, *COMMANDS[2:]]
        raise RequestError(f"unknown cmd {cmd!r}; choose one of: {', '.join(known)}")
    if cmd == "quit":
        raise Quit
    if cmd == "stop":
        return {"stopped": True}
    game_id = _given(request, "game", str)
    if game_id is None:
        raise RequestError("missing 'game'")
    options = parse_options(request.get("options"))
    kit = get_kit(game_id)
    game, state = load_state(kit, request.get("position"), options)

    if cmd in stakes_by_command:
        return _stakes_decision(cmd, kit, state, request)

    if cmd == "legal":
        if state.current_player() == CHANCE:
            require_decision(game, state)
        return {"moves": [game.format_move(state, m) for m in state.legal_moves()]}

    depth = parse_depth(request["depth"]) if "depth" in request else None
    time_s = parse_time(request["time"]) if "time" in request else None
    config = build_config(
        kit,
        algorithm=_given(request, "algorithm", str),
        level=_given(request, "level", str),
        depth=depth,
        time_s=time_s,
        use_tt=_switch(request, "use_tt"),
        use_ordering=_switch(request, "use_ordering"),
        use_quiescence=_switch(request, "use_quiescence"),
        seed=parse_seed(request["seed"]) if "seed" in request else None,
        exact=_given(request, "exact", bool),
        iterations=_iterations(request),
    )
    if request.get("use_book") is False:
        config = replace(config, use_book=False)
    require_decision(game, state)

    result, extra = search_with_report(kit, state, config, cancel)
    if result.move is None:
        raise RequestError("the search found no move in time; allow more time or a smaller depth")
    return {
        "move": game.format_move(state, result.move),
        **value_fields(kit, state, result),
        "depth": result.depth,
        "complete": result.complete,
        "nodes": result.stats.nodes,
        "time": json_number(result.stats.time_s),
        "pv": [*format_line(game, state, result.pv)],
        **root_value_fields(kit, state, result),
        **probability_fields(kit, state, config),
        **noise_fields(kit, _given(request, "level", str), config),
        **extra,
    }


def _iterations(request: Mapping[str, object]) -> int | None:
    """The request's Monte Carlo iterations (1 to 10,000,000), None when not given."""
    n = _given(request, "iterations", int)
    if n is not None and not 1 <= n <= 10_000_000:
        raise RequestError(f"iterations must be from 1 to 10000000, got {n}")
    return n


def _stakes_decision(cmd: str, kit: GameKit, state: State,
                     request: dict[str, object]) -> JSONObject:
    """The stakes decision ``cmd`` asks of a game played for stakes (its kit's
    ``StakesAI.answer``); a one-line error for a game whose stakes have no such command."""
    stakes = game_ai(kit).stakes
    if stakes is None or stakes.command != cmd:
        games = [k.id for k in playable_kits()
                 if (s := game_ai(k).stakes) is not None and s.command == cmd]
        raise RequestError(f"{cmd!r} is a command of {', '.join(games)}, not of {kit.id}")
    return stakes.answer(state, request)


def answer_line(line: str, cancel: Cancel | None = None) -> tuple[JSONObject, bool]:
    """The answer to one raw input line, and whether the engine should stop afterwards."""
    request_id: JSONValue = None
    has_id = False
    stop = False
    if isinstance(line, OverlongLine):
        return {"error": line.error()}, False
    try:
        try:
            request = decode_json(line)
        except RequestError as exc:
            raise RequestError(f"bad JSON: {exc}") from None
        if not isinstance(request, dict):
            raise RequestError(f'a request is a JSON object, e.g. {{"game": "{game_ids()[0]}"}}')
        if "id" in request and not isinstance(request["id"], list | dict):
            # Only a scalar id is echoed: a nested one is refused by _check_keys, and copying
            # it back could fail to encode (too deep) after the request was answered.
            has_id, request_id = True, request["id"]
        try:
            answer = handle(request, cancel)
        except Quit:
            answer, stop = {"quit": True}, True
    except ValueError as exc:
        answer = {"error": one_line(exc, MAX_ERROR_CHARS, "bad request")}
    except Exception as exc:  # a bug must not take the engine down with it
        answer = {"error": one_line(f"internal error: {type(exc).__name__}: {exc}", MAX_ERROR_CHARS)}
    if has_id:
        answer = {"id": request_id, **answer}
    return answer, stop


#: Longest error message: a bad value is quoted back, and a request line may be megabytes.
MAX_ERROR_CHARS = 300


def is_blank(line: str) -> bool:
    """True for a line that holds nothing but JSON whitespace (skipped without an answer)."""
    return not line.strip(JSON_WHITESPACE)


def is_interrupt(line: str) -> bool:
    """True for a stop or quit request: it must reach a running search at once."""
    try:
        request = decode_json(line)
    except RequestError:
        return False
    return isinstance(request, dict) and request.get("cmd") in INTERRUPTS


def encode(answer: JSONObject) -> str:
    """One answer as strict JSON (RFC 8259): a non-finite number becomes an error answer
    rather than the NaN/Infinity that strict parsers reject."""
    try:
        return json.dumps(answer, allow_nan=False)
    except ValueError:
        error: JSONObject = {"error": "internal error: the answer held a number JSON cannot carry"}
        if "id" in answer:
            error = {"id": answer["id"], **error}
        return json.dumps(error, allow_nan=False)


def _read(
    lines: Iterable[str], inbox: queue.Queue, mark: _StopMark, eof_grace_s: float | None
) -> None:
    """The reader thread: number each line, raise the stop mark for stop/quit at once, and
    at the end of input give what is left ``eof_grace_s`` seconds (None: all the time it
    needs)."""
    seq = 0
    try:
        for line in lines:
            seq += 1
            if is_interrupt(line):
                mark.value = seq
            inbox.put((seq, line))
    except (OSError, ValueError):
        pass  # a closed or broken input is the end of input
    finally:
        if eof_grace_s is not None:
            mark.deadline = time.monotonic() + eof_grace_s
        inbox.put(None)


def serve(
    instream: TextIO | Iterable[str],
    outstream: TextIO,
    eof_grace_s: float | None = EOF_GRACE_S,
) -> int:
    """Answer requests until end of input or quit. Input is read on a thread of its own, so
    a stop, a quit or the end of input reaches a search that is still running."""
    lines = text_lines(instream.readline) if hasattr(instream, "readline") else iter(instream)
    inbox: queue.Queue = queue.Queue()
    mark = _StopMark()
    reader = threading.Thread(
        target=_read, args=(lines, inbox, mark, eof_grace_s), daemon=True, name="engine-input"
    )
    reader.start()
    while True:
        item = inbox.get()
        if item is None:
            break
        seq, line = item
        if is_blank(line):
            continue
        answer, stop = answer_line(line, _StoppedBefore(mark, seq))
        try:
            outstream.write(encode(answer) + "\n")
            outstream.flush()
        except (BrokenPipeError, ValueError):
            break  # the client closed our output: nobody is listening
        if stop:
            break
    return 0


def run(args: argparse.Namespace) -> int:
    if sys.stdin is None or sys.stdout is None:  # started with a standard stream closed
        raise OSError("the engine needs standard input and output, and one of them is closed")
    # JSON text is UTF-8 whatever the locale says.
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(encoding="utf-8", errors="replace")
    try:
        fd = sys.stdin.fileno()
    except (OSError, ValueError, AttributeError):
        return serve(sys.stdin, sys.stdout)
    return serve(fd_lines(fd), sys.stdout)
