"""What a screen may ask of the app that shows it: its clock, settings and search worker, and
the way to every other screen (``ui.app.App`` is the one ``Host``).

The app makes every screen and switches between them, so it imports them all; a screen names
the app only through this Protocol, so no screen imports the app, not even for a type hint,
and the imports run one way.
"""

from __future__ import annotations

from collections.abc import Callable, Sized
from typing import Protocol

import pygame

from ai.worker import SearchWorker
from game.core import State
from game.kit import GameKit
from game.review import GameReview
from game.session import Session
from play.controller import MatchController
from ui.settings import Settings

#: Told about each analysis the review screen finishes: (the session, its review).
OnReview = Callable[[Session, GameReview], object]


class Scene(Protocol):
    """A screen the app shows: menu, play, review, lab, ladder, settings."""

    def layout(self, rect: pygame.Rect) -> None: ...
    def handle_event(self, event: pygame.event.Event) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...
    def on_exit(self) -> None: ...
    def show_message(self, text: str, error: bool = False) -> None: ...
    def next_frame_in(self) -> float | None:
        """Seconds until the scene must be drawn though no event comes (0: keep drawing at
        60 fps; None: only on input). A scene without it is drawn at 60 fps."""


class WaitingGame(Scene, Protocol):
    """A play screen as the menu sees it while its game waits there (Resume)."""

    @property
    def session(self) -> Session: ...
    @property
    def match(self) -> MatchController: ...
    @property
    def record(self) -> Sized: ...
    def resume(self) -> None: ...


class Host(Protocol):
    @property
    def now(self) -> float:
        """Virtual seconds since the start: every delay and animation runs on this clock."""
    @property
    def settings(self) -> Settings: ...
    @property
    def worker(self) -> SearchWorker:
        """The search worker (started on first use)."""
    @property
    def has_worker(self) -> bool: ...
    @property
    def scene(self) -> Scene:
        """The screen shown."""
    @property
    def suspended(self) -> WaitingGame | None:
        """The play screen whose game waits at the menu (None: no game waits)."""
    def save_settings(self) -> None: ...
    def play_click(self) -> None: ...
    def switch(self, scene: Scene) -> None: ...
    def quit(self) -> None: ...
    def open_menu(self, suspend: WaitingGame | None = None) -> None: ...
    def open_play(self, session: Session, own_position: bool = False,
                  message: str | None = None, review: GameReview | None = None) -> None: ...
    def resume_game(self) -> None: ...
    def open_review(self, session: Session, review: GameReview | None = None,
                    on_review: OnReview | None = None) -> None: ...
    def open_settings(self) -> None: ...
    def open_lab(self, session_or_state: Session | State, kit: GameKit, view: str = "tree",
                 level: str | None = None) -> None: ...
    def open_ladder(self, kit: GameKit) -> None: ...
    def open_teaching_game(self, kit: GameKit, example: str | None = None) -> None: ...
