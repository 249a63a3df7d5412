"""The four phases of one MCTS iteration as plain data, for an optional observer (the lab's
step mode replays them): selection, expansion, playout, backpropagation.

A node is named by its ``path``: the moves (and chance outcomes) from the root to it; the root
is ``()``. Rewards and means are from the point of view of the node's ``view`` (ai.mcts.tree:
the player who chose the move into it).

An observer costs the search nothing when there is none: the searcher builds these records
only for an observer (``MctsSearcher.set_observer``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.core import Move

Path = tuple[Move, ...]


@dataclass(frozen=True)
class Candidate:
    """One child compared at a selection step, with UCB1's terms as they were then."""

    move: Move
    n: int
    w: float
    exploitation: float
    exploration: float

    @property
    def ucb(self) -> float:
        return self.exploitation + self.exploration


@dataclass(frozen=True)
class SelectionStep:
    """One step down the tree: at a decision node, the children compared and the one chosen
    (the highest UCB); at a chance node, the outcome drawn (``candidates`` empty,
    ``probability`` the outcome's)."""

    path: Path
    chosen: Move
    candidates: tuple[Candidate, ...] = ()
    probability: float | None = None


@dataclass(frozen=True)
class Expansion:
    """The node added this iteration: the move (or outcome) into it below ``parent``."""

    parent: Path
    move: Move
    #: Moves still untried at the parent afterwards (0 for a chance node's outcome).
    untried_left: int


@dataclass(frozen=True)
class Playout:
    """The playout from the new node (or from a finished game reached by selection: no
    moves): the moves and outcomes played, and the reward for each player."""

    start: Path
    moves: tuple[Move, ...]
    rewards: tuple[float, float]


@dataclass(frozen=True)
class Update:
    """One node's statistics before and after backpropagation; ``reward`` is what it
    added, from its ``view``'s side."""

    path: Path
    view: int
    reward: float
    n_before: int
    w_before: float

    @property
    def n_after(self) -> int:
        return self.n_before + 1

    @property
    def w_after(self) -> float:
        return self.w_before + self.reward


@dataclass(frozen=True)
class Iteration:
    """One whole iteration, its phases in order. ``expansion`` is None when selection reached
    a finished game (nothing to add; the game's result is backed up)."""

    number: int
    selection: tuple[SelectionStep, ...]
    expansion: Expansion | None
    playout: Playout
    backpropagation: tuple[Update, ...]


class Observer(Protocol):
    """Hears each iteration once it is over (its four phases)."""

    def iteration(self, record: Iteration) -> None: ...
