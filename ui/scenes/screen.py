"""What drawing reads of any game screen (play and review): the parts both draw the same way."""

from __future__ import annotations

from typing import Protocol

from game.session import Session
from ui.boards.base import BoardView, ViewContext
from ui.commands import Commands
from ui.scenes.common import Dialog, MessageLine
from ui.scenes.play_commands import HelpOverlay


class DrawnScreen(Protocol):
    """A game screen as its drawing reads it (the play and review screens are ones)."""

    @property
    def session(self) -> Session: ...
    @property
    def view(self) -> BoardView: ...
    @property
    def commands(self) -> Commands: ...
    @property
    def message(self) -> MessageLine: ...
    @property
    def help(self) -> HelpOverlay: ...
    @property
    def dialog(self) -> Dialog | None: ...
    @property
    def now(self) -> float: ...
    def context(self) -> ViewContext: ...
    def show_message(self, text: str, error: bool = False) -> None: ...
