"""How a review weighs Kalah moves: by the seeds of final margin a move gives away (the
searched margin; the exact one near the end, where the solver proves it)."""

from __future__ import annotations

from ai.review.scale import ReviewScale

REVIEW = ReviewScale(
    loss_unit="seeds",
    thresholds=((8.0, "blunder"), (4.0, "mistake"), (2.0, "inaccuracy")),
    source="Kibitz's own thresholds (no published convention for Kalah marks was found): "
    "2 seeds of final margin an inaccuracy, 4 a mistake, 8 a blunder",
    depth=10,
    rate_unit="seeds lost per move",
    chart_label="predicted final seed margin for {player}",
    chart_bounds=(-48.0, 48.0),
)
