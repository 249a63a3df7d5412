"""When a match's next things are due: the dice's roll, the AI's search, the AI's move.

Every time is set from the moment a position is shown, so a move's animation and the pause
between two AIs' moves come before what follows it; "Now!" and a resumed match bring them
forward. The controller (play.controller) owns one ``Schedule`` and asks it what is due.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from play.turns import Pace

#: How long the AI waits after a human's move before playing its own (seconds).
HUMAN_VS_AI_PAUSE_S = 0.25
#: How long the dice wait before they roll by themselves (after any animation).
ROLL_DELAY_S = 0.7

#: What the schedule times: the dice's roll, the AI's search, the AI's found move played.
Due = Literal["roll", "search", "move"]


class Schedule:
    """The match's timers; ``clock`` gives the screen's time in seconds, ``pace`` its
    animation and AI-vs-AI pause (read afresh each time: the player may change them)."""

    def __init__(self, clock: Callable[[], float], pace: Callable[[], Pace]) -> None:
        self.clock = clock
        self.pace = pace
        self._submit_at = self._apply_at = self._roll_at = 0.0

    @property
    def roll_at(self) -> float:
        """When the dice roll by themselves."""
        return self._roll_at

    def position_shown(self, animate: bool, both_ai: bool) -> None:
        """A new position: everything waits for its animation, and the AI for its pause
        (between two AIs, before the search too, so the watcher can follow)."""
        now, pace = self.clock(), self.pace()
        anim = pace.animation_s if animate else 0.0
        pause = pace.ai_vs_ai_s if both_ai else HUMAN_VS_AI_PAUSE_S
        self._apply_at = now + anim + pause
        self._submit_at = now + (anim + pause if both_ai else 0.0)
        self._roll_at = now + anim + ROLL_DELAY_S

    def hurry_roll(self, lead_s: float) -> None:
        """What waits ``lead_s`` after the dice's time is due now (an AI's answer, "Now!")."""
        self._roll_at = self.clock() - lead_s

    def ai_now(self) -> None:
        """"Now!": the AI's search and its move wait no longer."""
        self._submit_at = self._apply_at = self.clock()

    def search_now(self) -> None:
        """A resumed match: the AI's search waits no longer (its move still keeps its pause)."""
        self._submit_at = min(self._submit_at, self.clock())

    def due(self, now: float, what: Due) -> bool:
        """``what`` ("roll", "search" or "move") is due at ``now``."""
        return now >= self._at(what)

    def wait(self, now: float, what: Due) -> float:
        """Seconds from ``now`` until ``what`` is due (0: it is)."""
        return max(0.0, self._at(what) - now)

    def _at(self, what: Due) -> float:
        return {"roll": self._roll_at, "search": self._submit_at, "move": self._apply_at}[what]
