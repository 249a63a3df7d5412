"""Defines no choose_move."""


def choose(position):
    return position.legal_moves()[0]
