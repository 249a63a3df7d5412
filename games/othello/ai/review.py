"""How a review weighs Othello moves: by the discs of final margin a move gives away, the
unit Othello programs report a move's error in (the searched margin; the exact one in the
endgame, where the solver proves it)."""

from __future__ import annotations

from ai.review.scale import ReviewScale
from game.core import Game, Move, State

CORNERS = frozenset((0, 7, 56, 63))


def _reply_words(game: Game, state: State, move: Move, best: Move,
                 reply: tuple[Move, ...]) -> str:
    """A corner the move hands over is the reason players give first."""
    answer = reply[0]
    after = state.apply(move)
    name = game.format_move(after, answer)
    if answer in CORNERS:
        return f"takes the {name} corner"
    if len(reply) > 1:
        return f"answers {name} (best line {' '.join(_names(game, after, reply[:4]))})"
    return f"answers {name}"


def _names(game: Game, state: State, moves: tuple[Move, ...]) -> list[str]:
    out = []
    for m in moves:
        out.append(game.format_move(state, m))
        state = state.apply(m)
    return out


REVIEW = ReviewScale(
    loss_unit="discs",
    thresholds=((12.0, "blunder"), (6.0, "mistake"), (2.0, "inaccuracy")),
    source="Kibitz's own thresholds (no published convention for Othello marks was found): "
    "2 discs of final margin an inaccuracy, 6 a mistake, 12 a blunder",
    depth=6,
    rate_unit="discs lost per move",
    chart_label="predicted final disc margin for {player}",
    chart_bounds=(-64.0, 64.0),
    reply_words=_reply_words,
)
