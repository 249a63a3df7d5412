"""One iteration with its four phases written down (ai.mcts.observe), for an observer.

The same steps as ``MctsSearcher._iterate`` in the same order, drawing the same random
numbers, so an observed search builds the same tree as an unobserved one (a test checks it);
kept apart so the searcher's hot loop builds no records.
"""

from __future__ import annotations

import random

from ai.mcts.observe import (
    Candidate,
    Expansion,
    Iteration,
    Path,
    Playout,
    SelectionStep,
    Update,
)
from ai.mcts.playout import Policy, play_out
from ai.mcts.reward import Reward
from ai.mcts.tree import Node
from ai.mcts.ucb import select, ucb_parts
from game.core import CHANCE, TERMINAL, Move


def observed_iteration(root: Node, rng: random.Random, number: int, c: float, reward: Reward,
                       policy: Policy, grow: bool = True) -> Iteration:
    """Iteration ``number`` run on the tree under ``root``, written down as it goes;
    ``grow`` False: the tree is full, the iteration adds no node."""
    scale = reward.scale
    node = root
    path = [root]
    moves: list[Move] = []
    steps: list[SelectionStep] = []
    expansion: Expansion | None = None
    first: list[Move] | None = None
    while True:
        here: Path = tuple(moves)
        if node.untried and not grow:
            node.own += 1
            break
        if node.untried:
            node = node.expand(rng)
            node.own = 1
            path.append(node)
            assert node.move is not None
            expansion = Expansion(here, node.move, len(path[-2].untried))
            moves.append(node.move)
            first = node.untried
            break
        p = node.player
        if p == TERMINAL:
            node.own += 1
            break
        if p == CHANCE:
            child, new = node.sample(rng, grow)
            if child is None:
                node.own += 1
                break
            node = child
            path.append(node)
            steps.append(SelectionStep(here, node.move, (), node.prob))
            moves.append(node.move)
            if new:
                node.own = 1
                expansion = Expansion(here, node.move, 0)
                first = node.untried
                break
            continue
        parent = node
        candidates = tuple(
            Candidate(child.move, child.n, child.w,
                      *_parts(parent.n, child.n, child.w, c, scale))
            for child in parent.children)
        node = select(parent, c, scale)
        path.append(node)
        steps.append(SelectionStep(here, node.move, candidates))
        moves.append(node.move)
    played: list[Move] = []
    if node.player == TERMINAL:
        r = reward.score(node.state)
    else:
        end = play_out(node.state, rng, policy, first or None, played)
        r = reward.score(end) if end is not None else 0.0
    updates = []
    for depth, n in enumerate(path):
        gain = r if n.view == 0 else -r
        updates.append(Update(tuple(moves[:depth]), n.view, gain, n.n, n.w))
        n.n += 1
        n.w += gain
    return Iteration(number, tuple(steps), expansion,
                     Playout(tuple(moves), tuple(played), (r, -r)), tuple(updates))


def _parts(parent_n: int, child_n: int, child_w: float, c: float, scale: float
           ) -> tuple[float, float]:
    parts = ucb_parts(parent_n, child_n, child_w, c, scale)
    return parts.exploitation, parts.exploration
