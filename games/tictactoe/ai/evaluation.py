"""The textbook open-lines heuristic for tic-tac-toe, so a depth-limited search has a signal.

e(p) = lines still open for ``player`` (no enemy mark on them) minus lines still open for the
opponent. It ranges over -8..8 and says nothing about won positions: the search scores those
from ``returns()``, and must scale its win value above 8.
"""

from __future__ import annotations

from games.tictactoe.rules import LINE_MASKS, TicTacToeState

#: The enemy's marks (a 9-bit mask) -> how many lines they leave open: the evaluator runs at
#: every leaf of the search, so the count is one table lookup.
_OPEN_LINES: tuple[int, ...] = tuple(
    sum(1 for line in LINE_MASKS if not enemy & line) for enemy in range(512)
)


def open_lines(state: TicTacToeState, player: int) -> int:
    """Lines on which ``player`` could still make three: none of the opponent's marks on them."""
    return _OPEN_LINES[state.marks[1 - player]]


class TicTacToeEvaluator:

    #: The evaluation's name on screen ("Master's search: learned tables, depth 3").
    title = "open lines"
    def evaluate(self, state: TicTacToeState, player: int) -> float:
        marks = state.marks
        return float(_OPEN_LINES[marks[1 - player]] - _OPEN_LINES[marks[player]])
