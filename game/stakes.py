"""What a game played for stakes adds to a match, as the pygame-free session sees it.

Backgammon's doubling cube is the one such game today. Its decisions (double, take, drop) are
moves of the session, recorded in its history and its save beside the board moves, so undo,
redo and replay treat them like any other move; the stakes themselves (the cube's value and
owner) follow from those moves. The session knows them only through this protocol, so it never
names the game: the game's kit makes the stakes (``GameKit.new_stakes``) and reads and writes
the position text that carries them.
"""

from __future__ import annotations

from typing import Protocol

from game.core import Move, State


class Stakes(Protocol):
    """A game's stakes at one moment (immutable: a decision gives new stakes)."""

    def is_decision(self, move: Move) -> bool:
        """Whether ``move`` is a stakes decision rather than a board move or a chance outcome."""
        ...

    def parse_decision(self, text: str) -> Move | None:
        """The decision ``text`` names (``double``), or None when it names none."""
        ...

    def after(self, state: State, decision: Move) -> Stakes:
        """The stakes after ``decision`` in ``state``; IllegalMoveError saying why not."""
        ...

    def decided_by(self, state: State, decision: Move) -> int:
        """The player who made ``decision`` in ``state`` (a double: the side on roll's; a
        take or drop: the other side's)."""
        ...

    def fresh(self) -> Stakes:
        """The stakes a new game starts with under the same rule (the cube centred at 1)."""
        ...

    def why_no_board_move(self) -> str | None:
        """Why the board must wait (a double waits for its answer; a dropped double ended the
        game), or None."""
        ...

    def pending_text(self) -> str | None:
        """What the match waits for before anyone moves, in a few words for the screen ("a
        double waits for its answer"), or None."""
        ...

    def ended_game(self) -> bool:
        """Whether a decision ended the game (a dropped double)."""
        ...

    def answering_player(self) -> int | None:
        """The player who must answer a pending decision (take or drop), else None."""
        ...

    def result_text(self, state: State, board_result: str) -> str:
        """The game's result line with the stakes (``state``: the last position;
        ``board_result``: the rules' own line, used when the board decided the game)."""
        ...

    def save_text(self, start: State) -> str:
        """The value of the save file's ``cube:`` line for a game that started at ``start`` with
        these stakes (``GameKit.new_stakes`` reads it back)."""
        ...
