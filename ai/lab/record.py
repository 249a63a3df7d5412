"""Recording the search a level plays, for the lab: the same ``run_search`` play uses, with a
tracer (ai.lab.tree_recorder.TreeRecorder) that keeps its last finished pass."""

from __future__ import annotations

from dataclasses import replace

from ai.api import BOOK, Cancel, Limits, Result, SearchConfig
from ai.engine import apply_noise, make_searcher, run_search
from ai.kit import profile_for
from ai.lab.mcts_recording import record_mcts
from ai.lab.recording import DEFAULT_NODE_BUDGET, SearchRecording
from ai.lab.search import LevelPlay, describe, own_search, play_words
from ai.lab.tree_recorder import TreeRecorder
from game.core import CHANCE, TERMINAL, State


def _recorder(state: State, config: SearchConfig, node_budget: int) -> TreeRecorder:
    """A recorder for ``config``'s search of ``state``, values in the lab's point of view."""
    profile = profile_for(config.kit)
    fixed = profile.max_player
    max_player = state.current_player() if fixed is None else fixed

    def known_value(child: State) -> float | None:
        """A skipped child's value where the slides show it: a finished game's points."""
        return child.returns()[max_player] if child.current_player() == TERMINAL else None

    return TreeRecorder(config.kit.rules(), max_player, node_budget,
                        windows=make_searcher(config).has_windows,
                        bounds=_bounds(state, profile.value_bounds),
                        known_value=known_value if profile.points else None)


def record_search(
    state: State, config: SearchConfig, node_budget: int = DEFAULT_NODE_BUDGET,
    cancel: Cancel | None = None, level: str | None = None,
) -> SearchRecording:
    """Run the search ``config`` describes on ``state``, exactly as play runs it
    (ai.engine.run_search: the exact solver where the configuration allows it, the level's
    evaluator and noise), and record its last finished pass. ``cancel`` (an Event-like object)
    stops it: a ValueError says the recording was stopped.

    A search limited by time is run first as it plays (recording slows a search, so a
    recorded timed search would reach less deep), then recorded to the depth it finished.
    When ``config`` is ``level``'s own, that first run is also what the level plays: the
    recording carries it (``played``), so nobody runs the level's clock a second time."""
    player = state.current_player()
    if player == TERMINAL:
        raise ValueError("the game is over: there is no search to record")
    if player == CHANCE:
        raise ValueError("the position is at a chance event: roll the dice first")
    if node_budget < 1:
        raise ValueError(f"the node budget must be at least 1, got {node_budget}")
    if config.algorithm == "mcts":  # the tree it grew, not a depth-first walk to replay
        return record_mcts(state, config, node_budget, cancel, level)
    profile = profile_for(config.kit)
    solved: Result | None = None
    own = own_search(config.kit, level, config)
    level_played: LevelPlay | None = None
    if config.limits.time_s is not None or config.limits.nodes is not None:
        played = run_search(state, config, cancel)
        if own is not None:
            level_played = play_words(state, config.kit, own, played)
        if played.algorithm == profile.solver:
            # The solver answered within the time: it answers the recording too, given all
            # the time a traced (slower) proof needs.
            recorder = _recorder(state, config, node_budget)
            solved = profile.solve(state, config, cancel, None, recorder)
            if solved is None and cancel is not None and cancel.is_set():
                raise ValueError("the recording was stopped before the solver finished")
            if solved is None:
                # Its proof in play ran where a traced one does not reach (Othello's compiled
                # kernels, which no tracer watches): the tree is the search the level runs
                # without it, and the lab's line names the move it plays (``played``).
                played = run_search(state, replace(config, exact=False), cancel)
        if solved is None:
            if played.depth < 1:
                raise ValueError("the search was stopped before it finished a depth")
            config = replace(config, exact=False, limits=Limits(depth=played.depth))
    if solved is not None:
        result = apply_noise(solved, config.noise, config.seed)
    else:
        recorder = _recorder(state, config, node_budget)
        result = run_search(state, config, cancel, tracer=recorder)
    game = config.kit.rules()
    max_player = recorder.max_player
    recorded = recorder.completed
    if not result.complete or result.move is None or recorded is None:
        raise ValueError("the recording was stopped before the search finished")
    stats = result.stats.as_dict()
    passes = result.stats.nodes_per_depth or (result.stats.nodes,)
    stats["iteration_nodes"] = passes[-1]
    move = game.format_move(state, result.move)
    best = next((n for n in recorded.nodes if n.parent == 0 and n.on_pv), None)
    return SearchRecording(
        game_id=config.game_id,
        algorithm=config.algorithm,
        depth=recorded.depth,
        nodes=recorded.nodes,
        events=recorded.events,
        truncated=recorded.truncated,
        value=result.score if max_player == player else -result.score,
        move=move,
        stats=stats,
        evaluated_leaves=recorded.evaluated_leaves,
        max_player=max_player,
        level=level,
        description=describe(config.kit, level, config,
                             result.algorithm if result.algorithm in (profile.solver, BOOK)
                             else None)
        if level else "",
        exact=result.exact,
        passes=tuple(passes),
        # The searcher's own answer to a deeper depth than the tree kept: a pass taken over.
        searched_depth=result.depth if (result.depth > recorded.depth
                                        and result.algorithm == config.algorithm) else 0,
        answered_by=result.algorithm or config.algorithm,
        best_move=best.move if best is not None and best.move != move else None,
        probes=recorded.probes,
        first_try=recorded.first_try,
        windows=recorder.windows,
        options={
            **config.refinements.as_options(),
            "node_budget": node_budget,
        },
        played=level_played,
    )


def _bounds(state: State, game_bounds: tuple[float, float]) -> tuple[float, float]:
    """The values any node can take: the position's own bounds where it knows them (a
    classroom tree's leaves), else the game's. A window side beyond them is shown open."""
    own = getattr(state, "value_bounds", None)
    return own() if own is not None else game_bounds
