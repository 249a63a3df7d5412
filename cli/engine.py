"""``kibitz engine``: a JSON-lines engine on stdin/stdout, for scripts, GUIs and test harnesses.

The protocol is ``PROTOCOL`` below; ``python main.py engine --help`` prints it.

Input is read on a thread of its own while the main thread answers requests in order, so a
``stop`` (or ``quit``, or the end of input) reaches a running search at once: the search is
cancelled through the same "cancelled up to request n" idea as ai.worker, and answered with
the best move found so far.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from cli.common import (
    RequestError,
    build_config,
    decode_json,
    format_line,
    json_number,
    load_state,
    noise_fields,
    parse_depth,
    parse_options,
    parse_seed,
    parse_time,
    probability_fields,
    require_decision,
    root_value_fields,
    value_fields,
)
from game.core import CHANCE

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
    "use_tt": (bool,),
    "use_ordering": (bool,),
    "exact": (bool,),
    "seed": (int,),
    "match_id": (str,),
    "jacoby": (bool,),
}
_TYPE_NAMES = {str: "a string", int: "a whole number", float: "a number", dict: "an object",
               bool: "true/false", type(None): "null"}  # fmt: skip
COMMANDS = ("bestmove", "legal", "cube", "stop", "quit")
#: Commands that act at once, even while an earlier request is still searching.
INTERRUPTS = ("stop", "quit")
#: Longest request line read; a longer one is answered with an error and skipped.
MAX_LINE_BYTES = 4_000_000
#: Seconds the requests still unanswered at the end of input may go on searching before they
#: stop as if told to (a script that pipes in a request and closes its end still gets a
#: finished short search; a client that went away leaves no process behind).
EOF_GRACE_S = 0.5
#: The characters JSON itself calls whitespace: a line of only these is blank and skipped.
JSON_WHITESPACE = " \t\r\n"

PROTOCOL = """\
One request per line, a JSON object (UTF-8); exactly one answer per request, a JSON object on
one line (strict JSON: never NaN or Infinity), flushed at once, in the order of the requests.
Lines that are empty or hold only JSON whitespace (space, tab, CR) get no answer; every other
line does, a bad one an {"error": "<one line>"}, and the engine keeps serving.

Request keys (anything else is an error that lists these):
  cmd        "bestmove" (default), "legal", "cube", "stop" or "quit"
  id         a string, number or null; echoed back in the answer (also in error answers)
  game       "tictactoe", "othello", "nim" or "backgammon" (required but for stop/quit)
  options    game options, e.g. {"heaps": [3, 4, 5], "max_take": 3, "misere": true}
  position   the game's notation (default: the initial position); backgammon needs the
             dice, e.g. "4HPwATDgc/ABMA 31"
  algorithm  "minimax", "alphabeta" or "expectiminimax" (default: the game's own); the
             named algorithm is what runs
  level      a named difficulty level instead of an algorithm, e.g. "Master"
  depth      whole number of plies, 1..64
  time       seconds, more than 0, at most 3600 (default 2 when no depth, time or level)
  exact      true: let the game's exact solver answer where it can (default: a level's
             own setting; false when an algorithm is named)
  use_tt, use_ordering   true/false, default true
  seed       whole number: seeds a level's deliberate randomness
  match_id   backgammon "cube": GNU Backgammon Match ID of the cube (default: the position's
             own, given as "PositionID:MatchID", else centred at 1)
  jacoby     backgammon "cube": true for the Jacoby rule

Commands and answers:
  bestmove   {"move": "d3", "algorithm": "alphabeta", "exact": false, "value": 0.63,
             "value_text": "+1 discs (predicted final margin) for Black",
             "point_of_view": "Black", "depth": 6, "complete": true, "nodes": 12345,
             "time": 0.41, "pv": [...], "root_values": {...}, "root_values_text": {...}}
             "algorithm" is what actually ran (a solver's name such as "nim-solver" when
             exact solving answered); "exact" is true when the value is proven. A level
             that plays with deliberate randomness adds "noise_text", e.g. "Casual: picks
             at random among moves within 10 discs of the best". Backgammon searched
             with the network (Advanced, Master, "evaluator" net) adds the network's
             chances for the side to move in the position asked about: "probabilities":
             {"win": .., "win_gammon": .., "win_backgammon": .., "lose_gammon": ..,
             "lose_backgammon": ..}.
  legal      {"moves": ["a1", "b1", ...]}
  cube       backgammon money play, the position before the roll (no dice): {"action":
             "double / take", "double": true, "take": true, "equities": {"no_double": ..,
             "double_take": .., "double_pass": ..}, "probabilities": {"win": .., ...},
             "text": "double / take, 0.62 wins, 0.21 gammons", "match_id": ".."}; with a
             double pending in the Match ID, {"action": "take"} or "drop"
  stop       ends a running search at once: that search is answered first with the best
             move found so far ("complete": false), then the stop with {"stopped": true}.
             Every request sent before the stop is answered without further search.
  quit       like stop, then {"quit": true}, and the engine exits.
At the end of input the requests not yet answered get half a second more to search, then
stop as if told to; they are answered and the engine exits within a second.

Values are from the side to move's point of view, in the game's units: tic-tac-toe and Nim
proven results are 10000 minus the plies to the end ("win in 5", "loss in 6", 0 "draw");
Nim's solver answers them too, or +1/-1 (a win or loss with perfect play, its length not
known) for a game too big to play out to the end; Othello values are final disc
margins (predicted, or exact from the endgame solver); backgammon values are equity in
points a game. "value" is null when a search was stopped before it finished its first depth.
"""


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
    parser.epilog = "Protocol\n--------\n" + PROTOCOL


def _check_keys(request: dict[str, Any]) -> None:
    for key, value in request.items():
        if key not in _KEY_TYPES:
            raise RequestError(f"unknown key {key!r}; known keys: {', '.join(_KEY_TYPES)}")
        types = _KEY_TYPES[key]
        ok = isinstance(value, types) and not (isinstance(value, bool) and bool not in types)
        if not ok:
            names = (_TYPE_NAMES[t] for t in types if not (t is int and float in types))
            want = " or ".join(dict.fromkeys(names))
            raise RequestError(f"{key!r} must be {want}, got {json.dumps(value)}")


def handle(request: dict[str, Any], cancel: Any = None) -> dict[str, Any]:
    """The answer to one decoded request (without the echoed id); raises ValueError if bad.
    ``cancel`` (an Event-like object) stops a search early: it answers its best so far."""
    _check_keys(request)
    cmd = request.get("cmd", "bestmove")
    if cmd not in COMMANDS:
        raise RequestError(f"unknown cmd {cmd!r}; choose one of: {', '.join(COMMANDS)}")
    if cmd == "quit":
        raise Quit
    if cmd == "stop":
        return {"stopped": True}
    if "game" not in request:
        raise RequestError("missing 'game'")
    game_id = request["game"]
    options = parse_options(request.get("options"))
    game, state = load_state(game_id, request.get("position"), options)

    if cmd == "cube":
        return _cube(game_id, state, request)

    if cmd == "legal":
        if state.current_player() == CHANCE:
            require_decision(game, state)
        return {"moves": [game.format_move(state, m) for m in state.legal_moves()]}

    depth = parse_depth(request["depth"]) if "depth" in request else None
    time_s = parse_time(request["time"]) if "time" in request else None
    config = build_config(
        game_id,
        algorithm=request.get("algorithm"),
        level=request.get("level"),
        depth=depth,
        time_s=time_s,
        use_tt=request.get("use_tt", True),
        use_ordering=request.get("use_ordering", True),
        seed=parse_seed(request["seed"]) if "seed" in request else None,
        exact=request.get("exact"),
    )
    require_decision(game, state)

    from ai.engine import run_search

    result = run_search(state, config, cancel=cancel)
    if result.move is None:
        raise RequestError("the search found no move in time; allow more time or a smaller depth")
    return {
        "move": game.format_move(state, result.move),
        **value_fields(game, state, result),
        "depth": result.depth,
        "complete": result.complete,
        "nodes": result.stats.nodes,
        "time": json_number(result.stats.time_s),
        "pv": format_line(game, state, result.pv),
        **root_value_fields(game, state, result),
        **probability_fields(game, state, config),
        **noise_fields(game_id, request.get("level"), config),
    }


def _cube(game_id: str, state: Any, request: dict[str, Any]) -> dict[str, Any]:
    """The network's cube decision (games.backgammon.ai.cube) for a backgammon position."""
    if game_id != "backgammon":
        raise RequestError("'cube' is a backgammon command")
    from games.backgammon.ai.cube import cube_answer
    from games.backgammon.cube import Cube, decode_match_id
    from games.backgammon.ids import has_match_id, parse_gnu_ids

    jacoby = request.get("jacoby", False)
    cube = Cube(jacoby=jacoby)
    position = request.get("position")
    if "match_id" in request:
        cube = decode_match_id(request["match_id"], jacoby).cube
    elif isinstance(position, str) and has_match_id(position):
        cube = parse_gnu_ids(position, jacoby).cube
    return cube_answer(state, cube)


def answer_line(line: str, cancel: Any = None) -> tuple[dict[str, Any], bool]:
    """The answer to one raw input line, and whether the engine should stop afterwards."""
    request_id: Any = None
    has_id = False
    stop = False
    try:
        try:
            request = decode_json(line)
        except RequestError as exc:
            raise RequestError(f"bad JSON: {exc}") from None
        if not isinstance(request, dict):
            raise RequestError('a request is a JSON object, e.g. {"game": "tictactoe"}')
        if "id" in request and not isinstance(request["id"], list | dict):
            # Only a scalar id is echoed: a nested one is refused by _check_keys, and copying
            # it back could fail to encode (too deep) after the request was answered.
            has_id, request_id = True, request["id"]
        try:
            answer = handle(request, cancel)
        except Quit:
            answer, stop = {"quit": True}, True
    except ValueError as exc:
        answer = {"error": _one_line(str(exc))}
    except Exception as exc:  # a bug must not take the engine down with it
        answer = {"error": _one_line(f"internal error: {type(exc).__name__}: {exc}")}
    if has_id:
        answer = {"id": request_id, **answer}
    return answer, stop


#: Longest error message: a bad value is quoted back, and a request line may be megabytes.
MAX_ERROR_CHARS = 300


def _one_line(text: str) -> str:
    text = " ".join(text.split()) or "bad request"
    if len(text) > MAX_ERROR_CHARS:
        text = text[: MAX_ERROR_CHARS - 3] + "..."
    return text


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


def encode(answer: dict[str, Any]) -> str:
    """One answer as strict JSON (RFC 8259): a non-finite number becomes an error answer
    rather than the NaN/Infinity that strict parsers reject."""
    try:
        return json.dumps(answer, allow_nan=False)
    except ValueError:
        error = {"error": "internal error: the answer held a number JSON cannot carry"}
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
    lines = iter(instream.readline, "") if hasattr(instream, "readline") else iter(instream)
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


def fd_lines(fd: int) -> Iterator[str]:
    """Lines of a file descriptor read with ``os.read``: unbuffered, so the reader thread
    holds no lock of ``sys.stdin`` and the process can exit while it waits. Bytes that are
    not UTF-8 become U+FFFD (the request is then bad JSON, answered with an error). A line
    longer than MAX_LINE_BYTES is cut short: what arrives is a bad request, answered as such.
    """
    pending = b""
    while True:
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        pending += chunk
        while True:
            end = pending.find(b"\n")
            if end < 0:
                break
            yield _decoded_line(pending[:end])
            pending = pending[end + 1 :]
        if len(pending) > MAX_LINE_BYTES:
            yield _decoded_line(pending)
            pending = b""
            for chunk in iter(lambda: os.read(fd, 65536), b""):  # skip to the line's end
                end = chunk.find(b"\n")
                if end >= 0:
                    pending = chunk[end + 1 :]
                    break
    if pending:
        yield _decoded_line(pending)


def _decoded_line(data: bytes) -> str:
    """A line of input as text; past MAX_LINE_BYTES only its start, marked (a bad request)."""
    if len(data) > MAX_LINE_BYTES:
        return data[:64].decode("utf-8", errors="replace") + " (line too long)"
    return data.decode("utf-8", errors="replace")


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
