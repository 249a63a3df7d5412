"""What a game adds to the start screen, declared by its kit: the fields (their keys in the
settings file, labels, defaults, choices) and how their values make a game's options and
stakes. The menu draws the fields and the settings file stores them without knowing the game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeAlias, TypeGuard

from game.stakes import Stakes

#: What a start screen row holds (and the settings file stores): a choice's value or a text.
SetupValue: TypeAlias = str | int | bool


def _always(values: Mapping[str, object]) -> bool:
    return True


@dataclass(frozen=True)
class SetupField:
    """One row of the start screen: a choice among ``choices``, or a text field."""

    #: The field's key in the settings file (unique among all games).
    key: str
    label: str
    default: SetupValue
    #: (value, label) pairs; empty for a text field.
    choices: tuple[tuple[SetupValue, str], ...] = ()
    #: A text field's allowed characters and length.
    allowed: str = ""
    max_len: int = 40
    #: Shown only when this holds for the current values (e.g. a variant's own option).
    shown: Callable[[Mapping[str, object]], bool] = _always
    #: Changing it changes which rows show: the screen lays itself out again.
    relayout: bool = False

    def clean(self, value: object) -> SetupValue:
        """``value`` if the field accepts it, else the default."""
        return value if self.accepts(value) else self.default

    def accepts(self, value: object) -> TypeGuard[SetupValue]:
        """Whether ``value`` is one the start screen could have set: one of the choices (of
        the same type: ``true`` is not the choice 1), or a text of the allowed characters and
        length. A settings file is read through this, so a damaged one cannot slip a list or
        a 100,000-character line into a game's options."""
        if self.choices:
            return any(type(value) is type(choice) and value == choice
                       for choice, _ in self.choices)
        if not isinstance(value, str) or len(value) > self.max_len:
            return False
        return not self.allowed or all(ch in self.allowed for ch in value)


@dataclass(frozen=True)
class GameSetup:
    fields: tuple[SetupField, ...]
    #: (game options, stakes) from the fields' values as the settings hold them (``object``:
    #: each game reads its own); a ValueError says what to correct.
    make: Callable[[Mapping[str, object]], tuple[dict[str, object], Stakes | None]]

    def defaults(self) -> dict[str, SetupValue]:
        return {f.key: f.default for f in self.fields}
