"""A program at the table: a seat's moves asked of a program outside Kibitz (play.outside).

The program does its own work in its own process; the question and the wait for its answer
run on a thread of their own, so the window never waits. The controller asks each frame
(``step``) as it asks the worker for the AI's move: an answer about the position still shown
is played through the same path as the AI's, one about a position no longer shown is dropped,
and a Forfeit ends the game ("forfeit: <reason> at move N", the program's side losing). The
programs start when first asked and are closed on a new game, a load, leaving the screen and
quitting (``close``), so no process outlives its game.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.core import Move, State
from game.session import Session
from play.outside.players import outside_player
from play.outside.protocol import (
    DEFAULT_MOVE_TIME,
    Forfeit,
    OutsideAnswer,
    OutsidePlayer,
    reason_line,
)
from play.outside.spec import parse_spec
from play.setup import program_title

#: How long closing waits for a question in flight to end (the program is killed first).
CLOSE_WAIT_S = 3.0
_LOG_NUMBERS = itertools.count(1)


def logs_folder() -> Path:
    """Where this window's programs' standard error goes, one log per program started."""
    return Path(tempfile.gettempdir()) / "kibitz-players" / f"window-{os.getpid()}"


@dataclass
class _Question:
    """One question in flight: the position asked about, and the answer once it came."""

    side: int
    state: State
    started: float
    answer: OutsideAnswer | None = None
    forfeit: str | None = None
    done: bool = False


@dataclass(frozen=True)
class Played:
    """What the last program's move came with, for the panel."""

    name: str
    answer: OutsideAnswer


class ProgramSeats:
    """The programs of one match's seats. ``play(move)`` plays a program's move on the board
    (the controller's ``play_move`` with ``by_ai``); ``ended()`` is told of a forfeit."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._players: dict[int, tuple[str, OutsidePlayer]] = {}
        self._question: _Question | None = None
        self._thread: threading.Thread | None = None
        #: The answer that came for the position shown, waiting for its pause.
        self.pending: tuple[int, Move, OutsideAnswer] | None = None
        self.last: Played | None = None
        #: Each side's program's log, kept after the program is closed (a forfeit names it).
        self._logs: dict[int, str] = {}

    # ---- asking --------------------------------------------------------------------------
    def thinking(self, session: Session) -> tuple[str, float] | None:
        """(the program's short name, seconds so far) while it thinks about the position
        shown, else None."""
        q = self._question
        if q is None or q.done or q.state is not session.current:
            return None
        name = self._players[q.side][0] if q.side in self._players else "?"
        return program_title(name), self.clock() - q.started

    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def ask(self, session: Session, side: int) -> None:
        """Ask the program at ``side`` for its move in the position shown (once the one
        before has answered: a program answers one question at a time)."""
        if self.busy() or self.pending is not None:
            return
        seat = session.seats[side]
        assert seat.program is not None
        player = self._player(session, side, seat.program)
        q = _Question(side, session.current, self.clock())
        self._question = q
        seconds = seat.time_s or DEFAULT_MOVE_TIME
        thread = threading.Thread(target=self._ask, args=(player, q, seconds),
                                  name=f"program-{side}", daemon=True)
        self._thread = thread
        thread.start()

    @staticmethod
    def _ask(player: OutsidePlayer, q: _Question, seconds: float) -> None:
        try:
            q.answer = player.choose(q.state, seconds)
        except Forfeit as exc:
            q.forfeit = str(exc)
        except Exception as exc:  # noqa: BLE001 - any failure of a program is its forfeit
            q.forfeit = reason_line(f"the program failed: {type(exc).__name__}: {exc}")
        finally:
            q.done = True

    def _player(self, session: Session, side: int, name: str) -> OutsidePlayer:
        held = self._players.get(side)
        if held is not None and held[0] == name:
            return held[1]
        if held is not None:
            held[1].close()
        folder = logs_folder()
        folder.mkdir(parents=True, exist_ok=True)
        log = folder / f"{next(_LOG_NUMBERS)}-side{side + 1}.log"
        try:
            player = outside_player(session.kit, parse_spec(name), log)
        except ValueError as exc:  # a malformed name: the same forfeit as a missing file
            player = _Refused(f"the program did not start: {exc}", str(log))
        self._players[side] = (name, player)
        self._logs[side] = player.log_path
        return player

    def take(self, session: Session) -> tuple[int, str] | None:
        """The answer, if one came: a move about the position shown waits in ``pending``; a
        forfeit is returned as (side, reason). An answer about another position is dropped."""
        q = self._question
        if q is None or not q.done:
            return None
        self._question = None
        if q.state is not session.current or session.is_over:
            return None
        if q.forfeit is not None:
            return q.side, q.forfeit
        assert q.answer is not None
        if q.answer.move not in q.state.legal_moves():
            return q.side, reason_line(f"illegal move {q.answer.move!r}")
        self.pending = (q.side, q.answer.move, q.answer)
        return None

    def played(self, side: int, answer: OutsideAnswer) -> None:
        name = self._players[side][0] if side in self._players else "?"
        self.last = Played(program_title(name), answer)

    def log_path(self, side: int | None = None) -> str | None:
        """The log of the program at ``side`` (None: the last one started)."""
        if side is None:
            return next(reversed(self._logs.values()), None)
        return self._logs.get(side)

    # ---- the end -------------------------------------------------------------------------
    def position_shown(self) -> None:
        self.pending = None

    def close(self, forget: bool = False) -> None:
        """End every program (and a question in flight): the game's end, leaving the screen;
        ``forget``: another game, whose programs' logs are its own (a new game, a load)."""
        if forget:
            self._logs.clear()
            self.last = None
        players = [p for _, p in self._players.values()]
        self._players.clear()
        self.pending = None
        self._question = None
        for player in players:
            player.close()
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.join(timeout=CLOSE_WAIT_S)
        for player in players:  # a program started by the question as it was closed
            player.close()


class _Refused:
    """A program whose name cannot be run: every question forfeits at once."""

    def __init__(self, reason: str, log_path: str) -> None:
        self.reason = reason
        self.log_path = log_path

    def choose(self, state: State, seconds: float) -> OutsideAnswer:
        raise Forfeit(self.reason)

    def close(self) -> None:
        return None


def last_lines(path: str | None, count: int = 30) -> list[str]:
    """The end of a program's log, for the "Program log" overlay."""
    if path is None:
        return ["No program has played in this game."]
    with contextlib.suppress(OSError):
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read()[-20_000:].splitlines()[-count:]
        return lines or ["(the program wrote nothing to its log)"]
    return [f"(no log at {path})"]

