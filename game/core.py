"""The protocol every game's rules obey, so search, UI and notation code stay game-agnostic.

States are immutable and hashable: undo is free (keep the old state), a state can be handed to
another thread or process, and ``key()`` doubles as a transposition-table key.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from typing import Protocol, TypeVar, runtime_checkable

from game.jsontypes import JSONObject

#: ``current_player()`` value at a dice roll (or any other random event).
CHANCE = -1
#: ``current_player()`` value once the game is over.
TERMINAL = -2

Move = Hashable


#: Longest piece of a text quoted back in an error message (a pasted or loaded text may be
#: megabytes on one line, or many lines).
QUOTE_CHARS = 40


def quoted(text: str) -> str:
    """A piece of the input as an error quotes it: ``repr`` (so a newline shows as ``\\n`` and
    never breaks the message's one line), at most QUOTE_CHARS characters of it."""
    piece = text[:QUOTE_CHARS]
    # repr writes some characters as up to ten (a BOM is '\\ufeff'): cut by what is shown.
    while len(repr(piece)) > 2 * QUOTE_CHARS:
        piece = piece[: len(piece) // 2]
    if piece == text:
        return repr(text)
    return repr(piece) + f"... ({len(text)} characters)"


def one_line(text: object, limit: int = 300, blank: str = "failed") -> str:
    """An error or a reason as one line of at most ``limit`` characters: a compiler's, a
    program's or a damaged file's text may span many lines and megabytes."""
    line = " ".join(str(text).split()) or blank
    return line if len(line) <= limit else line[: limit - 3] + "..."


def clipped(text: str, limit: int = 120) -> str:
    """A reason quoted inside a one-line message: its first line, at most ``limit``
    characters (a damaged file's value may be thousands of characters long)."""
    lines = text.splitlines()
    line = lines[0] if lines else ""
    return line if len(line) <= limit else line[: limit - 3] + "..."


class IllegalMoveError(ValueError):
    """A move that the rules forbid in this position; the message is meant for a person."""


class NotationError(ValueError):
    """Malformed position or move text; the message names what is wrong."""


@runtime_checkable
class State(Protocol):
    def current_player(self) -> int:
        """0, 1, CHANCE or TERMINAL. Turn order always comes from here, never from depth."""

    def legal_moves(self) -> tuple[Move, ...]:
        """Never empty at a decision node (a pass is a move); empty at CHANCE and TERMINAL."""

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        """At CHANCE: (outcome, probability) pairs summing to 1; empty elsewhere."""

    def apply(self, move: Move) -> State:
        """The successor; raises IllegalMoveError, never a silent no-op."""

    def returns(self) -> tuple[float, float]:
        """At TERMINAL: each player's score, zero-sum (backgammon: points 1/2/3)."""

    def key(self) -> Hashable:
        """Rule-relevant fields only: equal positions have equal keys."""

    def __hash__(self) -> int:
        """States are immutable values: caches of per-position work key on them."""


@runtime_checkable
class Game(Protocol):
    id: str
    name: str
    #: Display names of players 0 and 1 (e.g. ("X", "O"), ("Black", "White")).
    player_names: tuple[str, str]

    def initial_state(self, /, **options: object) -> State:
        """Options are whatever a setup screen, a save or a command line passed (``object``):
        the rules check each one and raise ValueError for a bad one."""

    def options(self, state: State) -> JSONObject:
        """The options that ``parse_position`` needs to rebuild ``state`` from its notation."""

    def parse_position(self, text: str, /, **options: object) -> State: ...

    def format_position(self, state: State) -> str: ...

    def parse_move(self, state: State, text: str) -> Move: ...

    def format_move(self, state: State, move: Move) -> str: ...

    def describe_result(self, state: State) -> str:
        """A one-line result for a finished game, e.g. "White wins a gammon"."""


#: A game's own state class, as ``own_state`` narrows to it.
S = TypeVar("S")


def own_state(state: State, cls: type[S]) -> S:
    """``state`` as the game's own state class ``cls``, where generic code (a kit, a match, a
    searcher's root) hands a State to the game's own code that reads its fields. Asked once at
    such an entry, never per searched node. A state of another game is a mistake in the code,
    named here rather than as an AttributeError further on."""
    if not isinstance(state, cls):
        raise TypeError(f"expected a {cls.__name__}, got a {type(state).__name__}")
    return state


def check_option_names(game_name: str, options: Iterable[str], known: tuple[str, ...]) -> None:
    """Refuse option names a game does not know, in one line that names the ones it accepts.

    Rules take their options as keyword arguments after positional-only parameters, so any
    name at all ("self", "text") arrives here instead of colliding with a parameter."""
    unknown = sorted(str(name) for name in options if name not in known)
    if not unknown:
        return
    shown = ", ".join(repr(name[:30]) for name in unknown[:5])
    if len(unknown) > 5:
        shown += f" and {len(unknown) - 5} more"
    accepted = f"known: {', '.join(known)}" if known else "it takes no options"
    raise ValueError(f"unknown {game_name} option(s) {shown}; {accepted}")


def winner(state: State) -> int | None:
    """The winning player of a finished game, or None for a draw (or a game not over)."""
    if state.current_player() != TERMINAL:
        return None
    r0, r1 = state.returns()
    if r0 > r1:
        return 0
    if r1 > r0:
        return 1
    return None


def error_line(exc: BaseException, fallback: str | None = None) -> str:
    """What a message line says about ``exc``: the first line of its text (a parser's message
    may go on for lines), or ``fallback`` / the exception's name when it has no text."""
    text = str(exc)
    return text.splitlines()[0] if text.strip() else (fallback or type(exc).__name__)


def format_line(game: Game, state: State, moves: Iterable[Move]) -> list[str]:
    """A principal variation in notation; each move is formatted in the position it is played in."""
    out: list[str] = []
    for move in moves:
        if state.current_player() in (TERMINAL, CHANCE):
            break  # a PV that runs past a chance node cannot be replayed without its dice
        out.append(game.format_move(state, move))
        state = state.apply(move)
    return out


def finite_number(value: object) -> bool:
    """A finite int or float, not a bool: what a loaded file's number must be (JSON's NaN and
    Infinity, and 1e400, read as non-finite floats)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return isinstance(value, int) or math.isfinite(value)
