"""Monte Carlo tree search (UCT) written the way the course would write it, for reading.

One iteration is four phases: selection (UCB1 down the tree while every move of a node has
been tried), expansion (one new child), playout (random moves to the end of the game) and
backpropagation (N and W updated on the way back to the root). No speed tricks: a node is a
dict, values are from the point of view of the player who moved into the node.

Each line step mode lights carries its name in a comment, ``# [select]``; ``MCTS_PSEUDOCODE``
is the same algorithm as the slides would print it, with the same names, in the order one
iteration runs them. The lab's step mode (ai.lab.mcts_recording) is tested against it: the
child selection picks, and the N and W backpropagation leaves, are these functions' answers.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.core import TERMINAL, Move, State

MCTS_PSEUDOCODE: tuple[tuple[str, str], ...] = (
    ("", "function MCTS(s0, iterations)"),
    ("", "  root = NODE(s0)"),
    ("iterate", "  repeat iterations times:"),
    ("select-loop", "    n = root;  while n fully expanded and not TERMINAL(n):"),
    ("select", "      n = argmax over children c:  W(c)/N(c) + C·√(ln N(n) / N(c))"),
    ("expand", "    if n has untried moves: n = a new child of n (one move)"),
    ("playout", "    s = STATE(n);  until TERMINAL(s): s = RESULT(s, RANDOM(ACTIONS(s)))"),
    ("reward", "    r = UTILITY(s)"),
    ("backprop", "    for n up to the root: N(n) += 1;  W(n) += r for n's mover"),
    ("return", "  return the child of root with the most visits N"),
)

#: The four phases and the lines each lights, in the order an iteration runs them.
PHASES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("selection", ("select-loop", "select")),
    ("expansion", ("expand",)),
    ("playout", ("playout", "reward")),
    ("backpropagation", ("backprop",)),
)


@dataclass
class TextbookNode:
    state: State
    #: The player who chose the move into this node (the root: the player to move there).
    mover: int
    move: Move | None = None
    parent: TextbookNode | None = None
    n: int = 0
    w: float = 0.0
    children: list[TextbookNode] = field(default_factory=list)
    untried: list[Move] = field(default_factory=list)


def ucb1(child_w: float, child_n: int, parent_n: int, c: float) -> float:
    """The exploitation term plus the exploration term."""
    return child_w / child_n + c * math.sqrt(math.log(parent_n) / child_n)


def select_child(n_parent: int, children: Sequence[tuple[float, int]], c: float) -> int:
    """Which of ``children`` ((W, N) each) selection takes: the highest UCB1, the first made
    on a tie."""
    best, best_value = 0, -math.inf
    for i, (w, n) in enumerate(children):
        value = ucb1(w, n, n_parent, c)
        if value > best_value:
            best, best_value = i, value
    return best


def backpropagate(path: Sequence[tuple[int, float, int]], reward: float
                  ) -> list[tuple[int, float]]:
    """Each node on ``path`` ((N, W, mover) from the leaf up) after the playout scored
    ``reward`` for player 0: one more visit, the reward added from its mover's side."""
    return [(n + 1, w + (reward if mover == 0 else -reward)) for n, w, mover in path]


def mcts(state: State, iterations: int, reward: Callable[[State], float], c: float,
         rng: random.Random) -> Move:
    """The move UCT plays after ``iterations`` iterations (random playouts, no chance)."""
    root = TextbookNode(state, state.current_player(), untried=list(state.legal_moves()))
    for _ in range(iterations):  # [iterate]
        n = root  # [select-loop]
        while not n.untried and n.children:
            i = select_child(n.n, [(ch.w, ch.n) for ch in n.children], c)  # [select]
            n = n.children[i]
        if n.untried:  # [expand]
            move = n.untried.pop(rng.randrange(len(n.untried)))
            child_state = n.state.apply(move)
            mover = n.state.current_player()
            moves = ([] if child_state.current_player() == TERMINAL
                     else list(child_state.legal_moves()))
            child = TextbookNode(child_state, mover, move, n, untried=moves)
            n.children.append(child)
            n = child
        s = n.state  # [playout]
        while s.current_player() != TERMINAL:
            s = s.apply(rng.choice(s.legal_moves()))
        r = reward(s)  # [reward]
        node: TextbookNode | None = n
        while node is not None:  # [backprop]
            node.n += 1
            node.w += r if node.mover == 0 else -r
            node = node.parent
    best = max(root.children, key=lambda ch: ch.n)  # [return]
    return best.move
