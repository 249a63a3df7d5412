"""What the lab scene asks of a view's pane (the tree, the comparison, the depth chart, and a
game's own views such as Nim in binary).

Besides the methods below a pane may have ``on_level(level)`` (without it, a level change
makes the pane anew), ``next_frame_in()`` (its own answer to when it must be drawn: 0 while it
moves, None when settled; without it the scene draws while ``pane.playing`` holds and for a
moment after input) and ``help_lines()`` (its keys for the F1 list; without it
ui.lab.keys.VIEW_KEYS). These stay optional because most panes need none of them.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.core import Game, State
from game.kit import GameKit
from play.jobs import JobRunner
from ui.boards.base import BoardView
from ui.lab.defaults import LabDefaults


class LabContext(Protocol):
    """What a pane reads of the lab scene that shows it (``ui.lab.scene.LabScene``): the
    position and game, the scene's search jobs, its first choices and its text sizes."""

    @property
    def state(self) -> State: ...
    @property
    def kit(self) -> GameKit: ...
    @property
    def game_id(self) -> str: ...
    @property
    def game(self) -> Game: ...
    @property
    def jobs(self) -> JobRunner: ...
    @property
    def defaults(self) -> LabDefaults: ...
    @property
    def board_view(self) -> BoardView | None: ...
    @property
    def text_size(self) -> int: ...
    @property
    def small_size(self) -> int: ...
    @property
    def presentation(self) -> bool: ...
    def show_message(self, text: str, error: bool = False) -> None: ...


class LabPane(Protocol):
    def layout(self, rect: pygame.Rect) -> None: ...
    def on_show(self) -> None: ...
    def handle_event(self, event: pygame.event.Event) -> bool: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...
    def export_png(self, path: str) -> None: ...
