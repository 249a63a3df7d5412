"""``kibitz engine``: a JSON-lines engine on stdin/stdout, for scripts, GUIs and test harnesses.

Protocol
--------
One request per line, a JSON object; exactly one answer per request, a JSON object on one
line, flushed at once. Blank lines are ignored; end of input (or ``{"cmd": "quit"}``) stops
the engine. A bad request is answered with ``{"error": "<one line>"}`` and the engine keeps
serving.

Request keys (anything else is an error):

``cmd``        ``"bestmove"`` (default), ``"legal"`` or ``"quit"``
``id``         any JSON string/number/null; echoed back in the answer (also in error answers)
``game``       ``"tictactoe"``, ``"othello"``, ``"nim"`` or ``"backgammon"`` (required except for quit)
``options``    game options object, e.g. ``{"heaps": [3, 4, 5], "max_take": 3, "misere": true}``
``position``   the game's notation (default: the initial position). Backgammon needs the dice:
               ``"4HPwATDgc/ABMA 31"``; without them the position is a dice roll and bestmove
               answers an error asking for the dice.
``algorithm``  ``"minimax"``, ``"alphabeta"`` or ``"expectiminimax"`` (default: the game's own)
``level``      a named difficulty level instead of an algorithm, e.g. ``"Master"``
``depth``      whole number of plies, 1..64
``time``       seconds, more than 0 (default 2 when neither depth, time nor level is given)
``use_tt``, ``use_ordering``  booleans, default true
``seed``       whole number: seeds a level's deliberate randomness (weak levels)

Answers:

``bestmove``   ``{"move": "d3", "value": 0.25, "depth": 6, "complete": false, "nodes": 12345,
               "time": 0.41, "pv": ["d3", "c5", ...]}``. ``value`` is from the side to move's
               point of view; with a complete search of tic-tac-toe or Nim it is positive for a
               win, 0 for a draw, negative for a loss.
``legal``      ``{"moves": ["a1", "b1", ...]}`` in the game's notation (empty once the game is over)
``quit``       ``{"quit": true}``, then the engine exits

Example::

    > {"id": 1, "game": "nim", "options": {"max_take": 3}, "position": "7 1", "depth": 20}
    < {"id": 1, "move": "1:3", "value": 1.0, "depth": 1, "complete": true, "nodes": 3, ...}
    > {"cmd": "legal", "game": "tictactoe", "position": "XO------- X"}
    < {"moves": ["c1", "a2", "b2", "c2", "a3", "b3", "c3"]}
    > {"game": "backgammon", "position": "4HPwATDgc/ABMA"}
    < {"error": "the position has no dice: give the dice, e.g. '4HPwATDgc/ABMA 31'"}

Values are in the searcher's units: tic-tac-toe and Othello proven wins are 10000 minus the
plies to the win (negative for a loss), Othello heuristic values are the evaluator's
estimate, an exactly solved Othello endgame gives the final disc margin, Nim's exact solver
answers +1/-1, backgammon is equity in points (-3..3). Where a game has an exact solver (tic-tac-toe, Nim, Othello endgames) it
answers first, so ``depth`` can be smaller than asked.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from cli.common import (
    RequestError,
    build_config,
    decode_json,
    format_line,
    json_number,
    load_state,
    parse_depth,
    parse_options,
    parse_time,
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
}
_TYPE_NAMES = {str: "a string", int: "a whole number", float: "a number", dict: "an object",
               bool: "true/false", type(None): "null"}  # fmt: skip
COMMANDS = ("bestmove", "legal", "quit")


class Quit(Exception):
    """Raised by the quit command so the serving loop stops after answering."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = (
        "Protocol: one JSON request per line on stdin, one JSON answer per line on stdout."
    )


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


def handle(request: dict[str, Any]) -> dict[str, Any]:
    """The answer to one decoded request (without the echoed id); raises ValueError if bad."""
    _check_keys(request)
    cmd = request.get("cmd", "bestmove")
    if cmd not in COMMANDS:
        raise RequestError(f"unknown cmd {cmd!r}; choose one of: {', '.join(COMMANDS)}")
    if cmd == "quit":
        raise Quit
    if "game" not in request:
        raise RequestError("missing 'game'")
    game_id = request["game"]
    options = parse_options(request.get("options"))
    game, state = load_state(game_id, request.get("position"), options)

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
        seed=request.get("seed"),
        exact=request.get("exact"),
    )
    require_decision(game, state)

    from ai.engine import run_search

    result = run_search(state, config)
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
    }


def answer_line(line: str) -> tuple[dict[str, Any], bool]:
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
            answer = handle(request)
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


def serve(instream: TextIO, outstream: TextIO) -> int:
    """Answer requests until end of input or quit."""
    for line in iter(instream.readline, ""):
        if not line.strip():
            continue
        answer, stop = answer_line(line)
        outstream.write(json.dumps(answer) + "\n")
        outstream.flush()
        if stop:
            break
    return 0


def run(args: argparse.Namespace) -> int:
    if sys.stdin is None or sys.stdout is None:  # started with a standard stream closed
        raise OSError("the engine needs standard input and output, and one of them is closed")
    # JSON text is UTF-8 whatever the locale says; a stray undecodable byte must become a bad
    # request (answered with an error), not an exception that ends the engine.
    for stream in (sys.stdin, sys.stdout):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8", errors="replace")
    return serve(sys.stdin, sys.stdout)
