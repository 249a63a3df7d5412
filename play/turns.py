"""What a match's timing and a game's extra turns look like to the controller."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from game.session import Session


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
    def hurry(self) -> None: ...  # "Now!": a decision the AI is pondering, made at once
    def wake_at(self) -> float | None: ...
    def advice(self) -> str | None: ...  # the hint for a human's decision, None: none


class RollTimes(Protocol):
    """When the match's dice roll (play.schedule's ``Schedule`` is one)."""

    @property
    def roll_at(self) -> float: ...  # when the dice roll by themselves
    def hurry_roll(self, lead_s: float) -> None: ...  # what waits lead_s after the roll: now


class MatchSide(Protocol):
    """What a game's extra turns see of the match and may ask of it (the controller is one):
    they read its session and timing and ask for changes; they never set its fields."""

    session: Session
    clock: Callable[[], float]

    @property
    def paused(self) -> bool: ...
    @property
    def schedule(self) -> RollTimes: ...
    def notice(self, text: str, error: bool = False) -> None: ...
    def roll_now(self) -> None: ...
    def position_changed(self, animate: bool = True) -> None: ...
