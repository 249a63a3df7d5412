"""What a student's agent gets: ``choose_move(position)`` is called with a Position.

The student API (docs/agents.md walks through it):

    position.game            the game's id ("tictactoe", "othello", "kalah", ...)
    position.player          the player to move here, 0 or 1 (None when the game is over or
                             chance is to move)
    position.legal_moves()   the moves (objects of the game's own kind), in a fixed order
    position.play(move)      the position after ``move`` (a move object or its notation text):
                             for the agent's own search; the position it was called on stays
    position.is_over()       True once the game has ended
    position.score(player)   the finished game's result for ``player`` (its returns: win > 0,
                             draw 0, loss < 0; a ValueError before the end)
    position.notation()      the position in the game's notation
    position.move_text(move) a move in the game's notation ("b2", "d3", ...)
    position.chance_outcomes()  (outcome, probability) pairs where dice are to roll, else []
    position.time_left       seconds left for this move (stop searching well before 0)
    position.report(nodes=..., line=[...])   tell Kibitz how many positions the search
                             looked at and the line it expects (moves from the position asked)

``choose_move`` returns a legal move: a move object from ``legal_moves()`` or its text.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from game.core import CHANCE, TERMINAL, Game, Move, State, format_line


@dataclass
class Report:
    """What the agent reported about its search for the move being chosen."""

    nodes: int | None = None
    line: list[str] | None = None


class Position:
    """One position of the game being played, for a student's agent (read-only)."""

    __slots__ = ("_game", "_state", "_deadline", "_report")

    def __init__(self, game: Game, state: State, deadline: float, report: Report) -> None:
        self._game = game
        self._state = state
        self._deadline = deadline
        self._report = report

    @property
    def game(self) -> str:
        return self._game.id

    @property
    def player(self) -> int | None:
        player = self._state.current_player()
        return player if player in (0, 1) else None

    @property
    def time_left(self) -> float:
        return max(0.0, self._deadline - time.monotonic())

    def legal_moves(self) -> list[Move]:
        return list(self._state.legal_moves())

    def play(self, move: Move) -> Position:
        if isinstance(move, str):
            move = self._game.parse_move(self._state, move)
        return Position(self._game, self._state.apply(move), self._deadline, self._report)

    def is_over(self) -> bool:
        return self._state.current_player() == TERMINAL

    def score(self, player: int) -> float:
        if not self.is_over():
            raise ValueError("score() is the finished game's result: the game is not over")
        if player not in (0, 1):
            raise ValueError(f"score(player) takes player 0 or 1, got {player!r}")
        return self._state.returns()[player]

    def notation(self) -> str:
        return self._game.format_position(self._state)

    def move_text(self, move: Move) -> str:
        if self._state.current_player() == CHANCE:
            return str(move)
        return self._game.format_move(self._state, move)

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        return list(self._state.chance_outcomes())

    def report(self, nodes: int | None = None, line: Sequence[Move] | None = None) -> None:
        """Kibitz shows these beside the move (a match keeps the move alone)."""
        if nodes is not None:
            if isinstance(nodes, bool) or not isinstance(nodes, int) or nodes < 0:
                raise ValueError(f"report(nodes=...) takes a whole number >= 0, got {nodes!r}")
            self._report.nodes = nodes
        if line is not None:
            moves = _moves_along(self._state, self._game, line)
            self._report.line = format_line(self._game, self._state, moves)

    def __repr__(self) -> str:
        return f"Position({self.game} {self.notation()!r})"


def _moves_along(state: State, game: Game, line: Sequence[Move]) -> list[Move]:
    """The moves of ``line`` as move objects, each text read in the position it is played in
    (the line stops where the game ends or dice are to roll)."""
    out = []
    for move in line:
        if state.current_player() in (TERMINAL, CHANCE):
            break
        played = game.parse_move(state, move) if isinstance(move, str) else move
        out.append(played)
        state = state.apply(played)
    return out
