"""Othello's random playout for Monte Carlo tree search on bare bitboards: no state object
per ply, only the final position's.

It makes exactly the moves the generic playout (ai.mcts.playout) makes from the same random
numbers: the k-th legal square in ascending order for ``rng.randrange(count)``, no draw for a
single legal move or a pass; tests/test_mcts.py holds the two to the same tree.
"""

from __future__ import annotations

import random

from game.core import State, own_state
from games.othello.rules import OthelloState, _make, flip_mask, generate_moves, legal_mask


def random_playout(state: State, rng: random.Random) -> State:
    """The finished game a uniformly random playout from ``state`` reaches."""
    start = own_state(state, OthelloState)  # once a playout, not once a move
    me, opp, to_move = start.me, start.opp, start.to_move
    randrange = rng.randrange
    moves = legal_mask(start)
    while True:
        if moves:
            n = moves.bit_count()
            if n > 1:
                for _ in range(randrange(n)):
                    moves &= moves - 1
            bit = moves & -moves
            flips = flip_mask(me, opp, bit.bit_length() - 1)
            me, opp = opp ^ flips, me | flips | bit
            to_move ^= 1
        elif generate_moves(opp, me):  # a pass
            me, opp = opp, me
            to_move ^= 1
        else:
            return _make(me, opp, to_move)
        moves = generate_moves(me, opp)
