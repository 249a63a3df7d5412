"""The contract between the play scene and each game's board drawing and click handling.

The play scene owns the match and the AI; a BoardView only draws a state into a rectangle and
turns mouse input into a complete legal move. Keeping that split means each game's view can be
tested alone, headless, with synthetic events.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

import pygame

from ai.profiles import true_minus
from game.core import Game, Move, State
from ui import scene_record
from ui.value_text import value_color
from ui.widgets import format_score

P = ParamSpec("P")
R = TypeVar("R")


@dataclass
class ViewContext:
    """What the scene tells a view about the moment being drawn."""

    #: The move that led to the shown state (marked on the board), if any.
    last_move: Move | None = None
    #: The state before ``last_move``, for animating flips and checker moves.
    previous_state: State | None = None
    #: 0.0 just after the last move .. 1.0 when its animation has finished.
    anim_t: float = 1.0
    #: True when a human may move now (highlight legal moves, accept clicks).
    interactive: bool = False
    #: Value of each legal move from the mover's view, when the player asked to see them.
    move_values: dict[Move, float] | None = None
    #: The same values in the game's units, short enough for a square ("W5", "+12").
    value_labels: dict[Move, str] | None = None
    #: Whose point of view the values take (the side to move): "White".
    values_for: str = ""
    #: A suggested move to highlight (hint, or the AI's current best move while it thinks).
    highlight_move: Move | None = None
    #: A game's own facts for its board, set by the screens (``human_sides``: the seats a
    #: person plays; ``stakes``: the game's stakes state, a type only the game knows: Any).
    extra: dict[str, Any] = field(default_factory=dict)

    def value_label(self, move: Move, value: float) -> str:
        """The short text for one move's value (units from the scene, else a plain number)."""
        if self.value_labels and move in self.value_labels:
            return self.value_labels[move]

        return true_minus(format_score(value, short=True))  # one minus sign on screen

    def value_color(self, move: Move, value: float) -> tuple[int, ...]:
        """The colour of one move's value: its sign for the side to move, the same rule on
        every board (ui.value_text), never the move's rank among the others."""
        return value_color(value, self.value_label(move, value))


class SurfaceCache:
    """A small keyed store of rendered surfaces (static board art, piece sprites).

    Keys change only when the window is resized, so rather than tracking recency the store just
    empties itself once it holds more than ``limit`` entries: memory stays bounded during a
    resize drag and the current size is re-rendered once.
    """

    def __init__(self, limit: int, *, convert: bool = False) -> None:
        self.limit = limit
        #: Convert new surfaces to the display format (a much faster blit) when a display exists.
        self.convert = convert
        self._items: dict[Hashable, pygame.Surface] = {}

    def get(
        self, key: Hashable, build: Callable[P, pygame.Surface], *args: P.args,
        **kwargs: P.kwargs) -> pygame.Surface:
        """The surface stored under ``key``, rendered by ``build(*args)`` on a miss."""
        surf = self._items.get(key)
        if surf is not None:
            return surf
        surf = build(*args, **kwargs)
        if self.convert and pygame.display.get_surface():
            surf = surf.convert()
        if len(self._items) > self.limit:
            self._items.clear()
        self._items[key] = surf
        return surf


class BoardView:
    """Base class: subclasses override draw() and, for games with clicks, handle_event()."""

    #: A typically wide move-list entry (decides between one and two columns).
    record_sample = "pass"
    #: How long one move of this game takes to show (seconds); None: the screen's standard.
    animation_s: float | None = None

    def __init_subclass__(cls, **kwargs: object) -> None:
        """Each game's ``draw`` is noted in the scene record as a board picture: its texts
        (coordinates, seeds, values on squares) are a picture's labels, sized with its squares,
        not the screen's words (presentation mode's size floor is for those)."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("draw")
        if own is not None:
            cls.draw = _as_board_picture(own)  # type: ignore[method-assign]  # once per class

    def __init__(self, game: Game) -> None:
        self.game = game
        #: Why the last click was refused, in words ("b2 is taken"); None when it was not.
        self.refusal: str | None = None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, state: State, ctx: ViewContext) -> None:
        raise NotImplementedError

    def handle_event(
        self, event: pygame.event.Event, rect: pygame.Rect, state: State, ctx: ViewContext
    ) -> Move | None:
        """Return a complete legal move once the player has finished choosing one, else None."""
        return None

    def reset_interaction(self) -> None:
        """Forget a half-made move (after undo, new game, or the opponent moving)."""

    def has_partial_move(self) -> bool:
        """A move is half made (backgammon: some checkers of the turn moved)."""
        return False

    def undo_partial_move(self) -> bool:
        """Take back the last part of a half-made move; False when there is none."""
        return False

    def new_game_options(self, start: State) -> dict[str, object]:
        """Options that "New game" adds to the match's own so the new game starts like this
        one (Nim: the heaps, which are part of the position rather than of the options)."""
        return {}

    def record_text(self, state: State, move: Move) -> str:
        """One player's turn as the move list writes it."""
        return self.game.format_move(state, move)

    def record_side(self, state: State, move: Move) -> int | None:
        """The player who made ``move`` at a position where no player is to move (a decision
        beside the board, such as a backgammon cube action), or None for a chance outcome."""
        return None

    def status_text(self, state: State) -> str:
        """A short line under the board, e.g. pip counts or disc counts."""
        return ""

    def record_caption(self, start: State, moves: Sequence[Move]) -> str:
        """A line under the move list's heading about the game so far (Othello: the named
        opening being played); empty when the game has nothing to say."""
        return ""


def _as_board_picture(draw: Callable[..., R]) -> Callable[..., R]:
    """A game's ``draw(self, surface, rect, ...)`` (its own parameters after the rect: hence
    ``...``), noted in the scene record as a board picture."""

    @functools.wraps(draw)
    def drawing(self: BoardView, surface: pygame.Surface, rect: pygame.Rect, *args: object,
                **kwargs: object) -> R:
        with scene_record.role("board"):
            result = draw(self, surface, rect, *args, **kwargs)
        scene_record.note(surface, "board", rect)
        return result

    return drawing
