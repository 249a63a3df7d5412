"""Classroom trees: the small game trees of the course slides, played as a game.

One file, longer than most: the tree notation's parser, the state that walks the
parsed tree and the textbook's examples written in that notation belong together.

A classroom tree is one more game behind the State protocol, so the very searchers that play
tic-tac-toe or backgammon run on it, and the search lab can record and step through them.

Notation (a position is a whole tree, written the way the slides draw it):

- a number is a leaf, its value for MAX: ``3``, ``-2.5``;
- a list is a decision node, one child per move: ``[3, 12, 8]``;
- braces are a chance node, each outcome with its probability: ``{0.9: [2, 3], 0.1: [4, 5]}``
  (a probability may be a fraction such as ``1/6``; they must sum to 1).

The root is MAX's decision. Turns alternate from one decision node to the next: a list's child
lists are the other player's decisions, and a chance node passes the turn through unchanged
(MAX moves, the dice roll, MIN moves: the order of a backgammon turn). So
``[[3,12,8],[2,4,6],[14,5,2]]`` is MAX choosing one of three MIN nodes.

Moves and outcomes are the letters ``a``, ``b``, ``c``, ... in the order written. A position
inside the tree is the tree followed by ``@`` and the path from the root: ``[[3,12,8],[2,4,6]]
@b`` is the MIN node ``[2,4,6]``. MAX is player 0, MIN player 1; a leaf is a finished game
whose ``returns()`` are (value, -value).
"""

from __future__ import annotations

import math
import re
from collections.abc import Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Union

from game.core import CHANCE, TERMINAL, IllegalMoveError, Move, NotationError, quoted
from game.jsontypes import JSONObject
from game.kit import Example

#: Limits that keep a typed tree small enough to draw and to step through.
MAX_CHILDREN = 26
MAX_LEAVES = 5000
MAX_HEIGHT = 16
MAX_TEXT = 100_000
LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class ChanceNode:
    probabilities: tuple[float, ...]
    children: tuple[Tree, ...]


Tree = Union[float, tuple["Tree", ...], ChanceNode]  # noqa: UP007 (a recursive alias)


#: The trees the search lab offers by name; their worked answers are in tests/test_classroom.py.
EXAMPLES: dict[str, Example] = {
    e.name: e
    for e in (
        Example(
            "textbook",
            "[[3,12,8],[2,4,6],[14,5,2]]",
            "max(min(3,12,8), min(2,4,6), min(14,5,2)) = 3; alpha-beta never looks at 4 and 6",
        ),
        Example(
            "four-ply",
            "[[[[5,6],[7,4]],[[3,2],[8,9]]],[[[1,3],[6,2]],[[9,7],[4,5]]]]",
            "MAX, MIN, MAX, MIN: value 5; alpha-beta skips 5 of the 16 leaves, one by a deep"
            " cutoff (the root's alpha, three plies down)",
        ),
        Example(
            "chance",
            "[{0.9: [2,3], 0.1: [4,5]}, {0.9: [1,6], 0.1: [7,8]}]",
            "MAX, a roll (0.9 / 0.1), MIN: expectiminimax picks a (2.2 against 1.6)",
        ),
        Example(
            "chance-rescaled",
            "[{0.9: [2,3], 0.1: [4,5]}, {0.9: [1,6], 0.1: [70,80]}]",
            "7 and 8 made 70 and 80, order kept: expectiminimax now picks b (7.9 against 2.2)",
        ),
        Example(
            "worst-case",
            "[[2,3,4,5],[1,6,7,8]]",
            "the chance tree read by minimax, each roll as MIN's choice: a (2 against 1)",
        ),
        Example(
            "worst-case-rescaled",
            "[[2,3,4,5],[1,6,70,80]]",
            "the same change (7, 8 made 70, 80): minimax still picks a, order is all it sees",
        ),
    )
}


def _mover(player: int) -> int:
    return 1 - player


@dataclass(frozen=True)
class ClassroomState:
    #: Child indexes from the root to this node.
    path: tuple[int, ...]
    #: The player of the next decision: this node's mover, or (at a chance node or a leaf)
    #: the mover of the decisions below it.
    mover: int
    tree: Tree = field(repr=False)
    node: Tree = field(repr=False, compare=False)

    def current_player(self) -> int:
        node = self.node
        if isinstance(node, tuple):
            return self.mover
        if isinstance(node, ChanceNode):
            return CHANCE
        return TERMINAL

    def legal_moves(self) -> tuple[int, ...]:
        node = self.node
        return tuple(range(len(node))) if isinstance(node, tuple) else ()

    def chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        node = self.node
        if isinstance(node, ChanceNode):
            return tuple(enumerate(node.probabilities))
        return ()

    def apply(self, move: Move) -> ClassroomState:
        node = self.node
        if isinstance(node, tuple):
            children, mover = node, _mover(self.mover)
        elif isinstance(node, ChanceNode):
            children, mover = node.children, self.mover
        else:
            raise IllegalMoveError("this is a leaf: the game is over")
        if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move < len(children):
            raise IllegalMoveError(f"no child {move!r} here (it has {len(children)})")
        return ClassroomState(self.path + (move,), mover, self.tree, children[move])

    def returns(self) -> tuple[float, float]:
        node = self.node
        if isinstance(node, tuple | ChanceNode):
            return (0.0, 0.0)
        return (node, -node)

    def key(self) -> Hashable:
        """The path: within one tree no two nodes share it (a tree has no transpositions)."""
        return self.path

    def has_chance(self) -> bool:
        """Does the tree below this node hold a chance node (a roll of the dice)?"""
        return _has_chance(self.node)

    def value_bounds(self) -> tuple[float, float]:
        """The lowest and highest value a search of this tree can meet: its leaves, and 0,
        what an inner node is worth when a search stops above the leaves (it has no
        evaluation). These are the L and U that Star1 pruning assumes for outcomes not yet
        searched, as the slides do; the notation's own limit, a billion, would make every
        window edge an unreadable number."""
        values = [0.0, *_leaves(self.tree)]
        return min(values), max(values)

    def leaf_value(self) -> float | None:
        """The leaf's value for MAX, None for an inner node."""
        node = self.node
        return None if isinstance(node, tuple | ChanceNode) else node


class Classroom:
    id = "classroom"
    name = "Classroom tree"
    player_names = ("MAX", "MIN")

    def initial_state(self, **options: object) -> ClassroomState:
        """``example``: a name from EXAMPLES (default "textbook"), or ``tree``: a tree's text."""
        unknown = set(options) - {"example", "tree"}
        if unknown:
            raise ValueError(
                f"unknown classroom option(s) {', '.join(sorted(unknown))}; known: example, tree"
            )
        if options.get("tree") is not None:
            return self.parse_position(str(options["tree"]))
        return self.parse_position(example_text(options.get("example") or "textbook"))

    def options(self, state: ClassroomState) -> JSONObject:
        return {}

    def parse_position(self, text: str, **options: object) -> ClassroomState:
        if options:
            raise ValueError("a classroom position takes no options: the tree is the position")
        tree_text, _, path_text = text.partition("@")
        tree = parse_tree(tree_text)
        if not isinstance(tree, tuple):
            raise NotationError("a tree starts with MAX's decision: write it as a list [...]")
        state = ClassroomState((), 0, tree, tree)
        for ch in path_text.strip():
            index = _letter_index(ch, state)
            if index >= len(state.legal_moves() or state.chance_outcomes()):
                raise NotationError(f"the path @{quoted(path_text.strip())} leaves the tree at {ch!r}")
            state = state.apply(index)
        return state

    def format_position(self, state: ClassroomState) -> str:
        text = format_tree(state.tree)
        if state.path:
            text += " @" + "".join(LETTERS[i] for i in state.path)
        return text

    def parse_move(self, state: ClassroomState, text: str) -> int:
        text = text.strip()
        if len(text) != 1:
            raise NotationError(f"a move is one letter a, b, c, ...; got {text[:20]!r}")
        index = _letter_index(text, state)
        if index not in state.legal_moves():
            raise IllegalMoveError(f"there is no move {text!r} here")
        return index

    def format_move(self, state: ClassroomState, move: int) -> str:
        return LETTERS[move]

    def format_outcome(self, state: ClassroomState, outcome: int) -> str:
        return LETTERS[outcome]

    def describe_result(self, state: ClassroomState) -> str:
        value = state.leaf_value()
        if value is None:
            return "Game in progress"
        return f"Leaf reached: {format_number(value)} for MAX"


def _letter_index(ch: str, state: ClassroomState) -> int:
    index = LETTERS.find(ch.lower())
    if index < 0:
        raise NotationError(f"a move is a letter a, b, c, ...; got {ch!r}")
    return index


def example_text(name: object) -> str:
    """``name`` is an option as given (``object``): anything but an example's name is refused."""
    if isinstance(name, str) and name in EXAMPLES:
        return EXAMPLES[name].text
    raise ValueError(f"unknown classroom example {name!r}; choose one of: {', '.join(EXAMPLES)}")


# --------------------------------------------------------------------------- text

_TOKEN = re.compile(r"\s*(?:(?P<num>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"
                    r"(?:/\d+)?)|(?P<sym>[\[\]{},:]))")


class _Parser:
    def __init__(self, text: str) -> None:
        if len(text) > MAX_TEXT:
            raise NotationError(f"a tree may be at most {MAX_TEXT} characters long")
        self.tokens: list[tuple[str, str, int]] = []
        text = text.rstrip()  # once: asking "only spaces left?" at every token was quadratic
        pos = 0
        while pos < len(text):
            m = _TOKEN.match(text, pos)
            if m is None:
                bad = text[pos:].lstrip()[:1]
                raise NotationError(f"unexpected {bad!r} at column {pos + 1} of the tree")
            kind = "num" if m.group("num") is not None else "sym"
            self.tokens.append((kind, m.group(kind), m.start(kind) + 1))
            pos = m.end()
        self.i = 0
        self.leaves = 0

    def peek(self) -> tuple[str, str, int]:
        if self.i >= len(self.tokens):
            return ("end", "", -1)
        return self.tokens[self.i]

    def take(self, sym: str) -> None:
        kind, value, col = self.peek()
        if value != sym:
            where = f"at column {col}" if col > 0 else "at the end"
            found = quoted(value) if value else "nothing"
            raise NotationError(f"expected {sym!r} {where} of the tree, found {found}")
        self.i += 1

    def tree(self, height: int) -> Tree:
        if height > MAX_HEIGHT:
            raise NotationError(f"a tree may be at most {MAX_HEIGHT} levels deep")
        kind, value, col = self.peek()
        if kind == "num":
            self.i += 1
            self.leaves += 1
            if self.leaves > MAX_LEAVES:
                raise NotationError(f"a tree may have at most {MAX_LEAVES} leaves")
            return _number(value, col)
        if value == "[":
            self.i += 1
            children = self._items(height, "]", chance=False)
            return tuple(c for _, c in children)
        if value == "{":
            self.i += 1
            items = self._items(height, "}", chance=True)
            probabilities = tuple(p for p, _ in items)
            total = math.fsum(probabilities)
            if abs(total - 1.0) > 1e-9:
                raise NotationError(
                    f"the probabilities at column {col} sum to {total:g}, not 1"
                )
            return ChanceNode(probabilities, tuple(c for _, c in items))
        where = f"at column {col}" if col > 0 else "at the end"
        raise NotationError(f"expected a number, '[' or '{{' {where} of the tree")

    def _items(self, height: int, close: str, *, chance: bool) -> list[tuple[float, Tree]]:
        items: list[tuple[float, Tree]] = []
        if self.peek()[1] == close:
            raise NotationError(f"an empty node at column {self.peek()[2]}: give it children")
        while True:
            p = 0.0
            if chance:
                kind, value, col = self.peek()
                if kind != "num":
                    raise NotationError(
                        f"a chance outcome starts with its probability (column {col})"
                    )
                self.i += 1
                p = _probability(value, col)
                self.take(":")
            items.append((p, self.tree(height + 1)))
            if len(items) > MAX_CHILDREN:
                raise NotationError(f"a node may have at most {MAX_CHILDREN} children")
            if self.peek()[1] == ",":
                self.i += 1
                continue
            self.take(close)
            return items


def _number(text: str, col: int) -> float:
    if "/" in text:
        raise NotationError(f"a leaf value is a number, not a fraction (column {col})")
    value = float(text)
    if not math.isfinite(value) or abs(value) > 1e9:
        raise NotationError(f"leaf values must lie within +-1e9 (column {col})")
    return value


def _probability(text: str, col: int) -> float:
    try:
        p = float(Fraction(text))
    except (ValueError, ZeroDivisionError):
        raise NotationError(f"{quoted(text)} at column {col} is not a probability") from None
    if not 0.0 < p <= 1.0:
        raise NotationError(f"a probability lies in (0, 1], got {quoted(text)} at column {col}")
    return p


def parse_tree(text: str) -> Tree:
    """A tree from its text; a NotationError names what is wrong and where."""
    parser = _Parser(text)
    if not parser.tokens:
        raise NotationError("the tree is empty: write it as nested lists, e.g. [[3,12,8],[2,4,6]]")
    tree = parser.tree(1)
    kind, value, col = parser.peek()
    if kind != "end":
        raise NotationError(f"unexpected {quoted(value)} at column {col} after the end of the tree")
    return tree


def format_number(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"


def format_tree(tree: Tree) -> str:
    if isinstance(tree, tuple):
        return "[" + ",".join(format_tree(c) for c in tree) + "]"
    if isinstance(tree, ChanceNode):
        return "{" + ", ".join(
            f"{format_number(p)}: {format_tree(c)}"
            for p, c in zip(tree.probabilities, tree.children, strict=True)
        ) + "}"
    return format_number(tree)


def _has_chance(tree: Tree) -> bool:
    if isinstance(tree, ChanceNode):
        return True
    return isinstance(tree, tuple) and any(_has_chance(c) for c in tree)


def _leaves(tree: Tree) -> list[float]:
    if isinstance(tree, tuple):
        return [v for c in tree for v in _leaves(c)]
    if isinstance(tree, ChanceNode):
        return [v for c in tree.children for v in _leaves(c)]
    return [tree]


def height(tree: Tree) -> int:
    """Edges on the longest path from ``tree`` down to a leaf (the depth a full search needs)."""
    if isinstance(tree, tuple):
        return 1 + max(height(c) for c in tree)
    if isinstance(tree, ChanceNode):
        return 1 + max(height(c) for c in tree.children)
    return 0


GAME = Classroom()
