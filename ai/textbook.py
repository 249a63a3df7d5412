"""Minimax, alpha-beta and expectiminimax written the way the course slides write them.

This module is for reading. It has none of the engine's speed tricks (no negamax sign flips,
no transposition table, no move ordering, no principal-variation search), so a student can put
it beside the slides line by line. The searchers that play (ai.minimax, ai.alphabeta,
ai.expectiminimax) are tested against it: on the same tree they must find the same values and,
for alpha-beta without ordering, evaluate the same leaves in the same order.

A position is any ``game.core.State``. MAX is the player to move at the root; MIN is the other
player. A node is a leaf when the game is over or the depth runs out; ``Problem.leaf_value``
then says what it is worth to MAX (the game's result, or the evaluation function at the depth
horizon).

Each line that step mode highlights carries its name in a comment, ``# [max-value]``;
``PSEUDOCODE`` is the same algorithms as the slides print them, with the same names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.core import CHANCE, TERMINAL, Move, State

INFINITY = float("inf")


@dataclass(frozen=True)
class Problem:
    """What the algorithms need to know besides the rules."""

    #: The player whose values are maximised (the one to move at the root).
    max_player: int
    #: The value of a leaf for MAX: ``leaf_value(state, depth_left)``.
    leaf_value: Callable[[State, int], float]


def is_leaf(state: State, depth: int) -> bool:
    return depth == 0 or state.current_player() == TERMINAL


def is_max(state: State, problem: Problem) -> bool:
    return state.current_player() == problem.max_player


def is_chance(state: State) -> bool:
    return state.current_player() == CHANCE


# --------------------------------------------------------------------------- minimax


def minimax(state: State, depth: int, problem: Problem) -> float:
    """The value of ``state`` for MAX when both players play perfectly (to ``depth``)."""
    if is_leaf(state, depth):  # [leaf]
        return problem.leaf_value(state, depth)
    if is_chance(state):
        raise ValueError("minimax has no chance nodes: use expectiminimax")
    if is_max(state, problem):
        v = -INFINITY  # [max-init]
        for a in state.legal_moves():  # [max-loop]
            v = max(v, minimax(state.apply(a), depth - 1, problem))  # [max-value]
        return v  # [max-return]
    v = INFINITY  # [min-init]
    for a in state.legal_moves():  # [min-loop]
        v = min(v, minimax(state.apply(a), depth - 1, problem))  # [min-value]
    return v  # [min-return]


# --------------------------------------------------------------------------- alpha-beta


def alphabeta(state: State, depth: int, problem: Problem) -> float:
    """Minimax's value, skipping the subtrees that cannot change it."""
    if is_max(state, problem):
        return max_value(state, depth, -INFINITY, INFINITY, problem)
    return min_value(state, depth, -INFINITY, INFINITY, problem)


def max_value(state: State, depth: int, alpha: float, beta: float, problem: Problem) -> float:
    """alpha: the best MAX can already force elsewhere; beta: the best MIN can."""
    if is_leaf(state, depth):  # [leaf]
        return problem.leaf_value(state, depth)
    v = -INFINITY  # [max-init]
    for a in state.legal_moves():  # [max-loop]
        v = max(v, ab_value(state.apply(a), depth - 1, alpha, beta, problem))  # [max-value]
        if v >= beta:  # [max-cutoff]
            return v  # MIN will never let the game come here
        alpha = max(alpha, v)  # [max-alpha]
    return v  # [max-return]


def min_value(state: State, depth: int, alpha: float, beta: float, problem: Problem) -> float:
    if is_leaf(state, depth):  # [leaf]
        return problem.leaf_value(state, depth)
    v = INFINITY  # [min-init]
    for a in state.legal_moves():  # [min-loop]
        v = min(v, ab_value(state.apply(a), depth - 1, alpha, beta, problem))  # [min-value]
        if v <= alpha:  # [min-cutoff]
            return v  # MAX will never let the game come here
        beta = min(beta, v)  # [min-beta]
    return v  # [min-return]


def ab_value(state: State, depth: int, alpha: float, beta: float, problem: Problem) -> float:
    """The turn decides which of the two functions runs (a game may give a player two turns)."""
    if not is_leaf(state, depth) and is_max(state, problem):
        return max_value(state, depth, alpha, beta, problem)
    return min_value(state, depth, alpha, beta, problem)


# --------------------------------------------------------------------------- expectiminimax


def expectiminimax(state: State, depth: int, problem: Problem) -> float:
    """Minimax with dice: a chance node is worth the probability-weighted average of its
    outcomes."""
    if is_leaf(state, depth):  # [leaf]
        return problem.leaf_value(state, depth)
    if is_chance(state):
        total = 0.0  # [chance-init]
        for outcome, p in state.chance_outcomes():  # [chance-loop]
            total += p * expectiminimax(state.apply(outcome), depth - 1, problem)  # [chance-sum]
        return total  # [chance-return]
    if is_max(state, problem):
        v = -INFINITY  # [max-init]
        for a in state.legal_moves():  # [max-loop]
            v = max(v, expectiminimax(state.apply(a), depth - 1, problem))  # [max-value]
        return v  # [max-return]
    v = INFINITY  # [min-init]
    for a in state.legal_moves():  # [min-loop]
        v = min(v, expectiminimax(state.apply(a), depth - 1, problem))  # [min-value]
    return v  # [min-return]


# --------------------------------------------------------------------------- decisions

ALGORITHMS: dict[str, Callable[[State, int, Problem], float]] = {
    "minimax": minimax,
    "alphabeta": alphabeta,
    "expectiminimax": expectiminimax,
}


def decision(state: State, depth: int, problem: Problem, algorithm: str) -> tuple[Move, float]:
    """MAX's move at the root: the first move whose value is the highest, and that value.

    Each move is valued on its own (full window), as the slides' MINIMAX-DECISION does."""
    value_of = ALGORITHMS[algorithm]
    best_move, best = None, -INFINITY
    for a in state.legal_moves():
        v = value_of(state.apply(a), depth - 1, problem)
        if v > best:
            best_move, best = a, v
    return best_move, best


# --------------------------------------------------------------------------- for the screen

#: Each algorithm as the slides print it: (line name or "", text). Step mode highlights the
#: line whose name a ``StepEvent.line`` gives.
PSEUDOCODE: dict[str, tuple[tuple[str, str], ...]] = {
    "minimax": (
        ("", "function MINIMAX(s, depth)"),
        ("leaf", "  if TERMINAL(s) or depth = 0: return UTILITY(s)"),
        ("", "  if PLAYER(s) = MAX:"),
        ("max-init", "    v = -infinity"),
        ("max-loop", "    for each a in ACTIONS(s):"),
        ("max-value", "      v = max(v, MINIMAX(RESULT(s, a), depth-1))"),
        ("max-return", "    return v"),
        ("", "  if PLAYER(s) = MIN:"),
        ("min-init", "    v = +infinity"),
        ("min-loop", "    for each a in ACTIONS(s):"),
        ("min-value", "      v = min(v, MINIMAX(RESULT(s, a), depth-1))"),
        ("min-return", "    return v"),
    ),
    "alphabeta": (
        ("", "function MAX-VALUE(s, depth, alpha, beta)"),
        ("leaf", "  if TERMINAL(s) or depth = 0: return UTILITY(s)"),
        ("max-init", "  v = -infinity"),
        ("max-loop", "  for each a in ACTIONS(s):"),
        ("max-value", "    v = max(v, MIN-VALUE(RESULT(s, a), depth-1, alpha, beta))"),
        ("max-cutoff", "    if v >= beta: return v"),
        ("max-alpha", "    alpha = max(alpha, v)"),
        ("max-return", "  return v"),
        ("", ""),
        ("", "function MIN-VALUE(s, depth, alpha, beta)"),
        ("leaf", "  if TERMINAL(s) or depth = 0: return UTILITY(s)"),
        ("min-init", "  v = +infinity"),
        ("min-loop", "  for each a in ACTIONS(s):"),
        ("min-value", "    v = min(v, MAX-VALUE(RESULT(s, a), depth-1, alpha, beta))"),
        ("min-cutoff", "    if v <= alpha: return v"),
        ("min-beta", "    beta = min(beta, v)"),
        ("min-return", "  return v"),
    ),
    "expectiminimax": (
        ("", "function EXPECTIMINIMAX(s, depth)"),
        ("leaf", "  if TERMINAL(s) or depth = 0: return UTILITY(s)"),
        ("", "  if PLAYER(s) = CHANCE:"),
        ("chance-init", "    total = 0"),
        ("chance-loop", "    for each outcome r with probability P(r):"),
        ("chance-sum", "      total = total + P(r) * EXPECTIMINIMAX(RESULT(s, r), depth-1)"),
        ("chance-return", "    return total"),
        ("", "  if PLAYER(s) = MAX:"),
        ("max-init", "    v = -infinity"),
        ("max-loop", "    for each a in ACTIONS(s):"),
        ("max-value", "      v = max(v, EXPECTIMINIMAX(RESULT(s, a), depth-1))"),
        ("max-return", "    return v"),
        ("", "  if PLAYER(s) = MIN:"),
        ("min-init", "    v = +infinity"),
        ("min-loop", "    for each a in ACTIONS(s):"),
        ("min-value", "      v = min(v, EXPECTIMINIMAX(RESULT(s, a), depth-1))"),
        ("min-return", "    return v"),
    ),
}

#: The decisions of the engine's expectiminimax: alpha-beta, as MAX-VALUE and MIN-VALUE do it.
_DECISIONS: tuple[tuple[str, str], ...] = (
        ("", "  if PLAYER(s) = MAX:   # alpha-beta at decisions"),
        ("max-init", "    v = -infinity"),
        ("max-value", "    for each a: v = max(v, EXPECTIMINIMAX(RESULT(s, a), depth-1, "
                      "alpha, beta))"),
        ("max-cutoff", "      if v >= beta: return v"),
        ("max-alpha", "      alpha = max(alpha, v)"),
        ("max-return", "    return v"),
        ("", "  if PLAYER(s) = MIN:"),
        ("min-init", "    v = +infinity"),
        ("min-value", "    for each a: v = min(v, EXPECTIMINIMAX(RESULT(s, a), depth-1, "
                      "alpha, beta))"),
        ("min-cutoff", "      if v <= alpha: return v"),
        ("min-beta", "      beta = min(beta, v)"),
        ("min-return", "    return v"),
)

#: The engine's own forms, for step mode's code panel beside a search that ran them: alpha-beta
#: as the negamax the engine is (one function; values and windows from the mover's side),
#: principal-variation search with its null-window test and re-search (and the aspiration
#: window at the root), and expectiminimax with alpha-beta at its decisions, with and without
#: Star1 at its chance nodes. Line names are the panel's; game.ui.lab.pseudocode maps each
#: recorded step onto them.
ENGINE_PSEUDOCODE: dict[str, tuple[tuple[str, str], ...]] = {
    "negamax": (
        ("", "function NEGAMAX(s, depth, alpha, beta)   # for the mover"),
        ("leaf", "  if TERMINAL(s) or depth = 0: return UTILITY(s, mover)"),
        ("init", "  v = -infinity"),
        ("loop", "  for each a in ACTIONS(s):"),
        ("value", "    v = max(v, -NEGAMAX(RESULT(s, a), depth-1, -beta, -alpha))"),
        ("cutoff", "    if v >= beta: return v"),
        ("raise", "    alpha = max(alpha, v)"),
        ("return", "  return v"),
    ),
    "pvs": (
        ("asp-window", "root: alpha, beta = last value -/+ delta   # aspiration"),
        ("asp-research", "root: if v <= alpha or v >= beta: PVS(root, d, -inf, +inf)"),
        ("", ""),
        ("", "function PVS(s, depth, alpha, beta)   # NegaScout, for the mover"),
        ("leaf", "  if TERMINAL(s) or depth = 0: return UTILITY(s, mover)"),
        ("init", "  v = -infinity"),
        ("loop", "  for each a in ACTIONS(s), the best guess first:"),
        ("value", "    if a is the first: score = -PVS(RESULT(s, a), depth-1, -beta, -alpha)"),
        ("probe", "    else: score = -PVS(RESULT(s, a), depth-1, -alpha-eps, -alpha)"),
        ("research", "      if alpha < score < beta: score = -PVS(RESULT(s, a), depth-1, "
                     "-beta, -alpha)"),
        ("cutoff", "    v = max(v, score); if v >= beta: return v"),
        ("raise", "    alpha = max(alpha, v)"),
        ("return", "  return v"),
    ),
    "expectiminimax-ab": (
        ("", "function EXPECTIMINIMAX(s, depth, alpha, beta)"),
        ("leaf", "  if TERMINAL(s) or depth = 0: return UTILITY(s)"),
        ("", "  if PLAYER(s) = CHANCE:   # every roll counts: no window here"),
        ("chance-init", "    total = 0"),
        ("chance-loop", "    for each outcome r with probability P(r):"),
        ("chance-sum", "      total = total + P(r) * EXPECTIMINIMAX(RESULT(s, r), depth-1, "
                       "-inf, +inf)"),
        ("chance-return", "    return total"),
    ) + _DECISIONS,
    "expectiminimax-star1": (
        ("", "function EXPECTIMINIMAX(s, depth, alpha, beta)   # values within [L, U]"),
        ("leaf", "  if TERMINAL(s) or depth = 0: return UTILITY(s)"),
        ("", "  if PLAYER(s) = CHANCE:   # Star1"),
        ("chance-init", "    total = 0; left = 1"),
        ("chance-loop", "    for each outcome r with probability P(r): left = left - P(r)"),
        ("chance-sum", "      total = total + P(r) * EXPECTIMINIMAX(RESULT(s, r), depth-1, "
                       "(alpha - total - left*U) / P(r), (beta - total - left*L) / P(r))"),
        ("chance-cutoff", "      if total + left*U <= alpha or total + left*L >= beta: "
                          "return that bound"),
        ("chance-return", "    return total"),
    ) + _DECISIONS,
}

#: Lines step mode may name that no slide has: the engine's additions, explained in words.
ENGINE_LINES: dict[str, str] = {
    "tt-hit": "Transposition table: this position was searched before to the same depth; its "
              "stored value is reused and its subtree skipped.",
    "chance-cutoff": "Star1 pruning: even if every remaining roll scored its best possible "
                     "value, the average could not matter any more; the rest are skipped.",
    "filter": "Move filtering: the moves are scored by a quick evaluation and only the best "
              "few are searched further.",
    "research": "Re-search: the null-window probe said this move is better than alpha, so "
                "it is searched again with the full window to learn its value (at the root: "
                "the aspiration window failed, so the root is searched again, wider).",
    # The engine's expectiminimax prunes its decision nodes as alpha-beta does.
    "max-cutoff": "Alpha-beta at a decision node: v >= beta, MIN will not allow this line; "
                  "the remaining moves are skipped.",
    "min-cutoff": "Alpha-beta at a decision node: v <= alpha, MAX will not allow this line; "
                  "the remaining moves are skipped.",
    # The engine's minimax meets dice in backgammon and averages them.
    "chance-init": "A roll of the dice: the engine's minimax averages the outcomes by their "
                   "probability, as expectiminimax does.",
    "chance-sum": "Adding this outcome's value times its probability to the average.",
    "chance-return": "The chance node returns the probability-weighted average.",
}
