"""What the match controller tells the screen that draws it (play.controller).

The controller never draws and never waits; it queues these events and the screen drains them
once a frame (``MatchController.drain``), so a headless test can read the same stream a
player sees.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core import Move


@dataclass(frozen=True)
class PositionShown:
    """The position on the board (or the stakes beside it) changed: redraw, animate the last
    move when ``animate``, forget a half-built move, follow the move list."""

    animate: bool


@dataclass(frozen=True)
class MovePlayed:
    """A move was played on the board (the screen clicks); ``by_ai`` says whose."""

    move: Move
    by_ai: bool


@dataclass(frozen=True)
class Notice:
    """A line for the message bar; ``error`` marks a failure (shown in the error colour)."""

    text: str
    error: bool = False


MatchEvent = PositionShown | MovePlayed | Notice
