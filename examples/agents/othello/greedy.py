"""An Othello agent that looks one move ahead and plays the move whose position scores best.

The score: my discs minus the opponent's, with a corner worth ten discs (corners can never be
taken back). A won game is worth 1000 times its result. It does not look at the replies: a
minimax (minimax_skeleton.py) does.

The notation is the 64 squares row by row from a1 to h8 ("X" Black, "O" White, "-" empty), a
space, and the side to move: "---...OX... X". Player 0 is Black (X), player 1 White (O).
"""

CORNERS = (0, 7, 56, 63)


def score(position, me):
    """How good ``position`` is for player ``me``."""
    if position.is_over():
        return 1000 * position.score(me)
    board = position.notation().split()[0]
    mine, theirs = "XO"[me], "XO"[1 - me]
    total = board.count(mine) - board.count(theirs)
    for corner in CORNERS:
        if board[corner] == mine:
            total += 10
        elif board[corner] == theirs:
            total -= 10
    return total


def choose_move(position):
    me = position.player
    return max(position.legal_moves(), key=lambda move: score(position.play(move), me))
