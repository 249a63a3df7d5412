"""Plays a1 where it can, then a1 again (taken by then): an illegal move."""


def choose_move(position):
    return "a1"
