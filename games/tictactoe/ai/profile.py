"""Tic-tac-toe as the AI sees it: values are plies to a proven result or, short of one, the
open-lines estimate; the whole game is small enough to solve at every move."""

from __future__ import annotations

from dataclasses import dataclass

from ai.api import Cancel, Limits, Result, SearchConfig
from ai.profiles import Profile, Solver, ValueLabel, signed, win_label
from ai.searchbase import is_win_score
from ai.trace import Tracer
from game.core import State
from games.tictactoe.ai.evaluation import TicTacToeEvaluator


def solve_tictactoe(
    state: State, config: SearchConfig, cancel: Cancel | None, deadline: float | None,
    tracer: Tracer | None = None,
) -> Result:
    # The searcher imports the profiles: not at load. Tic-tac-toe's own alpha-beta: the shared
    # one's tree, on the compiled kernels once they are in and nothing traces.
    from games.tictactoe.ai.search import TicTacToeAlphaBeta

    searcher = TicTacToeAlphaBeta(
        TicTacToeEvaluator().evaluate,
        PROFILE.scoring(),
        use_tt=True,
        use_ordering=True,
        exact_root_values=config.exact_root_values or config.noise > 0,
        tt_size_log2=12,
    )
    searcher.set_tracer(tracer)  # a search like any other: the lab records it node by node
    empties = len(state.legal_moves())
    searcher.first_depth = empties  # the game ends within this many plies: no deepening
    # Cancelled before the proof is finished: the best move found so far (complete=False).
    return searcher.search(state, Limits(depth=empties), cancel)



@dataclass(frozen=True)
class TicTacToeProfile(Profile):
    game_id: str = "tictactoe"
    unit: str = "plies to the result"
    aspiration: float | None = 1.0
    solver: str | None = "tictactoe-solver"
    solve_exactly: Solver | None = solve_tictactoe
    noise_unit: str = "open lines"
    # Every first move draws with perfect play, so one random ply leaves neither side lost.
    match_opening: tuple[int, int] | None = (1, 1)

    def value_label(self, value: float, *, exact: bool,
                    decimals: int | None = None) -> ValueLabel:
        if is_win_score(value):
            return win_label(value)
        if exact and value == 0:
            return ValueLabel("D", "draw")
        # A depth-limited estimate: the evaluator counts lines still open for the mover.
        n = signed(value, 0) if value == int(value) else signed(value, 2)
        return ValueLabel(n, f"{n} open lines (estimate: no result within the search depth)")




PROFILE = TicTacToeProfile()
