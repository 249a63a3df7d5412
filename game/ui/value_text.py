"""Search values in words a player reads, from a stated point of view.

Every value on the play screen (panel, board, hint) goes through here, so one position's value
reads the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ui.widgets import format_score


@dataclass(frozen=True)
class ValueText:
    short: str  # fits a board square: "W5", "+12", "+0.43"
    long: str  # the panel: "win in 5", "+12 discs", "+0.43 points a game"


def value_text(game_id: str, value: float | None, *, exact: bool = False) -> ValueText:
    """The value in the game's units (searches report the mover's view)."""
    if value is None:
        return ValueText("—", "—")
    return ValueText(format_score(value, short=True), format_score(value))


def point_of_view(side_name: str) -> str:
    return f"for {side_name}"
