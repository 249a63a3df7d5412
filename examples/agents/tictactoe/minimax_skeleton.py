"""A tictactoe agent that searches with minimax, deeper and deeper while time is left.

It plays as shipped, but its evaluation knows nothing: every unfinished position is worth 0,
so it only sees wins and losses it can reach within its depth. Your task: write evaluate()
(ideas in greedy.py), then measure what it gains:

    python main.py match --game tictactoe --a file:examples/agents/tictactoe/minimax_skeleton.py --b Intermediate --games 20

Turns come from position.player, never from the depth: in some games (Kalah) a player can
move twice in a row.
"""

#: Stop starting new work when fewer seconds than this are left (answer before the deadline).
SAFETY = 0.3


class OutOfTime(Exception):
    pass


def evaluate(position, me):
    """How good the unfinished position is for player me: higher is better.

    TODO: your evaluation. Keep it well below the value of a won game (1000)."""
    return 0


def value(position, me, depth, counter):
    """The minimax value of position for me, looking depth moves ahead."""
    counter[0] += 1
    if position.is_over():
        return 1000 * position.score(me)
    if depth == 0:
        return evaluate(position, me)
    if position.time_left < SAFETY:
        raise OutOfTime
    values = [value(position.play(move), me, depth - 1, counter)
              for move in position.legal_moves()]
    return max(values) if position.player == me else min(values)


def choose_move(position):
    me = position.player
    moves = position.legal_moves()
    best = moves[0]
    counter = [0]
    depth = 1
    while depth <= 64:
        try:
            scored = [(value(position.play(move), me, depth - 1, counter), move)
                      for move in moves]
        except OutOfTime:
            break  # keep the best move of the last depth searched to the end
        best = max(scored, key=lambda pair: pair[0])[1]
        position.report(nodes=counter[0], line=[best])
        if position.time_left < SAFETY or all(abs(v) >= 1000 for v, _ in scored):
            break  # out of time, or every move's end is known
        depth += 1
    return best
