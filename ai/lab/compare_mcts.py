"""MCTS beside alpha-beta in the lab's comparison: the same position searched by Monte Carlo
tree search at alpha-beta's budget, once at equal nodes (as many iterations as the reference
search visited nodes) and once at equal time (its seconds), saying where they agree (the same
move) and where not.

The reference is the level's own search where it finished (the row marked "(<level> plays)"),
else the last finished alpha-beta (expectiminimax with dice) row without quiescence search. MCTS's value is a mean reward, not the
game's units, so it is never checked against the other rows' values (``agree`` stays None):
the move is what the two roads can agree on (``same_move``). An equal-nodes run is cut at
``max_s`` seconds (the row then says how many iterations it reached).
"""

from __future__ import annotations

from dataclasses import replace

from ai.api import Cancel, Limits, SearchConfig
from ai.engine import make_searcher
from ai.kit import profile_for
from ai.lab.compare import CompareRow
from ai.mcts.searcher import MctsSearcher
from ai.mcts.units import value_label
from game.core import State

EQUAL_NODES = "MCTS, iterations = its nodes"
EQUAL_TIME = "MCTS, the same time"
MCTS_LABELS = (EQUAL_NODES, EQUAL_TIME)
#: The fewest seconds an equal-time run gets (a reference timed at 0); a run always
#: makes at least one iteration.
MIN_S = 0.0001
#: The most seconds an equal-nodes run gets (a slow game's playouts: hundreds a second).
MAX_S = 5.0


def reference_row(rows: list[CompareRow]) -> CompareRow | None:
    """The alpha-beta row MCTS is measured against (see the module's docstring)."""
    done = [r for r in rows if r.status == "done" and r.move is not None
            and r.algorithm != "mcts"]
    own = [r for r in done if r.label.endswith("plays)")]
    if own:
        return own[-1]
    plain = [r for r in done if not r.switches.get("quiescence")]
    # Alpha-beta itself (with dice: expectiminimax), not MTD(f)'s probes of it.
    own_kind = [r for r in plain if r.algorithm in ("alphabeta", "expectiminimax")]
    found = own_kind or plain or done
    return found[-1] if found else None


def mcts_row(state: State, base: SearchConfig, reference: CompareRow, label: str,
             max_s: float, cancel: Cancel | None = None) -> CompareRow:
    """One MCTS row at ``reference``'s nodes (EQUAL_NODES) or time (EQUAL_TIME)."""
    config = replace(base, algorithm="mcts", noise=0.0, exact=False, limits=Limits(),
                     seed=0 if base.seed is None else base.seed)
    searcher = make_searcher(config)
    assert isinstance(searcher, MctsSearcher)
    searcher.owner = None  # a fresh tree: the budget is all it has
    if label == EQUAL_NODES:
        limits = Limits(iterations=max(1, reference.nodes), time_s=min(max_s, MAX_S))
    else:
        limits = Limits(time_s=max(MIN_S, reference.time_s))
    row = CompareRow(label, "mcts", {}, reference.depth, "done", game_id=config.game_id)
    row.estimate_nodes = float(limits.iterations or 0)
    result = searcher.search(state, limits, cancel)
    row.nodes = row.final_nodes = result.stats.nodes
    row.passes = 1
    row.time_s = result.stats.time_s
    if cancel is not None and cancel.is_set():
        row.status = "stopped"
        return row
    row.value = result.score
    row.value_text = value_label(profile_for(config.kit), result.score, exact=False,
                                 algorithm="mcts").long
    row.move = config.kit.rules().format_move(state, result.move)
    row.same_move = row.move == reference.move
    row.reference = reference.label
    row.reference_move = reference.move
    return row


def mcts_notes(rows: list[CompareRow]) -> list[str]:
    """Each MCTS row in words: its budget, its move, and whether alpha-beta's is the same."""
    notes = []
    for r in rows:
        if r.algorithm != "mcts" or r.status != "done" or r.same_move is None:
            continue
        ref = r.reference.split(" (")[0].lstrip("+ ")
        if r.label == EQUAL_NODES:
            cut = (f", cut at {r.time_s:.0f} s of {r.estimate_nodes:,.0f}"
                   if r.nodes < r.estimate_nodes else "")
            budget = f"at equal nodes ({r.nodes:,} iterations{cut})"
        else:
            budget = f"at equal time ({r.nodes:,} iterations)"
        verdict = ("the same move as alpha-beta" if r.same_move
                   else f"not alpha-beta's {r.reference_move}")
        notes.append(f"MCTS {budget} plays {r.move}: {verdict} ({ref}).")
    return notes
