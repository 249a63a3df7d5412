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
import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from ai.api import Cancel, Result, SearchConfig
from ai.searchbase import WIN, MarginFn, NoisyMovesFn, Scoring, is_win_score
from ai.trace import Tracer
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

    def value_label(self, value: float, *, exact: bool,
                    decimals: int | None = None) -> ValueLabel: ...

    def noise_text(self, level_name: str, noise: float) -> str | None: ...


#: The minus sign the screens write (U+2212): a hyphen beside a "+" reads shorter and
#: thinner, and the screens mixed the two ("×-1.00" next to "−∞").
MINUS = "\u2212"
_HYPHEN_MINUS = re.compile(r"(?<![\w)])-(?=\d)")


def true_minus(text: str) -> str:
    """``text`` with each hyphen used as a minus sign ("-0.14", "×-1.00", "(-2 discs")
    written as the minus sign; a hyphen between two numbers ("4-3", "37-27") stays."""
    return _HYPHEN_MINUS.sub(MINUS, text)


def signed(value: float, decimals: int) -> str:
    text = f"{value:+.{decimals}f}"
    return "0" if float(text) == 0 else text


def plies(value: float) -> int:
    return int(round(WIN - abs(value)))


def win_label(value: float) -> ValueLabel:
    """A proven result: "W5"/"win in 5", "L6"/"loss in 6"."""
    n = plies(value)
    if value > 0:
        return ValueLabel(f"W{n}", f"win in {n}")
    return ValueLabel(f"L{n}", f"loss in {n}")


def winner_label(value: float) -> ValueLabel:
    """A win score where values are margins: who wins is proved, by how much is not ("W":
    Othello's proof past its exact reach; margins count no plies)."""
    if value > 0:
        return ValueLabel("W", "win (proved; the margin not searched)")
    return ValueLabel("L", "loss (proved; the margin not searched)")


def margin_label(value: float, *, exact: bool, unit: str, decimals: int) -> ValueLabel:
    """A final margin as a person reads it (games scored by a margin: Othello's discs,
    Kalah's seeds): proven, "win by 4 discs"; predicted, "+4 discs (predicted final
    margin)"."""
    if exact:
        margin = int(round(value))
        if margin > 0:
            return ValueLabel(f"+{margin}", f"win by {margin} {unit}")
        if margin < 0:
            return ValueLabel(str(margin), f"loss by {-margin} {unit}")
        return ValueLabel("0", "draw")
    short = signed(value, decimals)
    return ValueLabel(short, f"{short} {unit} (predicted final margin)")


#: Every solver's shape, so a game's profile can hold its own: the exact answer for the
#: position, or None when it is beyond the solver's reach by the ``deadline``
#: (``time.monotonic()``).
Solver = Callable[
    [State, SearchConfig, Cancel | None, float | None, Tracer | None], Result | None
]


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
    solve_exactly: Solver | None = None
    #: Lowest and highest value any position can take (Star1 pruning relies on them).
    value_bounds: tuple[float, float] = (-WIN, WIN)
    #: The unit in which a level's noise is stated ("open lines", "discs", ...).
    noise_unit: str = ""
    #: Random opening plies (fewest, most) that ``match`` plays before the levels take over.
    match_opening: tuple[int, int] | None = None
    #: The player whose view the search lab records values in; None: whoever is to move at
    #: the root of the search (ai.lab.recording, "Points of view").
    max_player: int | None = None
    #: The moves quiescence search follows past the depth limit (ai.searchbase
    #: ``set_quiescence``): the game's noisy moves, such as Kalah's captures and extra turns;
    #: None for a game whose leaves are searched no further.
    noisy_moves: NoisyMovesFn | None = None
    #: Those moves in words for the lab, (one, several): "a capture or an extra turn".
    noisy_words: tuple[str, str] = ("a noisy move", "noisy moves")
    #: True when a finished game scores the game's points (backgammon's 1, 2 or 3; a classroom
    #: leaf's number) rather than a win or a loss.
    points: bool = False
    #: A finished game's final margin from one player's view (Othello's discs, Kalah's
    #: seeds), for a game scored by its margin: the evaluator's scale, and a value reads as
    #: "win by 4 discs" (proven) or "+4 discs (predicted final margin)", with this many
    #: decimals. None: win scores or points.
    margin: MarginFn | None = None
    margin_decimals: int = 0
    #: How the opening book valued its moves, for the panel and the lab ("{depth}": the depth
    #: a book answer carries).
    book_origin: str = "searched to depth {depth}"
    #: A finished playout's reward for player 0 (Monte Carlo tree search, ai.mcts.reward),
    #: in [-1, 1] (in points when ``points``); None: the generic one, from ``margin``,
    #: ``points`` or the result's sign.
    playout_reward: Callable[[State], float] | None = None
    #: The half-range of a playout's rewards from a given root, where ``value_bounds`` are
    #: a notation's limits rather than the game's (a teaching tree: its largest leaf). UCB1's
    #: exploration term is scaled by it; None: the bounds' own.
    reward_scale: Callable[[State], float] | None = None

    # ------------------------------------------------------------------ search

    def scoring(self) -> Scoring:
        """How a finished game scores: its points, its final margin, or win scores (10000
        minus the plies)."""
        return Scoring(points=self.points, margin=self.margin, bounds=self.value_bounds)

    def solve(
        self,
        state: State,
        config: SearchConfig,
        cancel: Cancel | None,
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

    def winner_only(self, value: float) -> bool:
        """True for a value that proves who wins but not by how much: a win score in a game
        whose values are margins (games.othello.ai.solver's proof past its exact reach)."""
        return self.margin is not None and is_win_score(value)

    # ------------------------------------------------------------------ text

    def value_label(self, value: float, *, exact: bool,
                    decimals: int | None = None) -> ValueLabel:
        """The value in words; ``decimals`` writes an estimate more finely than the
        game's own way (a review writes a move's value as finely as its loss)."""
        if self.winner_only(value):
            return winner_label(value)
        if self.margin is not None:
            return margin_label(value, exact=exact, unit=self.unit,
                                decimals=self.margin_decimals if decimals is None else decimals)
        if is_win_score(value):
            return win_label(value)
        text = signed(value, 2 if decimals is None else decimals)
        return ValueLabel(text, f"{text} {self.unit}")

    def noise_text(self, level_name: str, noise: float) -> str | None:
        """What a level's deliberate randomness does, or None when it has none."""
        if noise <= 0:
            return None
        if noise >= RANDOM_NOISE:
            return f"{level_name}: picks any legal move at random"
        amount = f"{noise:g} {self.noise_unit}".rstrip()
        return f"{level_name}: picks at random among moves within {amount} of the best"

    # ------------------------------------------------------------------ match openings

    def match_options(self, options: Mapping[str, object], rng: random.Random
                      ) -> dict[str, object]:
        """The options of one match pair's game (a subclass may vary the start, e.g. Nim's
        heaps, when the user fixed nothing)."""
        return dict(options)
