"""The difficulty ladder, live: levels play each other game after game, and the figures a class
watches grow with each game: every rung's score with its 95% interval, and each side's time and
nodes per move.

A rung is two levels, the upper one scored against the lower. ``ladder_rungs`` makes the whole
ladder (every level against the one below); a single rung is a head-to-head. Games come in pairs
from one seeded opening with the colours swapped (ai.selfplay.opening_position, as ``match``
plays them), so a run is reproducible from its seed. ``run_ladder`` is the worker's
``LadderTask`` (ai.tasks): it reports every move (at most ``MOVE_REPORTS_S`` apart) and every finished
game through ``progress`` as a ``LadderUpdate``, and stops at the next move once cancelled,
returning the figures so far.
"""

from __future__ import annotations

import csv
import io
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from ai.api import Cancel, SearchConfig
from ai.engine import run_search
from ai.kit import get_level, levels_of
from ai.selfplay import opening_position, sample_chance, wilson
from ai.tasks import Report, Task, worker_task
from game.core import CHANCE, TERMINAL, Move, State
from game.kit import GameKit
from game.registry import get_kit

#: Least time between two move reports (a fast level plays hundreds of moves a second).
MOVE_REPORTS_S = 0.05
#: A game longer than this many plies is scored a draw.
MAX_PLIES = 2000


@dataclass
class SideFigures:
    """One side's cost over a rung: moves searched, their time and nodes."""

    moves: int = 0
    time_s: float = 0.0
    nodes: int = 0

    def add(self, other: SideFigures) -> None:
        """Count ``other``'s moves too (a finished game's cost joins its rung's)."""
        self.moves += other.moves
        self.time_s += other.time_s
        self.nodes += other.nodes

    @property
    def time_per_move(self) -> float:
        return self.time_s / self.moves if self.moves else 0.0

    @property
    def nodes_per_move(self) -> float:
        return self.nodes / self.moves if self.moves else 0.0


@dataclass
class RungFigures:
    """A rung's games so far, from the upper level's side."""

    upper: str
    lower: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    upper_side: SideFigures = field(default_factory=SideFigures)
    lower_side: SideFigures = field(default_factory=SideFigures)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """The upper level's score (a draw counts half)."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.5

    @property
    def interval(self) -> tuple[float, float]:
        """The score's 95% interval (Wilson), (0, 1) before any game."""
        return wilson(self.score, self.games)

    def csv_row(self) -> list[str]:
        lo, hi = self.interval
        return [self.upper, self.lower, str(self.games), str(self.wins), str(self.draws),
                str(self.losses), f"{self.score:.3f}", f"{lo:.3f}", f"{hi:.3f}",
                f"{self.upper_side.time_per_move:.4f}", f"{self.lower_side.time_per_move:.4f}",
                f"{self.upper_side.nodes_per_move:.0f}", f"{self.lower_side.nodes_per_move:.0f}"]


CSV_HEADER = ["upper", "lower", "games", "wins", "draws", "losses", "score", "score_low",
              "score_high", "upper_s_per_move", "lower_s_per_move", "upper_nodes_per_move",
              "lower_nodes_per_move"]


@dataclass(frozen=True)
class LadderUpdate:
    """What the screen draws after a move or a game: the position, the rung and game being
    played, and every rung's figures so far (copies)."""

    kind: str  # "move" | "game"
    rung: int
    game: int
    state: State
    upper_plays: int  # the player number the upper level has in this game
    figures: tuple[RungFigures, ...]


def ladder_rungs(kit: GameKit) -> list[tuple[str, str]]:
    """Every level against the one below it, weakest rung first."""
    names = [level.name for level in levels_of(kit)]
    return [(upper, lower) for lower, upper in zip(names, names[1:], strict=False)]


def run_ladder(kit: GameKit, rungs: list[tuple[str, str]], games: int, seed: int,
               options: Mapping[str, object] | None = None, *, cancel: Cancel | None = None,
               progress: Callable[[LadderUpdate], None] | None = None) -> list[RungFigures]:
    """Play ``games`` games on each rung of levels in turn (pairs of one opening, colours
    swapped) and return every rung's figures; ``progress`` hears a LadderUpdate after moves
    and games."""
    named = [((upper, get_level(kit, upper).config(kit)),
              (lower, get_level(kit, lower).config(kit))) for upper, lower in rungs]
    return run_rungs(kit, named, games, seed, options, cancel=cancel, progress=progress)


@worker_task
@dataclass(frozen=True)
class LadderTask(Task[list[RungFigures], LadderUpdate]):
    """The ladder screen's run (``run_ladder``)."""

    game_id: str
    rungs: tuple[tuple[str, str], ...]
    games: int
    seed: int

    def run(self, cancel: Cancel, progress: Report[LadderUpdate]) -> list[RungFigures]:
        return run_ladder(get_kit(self.game_id), list(self.rungs), self.games, self.seed,
                          cancel=cancel, progress=progress)


def run_rungs(kit: GameKit,
              rungs: list[tuple[tuple[str, SearchConfig], tuple[str, SearchConfig]]],
              games: int, seed: int, options: Mapping[str, object] | None = None, *,
              cancel: Cancel | None = None,
              progress: Callable[[LadderUpdate], None] | None = None) -> list[RungFigures]:
    """``run_ladder`` for rungs of any two searches: ((label, SearchConfig) upper, (label,
    SearchConfig) lower), e.g. an edited evaluation against the shipped one."""
    figures = [RungFigures(upper[0], lower[0]) for upper, lower in rungs]
    master = random.Random(seed)
    last_report = 0.0
    for r, (upper, lower) in enumerate(rungs):
        configs = (upper[1], lower[1])
        pair_seed = 0
        for g in range(games):
            if g % 2 == 0:
                pair_seed = master.getrandbits(48)
            rng = random.Random(pair_seed)
            state, _ = opening_position(kit, dict(options or {}), rng)
            upper_plays = g % 2  # the upper level is player 0 (moves first) in even games
            sides = (replace(configs[0], seed=pair_seed * 4 + g % 2),
                     replace(configs[1], seed=pair_seed * 4 + 2 + g % 2))
            # The game's cost joins the rung's only when the game is scored: a game cut short
            # by Stop counts for neither the score nor the time per move.
            cost = RungFigures(upper[0], lower[0])
            for _ in range(MAX_PLIES):
                if cancel is not None and cancel.is_set():
                    return figures
                player = state.current_player()
                if player == TERMINAL:
                    break
                state = state.apply(_next_move(state, player, upper_plays, sides,
                                               cost, rng, cancel))
                now = time.perf_counter()
                if progress is not None and now - last_report >= MOVE_REPORTS_S:
                    last_report = now
                    progress(_update("move", r, g, state, upper_plays, figures))
            if cancel is not None and cancel.is_set():
                return figures  # a game cut short by Stop is not scored
            _score(figures[r], state, upper_plays)
            figures[r].upper_side.add(cost.upper_side)
            figures[r].lower_side.add(cost.lower_side)
            if progress is not None:
                progress(_update("game", r, g, state, upper_plays, figures))
    return figures


def _next_move(state: State, player: int, upper_plays: int,
               sides: tuple[SearchConfig, SearchConfig],
               rung: RungFigures, rng: random.Random, cancel: Cancel | None) -> Move:
    """A roll of the dice, a forced move, or the searching side's move (its cost counted)."""
    if player == CHANCE:
        return sample_chance(state, rng)
    legal = state.legal_moves()
    if len(legal) == 1:
        return legal[0]
    upper = player == upper_plays
    result = run_search(state, sides[0] if upper else sides[1], cancel)
    side = rung.upper_side if upper else rung.lower_side
    side.moves += 1
    side.time_s += result.stats.time_s
    side.nodes += result.stats.nodes
    return result.move if result.move is not None else legal[0]


def _score(rung: RungFigures, state: State, upper_plays: int) -> None:
    if state.current_player() != TERMINAL:
        rung.draws += 1  # the ply cap: a draw
        return
    returns = state.returns()
    mine, theirs = returns[upper_plays], returns[1 - upper_plays]
    if mine > theirs:
        rung.wins += 1
    elif mine < theirs:
        rung.losses += 1
    else:
        rung.draws += 1


def _update(kind: str, rung: int, game: int, state: State, upper_plays: int,
            figures: list[RungFigures]) -> LadderUpdate:
    copies = tuple(replace(f, upper_side=replace(f.upper_side), lower_side=replace(f.lower_side))
                   for f in figures)
    return LadderUpdate(kind, rung, game, state, upper_plays, copies)


def csv_text(figures: list[RungFigures]) -> str:
    """The table as CSV: one row a rung, ``CSV_HEADER`` first."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for f in figures:
        writer.writerow(f.csv_row())
    return out.getvalue()
