"""Commands defined once: label, keys, action and when they apply.

A screen lists its commands in one place; its buttons, its key handling and its help text are
all made from that list, so a key can never do something the button does not, a disabled
button's key is refused with the same reason, and the help never forgets a command. Adding a
command to a screen is one ``Command(...)`` line in its list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import pygame


@dataclass(frozen=True)
class Key:
    """A key with its modifier: ``Key(pygame.K_s, ctrl=True)``."""

    code: int
    ctrl: bool = False

    @property
    def text(self) -> str:
        name = _KEY_NAMES.get(self.code) or pygame.key.name(self.code).upper() or "?"
        return f"Ctrl+{name}" if self.ctrl else name

    def matches(self, event: pygame.event.Event) -> bool:
        ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        return event.key == self.code and ctrl == self.ctrl


_KEY_NAMES = {
    pygame.K_ESCAPE: "Esc",
    pygame.K_SPACE: "Space",
    pygame.K_RETURN: "Enter",
    pygame.K_KP_ENTER: "Enter",
    pygame.K_MINUS: "-",
    pygame.K_KP_MINUS: "-",
    pygame.K_PLUS: "+",
    pygame.K_EQUALS: "+",
    pygame.K_KP_PLUS: "+",
    pygame.K_F1: "F1",
    pygame.K_SLASH: "?",
    pygame.K_PAGEUP: "PgUp",
    pygame.K_PAGEDOWN: "PgDn",
    pygame.K_HOME: "Home",
    pygame.K_END: "End",
}


def _always() -> bool:
    return True


def _never() -> bool:
    return False


@dataclass(frozen=True)
class Command:
    """One thing the player can do."""

    name: str  # the button label, short: "Hint"
    keys: tuple[Key, ...]
    action: Callable[[], object]
    help: str  # one line for the help screen: "the AI's suggestion for your move"
    enabled: Callable[[], bool] = _always
    #: For toggles (values shown, paused): drawn as pressed while this holds.
    active: Callable[[], bool] = _never
    #: Why the command does nothing now (said when its key is pressed while disabled).
    why_not: Callable[[], str] = field(default=lambda: "")
    #: Has a button: always, never, or while this holds (asked when the screen is laid out).
    button: bool | Callable[[], bool] = True

    def run(self, say: Callable[[str], object]) -> bool:
        """Run the command, or ``say`` why it cannot run now; True when it ran."""
        if not self.enabled():
            reason = self.why_not()
            if reason:
                say(reason)
            return False
        self.action()
        return True

    @property
    def key_text(self) -> str:
        """The first key as a button shows it: "H", "Ctrl+S"."""
        return self.keys[0].text if self.keys else ""

    @property
    def short_key_text(self) -> str:
        text = self.key_text
        return "Spc" if text == "Space" else text.replace("Ctrl+", "^")


class Commands:
    """A screen's commands, in button order."""

    def __init__(self, commands: Iterable[Command] = ()) -> None:
        self.items: list[Command] = []
        for command in commands:
            self.add(command)

    def add(self, command: Command) -> Command:
        """Register one more command (its keys must not be taken already)."""
        for key in command.keys:
            clash = self.for_key_code(key)
            if clash is not None:
                raise ValueError(f"key {key.text} is taken by {clash.name!r}")
        self.items.append(command)
        return command

    def for_key_code(self, key: Key) -> Command | None:
        return next((c for c in self.items if key in c.keys), None)

    def for_event(self, event: pygame.event.Event) -> Command | None:
        """The command a KEYDOWN event asks for, if any."""
        return next((c for c in self.items if any(k.matches(event) for k in c.keys)), None)

    def named(self, name: str) -> Command:
        return next(c for c in self.items if c.name == name)

    def buttons(self) -> list[Command]:
        return [c for c in self.items if (c.button() if callable(c.button) else c.button)]

    def help_lines(self) -> list[tuple[str, str]]:
        """(keys, what it does) for every command, for the help overlay."""
        rows = []
        for c in self.items:
            keys = " / ".join(dict.fromkeys(k.text for k in c.keys))
            rows.append((keys, f"{c.name}: {c.help}"))
        return rows
