"""Zobrist keys, as the lecture gives them: a random bit string for every square and piece that
can stand on it, XORed together into the position's key, and updated by each move with the few
numbers the move changes. Kibitz's own table keys a position by its exact packed form
(ai.tt); this module is what the lab's Zobrist view and ``explain --zobrist`` show, so a class
can see the scheme most engines use, number by number.

A game takes part by describing a position as pieces on squares (``GameKit.piece_board``):
Othello's discs, tic-tac-toe's marks, Kalah's pits holding so many seeds. One more number is
XORed in when the second player is to move, so the same board with the other side to move has
another key. The numbers come from a seeded generator: the same seed gives the same keys.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from game.core import Move, State

#: The seed of the keys the lab shows (any fixed seed: keys only need to differ).
DEFAULT_SEED = 2026
#: Width of a key in bits, as engines use.
BITS = 64


@dataclass(frozen=True)
class PieceBoard:
    """A position as pieces on squares: ``placed`` holds (square, piece) indexes into
    ``squares`` and ``pieces`` (the names a reader sees), ``second_to_move`` whether the second
    player is to move (the side number joins the key)."""

    squares: tuple[str, ...]
    pieces: tuple[str, ...]
    placed: tuple[tuple[int, int], ...]
    second_to_move: bool


@dataclass(frozen=True)
class Term:
    """One number XORed into a key: a piece on a square, or the side to move (``square`` -1)."""

    square: int
    piece: int
    number: int

    def name(self, board: PieceBoard) -> str:
        if self.square < 0:
            return "second player to move"
        return f"{board.pieces[self.piece]} on {board.squares[self.square]}"


@dataclass(frozen=True)
class Change:
    """What one move does to the key: the numbers XORed out (pieces that left a square) and
    in (pieces that arrived), the side number, and the key before and after."""

    before: int
    after: int
    removed: tuple[Term, ...]
    added: tuple[Term, ...]
    side: Term | None

    @property
    def terms(self) -> tuple[Term, ...]:
        return (*self.removed, *self.added, *((self.side,) if self.side else ()))


class ZobristKeys:
    """The random numbers of one board shape: one per (square, piece), one for the side."""

    def __init__(self, squares: int, pieces: int, seed: int = DEFAULT_SEED) -> None:
        rng = random.Random(seed)
        self.numbers = [[rng.getrandbits(BITS) for _ in range(pieces)] for _ in range(squares)]
        self.side_number = rng.getrandbits(BITS)

    @classmethod
    def for_board(cls, board: PieceBoard, seed: int = DEFAULT_SEED) -> ZobristKeys:
        return cls(len(board.squares), len(board.pieces), seed)

    def terms(self, board: PieceBoard) -> list[Term]:
        """Every number the key of ``board`` is made of, squares in order, the side last."""
        out = [Term(sq, piece, self.numbers[sq][piece]) for sq, piece in sorted(board.placed)]
        if board.second_to_move:
            out.append(Term(-1, 0, self.side_number))
        return out

    def key(self, board: PieceBoard) -> int:
        """The key from scratch: the XOR of all its terms."""
        key = 0
        for term in self.terms(board):
            key ^= term.number
        return key

    def change(self, key: int, before: PieceBoard, after: PieceBoard) -> Change:
        """``key`` (of ``before``) updated to ``after`` incrementally: only the pieces that
        changed are XORed out and in, and the side number when the turn passed."""
        old, new = set(before.placed), set(after.placed)
        removed = tuple(Term(sq, p, self.numbers[sq][p]) for sq, p in sorted(old - new))
        added = tuple(Term(sq, p, self.numbers[sq][p]) for sq, p in sorted(new - old))
        side = (Term(-1, 0, self.side_number)
                if before.second_to_move != after.second_to_move else None)
        updated = key
        for term in (*removed, *added, *((side,) if side else ())):
            updated ^= term.number
        return Change(key, updated, removed, added, side)


def hex_key(key: int) -> str:
    """A key as engines print it: 16 hex digits."""
    return f"{key:016x}"


@dataclass(frozen=True)
class Transposition:
    """Two move orders from one position that reach the same position (the same key)."""

    first: tuple[Move, ...]
    second: tuple[Move, ...]
    reached: State


@lru_cache(maxsize=8)
def find_transposition(state: State, max_tries: int = 4000) -> Transposition | None:
    """Two orders of the same moves that meet: the mover's a, the reply r, the mover's b
    against b, r, a, each move legal where it is played. The first pair found among the legal moves in order, within ``max_tries`` positions; None when no
    such pair exists so near (captures and flips often make the orders differ). Remembered
    for the last few positions: the lab's view asks again at every move it shows."""
    tries = 0
    mover = state.current_player()
    if mover < 0:
        return None
    firsts = list(state.legal_moves())
    for i, a in enumerate(firsts):
        after_a = state.apply(a)
        if after_a.current_player() < 0:
            continue
        for b in firsts[i + 1:]:
            after_b = state.apply(b)
            if after_b.current_player() < 0:
                continue
            for r in after_a.legal_moves():
                tries += 1
                if tries > max_tries:
                    return None
                found = _meet(state, (a, r, b), (b, r, a))
                if found is not None:
                    return found
    return None


def _meet(state: State, first: Sequence[Move], second: Sequence[Move]) -> Transposition | None:
    """Both orders played out (each move legal where it is played), if they meet."""
    ends = []
    for line in (first, second):
        s = state
        for move in line:
            if s.current_player() < 0 or move not in s.legal_moves():
                return None
            s = s.apply(move)
        ends.append(s)
    if ends[0].key() != ends[1].key():
        return None
    return Transposition(tuple(first), tuple(second), ends[0])


def _every_position(pieces_of: Callable[[State], PieceBoard | None]
                    ) -> Callable[[State], PieceBoard]:
    def board_of(state: State) -> PieceBoard:
        board = pieces_of(state)
        if board is None:
            raise ValueError("the game's kit describes some of its positions as pieces, "
                             "not this one")
        return board
    return board_of


def line_keys(state: State, moves: Sequence[Move], keys: ZobristKeys,
              board_of: Callable[[State], PieceBoard]) -> list[Change]:
    """The key after each move of ``moves`` from ``state``, each updated incrementally."""
    board = board_of(state)
    key = keys.key(board)
    out = []
    for move in moves:
        state = state.apply(move)
        after = board_of(state)
        change = keys.change(key, board, after)
        out.append(change)
        key, board = change.after, after
    return out


@dataclass(frozen=True)
class ZobristReport:
    """Everything the lab's view and ``explain --zobrist`` show for one position: the key and
    its terms, one move's incremental update checked against a fresh key, and a
    transposition with the keys along both orders."""

    board: PieceBoard
    key: int
    terms: tuple[Term, ...]
    move: Move | None
    change: Change | None
    #: The key of the position after ``move`` computed from scratch (equal to change.after).
    fresh_after: int | None
    transposition: Transposition | None
    first_keys: tuple[Change, ...] = ()
    second_keys: tuple[Change, ...] = ()


def report(state: State, move: Move | None, pieces_of: Callable[[State], PieceBoard | None],
           seed: int = DEFAULT_SEED) -> ZobristReport:
    """The report for ``state`` and ``move`` (None: no move shown, as at a finished game).
    ``pieces_of`` is a kit's ``piece_board``: a game that describes one of its positions as
    pieces describes them all, so a None on the way is the kit's fault, said as a ValueError."""
    board_of = _every_position(pieces_of)
    board = board_of(state)
    keys = ZobristKeys.for_board(board, seed)
    key = keys.key(board)
    change = fresh = None
    if move is not None:
        after = board_of(state.apply(move))
        change = keys.change(key, board, after)
        fresh = keys.key(after)
    found = find_transposition(state)
    first: tuple[Change, ...] = ()
    second: tuple[Change, ...] = ()
    if found is not None:
        first = tuple(line_keys(state, found.first, keys, board_of))
        second = tuple(line_keys(state, found.second, keys, board_of))
    return ZobristReport(board, key, tuple(keys.terms(board)), move, change, fresh, found,
                         first, second)
