"""What every player outside Kibitz is to a match: asked for a move, closed at the end.

Every way a program can fail to give a legal move in time is one Forfeit with a one-line
reason, so a match (or a screen) has a single thing to catch and a single line to show. A
game's own players of other programs (``games/<id>/play/``, ``play.kit.GamePlay.engines``) are
OutsidePlayers too, and speak to their program through Lines, so their tests can replay a
recorded conversation instead of a program.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ai.selfplay import Forfeited
from game.core import Move, State, one_line

#: Seconds a program has for each move unless told otherwise (a match, a seat at the table).
DEFAULT_MOVE_TIME = 2.0
#: Longest forfeit reason: a program's own text is quoted in it, and may be megabytes.
MAX_REASON_CHARS = 200
#: Longest program text quoted by ``shown``, so a reason that quotes it stays short.
QUOTE_CHARS = 60


def reason_line(text: str) -> str:
    """A forfeit's reason as one line of at most MAX_REASON_CHARS characters."""
    return one_line(text, MAX_REASON_CHARS)


def shown(text: str) -> str:
    """A program's text quoted for a reason, cut at QUOTE_CHARS."""
    text = " ".join(text.split())
    return repr(text if len(text) <= QUOTE_CHARS else text[: QUOTE_CHARS - 3] + "...")


class Forfeit(Forfeited):
    """The program lost the game by what it did (or did not do); the reason is one line:
    "illegal move e9", "no move within 2.0 s", "not a move: 'garbage'", "the program crashed
    (exit code 1)", "the program exited (code 3) before answering", "output flood (...)",
    "the program did not start: ...", "the agent raised ValueError: ..."."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason_line(reason))


@dataclass(frozen=True)
class OutsideAnswer:
    """A program's move, with what it chose to tell about its search."""

    move: Move
    #: The nodes it says it searched, its principal line as text, the seconds it says it used
    #: (None where it said nothing).
    nodes: int | None = None
    pv: str | None = None
    seconds: float | None = None
    #: Seconds from the request to the answer, as measured here.
    wall_seconds: float = 0.0


class OutsidePlayer(Protocol):
    """A program that plays: started on first use, closed by its owner at the game's end."""

    #: Where the program's standard error goes (capped), for the person looking into a forfeit.
    @property
    def log_path(self) -> str: ...

    def choose(self, state: State, seconds: float) -> OutsideAnswer:
        """Its move in ``state``, within ``seconds`` (plus a small grace); raises Forfeit."""

    def close(self) -> None:
        """End the program and everything it started; safe to call twice."""


class Lines(Protocol):
    """A program spoken to in lines: a running one (play.outside.channel.LineChannel), or a
    recorded conversation in tests."""

    def send(self, line: str) -> None:
        """Write one line; Forfeit when the program is gone."""

    def read_line(self, seconds: float, late: str) -> str:
        """The next line (without its end) within ``seconds``; Forfeit(``late``) when none
        came in time, Forfeit with how it ended when the program is gone."""
        ...

    def close(self) -> None:
        """End the program and everything it started; safe to call twice."""
