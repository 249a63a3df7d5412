"""One step of MCTS's step mode, beside its StepEvent (ai.lab.mcts_recording): the phase, the
step in words, and the statistics it changed (backpropagation: a node's new N and W)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core import State


@dataclass(frozen=True)
class UcbCandidate:
    """A child selection compared: its move, N, and UCB1's two terms then."""

    move: str
    n: int
    exploitation: float
    exploration: float

    @property
    def ucb(self) -> float:
        return self.exploitation + self.exploration


@dataclass(frozen=True)
class MctsStep:
    #: "selection", "expansion", "playout" or "backpropagation".
    phase: str
    text: str
    #: The iteration (1, 2, ...) the step belongs to.
    iteration: int
    #: (node id, N after, W after) where the step changed a node's statistics.
    stats: tuple[int, int, float] | None = None
    #: At a selection step: the children compared, and the index of the one taken.
    candidates: tuple[UcbCandidate, ...] = ()
    chosen: int = -1
    #: A playout step: the position its move reached (the playout runs below the tree, so
    #: no node holds it), for the board beside the steps; None elsewhere.
    position: State | None = None
