"""What one game is to Kibitz: a kit, the registry's only entry for the game.

Search, session, screens, lab and CLI ask a kit for what they need and never name a game.
A game package has a part for each layer, each imported the first time it is asked for and
only then (the one reason this project imports inside functions): the menu lists every game
without loading five rule sets, the headless side never loads a board view (pygame), and one
game's damaged weights file never stops another game from starting.

- ``rules()``: the ``Game`` (standard library only: game.core's protocol);
- the layers above ask for their part through ``part``, each with its own accessor, so this
  bottom layer knows nothing of them: ``ai.kit.game_ai`` (profile, levels, evaluators,
  solver, benches), ``play.kit.game_play`` (a match's extra turns, e.g. the doubling cube),
  ``ui.kit.game_ui`` (board view, menu options, lab and play extras).

Game-specific choices the pygame-free session needs (a doubling cube, a foreign record to
read) are methods here with generic defaults, so the session asks the kit, not the game id.
"""

from __future__ import annotations

import importlib
import importlib.util
from abc import ABC
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from game.core import Game, Move, State
from game.setup import GameSetup
from game.stakes import Stakes
from game.zobrist import PieceBoard


@dataclass(frozen=True)
class Example:
    """A teaching game's example position: its name, its notation and what it shows."""

    name: str
    text: str
    note: str
    #: The depth a playable game's example is meant to be searched at, in the lab's teaching
    #: mode (Kalah's horizon example: depth 1, quiescence off, then on); None: the lab's
    #: usual depth and level.
    depth: int | None = None


class GameKit(ABC):
    """One game's parts. Subclasses (one per package under ``games/``) set the class
    attributes; the parts load from the package's modules by the layout every game follows
    (``rules``, ``ai/kit``, ``play/kit``, ``ui/kit``)."""

    #: The id saves, settings, the CLI's ``--game`` and the engine protocol use.
    id: ClassVar[str]
    #: The game's name on screen ("Tic-tac-toe").
    title: ClassVar[str]
    #: False: a teaching game the lab uses but no menu or match offers (classroom trees).
    playable: ClassVar[bool] = True
    #: Position among the menu's games (lower first).
    order: ClassVar[int] = 100
    #: The module of the kit's package whose ``GAME`` is the rules.
    rules_module: ClassVar[str] = "rules"
    #: How the lab's tree labels the edge of a move, from the position it leads to and the
    #: move, where the position says more than the move's notation (Nim: the heaps left,
    #: "3,1,5"); None: the move's notation.
    edge_label: ClassVar[Callable[[State, Move], str] | None] = None
    #: What ``edge_label``'s labels are, in words ("the heaps left"): the lab's header
    #: names the move both ways, so "move 1:3" and an edge "4" read as one move.
    edge_words: ClassVar[str] = ""
    #: The game's word for what it is played for (backgammon: "cube"): a save's line of the
    #: stakes is written under it, a review's stakes decisions are rows of this kind, and the
    #: screens name those decisions with it ("White's cube: take").
    stakes_word: ClassVar[str] = "stakes"

    def __init__(self) -> None:
        self._parts: dict[tuple[str, str], object] = {}

    def rules(self) -> Game:
        game: Game = self.part(self.rules_module, "GAME")
        return game

    def part(self, module: str, name: str, missing: str | None = None) -> Any:
        """``name`` from the kit's own package's ``module``, imported the first time it is
        asked for (the one place a game's parts are imported); ``missing``: the ValueError's
        message for a package without that module (None: the import's own error).

        ``Any``: a part is whatever its module defines (the rules, a profile, a board class);
        the accessor of the layer that asks (``rules``, ``ai.kit.game_ai``, ...) types it."""
        key = (module, name)
        if key not in self._parts:
            package = type(self).__module__
            try:
                loaded = importlib.import_module(f"{package}.{module}")
            except ModuleNotFoundError as exc:
                if missing is None or not (exc.name or "").startswith(package):
                    raise
                raise ValueError(missing) from None
            self._parts[key] = getattr(loaded, name)
        return self._parts[key]

    def has_part(self, module: str) -> bool:
        """Does the kit's package have ``module`` (``play.kit``: a game that adds turns)? A
        layer whose part is optional asks this first, so an error raised inside a part that
        exists is never taken for the part's absence."""
        package = type(self).__module__
        try:
            return importlib.util.find_spec(f"{package}.{module}") is not None
        except ModuleNotFoundError:  # a parent folder (``play/``) is missing too
            return False

    # -- what the session asks (standard library only) ------------------------------------

    def position_text(self, state: State, stakes: Stakes | None) -> str:
        """The position as text to copy (``stakes``: what the game is played for, if anything;
        a game whose notation carries its stakes writes them too)."""
        return self.rules().format_position(state)

    def position_fields(self, state: State) -> dict[str, str]:
        """Other programs' notations of the position for the headless answers, by field
        name (backgammon: GNU Backgammon's ``gnu_id``), beside the game's own."""
        return {}

    def parse_position_text(
        self, text: str, options: Mapping[str, object], stakes: Stakes | None
    ) -> tuple[State, Stakes | None]:
        """(position, stakes) from pasted text; ``stakes`` are the new game's, returned
        unchanged unless the text carries stakes of its own."""
        return self.rules().parse_position(text, **options), stakes

    def new_stakes(self, text: str, start: State) -> Stakes:
        """The stakes a saved game started with, from its stakes line (``Stakes.save_text``
        wrote it, under ``stakes_word``), or a ValueError: a game without stakes refuses it."""
        raise ValueError(f"{self.title} is not played for stakes")

    def examples(self) -> dict[str, Example]:
        """A teaching game's example positions by name (the lab's Example key steps through
        them); each has ``name``, ``text`` (the position's notation) and ``note``."""
        return {}

    def tree_height(self, state: State) -> int | None:
        """The full depth of a teaching game's tree below ``state`` (a search that deep sees
        every leaf), None for a game whose tree has no known bottom."""
        return None

    def setup(self) -> GameSetup | None:
        """The rows this game adds to the start screen (game.setup), or None."""
        return None

    def piece_board(self, state: State) -> PieceBoard | None:
        """The position as pieces on squares, for the Zobrist keys the lab shows
        (game.zobrist), or None for a game that is not described that way."""
        return None

    def read_record(self, text: str) -> tuple[State, tuple[Move, ...]] | None:
        """(start, moves) of a game record written by another program (Othello's GGF), or
        None when this game reads no such records or ``text`` is not one; a ValueError names
        what is wrong with a record that is one."""
        return None
