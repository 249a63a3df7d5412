"""How a review weighs tic-tac-toe moves: exactly. Every position is solved, so a move either
keeps the result the position holds or gives part of it away ("throws away the win")."""

from __future__ import annotations

from ai.review.scale import ReviewScale

REVIEW = ReviewScale(
    loss_unit="results",
    by_outcome=True,
    source="exact: every position is solved, so a mark says what the move did to the result",
    rate_unit="results lost per move",
    chart_label="result with best play for {player} (win +1, draw 0, loss -1)",
)
