"""GNU Backgammon as a Kibitz player (and scripts/gnubg_match.py's opponent).

One ``gnubg -t -q -p gnubg_server.txt`` runs per player, started on its first move: the server
(a script for GNU Backgammon's embedded Python, beside this module) answers each request
``POSITIONID D1 D2 [PLIES]`` with its move as ``from/to`` pairs. The Position ID is Kibitz's
own (games.backgammon.ids, GNU Backgammon's encoding), seen from the side on roll, so GNU's
numbering is the mover's, as Kibitz's notation is; its answer is read by Kibitz's notation
against Kibitz's legal moves, so an illegal or garbled answer is caught here, never played.
The game is cubeless: GNU Backgammon is asked for checker plays only.
"""

from __future__ import annotations

import time
from pathlib import Path

from game.core import IllegalMoveError, Move, NotationError, State, own_state
from games.backgammon.game import GAME
from games.backgammon.ids import position_id
from games.backgammon.rules import BackgammonState
from play.outside.channel import LineChannel
from play.outside.locate import locate
from play.outside.protocol import Forfeit, Lines, OutsideAnswer

#: The server script GNU Backgammon runs.
SERVER = Path(__file__).with_name("gnubg_server.txt")
#: The searches offered: 0-ply is GNU Backgammon's "expert" (its network's choice), 1 and 2
#: plies look one and two rolls further (2-ply, pruned, is its "world class").
PLIES = (0, 1, 2)
#: Seconds for GNU Backgammon to start and load its networks.
STARTUP_S = 20.0
#: Seconds past its time an answer may come and still be on time (pipes, scheduling).
GRACE_S = 0.5
READY = "READY"


def find_gnubg(name: str = "gnubg") -> str:
    """GNU Backgammon's path (PATH, then /usr/games); Forfeit "gnubg not found: apt-get
    install gnubg" when it is not installed."""
    return locate(name, "gnubg")


def gnubg_argv(program: str | None = None) -> list[str]:
    """GNU Backgammon's command line, running the server without its window."""
    return [program or find_gnubg(), "-t", "-q", "-p", str(SERVER)]


def gnubg_request(state: BackgammonState, plies: int = 0) -> str:
    """The request for ``state``'s move: ``POSITIONID D1 D2`` (0-ply), ``... PLIES`` else."""
    if state.dice is None:
        raise ValueError("GNU Backgammon is asked for a move once the dice are rolled")
    d1, d2 = state.dice
    return f"{position_id(state)} {d1} {d2}" + (f" {plies}" if plies else "")


def read_gnubg_move(state: BackgammonState, answer: str) -> Move:
    """GNU Backgammon's answer as Kibitz's move (``none``: the empty move); a Forfeit
    naming the position and dice for a move that is illegal there or not a move."""
    where = f"in {position_id(state)} with {state.dice[0]}-{state.dice[1]}" if state.dice else ""
    try:
        return GAME.parse_move(state, "" if answer.strip() == "none" else answer)
    except IllegalMoveError:
        raise Forfeit(f"illegal move {answer[:40]!r} {where}") from None
    except (NotationError, ValueError):
        raise Forfeit(f"not a move: {answer[:60]!r} {where}") from None


def gnubg_player(spec: str = "0", log_path: Path | None = None) -> GnubgPlayer:
    """The player for ``gnubg:PLIES`` (``gnubg:0``, ``gnubg:2``; empty: 0-ply). ValueError for
    another search, Forfeit when GNU Backgammon is not installed."""
    text = spec.strip() or "0"
    if not text.isdigit() or int(text) not in PLIES:
        raise ValueError(f"gnubg: takes the plies {', '.join(map(str, PLIES))}, got {text[:20]!r}")
    return GnubgPlayer(LineChannel(gnubg_argv(), log_path), plies=int(text))


class GnubgPlayer:
    """GNU Backgammon choosing checker plays: asked one move at a time, closed at the end."""

    def __init__(self, channel: Lines, plies: int = 0, log_path: Path | None = None) -> None:
        if plies not in PLIES:
            raise ValueError(f"plies must be one of {PLIES}, got {plies!r}")
        self.channel = channel
        self.plies = plies
        self._log_path = log_path if log_path is not None else getattr(channel, "log_path", None)
        self._ready = False

    @property
    def log_path(self) -> str:
        return str(self._log_path) if self._log_path is not None else ""

    def start(self) -> None:
        """Start GNU Backgammon and wait for its server's READY (its banner comes first)."""
        deadline = time.monotonic() + STARTUP_S
        while True:
            left = max(0.0, deadline - time.monotonic())
            if self.channel.read_line(left, "GNU Backgammon did not start in time") == READY:
                break
        self._ready = True

    def choose(self, state: State, seconds: float) -> OutsideAnswer:
        """GNU Backgammon's move in ``state`` (dice rolled) within ``seconds``."""
        position = own_state(state, BackgammonState)
        begin = time.monotonic()
        if not self._ready:
            self.start()
        asked = time.monotonic()  # its start is not its thinking time
        self.channel.send(gnubg_request(position, self.plies))
        allowed = max(0.0, asked + seconds + GRACE_S - time.monotonic())
        answer = self.channel.read_line(allowed, f"no move within {seconds:g} s")
        move = read_gnubg_move(position, answer)
        return OutsideAnswer(move, wall_seconds=time.monotonic() - begin)

    def close(self) -> None:
        self.channel.close()
        self._ready = False
