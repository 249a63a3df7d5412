"""Where a transposition table can pay: the shallowest ply two move orders meet.

The table saves work only when a position is reached again with plies left to search below it
(a position met again as a leaf costs one evaluation either way). So a search to depth ``d``
can save nothing unless some position repeats within ``d - 1`` plies; the lab says so in words
rather than showing two equal node counts as if the switch did nothing for no reason.
"""

from __future__ import annotations

from functools import lru_cache

from game.core import CHANCE, TERMINAL, State

#: Positions the walk may generate before it gives up (a repeat deeper than that is not found).
WALK_BUDGET = 20_000


def first_repeat(state: State, max_plies: int, budget: int = WALK_BUDGET) -> int | None:
    """Plies to the shallowest position two move sequences from ``state`` reach (a dice roll
    is a ply, as the searches count it); None when none does within ``max_plies`` plies or
    the ``budget`` of positions."""
    frontier: dict[object, State] = {state.key(): state}
    made = 0
    for ply in range(1, max_plies + 1):
        reached: dict[object, State] = {}
        for position in frontier.values():
            player = position.current_player()
            if player == TERMINAL:
                continue
            moves = ([m for m, _ in position.chance_outcomes()] if player == CHANCE
                     else list(position.legal_moves()))
            for move in moves:
                child = position.apply(move)
                key = child.key()
                if key in reached:
                    return ply
                reached[key] = child
                made += 1
                if made > budget:
                    return None
        frontier = reached
    return None


def pays_from(state: State, max_depth: int, budget: int = WALK_BUDGET) -> int | None:
    """The first search depth at which the table can save nodes on ``state`` (one ply below
    the first repeat), if that is at most ``max_depth``; else None."""
    ply = first_repeat(state, max_depth - 1, budget) if max_depth > 1 else None
    return None if ply is None else ply + 1


@lru_cache(maxsize=64)  # the compare pane asks once a row with the table, same answer
def no_saving_note(state: State, depth: int, budget: int = WALK_BUDGET) -> str:
    """The words for a search to ``depth`` with the table on when the table cannot pay: ""
    when it can."""
    if pays_from(state, depth, budget) is not None:
        return ""
    later = pays_from(state, depth + 3, budget)
    where = f"before depth {later}" if later is not None else f"within these {depth} plies"
    return f"table: no position repeats {where}: the table saves nothing here"
