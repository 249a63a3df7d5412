"""Othello on bitboards: rules, notation, transcripts and perft.

One file, longer than most: the bitboard move generator, the state that uses it and the
notations that read and write its squares are one unit (the Game object itself is
games.othello.game).

A position is two 64-bit ints, the discs of the side to move and of its opponent, plus the
colour to move. Bit ``i`` is square ``i``: a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63,
rows counted from the top as DESIGN.md specifies. Mover/opponent boards make every rule (and the
AI built on them) colour-blind: the same code serves Black and White.

Move generation floods the opponent's discs from the mover's discs in the eight directions with
shifts and masks (a Kogge-Stone style doubling fill), so a whole legal-move set costs a fixed
handful of big-int operations instead of a loop over squares. Flips use precomputed rays per
square: the first non-opponent square along a ray is a single bit trick away.

A pass is the move ``PASS`` (64). It is the only legal move when the mover cannot place a disc
but the opponent can; when neither side can move the game is over.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from game.core import TERMINAL, IllegalMoveError, Move, NotationError, quoted

PASS = 64
FULL = (1 << 64) - 1
#: Columns b..g: a disc there can be flanked horizontally or diagonally without wrapping a row.
INNER = 0x7E7E7E7E7E7E7E7E
CORNERS = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)
COLOURS = ("Black", "White")
MARKS = "XO"
START_BLACK = (1 << 28) | (1 << 35)  # e4, d5
START_WHITE = (1 << 27) | (1 << 36)  # d4, e5
_CENTRE = START_BLACK | START_WHITE

_DIRECTIONS = ((0, 1), (1, -1), (1, 0), (1, 1), (0, -1), (-1, 1), (-1, 0), (-1, -1))


def _build_tables() -> tuple[
    tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[int, ...]
]:
    """Per square: rays towards higher indices, rays towards lower indices, neighbour mask.

    Rays shorter than two squares can never flank anything and are left out.
    """
    up: list[tuple[int, ...]] = []
    down: list[tuple[int, ...]] = []
    neighbours: list[int] = []
    for sq in range(64):
        row, col = divmod(sq, 8)
        pos: list[int] = []
        neg: list[int] = []
        near = 0
        for dr, dc in _DIRECTIONS:
            ray = 0
            length = 0
            r, c = row + dr, col + dc
            while 0 <= r < 8 and 0 <= c < 8:
                ray |= 1 << (r * 8 + c)
                length += 1
                r, c = r + dr, c + dc
            if length:
                near |= 1 << ((row + dr) * 8 + col + dc)
            if length >= 2:
                (pos if dr * 8 + dc > 0 else neg).append(ray)
        up.append(tuple(pos))
        down.append(tuple(neg))
        neighbours.append(near)
    return tuple(up), tuple(down), tuple(neighbours)


_RAYS_UP, _RAYS_DOWN, NEIGHBOURS = _build_tables()


def generate_moves(me: int, opp: int) -> int:
    """Bitmask of the squares where ``me`` may place a disc (Kogge-Stone flood fill)."""
    empty = ~(me | opp) & FULL
    oh = opp & INNER
    # Horizontal: +1 / -1.
    pre = oh & (oh << 1)
    f = oh & (me << 1)
    f |= oh & (f << 1)
    f |= pre & (f << 2)
    f |= pre & (f << 2)
    moves = f << 1
    pre >>= 1
    f = oh & (me >> 1)
    f |= oh & (f >> 1)
    f |= pre & (f >> 2)
    f |= pre & (f >> 2)
    moves |= f >> 1
    # Vertical: +8 / -8 (no wrap possible, bits shifted past either end simply vanish).
    pre = opp & (opp << 8)
    f = opp & (me << 8)
    f |= opp & (f << 8)
    f |= pre & (f << 16)
    f |= pre & (f << 16)
    moves |= f << 8
    pre >>= 8
    f = opp & (me >> 8)
    f |= opp & (f >> 8)
    f |= pre & (f >> 16)
    f |= pre & (f >> 16)
    moves |= f >> 8
    # Diagonal: +9 / -9.
    pre = oh & (oh << 9)
    f = oh & (me << 9)
    f |= oh & (f << 9)
    f |= pre & (f << 18)
    f |= pre & (f << 18)
    moves |= f << 9
    pre >>= 9
    f = oh & (me >> 9)
    f |= oh & (f >> 9)
    f |= pre & (f >> 18)
    f |= pre & (f >> 18)
    moves |= f >> 9
    # Anti-diagonal: +7 / -7.
    pre = oh & (oh << 7)
    f = oh & (me << 7)
    f |= oh & (f << 7)
    f |= pre & (f << 14)
    f |= pre & (f << 14)
    moves |= f << 7
    pre >>= 7
    f = oh & (me >> 7)
    f |= oh & (f >> 7)
    f |= pre & (f >> 14)
    f |= pre & (f >> 14)
    moves |= f >> 7
    return moves & empty


def flip_mask(me: int, opp: int, sq: int) -> int:
    """Discs that ``me`` flips by playing on (empty) ``sq``; 0 means the move is illegal."""
    if not NEIGHBOURS[sq] & opp:
        return 0
    flips = 0
    not_opp = ~opp
    for ray in _RAYS_UP[sq]:
        b = ray & not_opp
        b &= -b  # nearest non-opponent square towards higher indices
        if b & me:
            flips |= ray & (b - 1)
    for ray in _RAYS_DOWN[sq]:
        b = ray & not_opp
        if b:
            b = 1 << (b.bit_length() - 1)  # nearest one towards lower indices
            if b & me:
                flips |= ray & -(b << 1)
    return flips


def square_name(sq: int) -> str:
    if sq == PASS:
        return "pass"
    if not isinstance(sq, int) or not 0 <= sq < 64:
        raise ValueError(f"no such square: {sq!r}")
    return "abcdefgh"[sq & 7] + str((sq >> 3) + 1)


def parse_square(text: str) -> int:
    """``d3`` -> 19, ``pass`` -> PASS; NotationError for anything else."""
    t = text.strip().lower()
    if t in ("pass", "pa", "ps"):
        return PASS
    if len(t) != 2 or t[0] not in "abcdefgh" or t[1] not in "12345678":
        raise NotationError(f"an Othello move is a square a1..h8 or 'pass', got {quoted(text)}")
    return "abcdefgh".index(t[0]) + 8 * (int(t[1]) - 1)


def final_margin_bb(me: int, opp: int) -> int:
    """Disc difference for ``me`` at the end of the game, empty squares going to the winner."""
    a = me.bit_count()
    b = opp.bit_count()
    if a > b:
        return 64 - 2 * b
    if a < b:
        return 2 * a - 64
    return 0


class OthelloState:
    """An immutable Othello position; equal positions are equal and hash alike."""

    __slots__ = ("me", "opp", "to_move", "_moves", "_status", "_legal")

    #: Discs of the side to move / its opponent (bitboards).
    me: int
    opp: int
    #: 0 = Black, 1 = White.
    to_move: int
    #: Placements of the side to move (a bitboard); 0 = it has a move, 1 = it must pass,
    #: 2 = the game is over; legal_moves() once asked for.
    _moves: int
    _status: int
    _legal: tuple[int, ...] | None

    def __init__(self, me: int, opp: int, to_move: int) -> None:
        if me & opp or (me | opp) & ~FULL or me < 0 or opp < 0:
            raise ValueError("bitboards must be disjoint 64-bit masks")
        if to_move not in (0, 1):
            raise ValueError(f"to_move must be 0 (Black) or 1 (White), got {to_move!r}")
        _init(self, me, opp, to_move)

    @classmethod
    def from_colours(cls, black: int, white: int, to_move: int) -> OthelloState:
        return cls(black, white, to_move) if to_move == 0 else cls(white, black, to_move)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("OthelloState is immutable")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OthelloState):
            return NotImplemented
        return self.me == other.me and self.opp == other.opp and self.to_move == other.to_move

    def __hash__(self) -> int:
        return hash((self.me, self.opp, self.to_move))

    def __repr__(self) -> str:
        return f"OthelloState({format_board(self)!r})"

    def __reduce__(self) -> tuple[type[OthelloState], tuple[int, int, int]]:
        return (OthelloState, (self.me, self.opp, self.to_move))

    # -- colour views -------------------------------------------------------------------
    @property
    def black(self) -> int:
        return self.opp if self.to_move else self.me

    @property
    def white(self) -> int:
        return self.me if self.to_move else self.opp

    @property
    def empties(self) -> int:
        return 64 - (self.me | self.opp).bit_count()

    @property
    def moves_mask(self) -> int:
        """Placements available to the mover (0 when it must pass or the game is over)."""
        return self._moves

    def is_over(self) -> bool:
        return self._status == 2

    def must_pass(self) -> bool:
        return self._status == 1

    # -- protocol -------------------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self._status == 2 else self.to_move

    def legal_moves(self) -> tuple[int, ...]:
        legal = self._legal
        if legal is None:
            if self._status == 0:
                m = self._moves
                out = []
                while m:
                    b = m & -m
                    out.append(b.bit_length() - 1)
                    m ^= b
                legal = tuple(out)
            else:
                legal = (PASS,) if self._status == 1 else ()
            object.__setattr__(self, "_legal", legal)
        return legal

    def chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        return ()

    def apply(self, move: Move) -> OthelloState:
        if self._status == 2:
            raise IllegalMoveError("the game is over")
        if move == PASS and isinstance(move, int):
            if self._status != 1:
                raise IllegalMoveError(
                    f"{COLOURS[self.to_move]} has a move, so passing is not allowed"
                )
            return _make(self.opp, self.me, 1 - self.to_move)
        if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move < 64:
            raise IllegalMoveError(f"no such square: {move!r}")
        bit = 1 << move
        if not self._moves & bit:
            name = square_name(move)
            if (self.me | self.opp) & bit:
                raise IllegalMoveError(f"{name} is already occupied")
            if self._status == 1:
                raise IllegalMoveError(f"{COLOURS[self.to_move]} has no move and must pass")
            raise IllegalMoveError(f"{name} does not flip any disc")
        f = flip_mask(self.me, self.opp, move)
        return _make(self.opp ^ f, self.me | f | bit, 1 - self.to_move)

    def returns(self) -> tuple[float, float]:
        b = self.black.bit_count()
        w = self.white.bit_count()
        if b > w:
            return (1.0, -1.0)
        if w > b:
            return (-1.0, 1.0)
        return (0.0, 0.0)

    def key(self) -> Hashable:
        return (self.me, self.opp, self.to_move)


def _init(s: OthelloState, me: int, opp: int, to_move: int) -> None:
    setter = object.__setattr__
    setter(s, "me", me)
    setter(s, "opp", opp)
    setter(s, "to_move", to_move)
    moves = generate_moves(me, opp)
    setter(s, "_moves", moves)
    if moves:
        setter(s, "_status", 0)
    else:
        setter(s, "_status", 1 if generate_moves(opp, me) else 2)
    setter(s, "_legal", None)


def _make(me: int, opp: int, to_move: int) -> OthelloState:
    """Trusted constructor for successors: the bitboards are known to be valid."""
    s = object.__new__(OthelloState)
    _init(s, me, opp, to_move)
    return s


# -- helpers for the AI and the UI --------------------------------------------------------


def legal_mask(state: OthelloState) -> int:
    return state._moves


def disc_counts(state: OthelloState) -> tuple[int, int]:
    """(black, white) disc counts."""
    return state.black.bit_count(), state.white.bit_count()


def flipped_squares(state: OthelloState, move: int) -> tuple[int, ...]:
    """The squares ``move`` turns over, in ascending order (for the flip animation)."""
    if move == PASS:
        return ()
    state.apply(move)  # raises with a clear message if illegal
    f = flip_mask(state.me, state.opp, move)
    return tuple(i for i in range(64) if f >> i & 1)


def final_margin(state: OthelloState, player: int) -> int:
    """Final disc difference from ``player``'s view, empties to the winner (standard scoring)."""
    m = final_margin_bb(state.me, state.opp)
    return m if player == state.to_move else -m


def final_score(state: OthelloState) -> tuple[int, int]:
    """(Black, White) final score under the world-championship rule: the empty squares of a
    finished game go to the winner (shared equally in a draw), so the two always sum to 64."""
    b, w = disc_counts(state)
    empties = 64 - b - w
    if b > w:
        return b + empties, w
    if w > b:
        return b, w + empties
    return b + empties // 2, w + empties // 2


def perft(state: OthelloState, depth: int) -> int:
    """Leaf count of the game tree: a pass is a move, a finished game is a leaf."""
    if depth < 0:
        raise ValueError("perft depth must be >= 0")
    if depth == 0:
        return 1
    return _perft(state.me, state.opp, depth)


def _perft(me: int, opp: int, depth: int) -> int:
    moves = generate_moves(me, opp)
    if depth == 1:
        # Bulk count: a pass and a finished game are both exactly one leaf.
        return moves.bit_count() if moves else 1
    if not moves:
        if generate_moves(opp, me):
            return _perft(opp, me, depth - 1)
        return 1
    total = 0
    depth -= 1
    rays_up, rays_down, near = _RAYS_UP, _RAYS_DOWN, NEIGHBOURS
    while moves:
        bit = moves & -moves
        moves ^= bit
        sq = bit.bit_length() - 1
        # flip_mask inlined: this loop is the benchmark's hot path.
        flips = 0
        if near[sq] & opp:
            not_opp = ~opp
            for ray in rays_up[sq]:
                b = ray & not_opp
                b &= -b
                if b & me:
                    flips |= ray & (b - 1)
            for ray in rays_down[sq]:
                b = ray & not_opp
                if b:
                    b = 1 << (b.bit_length() - 1)
                    if b & me:
                        flips |= ray & -(b << 1)
        total += _perft(opp ^ flips, me | flips | bit, depth)
    return total


# -- the position notation ----------------------------------------------------------------

_BLACK_CHARS = "Xx*"
_WHITE_CHARS = "Oo"
_EMPTY_CHARS = "-."


def initial_state() -> OthelloState:
    return _make(START_BLACK, START_WHITE, 0)


def parse_board(text: str) -> OthelloState:
    """64 cells a1..h8 (``X``/``*`` black, ``O`` white, ``-``/``.`` empty), then ``X``/``O``.

    The cells may be split over several whitespace-separated chunks (e.g. eight rows).
    """
    parts = text.split()
    if len(parts) < 2:
        raise NotationError(
            "an Othello position is 64 cells (X, O, -) then the side to move X or O"
        )
    side = parts[-1]
    cells = "".join(parts[:-1])
    if len(cells) != 64:
        raise NotationError(f"expected 64 cells a1..h8, got {len(cells)}")
    black = white = 0
    for i, c in enumerate(cells):
        if c in _BLACK_CHARS:
            black |= 1 << i
        elif c in _WHITE_CHARS:
            white |= 1 << i
        elif c not in _EMPTY_CHARS:
            raise NotationError(
                f"cell {square_name(i)} is {c!r}; use X (black), O (white) or - (empty)"
            )
    if side in _BLACK_CHARS:
        to_move = 0
    elif side in _WHITE_CHARS:
        to_move = 1
    else:
        raise NotationError(f"side to move must be X (Black) or O (White), got {quoted(side)}")
    if ~(black | white) & _CENTRE:
        raise NotationError("impossible position: d4, e4, d5 and e5 are never empty")
    return OthelloState.from_colours(black, white, to_move)


def format_board(state: OthelloState) -> str:
    """The position notation: 64 cells a1..h8, then the side to move."""
    black, white = state.black, state.white
    cells = "".join(
        "X" if black >> i & 1 else "O" if white >> i & 1 else "-" for i in range(64)
    )
    return f"{cells} {MARKS[state.to_move]}"


# -- transcripts --------------------------------------------------------------------------


def _transcript_tokens(text: str) -> list[str]:
    """Split ``f5d6 c3 pass d3`` into ['f5', 'd6', 'c3', 'pass', 'd3']."""
    tokens: list[str] = []
    t = "".join(text.split()).lower()
    i = 0
    while i < len(t):
        if t.startswith("pass", i):
            tokens.append("pass")
            i += 4
        elif t.startswith("pa", i) or t.startswith("ps", i) or t.startswith("--", i):
            tokens.append("pass")
            i += 2
        else:
            tokens.append(t[i : i + 2])
            i += 2
    return tokens


def parse_transcript(text: str, state: OthelloState | None = None) -> list[int]:
    """The moves of a transcript like ``f5d6c3d3c4``, passes inserted where they are forced.

    An explicit ``pass`` (or ``pa``) is tolerated where the mover must pass; the moves are
    checked against the rules from ``state`` (the standard start by default).
    """
    s = initial_state() if state is None else state
    moves: list[int] = []
    for n, token in enumerate(_transcript_tokens(text), start=1):
        try:
            move = parse_square(token)
        except NotationError:
            raise NotationError(f"move {n}: {quoted(token)} is not a square a1..h8") from None
        if s.must_pass():
            moves.append(PASS)
            s = s.apply(PASS)
            if move == PASS:
                continue
        try:
            s = s.apply(move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"move {n} ({square_name(move)}): {exc}") from None
        moves.append(move)
    return moves


def play_transcript(text: str, state: OthelloState | None = None) -> OthelloState:
    """The position reached after the transcript (a pending forced pass is left to play)."""
    s = initial_state() if state is None else state
    for move in parse_transcript(text, s):
        s = s.apply(move)
    return s


def format_transcript(moves: Iterable[int]) -> str:
    """``f5d6c3...``: squares only, since passes are implied by the rules."""
    return "".join(square_name(m) for m in moves if m != PASS)
