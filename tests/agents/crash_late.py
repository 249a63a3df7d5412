"""Plays its first moves, then dies (exit code 1) at its 20th choice."""

import os

asked = 0


def choose_move(position):
    global asked
    asked += 1
    if asked == 20:
        os._exit(1)
    return position.legal_moves()[0]
