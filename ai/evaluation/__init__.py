"""Game knowledge for depth-limited search: one evaluator module per game.

Evaluators are imported only when asked for, so one game's evaluator (or its heavy tables)
never slows down or breaks another game's start-up.
"""

from __future__ import annotations

import importlib

from ai.api import Evaluator

#: game id -> (module, class) of its evaluator.
_EVALUATORS: dict[str, tuple[str, str]] = {
    "tictactoe": ("ai.evaluation.tictactoe", "TicTacToeEvaluator"),
    "nim": ("ai.evaluation.nim", "NimEvaluator"),
    "othello": ("ai.evaluation.othello", "OthelloEvaluator"),
    "backgammon": ("ai.evaluation.backgammon", "BackgammonEvaluator"),
}


def get_evaluator(game_id: str) -> Evaluator:
    """A fresh evaluator for ``game_id``; a ValueError naming the known ids for anything else."""
    try:
        module, cls = _EVALUATORS[game_id]
    except KeyError:
        raise ValueError(
            f"no evaluator for game {game_id!r}; known: {', '.join(_EVALUATORS)}"
        ) from None
    return getattr(importlib.import_module(module), cls)()
