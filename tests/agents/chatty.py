"""Prints two megabytes (its prints go to the log, capped), then plays a legal move."""


def choose_move(position):
    print("x" * (2 * 1024 * 1024))
    return position.legal_moves()[0]
