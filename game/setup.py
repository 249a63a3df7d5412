"""What a game adds to the start screen, declared by its kit: the fields (their keys in the
settings file, labels, defaults, choices) and how their values make a game's options and
stakes. The menu draws the fields and the settings file stores them without knowing the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


def _always(values: Mapping[str, Any]) -> bool:
    return True


@dataclass(frozen=True)
class SetupField:
    """One row of the start screen: a choice among ``choices``, or a text field."""

    #: The field's key in the settings file (unique among all games).
    key: str
    label: str
    default: Any
    #: (value, label) pairs; empty for a text field.
    choices: tuple[tuple[Any, str], ...] = ()
    #: A text field's allowed characters and length.
    allowed: str = ""
    max_len: int = 40
    #: Shown only when this holds for the current values (e.g. a variant's own option).
    shown: Callable[[Mapping[str, Any]], bool] = _always
    #: Changing it changes which rows show: the screen lays itself out again.
    relayout: bool = False

    def clean(self, value: Any) -> Any:
        """``value`` if it is one of the choices (or any text), else the default."""
        if self.choices and value not in {v for v, _ in self.choices}:
            return self.default
        return value


@dataclass(frozen=True)
class GameSetup:
    fields: tuple[SetupField, ...]
    #: (game options, stakes) from the fields' values; a ValueError says what to correct.
    make: Callable[[Mapping[str, Any]], tuple[dict[str, Any], Any]]

    def defaults(self) -> dict[str, Any]:
        return {f.key: f.default for f in self.fields}
