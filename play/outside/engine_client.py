"""The player for a program speaking Kibitz's engine protocol (``main.py engine --help``).

For each move it sends one request, ``{"cmd": "bestmove", "game": <id>, "options": {...},
"position": <the game's notation>, "time": <seconds>}``, and reads one answer,
``{"move": <the game's notation>, ...}``; "nodes", "pv" and "time" are kept when the answer
has them. The move is read with the game's own notation and must be legal, or the program
forfeits. The first answer may take STARTUP_S longer (the program is starting).
"""

from __future__ import annotations

import json
import math
import time
from pathlib import Path

from game.core import IllegalMoveError, Move, NotationError, State, quoted
from game.kit import GameKit
from play.outside.channel import LineChannel
from play.outside.protocol import Forfeit, OutsideAnswer

#: Seconds past its time a program may answer in and still be on time (pipes, scheduling).
GRACE_S = 0.5
#: Seconds more for the first answer: the program is starting (Python imports included).
STARTUP_S = 5.0


class EngineClient:
    """An OutsidePlayer for a program on the other end of a LineChannel."""

    def __init__(self, kit: GameKit, argv: list[str], log_path: Path | None,
                 own_host: bool = False) -> None:
        self.kit = kit
        self._channel = LineChannel(argv, log_path)
        #: True when the program is Kibitz's agent host, whose errors are already reasons.
        self._own_host = own_host
        self._answered = False

    @property
    def log_path(self) -> str:
        log = self._channel.log_path
        return str(log) if log is not None else ""

    def choose(self, state: State, seconds: float) -> OutsideAnswer:
        game = self.kit.rules()
        request = {"cmd": "bestmove", "game": self.kit.id, "options": game.options(state),
                   "position": game.format_position(state), "time": seconds}
        allowed = seconds + GRACE_S + (0.0 if self._answered else STARTUP_S)
        start = time.monotonic()
        self._channel.send(json.dumps(request))
        late = f"no move within {_seconds_text(seconds)} s"
        line = ""
        while not line.strip():  # blank lines are no answer (as the engine skips blank requests)
            line = self._channel.read_line(max(0.0, start + allowed - time.monotonic()), late)
        wall = time.monotonic() - start
        self._answered = True
        try:
            answer = json.loads(line)
        except (ValueError, RecursionError):
            raise Forfeit(f"not a move: {quoted(line)}") from None
        if not isinstance(answer, dict):
            raise Forfeit(f"not a move: {quoted(line)}")
        if "move" not in answer and isinstance(answer.get("error"), str):
            error = answer["error"]
            raise Forfeit(error if self._own_host else f"the program answered an error: {error}")
        text = answer.get("move")
        if not isinstance(text, str):
            raise Forfeit(f"not a move: {quoted(line)}")
        return OutsideAnswer(self._legal(state, text), _count(answer.get("nodes")),
                             _line(answer.get("pv")), _seconds(answer.get("time")), wall)

    def _legal(self, state: State, text: str) -> Move:
        game = self.kit.rules()
        try:
            move = game.parse_move(state, text)
        except IllegalMoveError:
            raise Forfeit(f"illegal move {_shown(text)}") from None
        except (NotationError, ValueError):
            raise Forfeit(f"not a move: {quoted(text)}") from None
        if move not in state.legal_moves():
            raise Forfeit(f"illegal move {_shown(text)}")
        return move

    def close(self) -> None:
        self._channel.close()


def _count(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _line(value: object) -> str | None:
    if isinstance(value, list) and all(isinstance(m, str) for m in value):
        return " ".join(value)[:500]
    return None


def _seconds(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    seconds = float(value)
    return seconds if math.isfinite(seconds) and seconds >= 0 else None


def _seconds_text(seconds: float) -> str:
    """2 -> "2.0", 0.25 -> "0.25": a time as a reason says it."""
    text = f"{seconds:g}"
    return text if "." in text or "e" in text else text + ".0"


def _shown(text: str) -> str:
    """A move's text in a reason: as it is when short and plain, else quoted."""
    plain = text.strip()
    return plain if 0 < len(plain) <= 20 and plain.isprintable() else quoted(text)
