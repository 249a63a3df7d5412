"""The textbook open-lines heuristic for tic-tac-toe, so a depth-limited search has a signal.

e(p) = lines still open for ``player`` (no enemy mark on them) minus lines still open for the
opponent. It ranges over -8..8 and says nothing about won positions: the search scores those
from ``returns()``, and must scale its win value above 8.
"""

from __future__ import annotations

from game.rules.tictactoe import LINES, TicTacToeState


def open_lines(state: TicTacToeState, player: int) -> int:
    """Lines on which ``player`` could still make three: none of the opponent's marks on them."""
    enemy = 1 - player
    b = state.board
    return sum(1 for line in LINES if all(b[i] != enemy for i in line))


class TicTacToeEvaluator:
    def evaluate(self, state: TicTacToeState, player: int) -> float:
        return float(open_lines(state, player) - open_lines(state, 1 - player))
