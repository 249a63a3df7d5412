"""Tesauro's *pubeval*: the public linear backgammon evaluation used as a common yardstick.

Gerald Tesauro (IBM Research) published pubeval in 1993 "as a public service to the backgammon
programming community" so programs can be compared against one fixed opponent; GNU Backgammon
and most papers on learned backgammon players report results against it. The weights below are
Tesauro's published numbers (``pubeval.c``, weight files WT.race and WT.cont, as also shipped in
GNU Backgammon's ``lib/pubeval.c``); the code here is written for Kibitz.

What pubeval scores: the board *after* a move, from the side that just moved. Per point (1..24,
mover's numbering) five inputs: an opponent blot there, exactly one own checker, two or more,
exactly three, and (n - 3) / 2 beyond three; then the opponent's checkers on the bar / 2 and
the mover's checkers borne off / 15. Separate weights serve racing (no contact) and contact
positions. Tesauro picks the weight set from the position *before* the move; an evaluator only
sees the position after it, so here the set follows the position after the move (the two differ
only on the move that breaks contact).

The score is a linear value with no unit. For the searcher, whose backgammon values are points
in -3..3, it is squashed monotonically into (-0.9, 0.9) (``0.9 tanh(score / 20)``): the move
order is pubeval's own and any move that wins the game (worth 1 to 3) still comes first.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import cast

from game.core import State
from games.backgammon.movegen import perspective
from games.backgammon.rules import BackgammonState

# fmt: off
#: Racing weights, 122 inputs: five per point from the mover's 24-point down to his 1-point,
#: then the opponent's bar, then the mover's borne-off checkers (Tesauro, pubeval.c).
RACE_WEIGHTS: tuple[float, ...] = (
    .00000, -.17160, .27010, .29906, -.08471, .00000, -1.40375,
    -1.05121, .07217, -.01351, .00000, -1.29506, -2.16183, .13246,
    -1.03508, .00000, -2.29847, -2.34631, .17253, .08302, .00000,
    -1.27266, -2.87401, -.07456, -.34240, .00000, -1.34640, -2.46556,
    -.13022, -.01591, .00000, .27448, .60015, .48302, .25236, .00000,
    .39521, .68178, .05281, .09266, .00000, .24855, -.06844, -.37646,
    .05685, .00000, .17405, .00430, .74427, .00576, .00000, .12392,
    .31202, -.91035, -.16270, .00000, .01418, -.10839, -.02781, -.88035,
    .00000, 1.07274, 2.00366, 1.16242, .22520, .00000, .85631, 1.06349,
    1.49549, .18966, .00000, .37183, -.50352, -.14818, .12039, .00000,
    .13681, .13978, 1.11245, -.12707, .00000, -.22082, .20178, -.06285,
    -.52728, .00000, -.13597, -.19412, -.09308, -1.26062, .00000, 3.05454,
    5.16874, 1.50680, 5.35000, .00000, 2.19605, 3.85390, .88296, 2.30052,
    .00000, .92321, 1.08744, -.11696, -.78560, .00000, -.09795, -.83050,
    -1.09167, -4.94251, .00000, -1.00316, -3.66465, -2.56906, -9.67677,
    .00000, -2.77982, -7.26713, -3.40177, -12.32252, .00000, 3.42040,
)
#: Contact weights, same inputs.
CONTACT_WEIGHTS: tuple[float, ...] = (
    .25696, -.66937, -1.66135, -2.02487, -2.53398, -.16092, -1.11725,
    -1.06654, -.92830, -1.99558, -1.10388, -.80802, .09856, -.62086,
    -1.27999, -.59220, -.73667, .89032, -.38933, -1.59847, -1.50197,
    -.60966, 1.56166, -.47389, -1.80390, -.83425, -.97741, -1.41371,
    .24500, .10970, -1.36476, -1.05572, 1.15420, .11069, -.38319, -.74816,
    -.59244, .81116, -.39511, .11424, -.73169, -.56074, 1.09792, .15977,
    .13786, -1.18435, -.43363, 1.06169, -.21329, .04798, -.94373, -.22982,
    1.22737, -.13099, -.06295, -.75882, -.13658, 1.78389, .30416, .36797,
    -.69851, .13003, 1.23070, .40868, -.21081, -.64073, .31061, 1.59554,
    .65718, .25429, -.80789, .08240, 1.78964, .54304, .41174, -1.06161,
    .07851, 2.01451, .49786, .91936, -.90750, .05941, 1.83120, .58722,
    1.28777, -.83711, -.33248, 2.64983, .52698, .82132, -.58897, -1.18223,
    3.35809, .62017, .57353, -.07276, -.36214, 4.37655, .45481, .21746,
    .10504, -.61977, 3.54001, .04612, -.18108, .63211, -.87046, 2.47673,
    -.48016, -1.27157, .86505, -1.11342, 1.24612, -.82385, -2.77082,
    1.23606, -1.59529, .10438, -1.30206, -4.11520, 5.62596, -2.75800,
)
# fmt: on
N_INPUTS = 122
#: Score of a move that bears off the last checker (pubeval's "best possible move").
ALL_OFF = 99999999.0


def is_race(me: Sequence[int], opp: Sequence[int]) -> bool:
    """No contact: every checker of the mover is past every checker of the opponent
    (movegen lists: ``opp[0]`` the opponent's bar, ``opp[1..24]`` on the mover's points)."""
    if me[25] or opp[0]:
        return False
    my_top = max((p for p in range(24, 0, -1) if me[p]), default=0)
    opp_low = min((p for p in range(1, 25) if opp[p]), default=25)
    return my_top < opp_low


def score(me: Sequence[int], opp: Sequence[int], race: bool | None = None) -> float:
    """Pubeval's score of the position after a move (movegen lists of the side that moved)."""
    if me[0] == 15:
        return ALL_OFF
    if race is None:
        race = is_race(me, opp)
    w = RACE_WEIGHTS if race else CONTACT_WEIGHTS
    total = w[120] * opp[0] / 2.0 + w[121] * me[0] / 15.0
    for p in range(1, 25):
        base = 5 * (24 - p)
        n = me[p]
        if n:
            if n == 1:
                total += w[base + 1]
            else:
                total += w[base + 2]
                if n == 3:
                    total += w[base + 3]
                elif n >= 4:
                    total += w[base + 4] * (n - 3) / 2.0
        elif opp[p] == 1:
            total += w[base]
    return total


def squash(raw: float) -> float:
    """Pubeval's score mapped monotonically into (-0.9, 0.9) for a searcher in points."""
    return 0.9 * math.tanh(raw / 20.0)


class PubevalEvaluator:
    """Pubeval behind the evaluator contract: meant for depth 1 (pick the move whose resulting
    position pubeval likes best), which is how pubeval plays as a benchmark."""

    #: The evaluation's name on screen ("Master's search: learned tables, depth 3").
    title = "pubeval"

    def evaluate(self, state: State, player: int) -> float:
        # The search hands over the positions of its own game's tree: backgammon's.
        position = cast(BackgammonState, state)
        if position.is_over():
            return position.returns()[player]
        # The side that just moved is the one not on roll.
        mover = 1 - position.to_move
        me, opp = perspective(position.points, position.bar, position.off, mover)
        value = squash(score(me, opp))
        return value if player == mover else -value
