"""Search values in words a player reads, from a stated point of view.

Every value on the play screen (panel, board, hint) goes through here, so one position's value
reads the same everywhere; the words themselves are each game's AI profile's.
"""

from __future__ import annotations

from ai.profiles import ValueLabel, profile_for


def value_text(game_id: str, value: float | None, *, exact: bool = False) -> ValueLabel:
    """The value in the game's units (searches report the mover's view)."""
    if value is None:
        return ValueLabel("—", "—")
    return profile_for(game_id).value_label(value, exact=exact)
