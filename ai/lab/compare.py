"""The search lab's comparison: the algorithms on one position.

``compare`` searches one position with minimax, alpha-beta without and then with each of the
engine's refinements (move ordering, the transposition table, PVS and aspiration windows),
MTD(f) (the same alpha-beta driven by null-window probes, with ordering and the table),
and for games with dice expectiminimax with and without Star1 pruning and move filtering, all
on the evaluator of the level the lab shows (``base``, ai.lab.search), and for a game with noisy
moves (captures: ai.quiescence) the refined search with quiescence search as a last step: the
nodes of the final
pass and of all passes (iterative deepening, which move ordering needs, also searches the
shallower depths first), time, value and move of each, and whether the values agree. The row
that is the level's own search says so, worked out from the level's configuration.
Quiescence is the one refinement that adds nodes and may change the value (it sees the captures
past the depth limit), so its row is compared with the rows without it as a cost, and its
value is checked only against searches that also ran it. A row that
would take too long is not run: ``estimate`` predicts its nodes and seconds from the same
search at shallower depths (their growth per ply, extrapolated), and the row says so.

The depth chart (iterative deepening depth by depth) is ai.lab.depth_chart.

All functions take ``cancel`` (an Event-like object) and ``progress`` (a callback receiving
each finished row), so the UI can run them on the background worker (ai.worker Task) and show
rows as they arrive; every row is plain picklable data.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from ai.api import Cancel, Limits, Refinements, Result, SearchConfig
from ai.engine import make_searcher, node_predictor, search_to_depth
from ai.kit import profile_for
from ai.lab.growth import extrapolate
from ai.lab.search import has_quiescence
from ai.lab.transpositions import no_saving_note
from ai.mcts.units import value_label
from game.core import State
from game.jsontypes import JSONObject
from game.kit import GameKit

#: The compare row that adds quiescence search (games with noisy moves).
QUIESCENCE_LABEL = "+ quiescence"
#: The compare row of MTD(f) (with ordering and the table; no quiescence).
MTDF_LABEL = "MTD(f) + table"
#: A compare row whose estimate is above this many seconds is not run unless asked.
LONG_ROW_S = 15.0
#: Time the estimate may spend on shallower searches before extrapolating.
PROBE_S = 0.5

#: Hears each row as it is done.
Progress = Callable[["CompareRow"], None] | None


@dataclass(frozen=True)
class CompareSpec:
    """One search to compare: a label for the picture and the exact configuration."""

    label: str
    config: SearchConfig

    @property
    def switches(self) -> dict[str, bool]:
        c = self.config
        r = c.refinements
        switches = {
            "ordering": r.ordering,
            "tt": r.tt,
            "pvs": r.pvs,
            "aspiration": r.aspiration,
            "star1": r.star1,
            "move_filter": r.move_filter,
        }
        if has_quiescence(c.kit):  # only where the game has noisy moves to follow
            switches["quiescence"] = r.quiescence
        return switches


@dataclass(frozen=True)
class Estimate:
    """What a search would cost, from the same search at shallower depths."""

    nodes: float
    time_s: float
    #: The deepest depth actually searched to make the estimate.
    measured_depth: int
    #: The full search's own Result when the probing reached the requested depth.
    result: Result | None = None


@dataclass
class CompareRow:
    label: str
    algorithm: str
    switches: dict[str, bool]
    depth: int
    #: "done", "too long" (estimated over the limit, not run) or "stopped" (cancelled).
    status: str
    #: Nodes of the whole search: every pass of iterative deepening.
    nodes: int = 0
    #: Nodes of the final pass alone (the depth-``depth`` tree): like against like.
    final_nodes: int = 0
    #: Passes searched (1: the depth alone; more: iterative deepening 1, 2, ..., depth).
    passes: int = 0
    time_s: float = 0.0
    value: float | None = None
    value_text: str = ""
    move: str | None = None
    #: Does the value equal the reference (the first row that finished)? None: not run.
    agree: bool | None = None
    estimate_nodes: float = 0.0
    estimate_s: float = 0.0
    #: The game searched (what its noisy moves are called, in the notes).
    game_id: str = ""
    #: MTD(f): the null-window probes of the root in the final pass (0: other searches).
    probes: int = 0
    #: The searcher took ``depth`` over from the depth below (SearchBase.reuses_depth): its
    #: final pass is counted as that depth's and its own (a pass of one node alone would
    #: read as a search of one node).
    taken_over: bool = False
    #: Why the table, switched on in this row, cannot save a node here ("": it can, or is off).
    table_note: str = ""
    #: An MCTS row (ai.lab.compare_mcts): whether it plays the move of the row it is measured
    #: against (None: not such a row, or not finished), that row's label and move.
    same_move: bool | None = None
    reference: str = ""
    reference_move: str | None = None

    def to_json(self) -> JSONObject:
        return {
            "label": self.label,
            "algorithm": self.algorithm,
            "switches": dict(self.switches),
            "depth": self.depth,
            "status": self.status,
            "nodes": self.nodes,
            "final_nodes": self.final_nodes,
            "passes": self.passes,
            "time_s": round(self.time_s, 6),
            "value": None if self.value is None else round(self.value, 6),
            "value_text": self.value_text,
            "move": self.move,
            "agree": self.agree,
            "estimate_nodes": round(self.estimate_nodes),
            "estimate_s": round(self.estimate_s, 3),
            "probes": self.probes,
            **({} if self.same_move is None else {
                "same_move": self.same_move, "reference": self.reference,
                "reference_move": self.reference_move}),
        }


# --------------------------------------------------------------------------- compare


def involves_chance(state: State, kit: GameKit) -> bool:
    """Dice in the tree: the game's usual algorithm is expectiminimax, or (a classroom tree)
    the position says it has chance nodes."""
    if profile_for(kit).default_algorithm == "expectiminimax":
        return True
    has_chance = getattr(state, "has_chance", None)
    return bool(has_chance()) if has_chance is not None else False


def compare_specs(state: State, kit: GameKit, depth: int, base: SearchConfig | None = None,
                  level: str | None = None) -> list[CompareSpec]:
    """The searches compared on ``state``, from the plainest to the most refined, all with
    ``base``'s evaluator (a level's, ai.lab.search.lab_config; None: the game's own). The row
    that is ``level``'s own search is marked "(<level> plays)"; when no row is, the level's
    search is added as the last row."""
    limits = Limits(depth=depth)
    profile = profile_for(kit)
    base = replace(base or SearchConfig(kit.id), limits=limits, noise=0.0, seed=None,
                   exact=False, exact_root_values=False)
    bare = replace(base, algorithm="alphabeta", refinements=Refinements.none().but(
        quiescence=base.refinements.quiescence))
    chance = involves_chance(state, kit)
    quiescent = has_quiescence(kit) and not chance
    if quiescent:  # the rows up to PVS search to the depth limit only: like against like
        bare = bare.with_refinements(quiescence=False)
    # Plain minimax averages the rolls (it is expectiminimax without any pruning): said so.
    first = "minimax, rolls averaged (no pruning)" if chance else "minimax"
    specs = [CompareSpec(first, replace(bare, algorithm="minimax"))]
    if not chance:
        specs += [
            CompareSpec("alpha-beta, no ordering", bare),
            CompareSpec("+ move ordering", bare.with_refinements(ordering=True)),
            CompareSpec("+ transposition table", bare.with_refinements(ordering=True, tt=True)),
        ]
        refined = bare.with_refinements(ordering=True, tt=True, pvs=True, aspiration=True)
        label = "+ PVS, aspiration" if profile.aspiration is not None else "+ PVS"
        specs.append(CompareSpec(label, refined))
        if quiescent:  # what looking past the horizon costs, at the same depth
            specs.append(CompareSpec(QUIESCENCE_LABEL, refined.with_refinements(quiescence=True)))
        # The slides' other driver: the same alpha-beta with null windows only, and the table
        # that makes its repeated probes cheap.
        specs.append(CompareSpec(MTDF_LABEL, replace(
            bare.with_refinements(ordering=True, tt=True), algorithm="mtdf")))
    elif not hasattr(make_searcher(base), "use_tt"):
        # A searcher of its own (backgammon's network: every roll's moves in one batch, the
        # root filtered by the depth below): no switches to compare, only its cost.
        specs.append(CompareSpec("expectiminimax, network batches and root filter", base))
    else:
        emm = replace(bare.with_refinements(ordering=True, tt=True, pvs=True, aspiration=True),
                      algorithm="expectiminimax")
        specs.append(CompareSpec("expectiminimax (alpha-beta at decisions)", emm))
        if profile.points:
            specs.append(CompareSpec("+ Star1 pruning", emm.with_refinements(star1=True)))
        if profile.move_filter is not None:
            specs.append(CompareSpec("+ move filtering",
                                     emm.with_refinements(star1=True, move_filter=True)))
    if level is None:
        return specs
    own = _same_search(base, [s.config for s in specs])
    if own is None:
        specs.append(CompareSpec(f"{level}'s own search", base))
        own = len(specs) - 1
    specs[own] = CompareSpec(f"{specs[own].label} ({level} plays)", specs[own].config)
    return specs


def _same_search(config: SearchConfig, candidates: list[SearchConfig]) -> int | None:
    """The index of the candidate that runs the very search ``config`` runs (the same searcher
    class with the same switches, where the switch matters), or None."""

    def signature(c: SearchConfig) -> tuple[object, ...]:
        searcher = make_searcher(c)
        quiescence = getattr(searcher, "noisy_moves", None) is not None
        return (type(searcher).__name__, c.evaluator, c.use_evaluator, quiescence, *sorted(
            (k, v) for k, v in vars(searcher).items()
            if k in ("use_tt", "use_ordering", "pvs", "aspiration", "star1", "filter_k",
                     "root_filter_k")))

    wanted = signature(config)
    for i, c in enumerate(candidates):
        if signature(c) == wanted:
            return i
    return None


def estimate(
    state: State, config: SearchConfig, *, probe_s: float = PROBE_S, cancel: Cancel | None = None
) -> Estimate:
    """Nodes and seconds a search to ``config.limits.depth`` would take.

    The same search runs at depth 1, 2, ... while the next depth is predicted to fit in
    ``probe_s``; the nodes then grow per ply by the last measured factor (over two plies when
    there are three depths, which evens out alpha-beta's odd-even rhythm), and time follows
    nodes at the measured speed. If the probing reaches the requested depth, the estimate is
    the real figure and carries the search's Result."""
    depth = config.limits.depth
    if depth is None:
        raise ValueError("an estimate needs a depth")
    points: list[tuple[int, int, float]] = []
    spent = 0.0
    own = node_predictor(state, config)
    for k in range(1, depth + 1):
        if points:
            predicted = extrapolate(points, k, state, own)[1]
            if spent + predicted > probe_s:
                break
        result = search_to_depth(state, config, k, cancel)
        if not result.complete:
            break
        points.append((k, result.stats.nodes, result.stats.time_s))
        spent += result.stats.time_s
        if k == depth:
            return Estimate(result.stats.nodes, result.stats.time_s, k, result)
        if result.exact:  # the game ends within k plies on every line: deeper costs the same
            return Estimate(result.stats.nodes, result.stats.time_s, k)
    if not points:
        return Estimate(math.inf, math.inf, 0)
    nodes, seconds = extrapolate(points, depth, state, own)
    return Estimate(nodes, seconds, points[-1][0])


def run_row(
    state: State, spec: CompareSpec, *, max_s: float = LONG_ROW_S, force: bool = False,
    cancel: Cancel | None = None,
) -> CompareRow:
    """One compare row: estimated first; run unless the estimate is over ``max_s`` (``force``
    runs it anyway). A cancelled run is "stopped" with the nodes it had searched."""
    config = spec.config
    depth = config.limits.depth or 1
    row = CompareRow(spec.label, config.algorithm, spec.switches, depth, "done",
                     game_id=config.game_id)
    guess = estimate(state, config, probe_s=min(PROBE_S, max_s), cancel=cancel)
    row.estimate_nodes, row.estimate_s = guess.nodes, guess.time_s
    result = guess.result
    if result is None:
        if guess.time_s > max_s and not force:
            row.status = "too long"
            return row
        result = search_to_depth(state, config, depth, cancel)
    if not result.complete or result.move is None:
        row.status = "stopped"
        row.nodes = result.stats.nodes
        row.time_s = result.stats.time_s
        return row
    row.nodes, row.time_s = result.stats.nodes, result.stats.time_s
    passes = result.stats.nodes_per_depth or (result.stats.nodes,)
    row.final_nodes, row.passes = passes[-1], len(passes)
    if len(passes) > 1 and make_searcher(config).reuses_depth(depth):
        row.final_nodes, row.taken_over = passes[-2] + passes[-1], True
    row.probes = (result.stats.probes_per_depth or (0,))[-1]
    if config.refinements.tt:
        row.table_note = no_saving_note(state, depth)
    row.value = result.score
    row.value_text = value_label(profile_for(config.kit), result.score, exact=False,
                                 algorithm=result.algorithm).long
    row.move = config.kit.rules().format_move(state, result.move)
    return row


def compare(
    state: State, kit: GameKit, depth: int, *, max_row_s: float = LONG_ROW_S,
    force: bool = False, base: SearchConfig | None = None, level: str | None = None,
    cancel: Cancel | None = None, progress: Progress = None,
) -> list[CompareRow]:
    """Every compare row for ``state`` at ``depth``, in ``compare_specs`` order; ``progress``
    receives each row as it finishes. Rows after a cancel are "stopped" without running."""
    rows: list[CompareRow] = []
    for spec in compare_specs(state, kit, depth, base, level):
        if cancel is not None and cancel.is_set():
            row = CompareRow(spec.label, spec.config.algorithm, spec.switches, depth, "stopped",
                             game_id=kit.id)
        else:
            row = run_row(state, spec, max_s=max_row_s, force=force, cancel=cancel)
        rows.append(row)
        mark_agreement(rows)
        if progress is not None:
            progress(row)
    return rows


def _quiescent(row: CompareRow) -> bool:
    return bool(row.switches.get("quiescence"))


def mark_agreement(rows: list[CompareRow]) -> None:
    """``agree`` on every finished row: its value equals the first finished row's that ran
    the same search to the horizon (with quiescence search, or without it: quiescence sees
    past the depth limit, so its value may rightly differ from the others')."""
    done = [r for r in rows if r.status == "done" and r.value is not None]
    references: dict[bool, float] = {}
    for r in done:
        assert r.value is not None
        reference = references.setdefault(_quiescent(r), r.value)
        r.agree = abs(r.value - reference) <= 1e-6 * max(1.0, abs(reference))
