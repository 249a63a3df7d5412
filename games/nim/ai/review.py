"""How a review weighs Nim moves: exactly. The solver (Sprague-Grundy values) proves every
position a win or a loss, so a move either keeps the win or throws it away."""

from __future__ import annotations

from ai.review.scale import ReviewScale

REVIEW = ReviewScale(
    loss_unit="results",
    by_outcome=True,
    draws=False,
    source="exact: the solver proves every position won or lost, so a mark says what the "
    "move did to the result",
    rate_unit="results lost per move",
    chart_label="result with best play for {player} (win +1, loss -1)",
)
