"""A match in progress: who sits where, the moves so far, undo/redo, and save/load as text.

The session works for every game through the rules protocol only. Dice rolls and other random
events are moves of the chance player, recorded like any other move, so replaying a saved game
reproduces it exactly.

Saved games are plain text a person can read and a bug report can quote::

    kibitz-save: 1
    game: nim
    options: {"max_take": 3, "misere": false, "variant": "nim"}
    seat 1: human
    seat 2: ai level=medium
    start: 7 1
    moves: 2
    1:3
    1:1

The header is ``key: value`` lines in exactly that order; ``moves`` counts the lines that follow
(one move each, in the game's notation; chance outcomes as ``roll <outcome>``, e.g.
``roll 31``), so a truncated file is caught. Blank lines and ``#`` comment lines are ignored.

A backgammon money game with the doubling cube has one more header line after ``start``,
``cube: on`` (or ``cube: jacoby`` with the Jacoby rule), and its cube decisions are move lines
of their own: ``double``, then ``take`` or ``drop``. The cube's state follows from them, so
undo and redo take cube decisions back like any move. A game that did not start with the cube
fresh (a pasted position with a turned or offered cube) gives its starting cube as GNU
Backgammon's Match ID after the rule: ``cube: on UYkWAAAAAAAA``.
"""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from game.core import CHANCE, TERMINAL, Game, IllegalMoveError, Move, State
from game.registry import game_ids, get_game
from games.backgammon import cube as cubes
from games.backgammon import ids as backgammon_ids

FORMAT_NAME = "kibitz-save"
FORMAT_VERSION = 1
ROLL_PREFIX = "roll "
#: Longest file ``load`` accepts: far beyond any real game, short of exhausting memory.
MAX_SAVE_CHARS = 2_000_000

_TOKEN = re.compile(r"[A-Za-z0-9_.+-]{1,40}")
#: Depth and time in a seat line: plain ASCII digits (int() and float() would also take
#: other scripts' digits, underscores, exponents, "inf" and "nan").
_DEPTH_TEXT = re.compile(r"[0-9]{1,4}")
_TIME_TEXT = re.compile(r"[0-9]{1,6}(\.[0-9]{1,17})?")
#: Shortest AI think time a seat may have (so its text never needs an exponent).
MIN_SEAT_TIME_S = 0.01
#: Longest piece of a file quoted back in an error message.
QUOTE_CHARS = 40


class SaveFormatError(ValueError):
    """A saved game that cannot be loaded; the message names the line and the problem."""


@dataclass(frozen=True)
class Seat:
    """Who plays one side: a person, an AI at a named level, or an AI with explicit settings.

    Level names are not checked here (the levels live in ``ai``, which this module may not
    import); the caller resolves them.
    """

    kind: str = "human"  # "human" | "ai"
    level: str | None = None
    algorithm: str | None = None
    depth: int | None = None
    time_s: float | None = None

    def __post_init__(self) -> None:
        if self.kind not in ("human", "ai"):
            raise ValueError(f"a seat is 'human' or 'ai', got {self.kind!r}")
        tuned = (self.algorithm, self.depth, self.time_s)
        if self.kind == "human":
            if self.level is not None or any(x is not None for x in tuned):
                raise ValueError("a human seat takes no AI settings")
            return
        if (self.level is None) == (self.algorithm is None):
            raise ValueError("an AI seat needs either a level or an algorithm (not both)")
        for label, name in (("level", self.level), ("algorithm", self.algorithm)):
            if name is not None and (not isinstance(name, str) or not _TOKEN.fullmatch(name)):
                raise ValueError(f"bad AI {label} name {_quoted(str(name))}")
        if self.level is not None and (self.depth is not None or self.time_s is not None):
            raise ValueError("an AI seat with a level takes no depth or time")
        if self.depth is not None and (
            not isinstance(self.depth, int)
            or isinstance(self.depth, bool)
            or not 1 <= self.depth <= 1000
        ):
            raise ValueError(
                f"AI depth must be a whole number from 1 to 1000, got {_quoted(str(self.depth))}"
            )
        if self.time_s is not None and (
            not isinstance(self.time_s, int | float)
            or isinstance(self.time_s, bool)
            or not (math.isfinite(self.time_s) and MIN_SEAT_TIME_S <= self.time_s <= 86_400)
        ):
            raise ValueError(
                f"AI time must be {MIN_SEAT_TIME_S:g} to 86400 seconds, "
                f"got {_quoted(str(self.time_s))}"
            )

    @classmethod
    def human(cls) -> Seat:
        return cls("human")

    @classmethod
    def ai_level(cls, level: str) -> Seat:
        return cls("ai", level=level)

    @classmethod
    def ai(cls, algorithm: str, depth: int | None = None, time_s: float | None = None) -> Seat:
        return cls("ai", algorithm=algorithm, depth=depth, time_s=time_s)

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def to_text(self) -> str:
        """``human``, ``ai level=hard`` or ``ai algorithm=alphabeta depth=4 time=1.5``."""
        if self.is_human:
            return "human"
        if self.level is not None:
            return f"ai level={self.level}"
        parts = ["ai", f"algorithm={self.algorithm}"]
        if self.depth is not None:
            parts.append(f"depth={self.depth}")
        if self.time_s is not None:
            parts.append(f"time={self.time_s!r}")
        return " ".join(parts)

    @classmethod
    def from_text(cls, text: str) -> Seat:
        words = text.split()
        if words == ["human"]:
            return cls.human()
        if not words or words[0] != "ai":
            raise ValueError(f"a seat is 'human' or 'ai ...', got {_quoted(text)}")
        fields: dict[str, str] = {}
        for word in words[1:]:
            name, eq, value = word.partition("=")
            if not eq or name not in ("level", "algorithm", "depth", "time") or name in fields:
                raise ValueError(f"bad AI seat setting {_quoted(word)}")
            fields[name] = value
        depth_text, time_text = fields.get("depth"), fields.get("time")
        if depth_text is not None and not _DEPTH_TEXT.fullmatch(depth_text):
            raise ValueError(f"AI depth must be a whole number in digits, got {_quoted(depth_text)}")
        if time_text is not None and not _TIME_TEXT.fullmatch(time_text):
            raise ValueError(f"AI time must be plain seconds such as 1.5, got {_quoted(time_text)}")
        depth = int(depth_text) if depth_text is not None else None
        time_s = float(time_text) if time_text is not None else None
        return cls("ai", fields.get("level"), fields.get("algorithm"), depth, time_s)


class Session:
    """One match: the start position, the moves played (undo = pop) and the moves undone.

    ``options`` are the game's options for a new game; with ``start_state`` (a set-up or loaded
    position, which carries its own options) they are not used.
    """

    def __init__(
        self,
        game_id: str,
        options: dict[str, Any] | None = None,
        seats: tuple[Seat, Seat] | list[Seat] | None = None,
        start_state: State | None = None,
        cube: cubes.Cube | None = None,
    ) -> None:
        """``cube``: play backgammon for money with the doubling cube (None: cubeless)."""
        self.game: Game = get_game(game_id)
        self.game_id = game_id
        if cube is not None and game_id != "backgammon":
            raise ValueError("the doubling cube belongs to backgammon")
        self.start_cube = cube
        seats = (Seat.human(), Seat.human()) if seats is None else tuple(seats)
        if len(seats) != 2 or not all(isinstance(s, Seat) for s in seats):
            raise ValueError("a session needs exactly two Seat objects")
        self.seats: tuple[Seat, Seat] = seats  # type: ignore[assignment]
        if start_state is None:
            start_state = self.game.initial_state(**(options or {}))
        self.start: State = start_state
        self._states: list[State] = [start_state]
        self._moves: list[Move] = []
        #: Each move's text, kept as moves are played and taken back, so a long game's move
        #: list costs nothing to read (``move_text``, ``moves_text``).
        self._texts: list[str] = []
        self._redo: list[Move] = []
        self._outcome_cache: dict[Any, tuple[dict[Move, str], dict[str, Move]]] = {}

    # -- the match --------------------------------------------------------------------------

    @property
    def options(self) -> dict[str, Any]:
        """The game options of this match, as ``parse_position`` needs them."""
        return self.game.options(self.start)

    @property
    def current(self) -> State:
        return self._states[-1]

    @property
    def history(self) -> tuple[tuple[State, Move], ...]:
        """(position, move played there) for every move so far."""
        return tuple(zip(self._states, self._moves, strict=False))

    def history_since(self, start: int) -> tuple[tuple[State, Move], ...]:
        """The (position, move) pairs from ply ``start`` on: the end of ``history`` without
        copying a long game whole (the play screen asks for it at every move)."""
        start = max(0, start)
        return tuple(zip(self._states[start : len(self._moves)], self._moves[start:], strict=True))

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(self._moves)

    @property
    def ply(self) -> int:
        return len(self._moves)

    @property
    def cube(self) -> cubes.Cube | None:
        """The doubling cube now (None in a cubeless game), from the cube moves played."""
        cube = self.start_cube
        if cube is not None:
            for state, move in self.history:
                if isinstance(move, cubes.CubeAction):
                    cube = cubes.apply_action(cube, state, move)  # type: ignore[arg-type]
        return cube

    @property
    def is_over(self) -> bool:
        if self.current.current_player() == TERMINAL:
            return True
        cube = self.cube
        return cube is not None and cube.dropped_by is not None

    @property
    def result_text(self) -> str | None:
        """The game's one-line result once it is over, else None (with the cube: its points)."""
        if not self.is_over:
            return None
        cube = self.cube
        if cube is None:
            return self.game.describe_result(self.current)
        if cube.dropped_by is not None:
            return cubes.drop_text(cube)
        points = cube.points(self.current.game_value())  # type: ignore[attr-defined]
        return f"{self.game.describe_result(self.current)}; with the cube: {points} points"

    def seat_to_move(self) -> Seat | None:
        """The seat whose decision it is; None at a chance event or after the end (a pending
        double: the seat that must take or drop)."""
        cube = self.cube
        if cube is not None and cube.offered_by is not None:
            return self.seats[1 - cube.offered_by]
        if self.is_over:
            return None
        player = self.current.current_player()
        return self.seats[player] if player in (0, 1) else None

    def cube_action(self, kind: str) -> None:
        """Play a cube decision (``double``, ``take``, ``drop``); IllegalMoveError if not now."""
        self.play(cubes.CubeAction(kind))

    def _next_state(self, move: Move) -> State:
        if isinstance(move, cubes.CubeAction):
            cube = self.cube
            if cube is None:
                raise IllegalMoveError("this game is played without the doubling cube")
            cubes.apply_action(cube, self.current, move)  # type: ignore[arg-type]
            return self.current
        cube = self.cube
        if cube is not None and cube.dropped_by is not None:
            raise IllegalMoveError("the game is over: a double was dropped")
        if cube is not None and cube.offered_by is not None:
            raise IllegalMoveError("a double is waiting for an answer: take or drop")
        return self.current.apply(move)

    @property
    def is_human_turn(self) -> bool:
        seat = self.seat_to_move()
        return seat is not None and seat.is_human

    def play(self, move: Move) -> State:
        """Play a move (or a chance outcome); a new move forgets the moves undone before it."""
        new = self._next_state(move)
        self._push(move, new)
        self._redo.clear()
        return new

    def play_text(self, text: str) -> State:
        """Play a move given in the game's notation (``roll ...`` at a chance event)."""
        return self.play(self.parse_move_text(self.current, text))

    def roll(self, rng: random.Random) -> Move:
        """At a chance event, draw an outcome by its probability and play it."""
        outcomes = self.current.chance_outcomes()
        if self.current.current_player() != CHANCE or not outcomes:
            raise IllegalMoveError("there is nothing to roll: it is not a chance event")
        moves = [m for m, _ in outcomes]
        move = rng.choices(moves, weights=[p for _, p in outcomes])[0]
        self.play(move)
        return move

    def _push(self, move: Move, state: State, text: str | None = None) -> None:
        """Record ``move`` (played in the current position) and the position it leads to."""
        if text is None:
            text = self.format_move_text(self.current, move)
        self._texts.append(text)
        self._moves.append(move)
        self._states.append(state)

    # -- undo / redo ------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return bool(self._moves)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> Move | None:
        """Take back the last move (of anyone, dice included); None when there is none."""
        if not self._moves:
            return None
        self._states.pop()
        self._texts.pop()
        move = self._moves.pop()
        self._redo.append(move)
        return move

    def redo(self) -> Move | None:
        """Replay the last move undone; None when there is none."""
        if not self._redo:
            return None
        move = self._redo.pop()
        self._push(move, self._next_state(move))
        return move

    def undo_to_human(self) -> int:
        """Take back moves until a human is to make again the last decision a human made.

        AI moves and dice after it are taken back too, so "undo" against the computer returns
        the player to their own previous choice. Does nothing (returns 0) when no human has
        moved yet; otherwise returns the number of moves taken back.
        """
        deciders = (self._decider(i) for i in range(len(self._moves)))
        human_plies = [i for i, d in enumerate(deciders) if d is not None and self.seats[d].is_human]
        if not human_plies:
            return 0
        count = len(self._moves) - human_plies[-1]
        for _ in range(count):
            self.undo()
        return count

    def _decider(self, i: int) -> int | None:
        """The player who made move ``i`` (a cube action's too: the double is the side on
        roll's, the take or drop the other side's); None for a chance outcome."""
        state, move = self._states[i], self._moves[i]
        if isinstance(move, cubes.CubeAction):
            on_roll: int = state.to_move  # type: ignore[attr-defined]
            return on_roll if move.kind == "double" else 1 - on_roll
        player = state.current_player()
        return player if player in (0, 1) else None

    # -- notation ---------------------------------------------------------------------------

    def position_text(self) -> str:
        """The position on the board as text to copy: the game's notation; backgammon's as GNU
        Backgammon's ``PositionID:MatchID``, which carries the cube (value, owner, a double
        waiting), the player on roll and the dice, and pastes into GNU Backgammon as it is."""
        if self.game_id != "backgammon":
            return self.game.format_position(self.current)
        return backgammon_ids.gnu_ids(self.current, self.cube)  # type: ignore[arg-type]

    @classmethod
    def from_position(cls, game_id: str, text: str, seats: tuple[Seat, Seat] | None,
                      cube: cubes.Cube | None, options: dict[str, Any]) -> Session:
        """A new match from a position in text (pasted), with ``cube`` as a new game's cube.

        A backgammon position with GNU Backgammon's Match ID starts with the cube it
        describes (value, owner, a pending double, a dropped one) under the rule of ``cube``
        (Jacoby or not); a cubeless game stays cubeless unless that cube was turned or offered.
        """
        game = get_game(game_id)
        if game_id == "backgammon" and backgammon_ids.has_match_id(text):
            game.initial_state(**options)  # the options are checked as for any position
            given = backgammon_ids.parse_gnu_ids(text, jacoby=cube is not None and cube.jacoby)
            fresh = cubes.Cube(jacoby=given.cube.jacoby)
            start_cube = given.cube if cube is not None or given.cube != fresh else None
            return cls(game_id, None, seats, start_state=given.state, cube=start_cube)
        state = game.parse_position(text, **options)
        return cls(game_id, None, seats, start_state=state, cube=cube)

    def format_move_text(self, state: State, move: Move) -> str:
        """A move in the game's notation; a chance outcome as ``roll <outcome>``."""
        if isinstance(move, cubes.CubeAction):
            return move.kind
        if state.current_player() != CHANCE:
            return self.game.format_move(state, move)
        return self._outcome_names(state)[0][move]

    def _outcome_names(self, state: State) -> tuple[dict[Move, str], dict[str, Move]]:
        """Text of each chance outcome at ``state`` and back. An outcome's name depends on the
        outcome only (dice "31" read the same in every position), so the two tables are kept
        per set of outcomes: a long game of dice rolls names each roll once, not 21 times a
        turn."""
        outcomes = state.chance_outcomes()
        names = self._outcome_cache.get(outcomes)
        if names is None:
            by_move: dict[Move, str] = {}
            for move, _ in outcomes:
                try:
                    text = self.game.format_move(state, move)
                except ValueError:
                    text = _outcome_text(move)  # the rules only name decision moves
                by_move[move] = text if text.startswith(ROLL_PREFIX) else ROLL_PREFIX + text
            names = (by_move, {text: move for move, text in by_move.items()})
            self._outcome_cache[outcomes] = names
        return names

    def parse_move_text(self, state: State, text: str) -> Move:
        """The inverse of ``format_move_text``; a ValueError naming the problem otherwise."""
        text = text.strip()
        if self.start_cube is not None and text in cubes.CUBE_WORDS:
            return cubes.CubeAction(text)  # type: ignore[return-value]
        player = state.current_player()
        if player == TERMINAL:
            raise IllegalMoveError(
                f"the game is already over, so {_quoted(text)} cannot be played"
            )
        if player == CHANCE:
            by_move, by_text = self._outcome_names(state)
            if text in by_text:
                return by_text[text]
            choices = ", ".join(by_move.values())
            raise IllegalMoveError(f"{_quoted(text)} is not a possible outcome here ({choices})")
        return self.game.parse_move(state, text)

    def moves_text(self) -> list[str]:
        """Every move so far in the game's notation, dice as ``roll ...``."""
        return list(self._texts)

    def move_text(self, index: int) -> str:
        """The text of move ``index`` (0 = the first; negative counts from the last), without
        copying the whole list: a move list draws only the rows it shows."""
        return self._texts[index]

    # -- save / load ------------------------------------------------------------------------

    def _cube_line(self) -> str:
        """``cube: on`` / ``cube: jacoby``, then the start's Match ID when the game did not
        start with the cube fresh (a pasted position with a turned or offered cube)."""
        cube = self.start_cube
        assert cube is not None
        line = f"cube: {'jacoby' if cube.jacoby else 'on'}"
        if cube != cubes.Cube(jacoby=cube.jacoby):
            line += f" {cubes.match_id(cube, self.start)}"  # type: ignore[arg-type]
        return line

    def save(self) -> str:
        """The whole match as readable text; ``load`` turns it back into an equal session."""
        lines = [
            f"{FORMAT_NAME}: {FORMAT_VERSION}",
            f"game: {self.game_id}",
            f"options: {json.dumps(self.options, sort_keys=True)}",
            f"seat 1: {self.seats[0].to_text()}",
            f"seat 2: {self.seats[1].to_text()}",
            f"start: {self.game.format_position(self.start)}",
            *([self._cube_line()] if self.start_cube else []),
            f"moves: {len(self._moves)}",
            *self.moves_text(),
        ]
        return "\n".join(lines) + "\n"


def _start_cube(start: State, match_id: str, jacoby: bool, line: int) -> cubes.Cube:
    """The cube a saved game started with, from the Match ID of its ``cube:`` line (which must
    agree with the start position: same player on roll, same dice)."""
    state: Any = start
    try:
        given = backgammon_ids.parse_gnu_ids(
            f"{backgammon_ids.position_id(state)}:{match_id}", jacoby)
    except ValueError as exc:
        raise SaveFormatError(f"line {line} (cube): {_one_line(exc)}") from None
    if given.state.key() != start.key():
        raise SaveFormatError(f"line {line} (cube): the Match ID does not agree with the start "
                              "position (player on roll or dice)")
    return given.cube


def _outcome_text(outcome: Move) -> str:
    """A chance outcome the rules cannot name: dice (3, 1) read "31", as players say it."""
    if isinstance(outcome, tuple) and all(isinstance(x, int) and 0 <= x <= 9 for x in outcome):
        return "".join(map(str, outcome))
    if isinstance(outcome, tuple) and all(isinstance(x, int) for x in outcome):
        return "-".join(map(str, outcome))
    return str(outcome)


_HEADER_KEYS = (FORMAT_NAME, "game", "options", "seat 1", "seat 2", "start", "moves")


def _tuples(value: Any) -> Any:
    """JSON arrays back to tuples, as game options (e.g. heap sizes) are tuples in memory."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    if isinstance(value, dict):
        return {k: _tuples(v) for k, v in value.items()}
    return value


def load(text: str) -> Session:
    """A session from ``Session.save()`` text, fully replayed and checked.

    Anything wrong - a foreign or truncated file, an unknown game, a bad option, an illegal
    move - raises SaveFormatError (a ValueError) with one line naming the problem.
    """
    if not isinstance(text, str):
        raise SaveFormatError("a saved game must be text")
    if len(text) > MAX_SAVE_CHARS:
        raise SaveFormatError(f"file too large for a saved game ({len(text)} characters)")
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    if "(;" in text and not text.lstrip().startswith(FORMAT_NAME):
        return _load_ggf(text)
    raw = text.splitlines()
    # (line number, text) pairs are made as they are read, never all at once: a long game's
    # moves would cost a tuple each.
    lines = _content_lines(raw, 0)
    header: dict[str, str] = {}
    number_of: dict[str, int] = {}
    cube_rule, cube_id, cube_line = None, "", 0
    for index, key in enumerate(_HEADER_KEYS):
        got = next(lines, None)
        if got is not None and key == "moves" and got[1].partition(":")[0].strip() == "cube":
            # The optional line of a backgammon money game with the doubling cube.
            cube_line = got[0]
            cube_rule, _, cube_id = got[1].partition(":")[2].strip().partition(" ")
            if cube_rule not in ("on", "jacoby"):
                raise SaveFormatError(f"line {got[0]} (cube): expected 'on' or 'jacoby'")
            got = next(lines, None)
        if got is None:
            if index == 0:
                raise SaveFormatError("the file is empty, not a saved game")
            raise SaveFormatError(f"the file ends before the '{key}:' line (truncated?)")
        number, line = got
        number_of[key] = number
        name, sep, value = line.partition(":")
        if not sep or name.strip() != key:
            if index == 0:
                raise SaveFormatError(
                    f"not a Kibitz saved game (the first line should be "
                    f"'{FORMAT_NAME}: {FORMAT_VERSION}')"
                )
            raise SaveFormatError(f"line {number}: expected '{key}: ...', got {line[:60]!r}")
        header[key] = value.strip()
    version = header[FORMAT_NAME]
    if version != str(FORMAT_VERSION):
        if version.isascii() and version.isdigit() and int(version) > FORMAT_VERSION:
            raise SaveFormatError(
                f"saved by a newer Kibitz (format {version}); this version reads format "
                f"{FORMAT_VERSION}"
            )
        raise SaveFormatError(f"unknown save format version {version[:20]!r}")

    def fail(key: str, problem: str) -> SaveFormatError:
        return SaveFormatError(f"line {number_of[key]} ({key}): {_one_line(problem)}")

    game_id = header["game"]
    if game_id not in game_ids():
        raise fail("game", f"unknown game {game_id[:40]!r}; known: {', '.join(game_ids())}")
    try:
        options = _tuples(json.loads(header["options"]))
    except (ValueError, RecursionError):
        raise fail("options", "not a valid JSON object") from None
    if not isinstance(options, dict):
        raise fail("options", "must be a JSON object such as {}")
    seats = []
    for key in ("seat 1", "seat 2"):
        try:
            seats.append(Seat.from_text(header[key]))
        except ValueError as exc:
            raise fail(key, str(exc)) from None
    moves_count = header["moves"]
    if not (moves_count.isascii() and moves_count.isdigit() and len(moves_count) <= 7):
        raise fail("moves", f"expected a count of moves, got {moves_count[:20]!r}")
    expected = int(moves_count)
    first_move = number_of["moves"]  # index in ``raw`` of the line after the header
    listed = 0
    for number, line in _content_lines(raw, first_move):
        if listed == expected:
            raise SaveFormatError(
                f"line {number}: unexpected text after the {expected} moves: {line[:60]!r}"
            )
        listed += 1
    if listed < expected:
        raise SaveFormatError(f"the file lists {listed} of its {expected} moves (truncated?)")
    game = get_game(game_id)
    try:  # the options alone first: an unknown or bad option is the options line's fault
        game.initial_state(**options)
    except ValueError as exc:
        raise fail("options", _one_line(exc)) from None
    except Exception as exc:  # noqa: BLE001 - as below: a corrupt file never crashes the caller
        raise fail("options", f"cannot use them ({type(exc).__name__})") from None
    try:
        start = game.parse_position(header["start"], **options)
    except ValueError as exc:
        raise fail("start", _one_line(exc)) from None
    except Exception as exc:  # a rules bug on odd input must still surface as a load error
        raise fail(
            "start", f"cannot read the position ({type(exc).__name__}: {_one_line(exc)})"
        ) from None
    if cube_rule is not None and game_id != "backgammon":
        raise SaveFormatError("a 'cube:' line belongs to backgammon saves only")
    cube = None if cube_rule is None else cubes.Cube(jacoby=cube_rule == "jacoby")
    if cube is not None and cube_id:
        cube = _start_cube(start, cube_id.strip(), cube.jacoby, cube_line)
    session = Session(game_id, None, seats, start, cube)
    replay = _Replay(session)
    for number, line in _content_lines(raw, first_move):
        try:
            replay.play_text(line)
        except ValueError as exc:
            raise SaveFormatError(f"line {number}: move {line[:40]!r}: {_one_line(exc)}") from None
        except Exception as exc:  # as above: never let a corrupt file crash the caller
            raise SaveFormatError(
                f"line {number}: cannot read move {line[:40]!r} ({type(exc).__name__})"
            ) from None
    return session


def _content_lines(raw: list[str], start: int) -> Iterator[tuple[int, str]]:
    """(line number, stripped text) of the lines from index ``start`` that are neither blank
    nor ``#`` comments."""
    for index in range(start, len(raw)):
        line = raw[index].strip()
        if line and not line.startswith("#"):
            yield index + 1, line


class _Replay:
    """Plays a saved game's moves into a session in time and memory linear in the moves.

    A position met again with the same move text (a long game where both sides are shut out
    repeats a handful of positions thousands of times) is looked up instead of parsed and
    played again, and every position is kept as one state object however often it recurs,
    not as a fresh copy each time. States are immutable and hashable, so sharing is safe."""

    #: Entries kept before the tables start afresh (bounds their memory on a game that never
    #: repeats a position).
    LIMIT = 4096

    def __init__(self, session: Session) -> None:
        self.session = session
        self.seen: dict[tuple[State, str], tuple[Move, State, str]] = {}
        self.positions: dict[State, State] = {session.current: session.current}

    def play_text(self, text: str) -> None:
        session = self.session
        if session.start_cube is not None and text in cubes.CUBE_WORDS:
            session.play_text(text)  # its validity depends on the cube, not the position
            return
        key = (session.current, text)
        hit = self.seen.get(key)
        if hit is None:
            move = session.parse_move_text(session.current, text)
            after = session.current.apply(move)
            if len(self.seen) >= self.LIMIT:
                self.seen.clear()
                self.positions.clear()
            name = session.format_move_text(session.current, move)
            hit = (move, self.positions.setdefault(after, after), name)
            self.seen[key] = hit
        session._push(*hit)


def _one_line(exc: BaseException | str) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= 200 else text[:197] + "..."


def _quoted(text: str) -> str:
    """A piece of the file quoted in an error: at most QUOTE_CHARS characters of it."""
    if len(text) <= QUOTE_CHARS:
        return repr(text)
    return repr(text[:QUOTE_CHARS]) + f"... ({len(text)} characters)"


def _load_ggf(text: str) -> Session:
    """The first game of an Othello GGF record (as NBoard, WZebra or Edax write it), with its
    moves, so a game from another program can be replayed and taken over."""
    from games.othello.ggf import parse_ggf

    try:
        record = parse_ggf(text)[0]
    except ValueError as exc:
        raise SaveFormatError(f"not a Kibitz saved game, and not a usable GGF game: {exc}") from None
    session = Session("othello", None, None, start_state=record.start)
    for move in record.moves:
        session.play(move)
    return session


def load_file(path: Any) -> Session:
    """``load`` for a file; unreadable bytes become a SaveFormatError too (OSError passes)."""
    with open(path, encoding="utf-8") as f:
        try:
            text = f.read(MAX_SAVE_CHARS + 1)
        except UnicodeDecodeError:
            raise SaveFormatError(f"{path}: not a text file, so not a saved game") from None
    return load(text)


def save_file(session: Session, path: Any) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(session.save())
