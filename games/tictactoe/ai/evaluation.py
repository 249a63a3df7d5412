"""The textbook open-lines heuristic for tic-tac-toe, so a depth-limited search has a signal.

e(p) = lines still open for ``player`` (no enemy mark on them) minus lines still open for the
opponent. It ranges over -8..8 and says nothing about won positions: the search scores those
from ``returns()``, and must scale its win value above 8.
"""

from __future__ import annotations

from typing import cast

from game.core import State
from games.tictactoe.rules import LINE_MASKS, TicTacToeState

#: The enemy's marks (a 9-bit mask) -> how many lines they leave open: the evaluator runs at
#: every leaf of the search, so the count is one table lookup.
_OPEN_LINES: tuple[int, ...] = tuple(
    sum(1 for line in LINE_MASKS if not enemy & line) for enemy in range(512)
)


def open_lines(state: TicTacToeState, player: int) -> int:
    """Lines on which ``player`` could still make three: none of the opponent's marks on them."""
    return _OPEN_LINES[state.marks[1 - player]]


#: The features the lab's evaluation editor weighs: the textbook's two terms, and two it leaves
#: out (weight 0 as shipped) for a class to try.
FEATURES = ("my open lines", "opponent's open lines", "centre", "corners")
_CENTRE = 1 << 4
_CORNERS = (1 << 0) | (1 << 2) | (1 << 6) | (1 << 8)


class TicTacToeEvaluator:
    """``scale``: the features' weights (default: open lines mine minus theirs)."""

    #: The evaluation's name on screen ("Master's search: learned tables, depth 3").
    title = "open lines"
    features = FEATURES
    default_scale = (1.0, 1.0, 0.0, 0.0)

    def __init__(self, scale: tuple[float, ...] | None = None) -> None:
        if scale is not None and len(scale) != len(FEATURES):
            raise ValueError(f"tic-tac-toe's evaluation has {len(FEATURES)} features, got "
                             f"{len(scale)} weights")
        self.scale = scale

    def weighted(self, scale: tuple[float, ...]) -> TicTacToeEvaluator:
        return TicTacToeEvaluator(scale)

    def evaluate(self, state: State, player: int) -> float:
        # The search hands over the positions of its own game's tree: tic-tac-toe's.
        marks = cast(TicTacToeState, state).marks
        if self.scale is None:
            return float(_OPEN_LINES[marks[1 - player]] - _OPEN_LINES[marks[player]])
        mine, theirs = marks[player], marks[1 - player]
        w_mine, w_theirs, w_centre, w_corners = self.scale
        return (w_mine * _OPEN_LINES[theirs] - w_theirs * _OPEN_LINES[mine]
                + w_centre * (bool(mine & _CENTRE) - bool(theirs & _CENTRE))
                + w_corners * ((mine & _CORNERS).bit_count() - (theirs & _CORNERS).bit_count()))
