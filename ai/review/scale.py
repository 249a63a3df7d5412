"""How one game weighs its players' decisions: the unit of a loss, the thresholds of its
marks (with their source), the rating players quote for an average loss, the search a review
runs by default, and the game's own words for why a move was an error.

Each game's kit gives one (``GameAI.review``); a game whose values are proven results
(tic-tac-toe, Nim) marks by outcome instead of by a threshold: a move "throws away the win"
or "turns a draw into a loss", whatever the margin.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ai.searchbase import is_win_score
from game.core import Game, Move, State
from game.review import BAD, DOUBTFUL, NO_ERROR, VERY_BAD

#: The marks of a game whose values are proven results, worst first.
TURNS_WIN_TO_LOSS = "turns a win into a loss"
THROWS_AWAY_WIN = "throws away the win"
TURNS_DRAW_TO_LOSS = "turns a draw into a loss"
BEST = "best"

#: Why an error costs what it does, in the game's words: (game, position, move played,
#: best move, the best line after the move played) -> a phrase such as "takes the h8 corner"
#: for the reply, or "" when the game has nothing to add to the generic sentence.
ReplyWords = Callable[[Game, State, Move, Move, tuple[Move, ...]], str]
#: The first player's chance to win in a position, where the game's evaluator gives one.
WinChance = Callable[[State], float | None]
#: Why an error costs what it does where no reply follows the move (a roll comes first, as in
#: backgammon): (game, position, move played, best move) -> a phrase such as "48% wins after
#: it against 52%", or "".
MoveWords = Callable[[Game, State, Move, Move], str]


@dataclass(frozen=True)
class ReviewScale:
    """One game's way of weighing moves."""

    #: What a loss counts: "discs", "points", "seeds", "results".
    loss_unit: str
    #: Decimals a loss is written with ("0.085 points", as backgammon players quote it).
    loss_decimals: int = 2
    #: (smallest loss, mark) from the worst mark down, e.g. ((12, "blunder"), (6, ...), ...);
    #: empty for a game marked by outcome.
    thresholds: tuple[tuple[float, str], ...] = ()
    #: Where the thresholds come from, in a sentence for docs/reviewing.md and the review panel.
    source: str = ""
    #: Values are proven results: marks by outcome (win, draw, loss), a loss counts results.
    by_outcome: bool = False
    #: The game can end in a draw (tic-tac-toe); without draws (Nim) a lost win is one
    #: result lost, and it is "throws away the win".
    draws: bool = True
    #: The search a review runs unless the user chooses: this level's recipe, with this depth
    #: or time per move in place of its own (None: the level's own limit).
    level: str = "Master"
    depth: int | None = None
    time_s: float | None = None
    #: The average loss per decision as players quote it: multiplied by ``rate_factor``,
    #: followed by ``rate_unit`` ("millipoints per move").
    rate_factor: float = 1.0
    rate_unit: str = "per move"
    #: A documented rating for an average loss: (upper bound, name) from the best down, the
    #: last with an infinite bound; empty when no documented scale exists.
    ratings: tuple[tuple[float, str], ...] = ()
    ratings_source: str = ""
    #: What the chart plots from the first player's view ("{player}" is filled in), and the
    #: range it spans (None: the profile's value bounds).
    chart_label: str = "value for {player}"
    chart_bounds: tuple[float, float] | None = None
    reply_words: ReplyWords | None = None
    win_chance: WinChance | None = None
    move_words: MoveWords | None = None

    # ------------------------------------------------------------------ marks

    def mark(self, before: float, after: float, loss: float) -> tuple[str, int]:
        """The mark and its severity for a move keeping ``after`` where ``before`` was
        possible (``loss`` their difference in this scale's unit)."""
        if self.by_outcome:
            drop = outcome(before) - outcome(after)
            if drop <= 0:
                return BEST, NO_ERROR
            if drop == 2:
                return (TURNS_WIN_TO_LOSS, VERY_BAD) if self.draws else (THROWS_AWAY_WIN, BAD)
            return (THROWS_AWAY_WIN, BAD) if outcome(before) == 1 else (TURNS_DRAW_TO_LOSS, BAD)
        for rank, (least, name) in enumerate(self.thresholds):
            if loss >= least - 1e-9:
                return name, (VERY_BAD, BAD, DOUBTFUL)[min(rank, 2)]
        return "", NO_ERROR

    def mark_names(self) -> tuple[str, ...]:
        """The marks that count as errors, mildest first (the summary's order)."""
        if self.by_outcome:
            if not self.draws:
                return (THROWS_AWAY_WIN,)
            return (THROWS_AWAY_WIN, TURNS_DRAW_TO_LOSS, TURNS_WIN_TO_LOSS)
        return tuple(name for _, name in reversed(self.thresholds))

    def loss(self, before: float, after: float) -> float:
        """What the move played gave up, in ``loss_unit`` (never below 0)."""
        if self.by_outcome:
            drop = max(0, outcome(before) - outcome(after))
            return float(drop if self.draws else drop // 2)
        return max(0.0, before - after)

    def decimals(self, exact: bool) -> int:
        """Decimals a review writes a decision's values and its loss with, the same for all
        three so that best − played reads as the loss: a proven margin in whole units, an
        estimate as finely as a loss is quoted."""
        return 0 if exact else self.loss_decimals

    def loss_as_written(self, before: float, after: float, loss: float, exact: bool) -> float:
        """The loss that the values as written make: best − played, each rounded as written
        (rounding the difference instead could be off by the last decimal). A loss counted
        in results is not a difference of the values: it stays as it is."""
        if self.by_outcome:
            return loss
        places = self.decimals(exact)
        return max(0.0, round(round(before, places) - round(after, places), places))

    def loss_text(self, before: float, after: float, loss: float, exact: bool) -> str:
        """The loss as a review writes it, without the unit: "2.80", "6", "0.051"."""
        shown = self.loss_as_written(before, after, loss, exact)
        if self.by_outcome:
            return f"{shown:g}"
        return f"{shown:.{self.decimals(exact)}f}"

    def rating(self, rate: float) -> str:
        """The documented rating of an average loss per decision (in the scale's unit)."""
        for bound, name in self.ratings:
            if rate < bound:
                return name
        return ""

    def rate_text(self, rate: float) -> str:
        return f"{rate * self.rate_factor:.1f} {self.rate_unit}".strip()


def outcome(value: float) -> int:
    """A proven value's result for the side it is from: 1 a win, 0 a draw, -1 a loss (a
    value short of a proof reads as a draw: neither side has a win in sight)."""
    if is_win_score(value):
        return 1 if value > 0 else -1
    return 0
