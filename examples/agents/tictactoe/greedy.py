"""A tic-tac-toe agent that looks one move ahead and plays the move whose position scores best.

The score is simple on purpose: a won game is worth 100; otherwise each line (row, column,
diagonal) that holds my marks and none of the opponent's counts for me, and each line the
opponent holds alone counts against me. It does not look at the opponent's reply, so it misses
threats: a minimax (minimax_skeleton.py) fixes that.

The notation is the board's nine squares a1 b1 c1 a2 ... c3 ("X", "O" or "-"), a space, and
the side to move: "X-O------ X". Player 0 is X, player 1 is O.
"""

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def score(position, me):
    """How good ``position`` is for player ``me`` (0 = X, 1 = O)."""
    if position.is_over():
        return 100 * position.score(me)
    board = position.notation().split()[0]
    mine, theirs = "XO"[me], "XO"[1 - me]
    total = 0
    for line in LINES:
        marks = [board[i] for i in line]
        if theirs not in marks:
            total += marks.count(mine)
        if mine not in marks:
            total -= marks.count(theirs)
    return total


def choose_move(position):
    me = position.player
    return max(position.legal_moves(), key=lambda move: score(position.play(move), me))
