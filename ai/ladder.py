"""The difficulty ladder, live: levels play each other game after game, and the figures a class
watches grow with each game: every rung's score with its 95% interval, and each side's time and
nodes per move.

A rung is two levels, the upper one scored against the lower. ``ladder_rungs`` makes the whole
ladder (every level against the one below); a single rung is a head-to-head. Games come in pairs
from one seeded opening with the colours swapped (ai.selfplay.opening_position, as ``match``
plays them), so a run is reproducible from its seed. ``run_ladder`` is the worker's
``LadderTask`` (ai.tasks): it reports every move (at most ``MOVE_REPORTS_S`` apart) and every finished
game through ``progress`` as a ``LadderUpdate``, and stops at the next move once cancelled,
returning the figures so far. ``spread_ladder`` plays the same games as tasks on other
processes or a cluster (ai.spread) for ``match --ladder``, each a function of its pair's seed
alone, and scores them in the same order: the same figures however they are spread.
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
from ai.spread import Spread, in_task_order
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


@dataclass(frozen=True)
class LadderGame:
    """One game of a ladder: its rung, its number on the rung and its pair's seed (the
    opening, the dice and both sides' seeds come from it)."""

    rung: int
    game: int
    pair_seed: int

    @property
    def upper_plays(self) -> int:
        """The upper level is player 0 (moves first) in even games."""
        return self.game % 2


def ladder_games(rungs: int, games: int, seed: int) -> list[LadderGame]:
    """Every game of a ladder in the order one process plays them: a rung's games one after
    another, a new pair seed every second game, drawn from one generator for the whole run
    (so the games are the same however they are spread)."""
    master = random.Random(seed)
    found: list[LadderGame] = []
    for r in range(rungs):
        pair_seed = 0
        for g in range(games):
            if g % 2 == 0:
                pair_seed = master.getrandbits(48)
            found.append(LadderGame(r, g, pair_seed))
    return found


def run_rungs(kit: GameKit,
              rungs: list[tuple[tuple[str, SearchConfig], tuple[str, SearchConfig]]],
              games: int, seed: int, options: Mapping[str, object] | None = None, *,
              cancel: Cancel | None = None,
              progress: Callable[[LadderUpdate], None] | None = None) -> list[RungFigures]:
    """``run_ladder`` for rungs of any two searches: ((label, SearchConfig) upper, (label,
    SearchConfig) lower), e.g. an edited evaluation against the shipped one."""
    figures = [RungFigures(upper[0], lower[0]) for upper, lower in rungs]
    last_report = 0.0

    def moved(game: LadderGame, state: State) -> None:
        nonlocal last_report
        now = time.perf_counter()
        if progress is not None and now - last_report >= MOVE_REPORTS_S:
            last_report = now
            progress(_update("move", game.rung, game.game, state, game.upper_plays, figures))

    for game in ladder_games(len(rungs), games, seed):
        upper, lower = rungs[game.rung]
        played = play_ladder_game(kit, game, (upper[1], lower[1]), options, cancel, moved)
        if played is None:
            return figures  # a game cut short by Stop is not scored
        state, cost = played
        _add(figures[game.rung], _result(state, game.upper_plays), cost)
        if progress is not None:
            progress(_update("game", game.rung, game.game, state, game.upper_plays, figures))
    return figures


def play_ladder_game(kit: GameKit, game: LadderGame, configs: tuple[SearchConfig, SearchConfig],
                     options: Mapping[str, object] | None = None, cancel: Cancel | None = None,
                     moved: Callable[[LadderGame, State], None] | None = None
                     ) -> tuple[State, RungFigures] | None:
    """One game: its last position and its cost (the sides' moves, time and nodes), or None
    when ``cancel`` stopped it. The game's cost joins its rung's only when the game is
    scored: a game cut short by Stop counts for neither the score nor the time per move."""
    rng = random.Random(game.pair_seed)
    state, _ = opening_position(kit, dict(options or {}), rng)
    sides = (replace(configs[0], seed=game.pair_seed * 4 + game.game % 2),
             replace(configs[1], seed=game.pair_seed * 4 + 2 + game.game % 2))
    cost = RungFigures("", "")
    for _ in range(MAX_PLIES):
        if cancel is not None and cancel.is_set():
            return None
        player = state.current_player()
        if player == TERMINAL:
            break
        state = state.apply(_next_move(state, player, game.upper_plays, sides, cost, rng, cancel))
        if moved is not None:
            moved(game, state)
    if cancel is not None and cancel.is_set():
        return None
    return state, cost


@dataclass(frozen=True)
class RungGameTask:
    """A ladder game as a task another process or machine can play (plain data: the game's
    id and the levels' names, not their configurations)."""

    game_id: str
    upper: str
    lower: str
    options: tuple[tuple[str, object], ...]
    game: LadderGame


def play_rung_game(task: RungGameTask) -> tuple[int, RungFigures]:
    """A task's game: the upper level's result (+1, 0, -1) and the game's cost."""
    kit = get_kit(task.game_id)
    configs = (get_level(kit, task.upper).config(kit), get_level(kit, task.lower).config(kit))
    played = play_ladder_game(kit, task.game, configs, dict(task.options))
    assert played is not None  # nothing cancels a task
    state, cost = played
    return _result(state, task.game.upper_plays), cost


def spread_ladder(kit: GameKit, rungs: list[tuple[str, str]], games: int, seed: int,
                  options: Mapping[str, object] | None, spread: Spread,
                  finished: Callable[[int, list[RungFigures]], None] | None = None
                  ) -> list[RungFigures]:
    """``run_ladder``'s games played where ``spread`` runs them (other processes, a
    cluster) and scored in the order one process plays them: the same wins, draws, losses
    and nodes (the clock's readings aside). ``finished`` hears the rung of each game scored
    and the figures so far."""
    figures = [RungFigures(upper, lower) for upper, lower in rungs]
    plain = tuple(sorted(dict(options or {}).items()))
    tasks = [RungGameTask(kit.id, *rungs[game.rung], plain, game)
             for game in ladder_games(len(rungs), games, seed)]
    for position, (result, cost) in in_task_order(spread.completed(play_rung_game, tasks)):
        rung = tasks[position].game.rung
        _add(figures[rung], result, cost)
        if finished is not None:
            finished(rung, figures)
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


def _result(state: State, upper_plays: int) -> int:
    """The upper level's result: +1, 0 (a draw, or the ply cap) or -1."""
    if state.current_player() != TERMINAL:
        return 0  # the ply cap: a draw
    returns = state.returns()
    mine, theirs = returns[upper_plays], returns[1 - upper_plays]
    return (mine > theirs) - (mine < theirs)


def _add(rung: RungFigures, result: int, cost: RungFigures) -> None:
    """A scored game joins its rung: the result and both sides' cost."""
    if result > 0:
        rung.wins += 1
    elif result < 0:
        rung.losses += 1
    else:
        rung.draws += 1
    rung.upper_side.add(cost.upper_side)
    rung.lower_side.add(cost.lower_side)


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
