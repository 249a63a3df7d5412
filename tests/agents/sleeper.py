"""Answers its first move, then sleeps far past its time."""

import time

asked = 0


def choose_move(position):
    global asked
    asked += 1
    if asked >= 2:
        time.sleep(60)
    return position.legal_moves()[0]
