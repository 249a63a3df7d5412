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
    "classroom": ("ai.evaluation.classroom", "ClassroomEvaluator"),
}

#: (game id, variant) -> (module, class) of alternative evaluators, e.g. learned weights.
_VARIANTS: dict[tuple[str, str], tuple[str, str]] = {
    ("backgammon", "td"): ("ai.evaluation.backgammon_td", "TDBackgammonEvaluator"),
    ("backgammon", "net"): ("ai.evaluation.backgammon_net", "NetEvaluator"),
    ("backgammon", "pubeval"): ("ai.evaluation.backgammon_pubeval", "PubevalEvaluator"),
    ("othello", "patterns"): ("ai.evaluation.othello_patterns", "OthelloPatternEvaluator"),
}


def get_evaluator(game_id: str, variant: str | None = None) -> Evaluator:
    """A fresh evaluator for ``game_id``; a ValueError naming the known ids for anything else.

    ``variant`` picks an alternative (``"td"``: backgammon weights learned by self-play;
    ``"patterns"``: Othello pattern tables fitted to self-play results). A
    variant whose data is unusable raises its ValueError rather than silently falling back.
    """
    if variant is not None:
        try:
            module, cls = _VARIANTS[(game_id, variant)]
        except KeyError:
            known = ", ".join(f"{g}/{v}" for g, v in _VARIANTS) or "none"
            raise ValueError(
                f"no evaluator variant {variant!r} for game {game_id!r}; known: {known}"
            ) from None
        return getattr(importlib.import_module(module), cls)()
    try:
        module, cls = _EVALUATORS[game_id]
    except KeyError:
        raise ValueError(
            f"no evaluator for game {game_id!r}; known: {', '.join(_EVALUATORS)}"
        ) from None
    return getattr(importlib.import_module(module), cls)()
