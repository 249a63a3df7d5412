"""Trees kept between moves: the next search starts from the statistics of the node the game
reached, when the old tree holds it.

``make_searcher`` builds a fresh searcher for every move, so the trees live here, in a small
table keyed by what makes two searches the same player (the configuration without its limits,
and the side to move); a search takes its tree out (two searches never share one) and puts
its own back when it is done. The position is looked for among the old root's descendants a
few levels down (a move of each side, and the dice between them), by the states' keys.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from ai.mcts.tree import Node
from game.core import State

#: Trees kept at most (each a search's whole tree).
KEPT_TREES = 4
#: Levels below the old root searched for the new position (move, roll, move, roll).
FIND_DEPTH = 4

_kept: OrderedDict[Hashable, Node] = OrderedDict()
_lock = threading.Lock()


def find(root: Node, state: State, key: Callable[[State], Hashable],
         depth: int = FIND_DEPTH) -> Node | None:
    """The node below ``root`` (1 to ``depth`` levels down) whose position is ``state``."""
    wanted = key(state)
    level = root.children
    for _ in range(depth):
        for node in level:
            if key(node.state) == wanted:
                return node
        level = [child for node in level for child in node.children]
        if not level:
            break
    return None


def take(owner: Hashable, state: State, key: Callable[[State], Hashable]) -> Node | None:
    """The kept tree of ``owner`` re-rooted at ``state``, or None (the tree is dropped
    either way: it is the caller's now, or useless)."""
    with _lock:
        old = _kept.pop(owner, None)
    return None if old is None else find(old, state, key)


def put(owner: Hashable, root: Node) -> None:
    """Keep ``root``'s tree for ``owner``'s next search (the oldest tree goes past
    KEPT_TREES)."""
    with _lock:
        _kept[owner] = root
        _kept.move_to_end(owner)
        while len(_kept) > KEPT_TREES:
            _kept.popitem(last=False)


def forget() -> None:
    """Drop every kept tree (tests; a new game)."""
    with _lock:
        _kept.clear()
