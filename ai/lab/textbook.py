"""Minimax, alpha-beta, MTD(f) and expectiminimax written the way the course slides write them.

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

Quiescence search (the lecture's remedy for the horizon effect) is here too, for a game that
names its noisy moves (``Problem.noisy_moves``: Kalah's captures and extra turns): at the
depth limit a position with a noisy move is not scored as it stands but searched on along the
noisy moves only, its static value the "stand pat" the mover may always settle for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

# The engine's own forms (negamax, PVS, expectiminimax with alpha-beta, quiescence for the
# mover) live in ai.lab.engine_code; re-exported here, where the screen and the tests look.
from ai.lab.engine_code import ENGINE_LINES, ENGINE_PSEUDOCODE, QUIESCENCE_CALL, with_quiescence
from ai.lab.textbook_mcts import MCTS_PSEUDOCODE
from ai.searchbase import QUIESCENCE_PLIES
from game.core import CHANCE, TERMINAL, Move, State

__all__ = ["ENGINE_LINES", "ENGINE_PSEUDOCODE", "PSEUDOCODE", "QUIESCENCE_CALL", "Problem",
           "alphabeta", "decision", "expectiminimax", "minimax", "mtdf", "quiesce",
           "quiesce_minimax", "with_quiescence"]

INFINITY = float("inf")


@dataclass(frozen=True)
class Problem:
    """What the algorithms need to know besides the rules."""

    #: The player whose values are maximised (the one to move at the root).
    max_player: int
    #: The value of a leaf for MAX: ``leaf_value(state, depth_left)``.
    leaf_value: Callable[[State, int], float]
    #: The moves quiescence search follows past the depth limit (None: no quiescence, the
    #: depth limit's positions are scored as they stand).
    noisy_moves: Callable[[State], Sequence[Move]] | None = None


def is_leaf(state: State, depth: int) -> bool:
    return depth == 0 or state.current_player() == TERMINAL


def is_max(state: State, problem: Problem) -> bool:
    return state.current_player() == problem.max_player


def is_chance(state: State) -> bool:
    return state.current_player() == CHANCE


def leaf(state: State, depth: int, problem: Problem,
         window: tuple[float, float] | None = None) -> float:
    """A leaf's value for MAX: the game's result, or at the depth limit the evaluation, or
    (a game with noisy moves) what quiescence search makes of it: alpha-beta's with its
    ``window``, minimax's without one."""
    if problem.noisy_moves is None or depth != 0 or state.current_player() < 0:
        return problem.leaf_value(state, depth)
    if window is None:
        return quiesce_minimax(state, problem)
    return quiesce(state, window[0], window[1], problem)


# --------------------------------------------------------------------------- minimax


def minimax(state: State, depth: int, problem: Problem) -> float:
    """The value of ``state`` for MAX when both players play perfectly (to ``depth``)."""
    if is_leaf(state, depth):  # [leaf]
        return leaf(state, depth, problem)
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
        return leaf(state, depth, problem, (alpha, beta))
    v = -INFINITY  # [max-init]
    for a in state.legal_moves():  # [max-loop]
        v = max(v, ab_value(state.apply(a), depth - 1, alpha, beta, problem))  # [max-value]
        if v >= beta:  # [max-cutoff]
            return v  # MIN will never let the game come here
        alpha = max(alpha, v)  # [max-alpha]
    return v  # [max-return]


def min_value(state: State, depth: int, alpha: float, beta: float, problem: Problem) -> float:
    if is_leaf(state, depth):  # [leaf]
        return leaf(state, depth, problem, (alpha, beta))
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


# --------------------------------------------------------------------------- MTD(f)

#: MTD(f)'s null window: the test "is the value at least beta?" searches (beta - EPSILON, beta).
EPSILON = 1e-9


def mtdf(state: State, depth: int, problem: Problem, first_guess: float = 0.0) -> float:
    """Alpha-beta's value found with null windows only: each probe asks "at least beta?", and
    the answer (a bound) moves lower or upper until they meet. Without a transposition table
    each probe searches its tree afresh; the engine's MTD(f) (ai.mtdf) keeps a table."""
    g = first_guess  # [mtd-init]
    lower, upper = -INFINITY, INFINITY
    while lower < upper:  # [mtd-loop]
        beta = max(g, lower + EPSILON)  # [mtd-probe]
        g = ab_value(state, depth, beta - EPSILON, beta, problem)  # [mtd-search]
        if g < beta:  # [mtd-bound]
            upper = g
        else:
            lower = g
    return g  # [mtd-return]


# --------------------------------------------------------------------------- quiescence


def quiesce_minimax(state: State, problem: Problem, plies: int = QUIESCENCE_PLIES) -> float:
    """Minimax past the depth limit: the best of the stand pat and the noisy moves' values.
    ``plies``: how much further it may still go (the engine's cap; noisy moves run out)."""
    assert problem.noisy_moves is not None
    if state.current_player() == TERMINAL:  # [q-leaf]
        return problem.leaf_value(state, 0)
    moves = problem.noisy_moves(state) if plies > 0 else ()
    if not moves:  # [q-quiet]
        return problem.leaf_value(state, 0)
    v = problem.leaf_value(state, 0)  # [stand-pat]
    if is_max(state, problem):
        for a in moves:  # [q-max-loop]
            v = max(v, quiesce_minimax(state.apply(a), problem, plies - 1))  # [q-max-value]
        return v  # [q-max-return]
    for a in moves:  # [q-min-loop]
        v = min(v, quiesce_minimax(state.apply(a), problem, plies - 1))  # [q-min-value]
    return v  # [q-min-return]


def quiesce(state: State, alpha: float, beta: float, problem: Problem,
            plies: int = QUIESCENCE_PLIES) -> float:
    """Alpha-beta past the depth limit: the stand pat is a value the mover already has, so it
    narrows the window (or cuts off at once) before any noisy move is searched."""
    assert problem.noisy_moves is not None
    if state.current_player() == TERMINAL:  # [q-leaf]
        return problem.leaf_value(state, 0)
    moves = problem.noisy_moves(state) if plies > 0 else ()
    if not moves:  # [q-quiet]
        return problem.leaf_value(state, 0)
    v = problem.leaf_value(state, 0)  # [stand-pat]
    if is_max(state, problem):
        if v >= beta:  # [q-max-stand]
            return v  # the stand pat alone is too good for MIN to allow
        alpha = max(alpha, v)
        for a in moves:  # [q-max-loop]
            v = max(v, quiesce(state.apply(a), alpha, beta, problem, plies - 1))  # [q-max-value]
            if v >= beta:  # [q-max-cutoff]
                return v
            alpha = max(alpha, v)  # [q-max-alpha]
        return v  # [q-max-return]
    if v <= alpha:  # [q-min-stand]
        return v
    beta = min(beta, v)
    for a in moves:  # [q-min-loop]
        v = min(v, quiesce(state.apply(a), alpha, beta, problem, plies - 1))  # [q-min-value]
        if v <= alpha:  # [q-min-cutoff]
            return v
        beta = min(beta, v)  # [q-min-beta]
    return v  # [q-min-return]


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
    "mtdf": mtdf,
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
    "mtdf": (
        ("", "function MTDF(root, depth, f)   # f: the first guess"),
        ("mtd-init", "  g = f;  lower = -infinity;  upper = +infinity"),
        ("mtd-loop", "  while lower < upper:"),
        ("mtd-probe", "    beta = max(g, lower + eps)   # test: value >= beta?"),
        ("mtd-search", "    g = MAX-VALUE(root, depth, beta - eps, beta)   # null window"),
        ("mtd-bound", "    if g < beta: upper = g   else: lower = g"),
        ("mtd-return", "  return g"),
        ("", ""),
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
    # Quiescence search, past the depth limit (the listings above then call it at depth 0:
    # ``with_quiescence``), for minimax and for alpha-beta as MAX-VALUE and MIN-VALUE call it.
    "quiescence-minimax": (
        ("", "function QUIESCE(s)   # past the depth limit: noisy moves only"),
        ("q-leaf", "  if TERMINAL(s): return UTILITY(s)"),
        ("q-quiet", "  if NOISY(s) is empty: return EVAL(s)   # quiet"),
        ("stand-pat", "  v = EVAL(s)   # the stand pat: the mover may stop here"),
        ("", "  if PLAYER(s) = MAX:"),
        ("q-max-loop", "    for each a in NOISY(s):   # captures, extra turns"),
        ("q-max-value", "      v = max(v, QUIESCE(RESULT(s, a)))"),
        ("q-max-return", "    return v"),
        ("", "  if PLAYER(s) = MIN:"),
        ("q-min-loop", "    for each a in NOISY(s):"),
        ("q-min-value", "      v = min(v, QUIESCE(RESULT(s, a)))"),
        ("q-min-return", "    return v"),
    ),
    "quiescence-alphabeta": (
        ("", "function QUIESCE(s, alpha, beta)   # past the depth limit"),
        ("q-leaf", "  if TERMINAL(s): return UTILITY(s)"),
        ("q-quiet", "  if NOISY(s) is empty: return EVAL(s)   # quiet"),
        ("stand-pat", "  v = EVAL(s)   # the stand pat: the mover may stop here"),
        ("", "  if PLAYER(s) = MAX:"),
        ("q-max-stand", "    if v >= beta: return v   # else alpha = max(alpha, v)"),
        ("q-max-loop", "    for each a in NOISY(s):   # captures, extra turns"),
        ("q-max-value", "      v = max(v, QUIESCE(RESULT(s, a), alpha, beta))"),
        ("q-max-cutoff", "      if v >= beta: return v"),
        ("q-max-alpha", "      alpha = max(alpha, v)"),
        ("q-max-return", "    return v"),
        ("", "  if PLAYER(s) = MIN:"),
        ("q-min-stand", "    if v <= alpha: return v   # else beta = min(beta, v)"),
        ("q-min-loop", "    for each a in NOISY(s):"),
        ("q-min-value", "      v = min(v, QUIESCE(RESULT(s, a), alpha, beta))"),
        ("q-min-cutoff", "      if v <= alpha: return v"),
        ("q-min-beta", "      beta = min(beta, v)"),
        ("q-min-return", "    return v"),
    ),
}
# Monte Carlo tree search, the lecture's other road (ai.lab.textbook_mcts).
PSEUDOCODE["mcts"] = MCTS_PSEUDOCODE
# MTD(f)'s driver calls MAX-VALUE and MIN-VALUE: its listing carries them below it.
PSEUDOCODE["mtdf"] = PSEUDOCODE["mtdf"] + PSEUDOCODE["alphabeta"]
