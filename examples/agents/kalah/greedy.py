"""A Kalah agent that looks one move ahead and plays the move whose position scores best.

The score: the seeds in my store minus those in the opponent's (seeds in a store stay there).
A won game is worth 1000 times its result. It does not look at the replies, nor at the extra
turn a move ending in the store gives: a minimax (minimax_skeleton.py) does.

The notation is South's pits, South's store, North's pits, North's store, and the side to move:
"4,4,4,4,4,4|0|4,4,4,4,4,4|0 S". Player 0 is South, player 1 North.
"""


def stores(position):
    """(South's store, North's store) read from the notation."""
    board = position.notation().split()[0]
    _south_pits, south_store, _north_pits, north_store = board.split("|")
    return int(south_store), int(north_store)


def score(position, me):
    """How good ``position`` is for player ``me``."""
    if position.is_over():
        return 1000 * position.score(me)
    south, north = stores(position)
    return south - north if me == 0 else north - south


def choose_move(position):
    me = position.player
    return max(position.legal_moves(), key=lambda move: score(position.play(move), me))
