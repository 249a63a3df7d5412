"""Kalah, the sowing game: two rows of pits, a store at each end, extra turns and captures.

The kit below is the game's one entry in Kibitz (game.kit): its layers load on first use.
Kalah brings the lecture's quiescence search: its captures make a position's value jump from
one ply to the next, so its profile names the noisy moves a search follows past its depth limit.
"""

from __future__ import annotations

from game.core import State, own_state
from game.kit import Example, GameKit
from game.setup import GameSetup
from game.zobrist import PieceBoard

#: North to move on a three-pit board: pit 3 fills North's store and leaves South a capture.
HORIZON_EXAMPLE = "7,0,0|4|2,0,3|8 N"


class KalahKit(GameKit):
    id = "kalah"
    title = "Kalah"
    order = 50

    def examples(self) -> dict[str, Example]:
        """The lab's horizon-effect example (found by searching random Kalah(3,n) positions
        for one where depth 1 without quiescence and with it choose differently, checked by
        the exact solver, and where the depth chart marks the horizon effect: one ply more
        turns the verdict without quiescence (◆), never with it; tests/test_quiescence.py
        holds it to that)."""
        return {"horizon": Example(
            "horizon", HORIZON_EXAMPLE,
            "depth 1 without quiescence plays pit 3 (+5, it thinks) and walks into South's "
            "capture just past its horizon: the depth chart's ◆ at depth 2 (-3); switch "
            "Quiescence on: it sees the capture and plays pit 1 (solved: pit 3 loses by 6, "
            "pit 1 draws)", depth=1)}

    def piece_board(self, state: State) -> PieceBoard:
        """Each pit and store holding so many seeds: the piece is the count (an empty pit
        holds none), as a Zobrist table for a sowing game numbers them."""
        from games.kalah.rules import KalahState  # the rules: on first use, as load_rules

        state = own_state(state, KalahState)
        pits, stores = state.pits, state.stores
        m = len(pits) // 2
        seeds = sum(pits) + sum(stores)
        squares = (*(f"South {i + 1}" for i in range(m)), "South store",
                   *(f"North {i + 1}" for i in range(m)), "North store")
        counts = (*pits[:m], stores[0], *pits[m:], stores[1])
        placed = tuple((sq, n - 1) for sq, n in enumerate(counts) if n)
        pieces = tuple(f"{n} seed{'s' if n > 1 else ''}" for n in range(1, seeds + 1))
        return PieceBoard(squares, pieces, placed, state.to_move == 1)

    def setup(self) -> GameSetup:
        from games.kalah.setup import SETUP  # the start screen's rows: when it asks

        return SETUP


KIT = KalahKit()
