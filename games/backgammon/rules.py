"""Backgammon: complete rules (no doubling cube), GNU Position ID and move notation.

Board: ``points[i]`` is point ``i + 1`` seen from White (player 0); positive counts are White's,
negative Red's. White moves from his 24-point toward his 1-point and bears off below it; Red
moves the other way (Red's point p is White's point 25 - p).

A move is a whole turn: ``((src, dst), ...)`` in the mover's own numbering (25 = bar, 0 = off),
``()`` when nothing can be played. ``legal_moves()`` lists one representative per distinct
resulting position; ``apply()`` also takes any other legal order of steps (a UI plays them one by
one, see :func:`play_sequences`).

The opening: ``initial_state()`` is a chance node where each side rolls one die, outcome
``(white_die, red_die)`` with the dice different (ties are re-rolled, so 30 outcomes of 1/30);
the higher die's owner then moves with both dice.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from game.core import CHANCE, TERMINAL, IllegalMoveError, NotationError, quoted
from games.backgammon import movegen as mg
from games.backgammon import notation

WHITE, RED = 0, 1
PLAYER_NAMES = ("White", "Red")
CHECKERS = 15

#: Standard start: two on the 24, five on the 13, three on the 8, five on the 6 (each side).
START_POINTS: tuple[int, ...] = (
    -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5,
    5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2,
)  # fmt: skip

#: The 21 distinct rolls (high die first): doubles 1/36, the others 1/18.
ROLLS: tuple[tuple[tuple[int, int], float], ...] = tuple(
    ((a, b), (1 / 36 if a == b else 1 / 18)) for a in range(1, 7) for b in range(1, a + 1)
)
#: Opening outcomes (White's die, Red's die), never equal.
OPENING_ROLLS: tuple[tuple[tuple[int, int], float], ...] = tuple(
    ((a, b), 1 / 30) for a in range(1, 7) for b in range(1, 7) if a != b
)

Step = tuple[int, int]
Move = tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class BackgammonState:
    points: tuple[int, ...] = START_POINTS
    bar: tuple[int, int] = (0, 0)
    off: tuple[int, int] = (0, 0)
    to_move: int = WHITE
    #: High die first; None at a roll (chance node) or once the game is over.
    dice: tuple[int, int] | None = None
    #: True only before the opening roll (each side rolls one die).
    opening: bool = False
    #: Generated turns: {move: (me, opp)} for the dice, filled on first use. Not part of equality.
    _moves: dict[Move, tuple[mg.Board, mg.Board]] | None = field(
        default=None, compare=False, repr=False
    )

    # -- protocol --------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.off[0] == CHECKERS or self.off[1] == CHECKERS:
            return TERMINAL
        if self.dice is None:
            return CHANCE
        return self.to_move

    def is_over(self) -> bool:
        return self.off[0] == CHECKERS or self.off[1] == CHECKERS

    def chance_outcomes(self) -> tuple[tuple[tuple[int, int], float], ...]:
        if self.dice is not None or self.is_over():
            return ()
        return OPENING_ROLLS if self.opening else ROLLS

    def legal_moves(self) -> tuple[Move, ...]:
        if self.dice is None or self.is_over():
            return ()
        return tuple(self._generated())

    def apply(self, move: object) -> BackgammonState:
        if self.is_over():
            raise IllegalMoveError("the game is over")
        if self.dice is None:
            return self._roll(move)
        steps = as_steps(move)
        table = self._generated()
        result = table.get(steps)
        if result is None:
            me, opp = mg.perspective(self.points, self.bar, self.off, self.to_move)
            d1, d2 = self.dice
            played = mg.play_steps(me, opp, steps, d1, d2)
            need = len(next(iter(table)))
            if played is None or len(steps) != need or played not in table.values():
                raise IllegalMoveError(
                    f"{_steps_text(steps)} is not legal with {d1}-{d2}"
                    + (
                        f" (all {need} dice must be played)"
                        if played is not None and len(steps) < need
                        else ""
                    )
                )
            result = played
        return self._after(result)

    def returns(self) -> tuple[float, float]:
        if not self.is_over():
            return (0.0, 0.0)
        w = WHITE if self.off[0] == CHECKERS else RED
        k = float(self.game_value())
        return (k, -k) if w == WHITE else (-k, k)

    def key(self) -> Hashable:
        return (self.points, self.bar, self.off, self.to_move, self.dice, self.opening)

    # -- helpers ---------------------------------------------------------------------------

    def winner(self) -> int | None:
        if self.off[0] == CHECKERS:
            return WHITE
        if self.off[1] == CHECKERS:
            return RED
        return None

    def game_value(self) -> int:
        """1 single, 2 gammon (loser bore off none), 3 backgammon (also still in the winner's
        home board or on the bar); 0 while the game goes on."""
        w = self.winner()
        if w is None:
            return 0
        loser = 1 - w
        if self.off[loser] > 0:
            return 1
        if self.bar[loser] > 0:
            return 3
        home = self.points[0:6] if w == WHITE else self.points[18:24]
        if any((c < 0) if loser == RED else (c > 0) for c in home):
            return 3
        return 2

    def mover_view(self) -> tuple[list[int], list[int]]:
        """(me, opp) lists for the side to move (see backgammon_movegen)."""
        return mg.perspective(self.points, self.bar, self.off, self.to_move)

    def _generated(self) -> dict[Move, tuple[mg.Board, mg.Board]]:
        table = self._moves
        if table is None:
            me, opp = mg.perspective(self.points, self.bar, self.off, self.to_move)
            if self.dice is None:  # legal_moves and apply ask only once the dice are rolled
                raise IllegalMoveError("no turn to play before the dice are rolled")
            d1, d2 = self.dice
            table = {steps: (m, o) for steps, m, o in mg.generate(me, opp, d1, d2)}
            object.__setattr__(self, "_moves", table)
        return table

    def _after(self, result: tuple[mg.Board, mg.Board]) -> BackgammonState:
        points, bar, off = mg.absolute(result[0], result[1], self.to_move)
        return BackgammonState(points, bar, off, 1 - self.to_move, None, False)

    def _roll(self, outcome: object) -> BackgammonState:
        a, b = outcome if isinstance(outcome, tuple | list) and len(outcome) == 2 else (0, 0)
        if not (isinstance(a, int) and isinstance(b, int) and 1 <= a <= 6 and 1 <= b <= 6):
            raise IllegalMoveError(f"a roll is two dice 1-6 like (3, 1), got {outcome!r}")
        if self.opening:
            if a == b:
                raise IllegalMoveError("the opening roll cannot be a tie (ties are re-rolled)")
            to_move = WHITE if a > b else RED
        else:
            to_move = self.to_move
        return BackgammonState(
            self.points, self.bar, self.off, to_move, (max(a, b), min(a, b)), False
        )


def as_steps(move: object) -> Move:
    """``move`` as given to ``apply`` (a UI's or a file's): a sequence of (from, to) pairs."""
    steps: list[Step] = []
    for step in move if isinstance(move, tuple | list) else [None]:
        if not (isinstance(step, tuple | list) and len(step) == 2):
            break
        s, d = step
        if not (isinstance(s, int) and isinstance(d, int)):
            break
        steps.append((int(s), int(d)))
    else:
        return tuple(steps)
    raise IllegalMoveError(f"a backgammon move is a tuple of (from, to) steps, got {move!r}")


def _steps_text(steps: Move) -> str:
    if not steps:
        return notation.EMPTY_MOVE
    return " ".join(f"{notation._point_name(s)}/{notation._point_name(d)}" for s, d in steps)


def play_sequences(state: BackgammonState) -> tuple[Move, ...]:
    """Every legal full step sequence, in every order: a UI filters them by the steps played."""
    if state.dice is None or state.is_over():
        return ()
    me, opp = state.mover_view()
    return mg.all_sequences(me, opp, *state.dice)


def mirror(state: BackgammonState) -> BackgammonState:
    """The same position with the colours swapped: a fair evaluator must score it the same."""
    pts = tuple(-c for c in reversed(state.points))
    return BackgammonState(
        pts, (state.bar[1], state.bar[0]), (state.off[1], state.off[0]), 1 - state.to_move,
        state.dice,
    )


def pip_counts(state: BackgammonState) -> tuple[int, int]:
    """(White's, Red's) pips still to travel, bar = 25."""
    w, _ = mg.perspective(state.points, state.bar, state.off, WHITE)
    r, _ = mg.perspective(state.points, state.bar, state.off, RED)
    return mg.pips(w), mg.pips(r)


def from_board(
    points: tuple[int, ...] | list[int],
    bar: tuple[int, int] = (0, 0),
    to_move: int = WHITE,
    dice: tuple[int, int] | None = None,
) -> BackgammonState:
    """A validated state from a hand-built board; borne-off counts make each side 15."""
    points = tuple(points)
    if len(points) != 24:
        raise ValueError(f"a board has 24 points, got {len(points)}")
    on_w = sum(c for c in points if c > 0) + bar[0]
    on_r = -sum(c for c in points if c < 0) + bar[1]
    if on_w > CHECKERS or on_r > CHECKERS:
        raise ValueError(f"too many checkers: White {on_w}, Red {on_r} (15 each at most)")
    if dice is not None:
        dice = (max(dice), min(dice))
    return BackgammonState(points, (bar[0], bar[1]), (CHECKERS - on_w, CHECKERS - on_r), to_move,
                           dice)


def parse_plain_position(text: str) -> BackgammonState:
    """``ID [dice] [player]``, e.g. ``4HPwATDgc/ABMA 31 1``; ``ID opening`` before the first
    roll: Kibitz's own position notation (GNU Backgammon's IDs: games.backgammon.ids)."""
    parts = text.split()
    if not parts:
        raise NotationError(
            "a backgammon position is a GNU Position ID, e.g. '4HPwATDgc/ABMA 31'"
        )
    me, opp = notation.decode_position_id(parts[0])
    dice: tuple[int, int] | None = None
    player = WHITE
    opening = False
    rest = parts[1:]
    if rest and rest[0].lower() == "opening":
        opening = True
        rest = rest[1:]
    if rest and len(rest[0]) == 2:
        tok = rest.pop(0)
        if not (tok.isdigit() and all("1" <= c <= "6" for c in tok)):
            raise NotationError(f"dice are two digits 1-6 like 31, got {tok!r}")
        dice = (max(int(tok[0]), int(tok[1])), min(int(tok[0]), int(tok[1])))
    elif rest and rest[0] == "-":
        rest.pop(0)
    if rest and rest[0] in ("0", "1"):
        player = int(rest.pop(0))
    if rest:
        raise NotationError(f"unexpected {quoted(' '.join(rest))}: expected 'ID [dice] [player 0/1]'")
    if opening and (dice is not None or player != WHITE):
        raise NotationError("an 'opening' position has no dice and no player on roll yet")
    if opp[25] == CHECKERS and dice is not None:
        raise NotationError("the game is over: dice make no sense here")
    points, bar, off = mg.absolute(me, opp, player)
    return BackgammonState(points, bar, off, player, dice, opening)

