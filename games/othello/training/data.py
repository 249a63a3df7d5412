"""Training positions for the Othello pattern evaluator: self-play games labelled by the result.

Each game starts with a seeded random opening (``OPENING_PLIES`` random moves), then both sides
play the current engine's choice: a two-ply negamax over the hand-made evaluator
(:func:`games.othello.ai.evaluation.evaluate_bb`, the evaluator today's levels use), on raw bitboards
so a game costs a fraction of a second. Every position of the game is recorded from the view of
the side to move, with its label:

- positions with at most ``EXACT_EMPTIES`` empties: their exact perfect-play margin (the
  endgame solver, empty squares to the winner);
- earlier positions: the exact margin of the game's first position with at most
  ``EXACT_EMPTIES`` empties, in the recorded position's view. That is the final disc margin of
  the game had it been finished perfectly from there.

Games are made in chunks of ``CHUNK`` games; chunk ``c`` depends only on ``(seed, c)``, and each
finished chunk is saved as its own ``.npz`` file, so an interrupted run resumes at the first
missing chunk and the data set is the same as an uninterrupted run's.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np

from games.othello.ai.endgame import solve
from games.othello.ai.evaluation import evaluate_bb
from games.othello.rules import (
    START_BLACK,
    START_WHITE,
    OthelloState,
    final_margin_bb,
    flip_mask,
    generate_moves,
)

CHUNK = 50
OPENING_PLIES = (6, 24)
EXACT_EMPTIES = 12
SEARCH_DEPTH = 2
WIN = 1000.0


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        b = mask & -mask
        out.append(b.bit_length() - 1)
        mask ^= b
    return out


def _negamax(me: int, opp: int, depth: int, alpha: float, beta: float) -> float:
    moves = generate_moves(me, opp)
    if not moves:
        if not generate_moves(opp, me):
            margin = final_margin_bb(me, opp)
            return margin + (WIN if margin > 0 else -WIN if margin < 0 else 0.0)
        return -_negamax(opp, me, depth, -beta, -alpha)
    if depth == 0:
        return evaluate_bb(me, opp, moves)
    best = -2 * WIN
    for sq in _bits(moves):
        f = flip_mask(me, opp, sq)
        v = -_negamax(opp ^ f, me | f | (1 << sq), depth - 1, -beta, -alpha)
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if v >= beta:
                    break
    return best


def engine_move(me: int, opp: int, moves: int, rng: random.Random) -> int:
    """The two-ply choice; ties broken by the game's RNG so games differ."""
    best: list[int] = []
    best_v = -3 * WIN
    for sq in _bits(moves):
        f = flip_mask(me, opp, sq)
        v = -_negamax(opp ^ f, me | f | (1 << sq), SEARCH_DEPTH - 1, -3 * WIN, -best_v + 1e-9)
        if v > best_v + 1e-9:
            best_v, best = v, [sq]
        elif abs(v - best_v) <= 1e-9:
            best.append(sq)
    return rng.choice(best)


def play_game(rng: random.Random) -> list[tuple[int, int, int]]:
    """The game's positions (mover, opponent bitboards, mover colour 0/1), start included;
    the last entry is the finished position (its "mover" is the side that would move next)."""
    me, opp, colour = START_BLACK, START_WHITE, 0
    positions: list[tuple[int, int, int]] = []
    opening = rng.randint(*OPENING_PLIES)
    ply = 0
    while True:
        moves = generate_moves(me, opp)
        if not moves:
            if not generate_moves(opp, me):
                positions.append((me, opp, colour))
                return positions
            me, opp, colour = opp, me, 1 - colour
            continue
        positions.append((me, opp, colour))
        sq = rng.choice(_bits(moves)) if ply < opening else engine_move(me, opp, moves, rng)
        f = flip_mask(me, opp, sq)
        me, opp, colour = opp ^ f, me | f | (1 << sq), 1 - colour
        ply += 1


def _exact(me: int, opp: int) -> int:
    return solve(OthelloState(me, opp, 0)).margin


def label_game(positions: list[tuple[int, int, int]]) -> list[int]:
    """Labels as described in the module docstring, each from its position's mover's view,
    for every position but the finished one."""
    *positions, (end_me, end_opp, end_colour) = positions
    labels: list[int] = []
    anchor: tuple[int, int] | None = None  # (colour, exact margin for that colour)
    for me, opp, colour in positions:
        if 64 - (me | opp).bit_count() <= EXACT_EMPTIES:
            labels.append(_exact(me, opp))
            if anchor is None:
                anchor = (colour, labels[-1])
        else:
            labels.append(0)
    if anchor is None:  # the game ended before reaching the exact zone (a wipe-out)
        anchor = (end_colour, final_margin_bb(end_me, end_opp))
    a_colour, a_value = anchor
    return [
        label if 64 - (me | opp).bit_count() <= EXACT_EMPTIES
        else (a_value if colour == a_colour else -a_value)
        for (me, opp, colour), label in zip(positions, labels, strict=True)
    ]


def make_chunk(seed: int, chunk: int) -> dict[str, np.ndarray]:
    """``CHUNK`` games as arrays: me, opp (uint64), label (int8), game index (int32)."""
    me_l: list[int] = []
    opp_l: list[int] = []
    lab_l: list[int] = []
    game_l: list[int] = []
    for g in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        rng = random.Random(f"othello-patterns/{seed}/{g}")
        positions = play_game(rng)
        labels = label_game(positions)
        for (me, opp, _), label in zip(positions[:-1], labels, strict=True):
            me_l.append(me)
            opp_l.append(opp)
            lab_l.append(label)
            game_l.append(g)
    return {
        "me": np.array(me_l, dtype=np.uint64),
        "opp": np.array(opp_l, dtype=np.uint64),
        "label": np.array(lab_l, dtype=np.int8),
        "game": np.array(game_l, dtype=np.int32),
    }


def chunk_path(data_dir: Path, seed: int, chunk: int) -> Path:
    return data_dir / f"seed{seed}-chunk{chunk:05d}.npz"


def load_chunks(data_dir: Path, seed: int, chunks: int) -> dict[str, np.ndarray]:
    parts = [np.load(chunk_path(data_dir, seed, c)) for c in range(chunks)]
    return {k: np.concatenate([p[k] for p in parts]) for k in ("me", "opp", "label", "game")}
