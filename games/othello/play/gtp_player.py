"""An Othello engine speaking GTP (GRhino's ``gtp-rhino``) as a Kibitz player.

Kibitz asks a player about a position (an OthelloState: discs and the side to move, no
history); a GTP engine keeps a board of its own and is told moves. The player keeps the two
equal by keeping the engine's line here: where the engine's board started (the start
position after ``clear_board``, or a position set up with ``grhino-setup_board``) and every
move it has been told or has chosen since, so it knows the position on the engine's board
without asking. Before each ``genmove`` the position asked about is reached from that one:

* the same position (a game's first move, or the engine's own move just played): nothing;
* a few moves on (the opponent's reply; or reply, the engine's forced pass, which a match
  does not ask about, and another reply): ``play COLOUR SQUARE`` each, the moves found by
  ``moves_between``; a forced pass is sent as nothing, since GRhino passes for a side without
  a move by itself and refuses ``play COLOUR pass``;
* a position earlier on the line (an undo, the same game again): the line is played again
  from its start (``clear_board`` or the set-up), up to that position;
* any other position (a game from a set position, a new game): ``grhino-setup_board`` with
  Kibitz's own position text (64 cells a1..h8 then X or O: the format GRhino reads), or
  ``clear_board`` for the start position when the engine has no such command.

GTP's squares are Kibitz's (column letter, then row 1..8 counted from the top); the engine
writes them in capitals and a pass as ``pass``; Kibitz's own notation reads them. The engine
answers ``pass`` when asked to move for the side that is not to move on its board: that is
how a forced pass reads, and an illegal move anywhere else.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.core import IllegalMoveError, NotationError, State, own_state
from games.othello.game import GAME
from games.othello.play.gtp import Gtp
from games.othello.rules import PASS, OthelloState, format_board, initial_state, square_name
from play.outside.channel import LineChannel
from play.outside.locate import locate
from play.outside.protocol import Forfeit, Lines, OutsideAnswer
from play.outside.spec import command_words

#: Seconds past its time an engine may answer in and still be on time (pipes, scheduling).
GRACE_S = 0.5
#: Seconds for the engine to start and answer the first commands.
STARTUP_S = 10.0
#: Seconds for a command that is not a move (play, setup, time): bookkeeping is quick.
COMMAND_S = 5.0
COLOUR_WORDS = ("black", "white")
#: GRhino's levels: mid-game search depth, and the empties from which it searches for a win
#: and solves exactly (GRhino's help, "AI Default Parameters"). 3 is its own default; 5 is
#: slow (its help: "not practical").
GRHINO_LEVELS = {1: (2, 6, 4), 2: (4, 8, 6), 3: (6, 12, 10), 4: (8, 16, 14), 5: (10, 20, 18)}
SETUP = "grhino-setup_board"
#: The most discs placed between two questions that are told as moves (more: a new line).
MAX_PLACED = 4


def find_gtp_rhino(name: str = "gtp-rhino") -> str:
    """gtp-rhino's path (PATH, then /usr/games); Forfeit "gtp-rhino not found: apt-get
    install grhino" when it is not installed."""
    return locate(name, "grhino")


def gtp_rhino_argv(level: int = 3, program: str | None = None) -> list[str]:
    """The command line of gtp-rhino at ``level`` (1..5; GRHINO_LEVELS says what each is)."""
    if level not in GRHINO_LEVELS:
        raise ValueError(f"gtp-rhino's levels are 1..5, got {level!r}")
    return [program or find_gtp_rhino(), "-l", str(level)]


def gtp_player(command: str, log_path: Path | None = None) -> GtpOthelloPlayer:
    """The player for ``gtp:COMMAND`` (``gtp:gtp-rhino -l 3``): the command's first word is
    found on PATH or in /usr/games. Forfeit when it is not installed, ValueError for an
    empty or unsplittable command."""
    try:
        words = command_words(command)
    except ValueError as exc:
        raise ValueError(f"gtp: cannot split {command[:80]!r}: {exc}") from None
    if not words:
        raise ValueError("gtp: needs the engine's command line, e.g. gtp:gtp-rhino -l 3")
    package = "grhino" if Path(words[0]).name == "gtp-rhino" else None
    return GtpOthelloPlayer(LineChannel([locate(words[0], package), *words[1:]], log_path))


@dataclass
class EngineLine:
    """The engine's board as moves from where it started (PASS where a side passed)."""

    start: OthelloState
    moves: list[int] = field(default_factory=list)
    positions: list[OthelloState] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.positions = [self.start]

    @property
    def position(self) -> OthelloState:
        return self.positions[-1]

    def add(self, move: int) -> None:
        self.moves.append(move)
        self.positions.append(self.position.apply(move))


def moves_between(here: OthelloState, target: OthelloState) -> list[int] | None:
    """The moves (passes included) that lead from ``here`` to ``target``, placing at most
    MAX_PLACED discs, or None. A match does not ask a side for a forced pass, so the engine's
    pass can lie between its last move and the next question: its opponent's moves on both
    sides of it. Only the squares ``target`` has filled can have been played, in some order."""
    filled = (target.me | target.opp) & ~(here.me | here.opp)
    if (here.me | here.opp) & ~(target.me | target.opp) or filled.bit_count() > MAX_PLACED:
        return None

    def search(state: OthelloState, left: int, path: list[int]) -> list[int] | None:
        if state == target:
            return path
        if state.is_over():
            return None
        if state.must_pass():
            return search(state.apply(PASS), left, [*path, PASS])
        for move in state.legal_moves():
            if left >> move & 1:
                found = search(state.apply(move), left & ~(1 << move), [*path, move])
                if found is not None:
                    return found
        return None

    return search(here, filled, [])


class GtpOthelloPlayer:
    """A GTP engine as an Othello player: asked for one move at a time, closed at the end."""

    def __init__(self, channel: Lines, log_path: Path | None = None,
                 verify: bool = False) -> None:
        self.gtp = Gtp(channel)
        self._log_path = log_path if log_path is not None else getattr(channel, "log_path", None)
        #: Compare the engine's board (showboard, GRhino's layout) with the position asked
        #: about before each move: the live tests' check that the two never part.
        self.verify = verify
        self.commands: frozenset[str] = frozenset()
        self.line: EngineLine | None = None
        self._seconds: float | None = None

    @property
    def log_path(self) -> str:
        return str(self._log_path) if self._log_path is not None else ""

    def choose(self, state: State, seconds: float) -> OutsideAnswer:
        """The engine's move in ``state`` within ``seconds`` (GRACE_S more allowed)."""
        position = own_state(state, OthelloState)
        if position.is_over():
            raise ValueError("the game is over: there is no move to choose")
        start = time.monotonic()
        first = self.line is None
        if first:
            self._start()
        self._reach(position)
        if self.verify:
            self.check_board(position)
        self._tell_time(position, seconds)
        colour = COLOUR_WORDS[position.to_move]
        allowed = seconds + GRACE_S + (STARTUP_S if first else 0.0)
        text = self.gtp.command(f"genmove {colour}", start + allowed,
                                late=f"no move within {seconds:g} s")
        move = self._read_move(position, text)
        assert self.line is not None
        self.line.add(move)
        return OutsideAnswer(move, wall_seconds=time.monotonic() - start)

    def close(self) -> None:
        if self.line is not None:
            with contextlib.suppress(Forfeit):  # it is being ended anyway
                self.gtp.ask("quit", time.monotonic() + 0.5)
        self.gtp.channel.close()
        self.line = None

    # -- keeping the engine's board --------------------------------------------------------

    def _start(self) -> None:
        deadline = time.monotonic() + STARTUP_S
        listed = self.gtp.command("list_commands", deadline, late="the engine did not start")
        self.commands = frozenset(listed.split())
        self.gtp.command("boardsize 8", deadline)
        self._from(initial_state(), deadline)

    def _from(self, start: OthelloState, deadline: float) -> None:
        """The engine's board set to ``start``, its line begun there."""
        if start == initial_state():
            self.gtp.command("clear_board", deadline)
        elif SETUP in self.commands:
            self.gtp.command(f"{SETUP} {format_board(start)}", deadline)
        else:
            raise Forfeit(f"cannot set up this position: the engine has no {SETUP}")
        self.line = EngineLine(start)

    def _reach(self, target: OthelloState) -> None:
        assert self.line is not None
        deadline = time.monotonic() + COMMAND_S
        path = moves_between(self.line.position, target)
        if path is not None:
            for move in path:
                self._play(self.line.position, move, deadline)
            return
        if target in self.line.positions:
            line = self.line
            self._from(line.start, deadline)
            for before, move in zip(line.positions, line.moves[: line.positions.index(target)],
                                    strict=False):
                self._play(before, move, deadline)
            return
        self._from(target, deadline)

    def _play(self, before: OthelloState, move: int, deadline: float) -> None:
        """Tell the engine ``move`` (a pass is not told: the engine passes by itself)."""
        if move != PASS:
            colour = COLOUR_WORDS[before.to_move]
            self.gtp.command(f"play {colour} {square_name(move)}", deadline)
        assert self.line is not None
        self.line.add(move)

    def _tell_time(self, position: OthelloState, seconds: float) -> None:
        """The time a move may take, where the engine takes it: ``seconds`` for each move
        (byo-yomi of one stone), sent when it changes, and as the time left before a move."""
        deadline = time.monotonic() + COMMAND_S
        whole = max(1, int(seconds))
        if "time_settings" in self.commands and seconds != self._seconds:
            self.gtp.command(f"time_settings 0 {whole} 1", deadline)
            self._seconds = seconds
        if "time_left" in self.commands:
            self.gtp.command(f"time_left {COLOUR_WORDS[position.to_move]} {whole} 1", deadline)

    def _read_move(self, position: OthelloState, text: str) -> int:
        word = text.strip()
        if word.lower() == "resign":
            raise Forfeit("the engine resigned")
        try:
            return GAME.parse_move(position, word)
        except IllegalMoveError:
            raise Forfeit(f"illegal move {word[:20]!r}") from None
        except NotationError:
            raise Forfeit(f"not a move: {word[:60]!r}") from None

    def check_board(self, position: OthelloState) -> None:
        """Forfeit unless the engine's board (``showboard``) is ``position``'s: the same
        discs, and the same side to move once a forced pass is played (GRhino's board has
        passed already)."""
        shown = self.gtp.command("showboard", time.monotonic() + COMMAND_S)
        rows = [line.split()[1:] for line in shown.splitlines()
                if line.split() and line.split()[0] in "12345678"]
        cells = "".join("".join(row) for row in rows).replace(".", "-")
        mover = position.to_move ^ position.must_pass()
        side = "Next move: " + COLOUR_WORDS[mover].capitalize()
        if cells != format_board(position)[:64] or side not in shown:
            raise Forfeit(f"the engine's board is not the game's: {shown!r}")
