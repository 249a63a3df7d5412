"""A rollout of the shown position's best candidate moves, as a worker task (``RolloutTask``,
ai.tasks; the play screen's
"Rollout" and ``analyze --rollout`` use the same engine: the game's ``GameAI.rollout``).

The candidates are the game's strongest level's best moves by its own search, so the rollout
settles the question a player asks of the moves the AI is torn between. The table is reported
as it grows (the engine's progress, about four times a second) and is the final answer; a
cancelled rollout ends with the trials it played.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ai.api import Cancel
from ai.engine import run_search
from ai.kit import RolloutTable, game_ai, levels_of
from ai.tasks import Report, Task, worker_task
from game.core import Move, State
from game.kit import GameKit
from game.registry import get_kit

#: How many of the search's best moves are rolled out.
CANDIDATES = 4


def candidates(kit: GameKit, state: State, count: int) -> list[Move]:
    """The strongest level's ``count`` best moves of ``state``, best first."""
    config = replace(levels_of(kit)[-1].config(kit, seed=0), use_book=False)
    result = run_search(state, config)
    ranked = sorted(result.root_values, key=lambda mv: -mv[1])
    moves = [move for move, _ in ranked[:count]]
    return moves or ([result.move] if result.move is not None else [])


def roll_out(kit: GameKit, state: State, trials: int, count: int = CANDIDATES,
             seed: int = 0, truncate: int | None = None, *, cancel: Cancel | None = None,
             progress: Callable[[RolloutTable], None] | None = None) -> RolloutTable:
    """The game's rollout (a table of each candidate's equity and its error) of ``state``'s
    best ``count`` moves, ``trials`` trials each (the play screen's choice: play.rollout);
    ValueError for a game without rollouts."""
    roll = game_ai(kit).rollout
    if roll is None:
        raise ValueError(f"{kit.id} has no rollouts: it is searched, not played out")
    moves = candidates(kit, state, count)
    return roll(state, moves, trials, seed, truncate, cancel, progress)


@worker_task
@dataclass(frozen=True)
class RolloutTask(Task[RolloutTable, RolloutTable]):
    """The play screen's rollout (``roll_out``): the game's own table, whatever its type."""

    game_id: str
    state: State
    trials: int

    def run(self, cancel: Cancel, progress: Report[RolloutTable]) -> RolloutTable:
        return roll_out(get_kit(self.game_id), self.state, self.trials, cancel=cancel,
                        progress=progress)
