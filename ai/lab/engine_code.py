"""The engine's own forms of the algorithms, for step mode's code panel, and its extra steps.

ai.lab.textbook writes the algorithms as the slides do; the searchers that play run other forms of
them: alpha-beta as one negamax function, principal-variation search with its null-window
probe, expectiminimax with alpha-beta at its decisions (and Star1 at its chance nodes), and
quiescence search for the mover. The lab shows these beside a search that ran them
(ui.lab.pseudocode), and ``ENGINE_LINES`` says in words what no listing has a line for.
ai.lab.textbook re-exports every name here.
"""

from __future__ import annotations

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
#: Star1 at its chance nodes. Line names are the panel's; ui.lab.pseudocode maps each
#: recorded step onto them.
ENGINE_PSEUDOCODE: dict[str, tuple[tuple[str, str], ...]] = {
    "negamax": (
        ("", "function NEGAMAX(s, depth, alpha, beta)   # for the mover"),
        ("leaf", "  if TERMINAL(s) or depth = 0: return UTILITY(s, mover)"),
        ("init", "  v = -infinity"),
        ("loop", "  for each a in ACTIONS(s):"),
        ("value", "    v = max(v, -NEGAMAX(RESULT(s, a), depth-1, -beta, -alpha))"),
        ("", "      # (a move after which the same side moves again: no minus, same window)"),
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
        ("", "      # (a move after which the same side moves again: no minus, same window)"),
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
    # Quiescence search beside the negamax forms (NEGAMAX, PVS): one function for the mover;
    # a noisy move that keeps the turn (an extra turn) keeps the sign.
    "quiescence-negamax": (
        ("", "function QUIESCE(s, alpha, beta)   # for the mover, past the depth limit"),
        ("q-leaf", "  if TERMINAL(s): return UTILITY(s, mover)"),
        ("q-quiet", "  if NOISY(s) is empty: return EVAL(s, mover)   # quiet"),
        ("stand-pat", "  v = EVAL(s, mover)   # the stand pat: the mover may stop here"),
        ("q-stand", "  if v >= beta: return v"),
        ("", "  alpha = max(alpha, v)"),
        ("q-loop", "  for each a in NOISY(s):   # captures, extra turns"),
        ("q-value", "    v = max(v, -QUIESCE(RESULT(s, a), -beta, -alpha))"),
        ("", "      # (a move after which the same side moves again: no minus, same window)"),
        ("q-cutoff", "    if v >= beta: return v"),
        ("q-raise", "    alpha = max(alpha, v)"),
        ("q-return", "  return v"),
    ),
}

#: The depth-limit call of a listing whose search went on with quiescence search there.
QUIESCENCE_CALL = {
    "minimax": "if depth = 0: return QUIESCE(s)",
    "mover": "if depth = 0: return QUIESCE(s, alpha, beta)",
}


def with_quiescence(code: tuple[tuple[str, str], ...], windowed: bool = True
                    ) -> tuple[tuple[str, str], ...]:
    """``code`` as it runs with quiescence search: a finished game is scored as before
    ("leaf"), but at the depth limit it calls QUIESCE ("horizon") instead of scoring the
    position as it stands."""
    call = QUIESCENCE_CALL["mover" if windowed else "minimax"]
    out: list[tuple[str, str]] = []
    for name, text in code:
        if name == "leaf" and " or depth = 0" in text:
            indent = text[:len(text) - len(text.lstrip())]
            out += [(name, text.replace(" or depth = 0", "")), ("horizon", indent + call)]
        else:
            out.append((name, text))
    return tuple(out)


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
