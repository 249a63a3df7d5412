"""The search interface shared by every algorithm, the worker, the CLI and the UI.

Scores are always from the point of view of the player to move at the root. Every searcher
yields one Result per completed depth, so a caller can stop at any time and keep the best
finished answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol, TypedDict

from ai.trace import Tracer
from game.core import Move, State
from game.kit import GameKit
from game.registry import get_kit

#: A searcher's own prediction of its nodes at a depth from its shallower searches
#: (ai.searchbase.SearchBase.predicted_nodes with the position given), or None; the lab's
#: measurements (ai.lab.growth) stop before a pass that would take too long by it.
Predictor = Callable[[Sequence[tuple[int, int, float]], int], "float | None"]

#: The searching algorithms, by the names menus, the CLI and the engine protocol use.
ALGORITHMS: tuple[str, ...] = ("minimax", "alphabeta", "mtdf", "expectiminimax", "mcts")
#: The algorithms a player limits by time rather than depth (the menu's "pick search").
TIMED_ALGORITHMS: tuple[str, ...] = ("mcts",)
#: ``Result.algorithm`` of an answer from a game's opening book.
BOOK = "opening-book"


@dataclass(frozen=True)
class Limits:
    depth: int | None = None
    time_s: float | None = None
    nodes: int | None = None
    #: Monte Carlo tree search's iterations (ai.mcts); the other searchers ignore it.
    iterations: int | None = None


@dataclass
class Stats:
    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0
    tt_probes: int = 0
    tt_hits: int = 0
    depth: int = 0
    time_s: float = 0.0
    #: Nodes of each pass, shallowest first: one entry for a single fixed-depth pass, one per
    #: depth under iterative deepening (the last may be an interrupted pass).
    nodes_per_depth: tuple[int, ...] = ()
    #: Leaves (static evaluations and finished games) of each pass, like ``nodes_per_depth``.
    leaves_per_depth: tuple[int, ...] = ()
    #: Nodes quiescence search visited past the depth limit (counted in ``nodes`` too).
    quiescence_nodes: int = 0
    #: MTD(f)'s null-window probes of the root at each depth (empty for other searches).
    probes_per_depth: tuple[int, ...] = ()
    #: Monte Carlo tree search's playouts (its ``nodes`` count iterations); 0 for the others.
    playouts: int = 0

    @property
    def nodes_per_s(self) -> float:
        return self.nodes / self.time_s if self.time_s > 0 else 0.0

    @property
    def playouts_per_s(self) -> float:
        return self.playouts / self.time_s if self.time_s > 0 else 0.0

    def as_dict(self) -> dict[str, float | list[int]]:
        playouts: dict[str, float | list[int]] = (
            {"playouts": self.playouts, "playouts_per_s": round(self.playouts_per_s, 1)}
            if self.playouts else {})
        return {
            "nodes": self.nodes,
            "leaves": self.leaves,
            "cutoffs": self.cutoffs,
            "tt_probes": self.tt_probes,
            "tt_hits": self.tt_hits,
            "depth": self.depth,
            "time_s": round(self.time_s, 6),
            "nodes_per_s": round(self.nodes_per_s, 1),
            "nodes_per_depth": list(self.nodes_per_depth),
            "leaves_per_depth": list(self.leaves_per_depth),
            "quiescence_nodes": self.quiescence_nodes,
            "probes_per_depth": list(self.probes_per_depth),
            **playouts,
        }


@dataclass(frozen=True)
class Result:
    """One search answer. ``depth`` counts every layer of the tree, chance layers included:
    depth 1 = the mover's move then evaluate; in backgammon depth 3 = my move, the opponent's
    21 rolls and best replies (one chance layer), depth 5 = two chance layers. For an exact
    solve it is the number of plies to the end (Othello: empties)."""

    move: Move | None
    score: float
    depth: int
    complete: bool
    pv: tuple[Move, ...]
    stats: Stats
    #: Value of every root move searched at this depth (same point of view as ``score``).
    root_values: tuple[tuple[Move, float], ...] = field(default=())
    #: False when some ``root_values`` are only upper bounds (alpha-beta proves a move worse
    #: than the best without computing its exact value); SearchConfig.exact_root_values forces
    #: exact ones at some cost.
    root_values_exact: bool = True
    #: What actually ran: "minimax", "alphabeta", "mtdf", "expectiminimax", or an exact solver's name
    #: such as "nim-solver" (see ai.profiles).
    algorithm: str = ""
    #: True when the value is proven: an exact solver answered, or the search reached the end
    #: of the game on every line (no position was scored by the evaluator's estimate).
    exact: bool = False


@dataclass(frozen=True)
class Progress:
    """A live snapshot while a depth is still being searched (for the 'watch it think' panel)."""

    depth: int
    nodes: int
    elapsed_s: float
    best_move: Move | None
    score: float | None


ProgressCallback = Callable[[Progress], None]


class Cancel(Protocol):
    """A search's stop flag: anything whose ``is_set()`` says stop now (a threading.Event,
    the worker's shared cancel counter, a test's deadline)."""

    def is_set(self) -> bool: ...


class Evaluator(Protocol):
    def evaluate(self, state: State, player: int) -> float:
        """Heuristic value of a non-terminal ``state`` from ``player``'s point of view."""


class Searcher(Protocol):
    """What ai.engine, the lab and the recorder ask of a searcher (ai.searchbase.SearchBase
    gives all of it; a game's own searcher, backgammon's, is one of its subclasses)."""

    name: str
    #: False for a searcher that searches without an (alpha, beta) window (minimax).
    has_windows: bool
    #: The answer of the last ``iterate``/``search``: the best completed depth, or the
    #: interrupted pass's improvement on it; None before any search.
    final_result: Result | None

    def iterate(
        self,
        state: State,
        limits: Limits,
        cancel: Cancel | None = None,
        progress: ProgressCallback | None = None,
    ) -> Iterator[Result]:
        """One Result per finished depth; stops on the limits or when ``cancel`` is set."""

    def search(
        self,
        state: State,
        limits: Limits,
        cancel: Cancel | None = None,
        progress: ProgressCallback | None = None,
    ) -> Result:
        """The best completed depth."""

    def set_tracer(self, tracer: Tracer | None) -> None:
        """Report every later search to ``tracer`` (None: stop reporting)."""

    def keep_at_root(self, moves: tuple[Move, ...]) -> None:
        """Value these root moves exactly, whatever the searcher would prune or filter."""

    def predicted_nodes(self, state: State, measured: Sequence[tuple[int, int, float]],
                        depth: int) -> float | None:
        """Nodes a search to ``depth`` would count, from the (depth, nodes, seconds) of
        shallower ones; None: the caller extrapolates the measured growth."""

    def reuses_depth(self, depth: int) -> bool:
        """True when a search to ``depth`` takes the depth below's answer over unsearched."""

    def orders_moves(self) -> bool:
        """True when a shallow pass makes the next one cheaper (so it deepens iteratively)."""


class TreeOptions(TypedDict, total=False):
    """The alpha-beta family's switches, as ai.engine builds them for every member (MTD(f)
    and expectiminimax pass them on)."""

    use_tt: bool
    use_ordering: bool
    exact_root_values: bool
    pvs: bool
    tt_size_log2: int


#: Each refinement's name outside the program (the engine protocol's requests, a recording's
#: options, the CLI's reports), which stay as they were when they were SearchConfig's fields.
_OPTION_NAMES = {"tt": "use_tt", "ordering": "use_ordering", "pvs": "use_pvs",
                 "aspiration": "use_aspiration", "star1": "use_star1",
                 "move_filter": "use_move_filter", "quiescence": "use_quiescence"}


@dataclass(frozen=True)
class Refinements:
    """The search's refinements, each switchable so the search lab can show what it buys:
    the transposition table, move ordering, principal-variation search (null windows),
    aspiration windows (where the game's profile has them), Star1 pruning at chance nodes and
    expectiminimax's move filtering (where the profile allows them), and quiescence search at
    the depth limit (for games whose profile names noisy moves: Kalah's captures and extra
    turns). One value, so a config says in one place which of them it leaves out."""

    tt: bool = True
    ordering: bool = True
    pvs: bool = True
    aspiration: bool = True
    star1: bool = True
    move_filter: bool = True
    quiescence: bool = True

    @classmethod
    def none(cls) -> Refinements:
        """The textbook's search: no refinement at all."""
        return cls(**dict.fromkeys(_OPTION_NAMES, False))

    def but(self, **changes: bool) -> Refinements:
        """These refinements with ``changes`` switched (``but(tt=False)``)."""
        return replace(self, **changes)

    def as_options(self) -> dict[str, bool]:
        """The switches by their outside names ("use_tt": True, ...)."""
        return {outside: getattr(self, name) for name, outside in _OPTION_NAMES.items()}

    @classmethod
    def from_options(cls, options: Mapping[str, object],
                     base: Refinements | None = None) -> Refinements:
        """``base`` (default: all on) with the switches ``options`` names by their outside
        names ("use_tt": False); other keys are ignored."""
        changes = {name: bool(options[outside]) for name, outside in _OPTION_NAMES.items()
                   if outside in options}
        return replace(base or cls(), **changes)


@dataclass(frozen=True)
class SearchConfig:
    """Everything needed to build and run a search, as plain picklable data.

    The worker may run searches in another thread or process, so the UI hands over this
    description instead of a live searcher object.
    """

    game_id: str
    algorithm: str = "alphabeta"  # "minimax" | "alphabeta" | "mtdf" | "expectiminimax" | "mcts"
    limits: Limits = field(default_factory=Limits)
    #: The search's refinements (all on: the search that plays); the lab switches them off
    #: one by one to show what each buys.
    refinements: Refinements = Refinements()
    #: Strength-lowering randomness for weak levels (0 = always the best move).
    noise: float = 0.0
    seed: int | None = None
    #: Let the game's exact solver answer where it can (perfect play). Off by default: a
    #: directly named algorithm runs exactly that algorithm; named levels turn it on.
    exact: bool = False
    #: Evaluator variant for get_evaluator (None = the game's default; "td" = learned weights).
    evaluator: str | None = None
    #: Multipliers of an editable evaluator's features (``features``, ``weighted``: the
    #: hand-made ones of Othello and tic-tac-toe), as the lab's evaluation editor sets them;
    #: None: the evaluation as shipped.
    evaluator_weights: tuple[float, ...] | None = None
    #: Search every root move with a full window so every ``Result.root_values`` entry is
    #: exact (slower; weak levels with noise turn it on themselves).
    exact_root_values: bool = False
    #: False: search with no game knowledge (every unfinished position scores 0), a weaker
    #: player for games whose evaluator is perfect (Nim).
    use_evaluator: bool = True
    #: Consult the game's opening book first (GameAI.book): a position in the book is
    #: answered from it ("opening-book") without searching. Levels with a book turn it on.
    use_book: bool = False
    #: Root moves a searcher that filters its root moves (backgammon's) must search whatever
    #: the filter says: a game review values the move played as deeply as the best.
    keep_root_moves: tuple[Move, ...] = ()

    @property
    def kit(self) -> GameKit:
        """The game searched. The config keeps the id, not the kit: it travels to a worker
        that may be another process (ai.worker, spawn) and into saved lab recordings, as plain
        data; the registry's table makes this a dictionary look-up."""
        return get_kit(self.game_id)

    def with_refinements(self, **changes: bool) -> SearchConfig:
        """This config with the refinements ``changes`` names switched
        (``with_refinements(tt=False)``)."""
        return replace(self, refinements=replace(self.refinements, **changes))
