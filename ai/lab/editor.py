"""The lab's evaluation editor, the engine side: what an edited evaluation makes of a position
(every move's value and the choice, beside the shipped evaluation's) and a quick match of the
edited evaluation against the shipped one at the same depth. Both are worker tasks
(ai.lab.tasks: EditorChoiceTask, QuickMatchTask), so the screen stays live while they run.

An evaluation is editable when its evaluator names its ``features`` and can be ``weighted``
(Othello's and tic-tac-toe's hand-made ones); the weights are multipliers, ``default_scale``
the evaluation as shipped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ai.api import Cancel, Limits, SearchConfig
from ai.engine import run_search
from ai.kit import get_evaluator
from ai.ladder import LadderUpdate, RungFigures, run_rungs
from game.core import Move, State
from game.kit import GameKit

#: The quick match's searches: alpha-beta to this depth unless the screen asks for another.
DEFAULT_DEPTH = 3


def features(kit: GameKit) -> tuple[str, ...]:
    """The names of the default evaluator's features; () when it has none to edit."""
    try:
        evaluator = get_evaluator(kit)
    except ValueError:
        return ()
    return tuple(getattr(evaluator, "features", ())) if hasattr(evaluator, "weighted") else ()


def default_scale(kit: GameKit) -> tuple[float, ...]:
    """The weights of the evaluation as shipped."""
    evaluator = get_evaluator(kit)
    return tuple(getattr(evaluator, "default_scale", (1.0,) * len(features(kit))))


def editor_config(kit: GameKit, depth: int, weights: tuple[float, ...] | None) -> SearchConfig:
    """Plain alpha-beta at ``depth`` on the evaluation (edited when ``weights`` are given),
    no solver and no noise: the evaluation alone decides."""
    return SearchConfig(kit.id, "alphabeta", Limits(depth=depth), exact=False,
                        exact_root_values=True, evaluator_weights=weights)


@dataclass(frozen=True)
class EditorChoice:
    """Every move's value and the chosen move, edited and shipped (mover's view)."""

    edited_move: Move
    edited_values: tuple[tuple[Move, float], ...]
    shipped_move: Move
    shipped_values: tuple[tuple[Move, float], ...]


def choices(state: State, kit: GameKit, weights: tuple[float, ...], depth: int,
            shipped: EditorChoice | None = None, *, cancel: Cancel | None = None,
            progress: Callable[[object], None] | None = None) -> EditorChoice:
    """The edited evaluation's values and choice, beside the shipped one's (``shipped``: an
    earlier answer at this position and depth, whose shipped half does not change with the
    weights, so it is not searched again)."""
    edited = run_search(state, editor_config(kit, depth, weights), cancel)
    if shipped is not None:
        return EditorChoice(edited.move, edited.root_values, shipped.shipped_move,
                            shipped.shipped_values)
    plain = run_search(state, editor_config(kit, depth, None), cancel)
    return EditorChoice(edited.move, edited.root_values, plain.move, plain.root_values)


def quick_match(kit: GameKit, weights: tuple[float, ...], depth: int, games: int, seed: int,
                *, cancel: Cancel | None = None,
                progress: Callable[[LadderUpdate], None] | None = None) -> RungFigures:
    """The edited evaluation ("edited") against the shipped one ("shipped"), both alpha-beta at
    ``depth``, in colour-swapped pairs from seeded openings."""
    rung = (("edited", editor_config(kit, depth, weights)),
            ("shipped", editor_config(kit, depth, None)))
    return run_rungs(kit, [rung], games, seed, cancel=cancel, progress=progress)[0]
