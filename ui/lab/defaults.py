"""First settings of the lab for a position, worked out from the position itself.

No table per game: the depth is the deepest full-width search of about ``TARGET_LEAVES``
leaves at the position's own branching factor, a roll counting its outcomes (4 plies of
Othello from the start, 3 of tic-tac-toe, 3 layers of backgammon: move, roll, reply), so the
first tree is big enough to show pruning and small enough to read; the algorithm is the one
the engine plays the game with. A level opens at the depth it plays at wherever that tree can
be recorded (Beginner's 1, Advanced's 4), so the lab's move is the level's; where it cannot (a
level on the clock, or too deep to draw) the tree's header names the level's own move.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.kit import get_level
from ai.lab.search import TEACHING, usual_algorithm
from ai.lab.transpositions import pays_from
from game.core import CHANCE, TERMINAL, State
from game.kit import GameKit

TARGET_LEAVES = 1000
MAX_DEPTH = 12
#: A level's own depth is drawn when its full-width tree has at most this many leaves (alpha-
#: beta records far fewer nodes than that: within the recording's node budget).
DRAWABLE_LEAVES = 100_000
#: One ply more than readable, to reach the depth where positions first repeat, is taken
#: while the full-width tree stays under this many leaves.
TABLE_LEAVES = 10 * TARGET_LEAVES
#: Positions looked through for the first repeat (ai.lab.transpositions).
TABLE_WALK = 5_000


@dataclass
class LabDefaults:
    algorithm: str
    depth: int
    max_depth: int = MAX_DEPTH
    #: Start with the engine's refinements (table, ordering, PVS) off, so the recorded
    #: alpha-beta is the textbook's: the lab-only teaching trees.
    textbook: bool = False

    def allows(self, algorithm: str) -> bool:
        return True


def branching(state: State) -> int:
    player = state.current_player()
    if player == TERMINAL:
        return 1
    if player == CHANCE:
        return max(1, len(state.chance_outcomes()))
    return max(1, len(state.legal_moves()))


def tree_height(state: State, limit: int = MAX_DEPTH, budget: int = 400) -> int:
    """Plies to the deepest end of the game tree, looked for among the first ``budget``
    positions (beyond that, or ``limit`` plies, the game counts as deeper than any first
    search): a classroom tree is only a few plies high, and lopsided trees are common."""
    deepest = 0
    stack = [(state, 0)]
    seen = 0
    while stack:
        s, d = stack.pop()
        seen += 1
        if seen > budget or d >= limit:
            return limit
        player = s.current_player()
        if player == TERMINAL:
            deepest = max(deepest, d)
            continue
        moves = ([m for m, _ in s.chance_outcomes()] if player == CHANCE
                 else list(s.legal_moves()))
        stack.extend((s.apply(m), d + 1) for m in moves)
    return deepest


def defaults_for(kit: GameKit, state: State, depth: int | None = None,
                 level: str | None = None) -> LabDefaults:
    """The lab's first choices for ``state``: ``depth`` when given (an example's own), else
    the depth ``level`` plays at where its tree can be drawn (level_depth), else as deep as
    a readable tree allows, one ply deeper where that is where positions first repeat (the
    table's switch should show what it saves)."""
    algorithm = usual_algorithm(kit, state)  # a classroom tree with a roll: expectiminimax
    textbook = not kit.playable
    if depth is not None:
        return LabDefaults(algorithm, max(1, min(depth, MAX_DEPTH)), textbook=textbook)
    height = max(1, tree_height(state))
    readable = readable_depth(state, height, TARGET_LEAVES)
    own = level_depth(kit, level, state, height) if level else None
    if own is not None:
        return LabDefaults(algorithm, own, textbook=textbook)
    # (Not past a roll: a ply more there is a chance layer, taken over or too long to record.)
    if readable < height and not chance_plies(state, readable + 1) and \
            pays_from(state, readable + 1, TABLE_WALK) == readable + 1 and \
            readable_depth(state, height, TABLE_LEAVES) > readable:
        readable += 1
    return LabDefaults(algorithm, readable, textbook=textbook)


def readable_depth(state: State, height: int, target: int, with_replies: bool = True) -> int:
    """The deepest full-width search of about ``target`` leaves (at most ``height`` plies);
    ``with_replies``: one ply more where the last would end on a roll."""
    b = branching(state)
    chance = chance_plies(state, height)
    depth, leaves = 1, b
    # A roll multiplies the leaves by its outcomes, not by the root's moves: a backgammon
    # double with three moves would otherwise open seven plies deep (minutes to record).
    while depth < height and leaves * (chance.get(depth) or b) <= target:
        leaves *= chance.get(depth) or b
        depth += 1
    if with_replies and depth < height and ends_on_chance(state, depth - 1):
        depth += 1  # a roll's outcomes are only worth drawing with the replies they allow
    return depth


def level_depth(kit: GameKit, level: str, state: State, height: int) -> int | None:
    """The depth ``level`` plays at, when its tree fits the recording (at most about
    DRAWABLE_LEAVES leaves); None for teaching mode, for a level that plays by the clock alone
    or solves exactly (its depth is what it reaches), and for one too deep to draw: the lab
    then draws a smaller tree and its header names the level's own move."""
    if level.strip().lower() == TEACHING.lower():
        return None
    own = get_level(kit, level)
    if own.depth is None:
        return None
    if own.depth <= readable_depth(state, height, DRAWABLE_LEAVES, False) or own.depth <= 1:
        return min(own.depth, MAX_DEPTH)
    return None


def chance_plies(state: State, plies: int) -> dict[int, int]:
    """The plies (0 the root) along the first moves that are dice rolls, with their number of
    outcomes."""
    found: dict[int, int] = {}
    for ply in range(min(plies, MAX_DEPTH)):
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            found[ply] = branching(state)
        state = state.apply(state.chance_outcomes()[0][0] if player == CHANCE
                            else state.legal_moves()[0])
    return found


def ends_on_chance(state: State, depth: int) -> bool:
    """True when the nodes ``depth`` plies down (along the first moves) are a dice roll:
    a search ending one ply below them evaluates the same position once per roll."""
    for _ in range(depth):
        player = state.current_player()
        if player == TERMINAL:
            return False
        state = state.apply(state.chance_outcomes()[0][0] if player == CHANCE
                            else state.legal_moves()[0])
    return state.current_player() == CHANCE
