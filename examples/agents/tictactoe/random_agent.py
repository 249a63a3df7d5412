"""A tictactoe agent that plays a random legal move: the smallest agent there is.

Try it:  python main.py match --game tictactoe --a file:examples/agents/tictactoe/random_agent.py --b Beginner --games 10
"""

import random


def choose_move(position):
    return random.choice(position.legal_moves())
