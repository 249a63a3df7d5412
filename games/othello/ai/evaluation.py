"""Othello position knowledge for depth-limited search.

A weighted sum of the classic features, every one a difference between the two sides so the
score is exactly zero-sum: ``evaluate(s, 0) == -evaluate(s, 1)``.

- mobility and potential (frontier) mobility: in the midgame the side with more choices wins;
- corners, and X/C squares next to an *empty* corner (they hand the corner to the opponent);
- stable edge discs (runs anchored on a corner, or any disc of a full edge), from a 3^8 table;
- parity (who is due to play last) and the disc count, which only matter late.

Weights depend on the number of empty squares. ``evaluate_bb`` is the raw weighted sum,
clamped to +-99. ``OthelloEvaluator`` speaks in discs: the raw sum times ``DISC_SCALE`` for the
position's stage, the factor that best predicts the final disc margin of self-play games
(least squares, fitted by ``python -m games.othello.training.patterns``; a 60-move game has 16
stages of four discs), so its values share one scale with the exact solver's margins and the
learned pattern evaluator's.
"""

from __future__ import annotations

from typing import cast

from game.core import State
from games.othello.rules import CORNERS, FULL, OthelloState, final_margin, generate_moves

__all__ = ["DISC_SCALE", "FEATURES", "LIMIT", "OthelloEvaluator", "evaluate_bb",
           "final_margin"]

LIMIT = 99.0
#: Discs per unit of ``evaluate_bb``, per stage (discs - 4) // 4 (see the module docstring).
DISC_SCALE = (
    0.10203, 0.28532, 0.88712, 1.22742, 1.42062, 1.45999, 1.37361, 1.24252,
    1.11188, 0.97354, 0.85472, 0.74242, 0.64087, 0.54439, 0.45416, 0.45416,
)  # fmt: skip
#: Disc values never exceed a real margin.
DISC_LIMIT = 64.0

_NOT_A = 0xFEFEFEFEFEFEFEFE  # every column but a: where a shift towards h may land
_NOT_H = 0x7F7F7F7F7F7F7F7F
_FILE_A = 0x0101010101010101
_GATHER = 0x0102040810204080  # collects a column's 8 bits into the top byte, no carries

#: (corner, X square, C squares) for a1, h1, a8, h8.
_CORNER_ZONES = (
    (1 << 0, 1 << 9, (1 << 1) | (1 << 8)),
    (1 << 7, 1 << 14, (1 << 6) | (1 << 15)),
    (1 << 56, 1 << 49, (1 << 48) | (1 << 57)),
    (1 << 63, 1 << 54, (1 << 55) | (1 << 62)),
)


def _edge_stability_table() -> list[int]:
    """Index ``mine << 8 | theirs`` of one edge -> (my stable discs) - (their stable discs)."""
    table = [0] * 65536
    for code in range(3**8):
        mine = theirs = 0
        c = code
        for i in range(8):
            c, v = divmod(c, 3)
            if v == 1:
                mine |= 1 << i
            elif v == 2:
                theirs |= 1 << i
        occupied = mine | theirs
        if occupied == 0xFF:
            stable_mine, stable_theirs = mine, theirs
        else:
            stable_mine = stable_theirs = 0
            for order in (range(8), range(7, -1, -1)):
                first = order[0]
                is_mine = bool(mine >> first & 1)
                owner = mine if is_mine else theirs
                run = 0
                for i in order:
                    if not owner >> i & 1:
                        break
                    run |= 1 << i
                if is_mine:
                    stable_mine |= run
                else:
                    stable_theirs |= run
        table[mine << 8 | theirs] = stable_mine.bit_count() - stable_theirs.bit_count()
    return table


_EDGE_TABLE = _edge_stability_table()


def _phase_weights() -> list[tuple[float, ...]]:
    """Per number of empties: weights of (mobility, potential, corner, X, C, stable, parity, discs)."""
    out: list[tuple[float, ...]] = []
    for empties in range(65):
        late = max(0.0, min(1.0, (40 - empties) / 30))  # 0 before move ~24, 1 at 10 empties
        out.append(
            (
                20.0 - 8.0 * late,  # mobility, as a ratio in (-1, 1)
                10.0 - 6.0 * late,  # potential mobility, ratio
                8.0,  # per corner
                5.0 - 3.0 * late,  # per X square next to an empty corner
                2.0 - 1.0 * late,  # per C square next to an empty corner
                0.8 + 0.7 * late,  # per stable edge disc
                3.0 * late,  # parity: the side due to play last
                25.0 * late * late,  # disc ratio, only late
            )
        )
    return out


_WEIGHTS = _phase_weights()


def _neighbours(x: int) -> int:
    """Squares adjacent (8 ways) to any set bit of ``x``."""
    east = (x << 1 | x << 9 | x >> 7) & _NOT_A
    west = (x >> 1 | x >> 9 | x << 7) & _NOT_H
    return (east | west | x << 8 | x >> 8) & FULL


def _edges(p: int, o: int) -> int:
    t = _EDGE_TABLE
    s = t[(p & 0xFF) << 8 | (o & 0xFF)] + t[(p >> 56) << 8 | (o >> 56)]
    s += t[(((p & _FILE_A) * _GATHER >> 56) & 0xFF) << 8 | (((o & _FILE_A) * _GATHER >> 56) & 0xFF)]
    p >>= 7
    o >>= 7
    s += t[(((p & _FILE_A) * _GATHER >> 56) & 0xFF) << 8 | (((o & _FILE_A) * _GATHER >> 56) & 0xFF)]
    return s


#: The features' names, in the order of the weights (the lab's evaluation editor shows them).
FEATURES = ("mobility", "potential mobility", "corners", "X squares", "C squares",
            "stable edge discs", "parity", "disc count")


def scaled_weights(scale: tuple[float, ...]) -> list[tuple[float, ...]]:
    """The weight table with each feature's weights multiplied by its factor in ``scale``."""
    if len(scale) != len(FEATURES):
        raise ValueError(f"Othello's evaluation has {len(FEATURES)} features, got "
                         f"{len(scale)} weights")
    return [tuple(w * k for w, k in zip(row, scale, strict=True)) for row in _WEIGHTS]


def evaluate_bb(me: int, opp: int, my_moves: int | None = None,
                weights: list[tuple[float, ...]] = _WEIGHTS) -> float:
    """Heuristic score of a position from the mover's view, in [-99, 99]."""
    if my_moves is None:
        my_moves = generate_moves(me, opp)
    occupied = me | opp
    empty = ~occupied & FULL
    n_empty = 64 - occupied.bit_count()
    w_mob, w_pot, w_corner, w_x, w_c, w_stable, w_parity, w_discs = weights[n_empty]

    mp = my_moves.bit_count()
    mo = generate_moves(opp, me).bit_count()
    score = w_mob * (mp - mo) / (mp + mo + 2)

    pp = (_neighbours(opp) & empty).bit_count()
    po = (_neighbours(me) & empty).bit_count()
    score += w_pot * (pp - po) / (pp + po + 2)

    score += w_corner * ((me & CORNERS).bit_count() - (opp & CORNERS).bit_count())
    for corner, x_sq, c_sq in _CORNER_ZONES:
        if empty & corner:
            score -= w_x * ((me & x_sq) != 0) - w_x * ((opp & x_sq) != 0)
            score -= w_c * ((me & c_sq).bit_count() - (opp & c_sq).bit_count())

    score += w_stable * _edges(me, opp)
    if w_parity and n_empty & 1:
        score += w_parity
    if w_discs:
        dm = me.bit_count()
        do = opp.bit_count()
        score += w_discs * (dm - do) / (dm + do)
    if score > LIMIT:
        return LIMIT
    if score < -LIMIT:
        return -LIMIT
    return score


def disc_value(me: int, opp: int, my_moves: int | None = None,
               weights: list[tuple[float, ...]] = _WEIGHTS) -> float:
    """The hand-made score in discs: a predicted final margin for the mover."""
    v = evaluate_bb(me, opp, my_moves, weights) * DISC_SCALE[((me | opp).bit_count() - 4) >> 2]
    return max(-DISC_LIMIT, min(DISC_LIMIT, v))


class OthelloEvaluator:
    """Evaluator protocol adapter, in discs; the state caches the mover's moves, so reuse
    them. ``scale`` multiplies each feature's weights (the lab's evaluation editor)."""

    #: The evaluation's name on screen ("Master's search: learned tables, depth 3").
    title = "hand-made evaluation"
    features = FEATURES
    default_scale = (1.0,) * len(FEATURES)

    name = "othello-features"

    def __init__(self, scale: tuple[float, ...] | None = None) -> None:
        self.scale = scale
        self._weights = _WEIGHTS if scale is None else scaled_weights(scale)

    def weighted(self, scale: tuple[float, ...]) -> OthelloEvaluator:
        """The same evaluation with each feature's weights multiplied by ``scale``."""
        return OthelloEvaluator(scale)

    def evaluate(self, state: State, player: int) -> float:
        # The search hands over the positions of its own game's tree: Othello's.
        board = cast(OthelloState, state)
        if board.is_over():
            return float(final_margin(board, player))
        v = disc_value(board.me, board.opp, board.moves_mask, self._weights)
        return v if player == board.to_move else -v
