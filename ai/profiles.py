"""What the AI knows about each game, in one place per game.

A profile holds every per-game choice the searchers, the CLI and the UI need, so none of them
keeps a table keyed by game-id strings: how finished games score (win scores, points or a
final margin), the value bounds, the aspiration window, expectiminimax's move filter, the
default algorithm, the exact solver, and how a value reads to a person ("win in 5", "+12 discs
(predicted final margin)", "+0.43 points a game") from whose point of view.

Values are always from the point of view of the player to move at the root of the search.
"""

from __future__ import annotations

import dataclasses
import math
import random
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ai import solvers
from ai.searchbase import WIN, Scoring, is_win_score
from ai.trace import Tracer

if TYPE_CHECKING:
    from ai.api import Result, SearchConfig
    from game.core import State

#: Noise at least this large lets every move through: the level plays at random.
RANDOM_NOISE = 1e5


@dataclass(frozen=True)
class ValueLabel:
    """One value as a person reads it."""

    #: Fits on a board square or a list column: "W5", "D", "L6", "+12", "+0.43".
    short: str
    #: For the panel and JSON "value_text": "win in 5", "draw", "+12 discs (predicted final
    #: margin)", "+0.43 points a game".
    long: str


class GameProfile(Protocol):
    game_id: str
    unit: str
    default_algorithm: str

    def value_label(self, value: float, *, exact: bool) -> ValueLabel: ...

    def noise_text(self, level_name: str, noise: float) -> str | None: ...


def _signed(value: float, decimals: int) -> str:
    text = f"{value:+.{decimals}f}"
    return "0" if float(text) == 0 else text


def _plies(value: float) -> int:
    return int(round(WIN - abs(value)))


@dataclass(frozen=True)
class Profile:
    """The shared behaviour; each game's subclass below fills in its own knowledge."""

    game_id: str
    #: What a value counts, for the panel and the docs.
    unit: str
    default_algorithm: str = "alphabeta"
    #: Half-width of alpha-beta's aspiration window in value units (None: full windows only).
    aspiration: float | None = None
    #: Expectiminimax move filter: (moves kept at interior nodes, moves kept at the root).
    move_filter: tuple[int, int] | None = None
    #: Name of the exact solver (reported as ``Result.algorithm``), None if the game has none.
    solver: str | None = None
    #: The solver itself: (state, config, cancel, deadline) -> Result, or None when the
    #: position is beyond its reach.
    solve_exactly: solvers.Solver | None = None
    #: Lowest and highest value any position can take (Star1 pruning relies on them).
    value_bounds: tuple[float, float] = (-WIN, WIN)
    #: The unit in which a level's noise is stated ("open lines", "discs", ...).
    noise_unit: str = ""
    #: Random opening plies (fewest, most) that ``match`` plays before the levels take over.
    match_opening: tuple[int, int] | None = None
    #: The player whose view the search lab records values in; None: whoever is to move at
    #: the root of the search (ai.recorder, "Points of view").
    max_player: int | None = None
    #: True when a finished game scores the game's points (backgammon's 1, 2 or 3; a classroom
    #: leaf's number) rather than a win or a loss.
    points: bool = False

    # ------------------------------------------------------------------ search

    def scoring(self) -> Scoring:
        """How a finished game scores: its points, or win scores (10000 minus the plies)."""
        return Scoring(points=self.points, bounds=self.value_bounds)

    def solve(
        self,
        state: State,
        config: SearchConfig,
        cancel: threading.Event | None,
        deadline: float | None,
        tracer: Tracer | None = None,
    ) -> Result | None:
        """The exact answer for ``state``, or None when the game has no solver or the position
        is beyond its reach (``deadline`` is a ``time.monotonic()`` value). The Result names
        the solver as its algorithm; it is exact unless ``cancel`` cut the proof short.
        ``tracer`` hears the proof (a searching solver) or its answer (ai.trace)."""
        if self.solver is None or self.solve_exactly is None:
            return None
        result = self.solve_exactly(state, config, cancel, deadline, tracer)
        if result is None:
            return None
        return dataclasses.replace(result, algorithm=self.solver, exact=result.complete)

    # ------------------------------------------------------------------ text

    def value_label(self, value: float, *, exact: bool) -> ValueLabel:
        if is_win_score(value):
            return self._win_label(value)
        return ValueLabel(_signed(value, 2), f"{_signed(value, 2)} {self.unit}")

    def _win_label(self, value: float) -> ValueLabel:
        n = _plies(value)
        if value > 0:
            return ValueLabel(f"W{n}", f"win in {n}")
        return ValueLabel(f"L{n}", f"loss in {n}")

    def point_of_view(self, player: int) -> str:
        """Whose view a value is from, e.g. "for X", "for White"."""
        from game.registry import get_game

        return f"for {get_game(self.game_id).player_names[player]}"

    def noise_text(self, level_name: str, noise: float) -> str | None:
        """What a level's deliberate randomness does, or None when it has none."""
        if noise <= 0:
            return None
        if noise >= RANDOM_NOISE:
            return f"{level_name}: picks any legal move at random"
        amount = f"{noise:g} {self.noise_unit}".rstrip()
        return f"{level_name}: picks at random among moves within {amount} of the best"

    # ------------------------------------------------------------------ match openings

    def match_options(self, options: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        """The options of one match pair's game (a subclass may vary the start, e.g. Nim's
        heaps, when the user fixed nothing)."""
        return dict(options)


@dataclass(frozen=True)
class TicTacToeProfile(Profile):
    game_id: str = "tictactoe"
    unit: str = "plies to the result"
    aspiration: float | None = 1.0
    solver: str | None = "tictactoe-solver"
    solve_exactly: solvers.Solver | None = solvers.solve_tictactoe
    noise_unit: str = "open lines"
    # Every first move draws with perfect play, so one random ply leaves neither side lost.
    match_opening: tuple[int, int] | None = (1, 1)

    def value_label(self, value: float, *, exact: bool) -> ValueLabel:
        if is_win_score(value):
            return self._win_label(value)
        if exact and value == 0:
            return ValueLabel("D", "draw")
        # A depth-limited estimate: the evaluator counts lines still open for the mover.
        n = _signed(value, 0) if value == int(value) else _signed(value, 2)
        return ValueLabel(n, f"{n} open lines (estimate: no result within the search depth)")



@dataclass(frozen=True)
class NimProfile(Profile):
    game_id: str = "nim"
    unit: str = "plies to the result"
    solver: str | None = "nim-solver"
    solve_exactly: solvers.Solver | None = solvers.solve_nim

    def value_label(self, value: float, *, exact: bool) -> ValueLabel:
        if is_win_score(value):
            return self._win_label(value)
        # The evaluator (and the solver) know the winner from Sprague-Grundy theory but not
        # how long the game lasts: +1 wins, -1 loses with perfect play.
        if value >= 1:
            return ValueLabel("W", "win with perfect play")
        if value <= -1:
            return ValueLabel("L", "loss against perfect play")
        return ValueLabel("?", "unknown: no result within the search depth")

    def noise_text(self, level_name: str, noise: float) -> str | None:
        if 0 < noise < RANDOM_NOISE:
            return f"{level_name}: picks at random among the moves its search rates best"
        return super().noise_text(level_name, noise)

    def match_options(self, options: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        """Random heaps (two to four, up to nine coins) unless the options fix them."""
        out = dict(options)
        if "heaps" not in out:
            out["heaps"] = tuple(rng.randint(1, 9) for _ in range(rng.randint(2, 4)))
        return out



def _othello_margin(state: State, player: int) -> float:
    from game.rules.othello import final_margin

    return float(final_margin(state, player))  # type: ignore[arg-type]


@dataclass(frozen=True)
class OthelloProfile(Profile):
    game_id: str = "othello"
    unit: str = "discs"
    aspiration: float | None = 4.0
    solver: str | None = "othello-endgame-solver"
    solve_exactly: solvers.Solver | None = solvers.solve_othello
    value_bounds: tuple[float, float] = (-64.0, 64.0)
    noise_unit: str = "discs"
    match_opening: tuple[int, int] | None = (2, 4)

    def scoring(self) -> Scoring:
        # A finished game is worth its final disc margin (empties to the winner), the scale
        # of the evaluator's predicted margin and of the exact endgame solver.
        return Scoring(margin=_othello_margin, bounds=self.value_bounds)

    def value_label(self, value: float, *, exact: bool) -> ValueLabel:
        if is_win_score(value):
            return self._win_label(value)
        if exact:
            margin = int(round(value))
            if margin > 0:
                return ValueLabel(f"+{margin}", f"win by {margin} discs")
            if margin < 0:
                return ValueLabel(str(margin), f"loss by {-margin} discs")
            return ValueLabel("0", "draw")
        short = _signed(value, 0)
        return ValueLabel(short, f"{short} discs (predicted final margin)")



@dataclass(frozen=True)
class BackgammonProfile(Profile):
    game_id: str = "backgammon"
    unit: str = "points a game"
    default_algorithm: str = "expectiminimax"
    # (2, 3): one chance layer after an opening 3-1 takes ~0.1 s, two chance layers ~4 s.
    move_filter: tuple[int, int] | None = (2, 3)
    value_bounds: tuple[float, float] = (-3.0, 3.0)
    noise_unit: str = "points a game"
    points: bool = True

    def value_label(self, value: float, *, exact: bool) -> ValueLabel:
        if not math.isfinite(value):
            return ValueLabel("?", "unknown")
        short = _signed(value, 2)
        return ValueLabel(short, f"{short} points a game")


@dataclass(frozen=True)
class ClassroomProfile(Profile):
    """Classroom trees (game.rules.classroom): a leaf is worth the number written on it, so a
    finished game scores its ``returns()`` unchanged, as on the slides."""

    game_id: str = "classroom"
    unit: str = "for MAX (the leaf values)"
    #: MAX is the tree's MAX even when a search starts at one of MIN's nodes.
    max_player: int | None = 0
    points: bool = True
    #: The notation's limit on leaf values (Star1 needs bounds that always hold).
    value_bounds: tuple[float, float] = (-1e9, 1e9)

    def value_label(self, value: float, *, exact: bool) -> ValueLabel:
        if not math.isfinite(value):
            return ValueLabel("?", "unknown")
        short = str(int(value)) if value == int(value) else f"{value:.3g}"
        return ValueLabel(short, f"{short} for MAX")


_PROFILES: dict[str, Profile] = {
    p.game_id: p
    for p in (
        TicTacToeProfile(),
        NimProfile(),
        OthelloProfile(),
        BackgammonProfile(),
        ClassroomProfile(),
    )
}


def profile_for(game_id: str) -> Profile:
    """The profile of ``game_id``. A registered game without a profile of its own (a teaching
    tree) gets the plain defaults: win scores, alpha-beta, no solver. An unknown id is the
    registry's one-line ValueError naming the known games."""
    profile = _PROFILES.get(game_id)
    if profile is None:
        from game.registry import get_game

        get_game(game_id)
        profile = Profile(game_id=game_id, unit="value")
    return profile
