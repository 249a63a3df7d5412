"""What a match's timing and a game's extra turns look like to the controller."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Pace:
    """The screen's timing: a move's animation and the pause between two AIs' moves."""

    animation_s: float
    ai_vs_ai_s: float


class StakesTurns(Protocol):
    """Decisions beside the moves that a game's kit adds to a match (backgammon's cube)."""

    def step(self, now: float) -> bool: ...  # True: the dice wait for a decision
    def deciding_side(self) -> int | None: ...
    def waiting_for_human(self) -> bool: ...
    def turn_text(self) -> str: ...
    def record_result(self) -> None: ...
    def hurry(self) -> None: ...
    def wake_at(self) -> float | None: ...
    def advice(self) -> str | None: ...  # the hint for a human's decision, None: none
