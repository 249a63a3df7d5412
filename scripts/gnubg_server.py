"""Answers best-move requests inside GNU Backgammon, for scripts/gnubg_match.py.

It runs in GNU Backgammon's embedded Python (``gnubg -t -q -p scripts/gnubg_server.py``), not
in Kibitz's: nothing of Kibitz is imported and nothing of GNU Backgammon is copied, the two
programs only exchange text. Each request line is ``POSITIONID D1 D2``; each answer line is the
move GNU Backgammon's expert setting picks (0-ply, no noise, cubeless), as ``from/to`` pairs in
the numbering of the side on roll (``bar``, ``off``), or ``none``. ``READY`` says it listens.
"""

import sys

import gnubg

for command in ("set cube use off", "set jacoby off", "set automatic game off",
                "set automatic roll off", "new game"):
    gnubg.command(command)
CUBE = gnubg.cubeinfo()
EXPERT = {"cubeful": 0, "plies": 0, "deterministic": 1, "prune": 0, "noise": 0.0}


def best_move(position_id: str, die1: int, die2: int) -> str:
    board = gnubg.positionfromid(position_id)
    move = gnubg.findbestmove(board, CUBE, EXPERT, (die1, die2))
    steps = [(move[i], move[i + 1]) for i in range(0, len(move), 2) if move[i] > 0]
    return " ".join(f"{'bar' if src == 25 else src}/{'off' if dst <= 0 else dst}"
                    for src, dst in steps) or "none"


sys.stdout.write("READY\n")
sys.stdout.flush()
for line in sys.stdin:
    request = line.split()
    if len(request) != 3:
        break
    sys.stdout.write(best_move(request[0], int(request[1]), int(request[2])) + "\n")
    sys.stdout.flush()
