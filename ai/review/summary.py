"""A player's figures over a reviewed game: errors by kind, total and average loss, and the
rating players quote for that average where the game has a documented scale."""

from __future__ import annotations

from collections.abc import Sequence

from ai.review.scale import ReviewScale
from game.review import NO_ERROR, PlayerSummary, ReviewRow


def summarise(rows: Sequence[ReviewRow], scale: ReviewScale,
              names: Sequence[str]) -> tuple[PlayerSummary, ...]:
    """One summary per side. Forced decisions (one choice) count neither in the decisions
    nor in the average, as GNU Backgammon counts its error rate over unforced moves."""
    out = []
    for side in (0, 1):
        mine = [r for r in rows if r.side == side and not r.forced]
        errors = {name: 0 for name in scale.mark_names()}
        for r in mine:
            if r.severity > NO_ERROR and r.mark in errors:
                errors[r.mark] += 1
        total = sum(r.loss for r in mine)
        average = total / len(mine) if mine else 0.0
        out.append(PlayerSummary(
            side=side,
            player=names[side],
            decisions=len(mine),
            errors=errors,
            total_loss=total,
            average_loss=average,
            rate_text=scale.rate_text(average),
            rating=scale.rating(average) if mine else "",
        ))
    return tuple(out)
