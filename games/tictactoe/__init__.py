"""Tic-tac-toe: the first game of every course on search, small enough to solve at every move.

The kit below is the game's one entry in Kibitz (game.kit): its layers load on first use.
"""

from __future__ import annotations

from game.core import State, own_state
from game.kit import GameKit
from game.zobrist import PieceBoard

#: The cells as the rules number them, a1 (top left, 0) to c3 (bottom right, 8).
_CELLS = tuple(f"{'abc'[i % 3]}{i // 3 + 1}" for i in range(9))


class TicTacToeKit(GameKit):
    id = "tictactoe"
    title = "Tic-tac-toe"
    order = 10

    def piece_board(self, state: State) -> PieceBoard:
        """X and O on the nine cells."""
        from games.tictactoe.rules import TicTacToeState  # the rules: on first use

        state = own_state(state, TicTacToeState)
        board = state.board
        placed = tuple((i, mark) for i, mark in enumerate(board) if mark is not None)
        return PieceBoard(_CELLS, ("X", "O"), placed, state.to_move == 1)


KIT = TicTacToeKit()
