"""Tic-tac-toe: the smallest complete example of the rules protocol.

Squares are numbered 0..8 row by row from the top-left; a move is the square index. Notation:
``a1``..``c3`` is column letter then row number counted from the top, as DESIGN.md specifies.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from game.core import TERMINAL, IllegalMoveError, Move, NotationError, check_option_names, quoted
from game.jsontypes import JSONObject

LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)  # fmt: skip
MARKS = "XO"


#: Bitmask of each line's three squares (bit i = square i).
LINE_MASKS: tuple[int, ...] = tuple((1 << i) | (1 << j) | (1 << k) for i, j, k in LINES)
#: One player's marks (a 9-bit mask) -> whether they hold a whole line. Every rule question a
#: search asks at every node (won? over? which moves?) becomes a table lookup.
_HAS_LINE: tuple[bool, ...] = tuple(
    any(m & line == line for line in LINE_MASKS) for m in range(512)
)
#: A 9-bit mask -> the base-3 number with a 1 digit at each of its squares.
_BASE3: tuple[int, ...] = tuple(sum(3**i for i in range(9) if m >> i & 1) for m in range(512))
#: Mask of the empty squares -> those squares in increasing order (the legal moves).
_SQUARES: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(9) if m >> i & 1) for m in range(512)
)


@dataclass(frozen=True, slots=True)
class TicTacToeState:
    #: 9 cells: 0 (X), 1 (O) or None.
    board: tuple[int | None, ...] = (None,) * 9
    to_move: int = 0
    # Derived from the two fields above once, at construction; never part of equality.
    #: (X's marks, O's marks) as 9-bit masks.
    marks: tuple[int, int] = field(init=False, repr=False, compare=False)
    _winner: int | None = field(init=False, repr=False, compare=False)
    _legal: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        x = o = 0
        for i, c in enumerate(self.board):
            if c == 0:
                x |= 1 << i
            elif c == 1:
                o |= 1 << i
        _derive(self, x, o)

    def winner(self) -> int | None:
        return self._winner

    def is_over(self) -> bool:
        return not self._legal

    def current_player(self) -> int:
        return self.to_move if self._legal else TERMINAL

    def legal_moves(self) -> tuple[int, ...]:
        return self._legal

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        return ()

    def apply(self, move: Move) -> TicTacToeState:
        if not isinstance(move, int) or move not in self._legal:
            raise self._illegal(move)
        board = self.board[:move] + (self.to_move,) + self.board[move + 1 :]
        x, o = self.marks
        if self.to_move == 0:
            x |= 1 << move
        else:
            o |= 1 << move
        # Trusted construction: the masks are updated, not recomputed from the board.
        s = object.__new__(TicTacToeState)
        setter = object.__setattr__
        setter(s, "board", board)
        setter(s, "to_move", 1 - self.to_move)
        _derive(s, x, o)
        return s

    def _illegal(self, move: object) -> IllegalMoveError:
        if self.is_over():
            return IllegalMoveError("the game is over")
        if not isinstance(move, int) or not 0 <= move < 9:
            return IllegalMoveError(f"no such square: {move!r}")
        return IllegalMoveError(f"square {square_name(move)} is already taken")

    def returns(self) -> tuple[float, float]:
        w = self._winner
        if w is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if w == 0 else (-1.0, 1.0)

    def key(self) -> Hashable:
        return (self.board, self.to_move)

    def tt_key(self) -> int:
        """The position as one small int, cheaper to hash and compare than ``key()``.

        Base 3 over the squares (0 empty, 1 X, 2 O) then the side to move: every position gets
        its own number below 2 * 3**9 < 2**16, so a transposition table of 2**16 slots indexed
        by it has no collisions at all.
        """
        x, o = self.marks
        return (_BASE3[x] + 2 * _BASE3[o]) * 2 + self.to_move


def _derive(s: TicTacToeState, x: int, o: int) -> None:
    """Fill in the derived fields of ``s`` from the two players' marks."""
    setter = object.__setattr__
    setter(s, "marks", (x, o))
    winner = 0 if _HAS_LINE[x] else 1 if _HAS_LINE[o] else None
    setter(s, "_winner", winner)
    setter(s, "_legal", () if winner is not None else _SQUARES[~(x | o) & 0x1FF])


def _lines_of(board: tuple[int | None, ...], player: int) -> list[tuple[int, int, int]]:
    return [line for line in LINES if all(board[i] == player for i in line)]


def _unreachable_reason(state: TicTacToeState) -> str | None:
    """Why a position with plausible mark counts still cannot arise in play, or None.

    Only the side that moved last can have three in a row, and its last mark must lie on every
    such line: then the position before it had no line and, with valid counts, is reachable.
    """
    last = 1 - state.to_move
    if _lines_of(state.board, state.to_move):
        return f"{MARKS[state.to_move]} has three in a row but it is {MARKS[state.to_move]} to move"
    lines = _lines_of(state.board, last)
    if lines and not set.intersection(*(set(line) for line in lines)):
        return f"{MARKS[last]} has two separate lines of three"
    return None


def square_name(i: int) -> str:
    return "abc"[i % 3] + str(i // 3 + 1)


class TicTacToe:
    id = "tictactoe"
    name = "Tic-tac-toe"
    player_names = ("X", "O")

    def initial_state(self, /, **options: object) -> TicTacToeState:
        check_option_names("tic-tac-toe", options, ())
        return TicTacToeState()

    def options(self, state: TicTacToeState) -> JSONObject:
        return {}

    def parse_position(self, text: str, /, **options: object) -> TicTacToeState:
        self.initial_state(**options)
        parts = text.split()
        if len(parts) != 2:
            raise NotationError(
                "a tic-tac-toe position is 9 cells (X, O, -) then the side to move, e.g. 'X-O------ X'"
            )
        cells, side = parts
        if len(cells) != 9 or any(c not in "XO-" for c in cells.upper()):
            raise NotationError(f"expected 9 cells of X, O or -, got {quoted(cells)}")
        if side.upper() not in ("X", "O"):
            raise NotationError(f"side to move must be X or O, got {quoted(side)}")
        board = tuple(None if c == "-" else MARKS.index(c) for c in cells.upper())
        nx, no = board.count(0), board.count(1)
        to_move = MARKS.index(side.upper())
        if not (nx == no and to_move == 0) and not (nx == no + 1 and to_move == 1):
            raise NotationError(
                f"impossible position: {nx} X and {no} O with {side.upper()} to move"
            )
        state = TicTacToeState(board, to_move)
        problem = _unreachable_reason(state)
        if problem:
            raise NotationError(f"impossible position: {problem}")
        return state

    def format_position(self, state: TicTacToeState) -> str:
        cells = "".join("-" if c is None else MARKS[c] for c in state.board)
        return f"{cells} {MARKS[state.to_move]}"

    def parse_move(self, state: TicTacToeState, text: str) -> int:
        t = text.strip().lower()
        if len(t) != 2 or t[0] not in "abc" or t[1] not in "123":
            raise NotationError(f"a tic-tac-toe move is a1..c3, got {quoted(text)}")
        move = "abc".index(t[0]) + 3 * (int(t[1]) - 1)
        if move not in state.legal_moves():
            raise IllegalMoveError(f"{t} is not a legal move here")
        return move

    def format_move(self, state: TicTacToeState, move: int) -> str:
        return square_name(move)

    def describe_result(self, state: TicTacToeState) -> str:
        w = state.winner()
        return "Draw" if w is None else f"{MARKS[w]} wins"


GAME = TicTacToe()
