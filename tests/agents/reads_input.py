"""Reads its standard input: it is empty (the requests are the host's, never the agent's)."""


def choose_move(position):
    return input()
