"""Search values in words a player reads, from a stated point of view, and in one colour rule.

Every value on the play screen (panel, board, hint) goes through here, so one position's value
reads the same everywhere; the words themselves are each game's AI profile's. The colour of a
value is decided here too, for every board: it follows the value's sign for the viewer (the side
to move, whose view searches report), never its rank among the moves. Before, each board chose
its own colours by rank, so a loss was red in tic-tac-toe, grey in Nim and green in Grundy's
game (green there meant "best", and when every move loses the best one is a loss).
"""

from __future__ import annotations

import math

from ai.kit import profile_for
from ai.mcts.units import value_label as mcts_value_label
from ai.profiles import MINUS, ValueLabel, true_minus
from game.kit import GameKit
from ui import theme

#: Tone of a value for the viewer: better, level (a draw, an even estimate, unknown), worse.
BETTER, LEVEL, WORSE = 1, 0, -1


def value_text(kit: GameKit, value: float | None, *, exact: bool = False,
               decimals: int | None = None, algorithm: str = "") -> ValueLabel:
    """The value in the game's units (searches report the mover's view); ``decimals``
    writes an estimate more finely than the game's own way (the review's figures);
    ``algorithm``: the searcher's, whose values may be in units of their own (a Monte
    Carlo tree search's mean reward)."""
    if value is None:
        return ValueLabel("—", "—")
    profile = profile_for(kit)
    label = (mcts_value_label(profile, value, exact=exact, algorithm=algorithm)
             if algorithm and decimals is None
             else profile.value_label(value, exact=exact, decimals=decimals))
    return ValueLabel(true_minus(label.short), true_minus(label.long))


def value_tone(value: float | None, label: str = "") -> int:
    """BETTER, LEVEL or WORSE for the viewer: the sign of ``value``, except that a value whose
    ``label`` (what the player reads) is a plain zero counts as level — a "0" in green would
    claim an edge the words deny. Unknown values (None, NaN) are level."""
    if value is None or not math.isfinite(value):
        return LEVEL
    try:
        if label and float(label.replace(MINUS, "-")) == 0:
            return LEVEL
    except ValueError:
        pass  # words ("W5", "D", "?"): the sign decides
    return BETTER if value > 0 else WORSE if value < 0 else LEVEL


def tone_color(tone: int) -> theme.Color:
    """The colour of a tone: the theme's value_better, value_level or value_worse."""
    return theme.color({BETTER: "value_better", WORSE: "value_worse"}.get(tone, "value_level"))


def value_color(value: float | None, label: str = "") -> theme.Color:
    """The colour every board draws a move's value in (see :func:`value_tone`)."""
    return tone_color(value_tone(value, label))
