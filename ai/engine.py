"""The one entry point for searching: build a searcher from a SearchConfig, run it, solve
exactly where possible, and weaken the answer for easy levels.

Everything outside ai/ (CLI, UI, worker, match runner) goes through ``run_search`` or
``make_searcher`` so the same configuration always plays the same way.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace

from ai import alphabeta, expectiminimax, minimax, mtdf
from ai.algorithms import AlgorithmSpec, algorithm_spec
from ai.api import (
    Cancel,
    Evaluator,
    Predictor,
    ProgressCallback,
    Result,
    SearchConfig,
    Searcher,
)
from ai.kit import GameAI, game_ai, profile_for
from ai.mcts import searcher as mcts
from ai.searchbase import EvalFn, SearchBase, zero_eval
from ai.trace import Tracer, trace_root_values
from game.core import CHANCE, TERMINAL, State
from game.kit import GameKit

#: The searcher modules: each declares itself into the registry (ai.algorithms) as it is
#: imported, so every algorithm is registered before the engine builds one.
SEARCHER_MODULES = (minimax, alphabeta, mtdf, expectiminimax, mcts)


def default_algorithm(kit: GameKit) -> str:
    """The game's usual algorithm (its profile's): expectiminimax for dice, else alpha-beta."""
    return profile_for(kit).default_algorithm


def weighted_evaluator(ai: GameAI, variant: str | None,
                       weights: tuple[float, ...]) -> Evaluator:
    """The evaluator with its features' weights multiplied (a ValueError for an evaluator
    without editable features, or the wrong number of weights)."""
    evaluator = ai.evaluator(variant)
    game_id = ai.profile.game_id
    # An optional feature of some evaluators (Othello's, tic-tac-toe's), not of the protocol.
    weigh: Callable[[tuple[float, ...]], Evaluator] | None = getattr(evaluator, "weighted", None)
    if weigh is None:
        raise ValueError(f"the {getattr(evaluator, 'title', 'evaluation')} of {game_id} has no "
                         "features to weigh")
    return weigh(tuple(float(w) for w in weights))


def registered_spec(name: str) -> AlgorithmSpec | None:
    """The registry's entry for ``name``, None for an answer no searcher gave (the opening
    book's): asked here, where every searcher module has registered itself."""
    try:
        return algorithm_spec(name)
    except ValueError:
        return None


def make_searcher(config: SearchConfig, ai: GameAI | None = None) -> Searcher:
    """A fresh searcher (with its own transposition table) for ``config``; ``ai``: the
    game's AI part when the caller has it already (the id is looked up once a search)."""
    ai = ai if ai is not None else game_ai(config.kit)
    evaluator: Evaluator | None = None
    evaluate: EvalFn
    if not config.use_evaluator:
        evaluate = zero_eval
    elif config.evaluator_weights is not None:
        evaluator = weighted_evaluator(ai, config.evaluator, config.evaluator_weights)
        evaluate = evaluator.evaluate
    elif config.evaluator is not None:
        evaluator = ai.evaluator(config.evaluator)
        evaluate = evaluator.evaluate
    else:
        evaluate = ai.evaluator(None).evaluate
    spec = algorithm_spec(config.algorithm)
    profile = ai.profile
    scoring = profile.scoring()
    batched = ai.batched_searcher
    if config.algorithm == "expectiminimax" and evaluator is not None and batched is not None:
        # An evaluator that scores a roll's moves in one batch (backgammon's network) has its
        # game's own expectiminimax: the same algorithm, batched.
        batched_searcher = batched(evaluator, scoring)
        if batched_searcher is not None:
            return batched_searcher
    build = ai.searchers.get(config.algorithm, spec.build)  # the game's own, if it has one
    searcher = build(evaluate, scoring, profile, config)
    if spec.quiescent and config.refinements.quiescence and isinstance(searcher, SearchBase):
        searcher.set_quiescence(profile.noisy_moves)
    return searcher


def run_search(
    state: State,
    config: SearchConfig,
    cancel: Cancel | None = None,
    progress: ProgressCallback | None = None,
    on_depth: Callable[[Result], None] | None = None,
    tracer: Tracer | None = None,
    searcher: Searcher | None = None,
) -> Result:
    """The move to play in ``state`` and how it was found.

    Order: the game's opening book (when ``config.use_book`` and the book holds the
    position), exact solving (when ``config.exact`` and the game allows it), else the configured
    search; then, if ``config.noise`` > 0, a random choice among the root moves whose value is
    within ``noise`` (evaluation units) of the best, seeded by ``config.seed``. The returned
    Result's ``move`` is the move actually chosen. ``on_depth`` receives each completed depth.
    ``tracer`` hears the search (or the solver's answer) as it runs: the lab's recorder.
    ``searcher``: the one to run (built by ``make_searcher(config)``), when the caller reads
    more of it afterwards than the Result (a Monte Carlo tree search's tree).
    """
    player = state.current_player()
    if player == TERMINAL:
        raise ValueError("the game is over: there is no move to search")
    if player == CHANCE:
        raise ValueError("the position is at a chance event: roll the dice first")
    ai = game_ai(config.kit)
    if searcher is None:
        searcher = make_searcher(config, ai)  # validates the algorithm before any solving
    searcher.set_tracer(tracer)
    searcher.keep_at_root(config.keep_root_moves)
    start = time.monotonic()
    limits = config.limits
    result: Result | None = None
    book = ai.book if config.use_book else None
    if book is not None and not config.keep_root_moves:
        result = book(state)
        if result is not None and on_depth is not None:
            on_depth(result)
        if result is not None and tracer is not None:  # the lab draws the book's answer
            trace_root_values(tracer, state, result.depth, result.score, result.root_values,
                              result.pv)
    if result is None and config.exact:
        deadline = start + 0.6 * limits.time_s if limits.time_s is not None else None
        result = ai.profile.solve(state, config, cancel, deadline, tracer)
        if result is not None and config.noise > 0 and not result.root_values_exact:
            result = None  # noise needs every root move's exact value
        if result is not None and on_depth is not None:
            on_depth(result)
    if result is None:
        if limits.time_s is not None:
            remaining = max(0.01, limits.time_s - (time.monotonic() - start))
            if remaining < limits.time_s:
                limits = replace(limits, time_s=remaining)
        for depth_result in searcher.iterate(state, limits, cancel, progress):
            if on_depth is not None:
                on_depth(depth_result)
        result = searcher.final_result
        assert result is not None
    return apply_noise(result, config.noise, config.seed)


def apply_noise(result: Result, noise: float, seed: int | None) -> Result:
    """Pick uniformly among the root moves within ``noise`` of the best value."""
    if noise <= 0 or len(result.root_values) < 2:
        return result
    best = max(v for _, v in result.root_values)
    candidates = [(m, v) for m, v in result.root_values if v >= best - noise]
    move, value = random.Random(seed).choice(candidates)
    if move == result.move:
        return result
    return replace(result, move=move, score=value, pv=(move,))


def search_to_depth(state: State, config: SearchConfig, depth: int,
                    cancel: Cancel | None) -> Result:
    """The configured searcher run to exactly ``depth`` (no solver, no noise): what the lab
    measures when it compares algorithms and depths."""
    return make_searcher(config).search(state, replace(config.limits, depth=depth), cancel)


def node_predictor(state: State, config: SearchConfig) -> Predictor:
    """The configured searcher's own prediction of its nodes at a depth of ``state``, from
    its shallower searches (ai.lab.growth.extrapolate's ``predictor``)."""
    searcher = make_searcher(config)
    return lambda points, depth: searcher.predicted_nodes(state, points, depth)
