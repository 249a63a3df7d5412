"""Names of Othello openings, and the name of the opening a game is playing.

The names and move sequences are the standard list of named openings as published at
www.samsoft.org.uk/reversi/openings.htm (the list most Othello programs show), written here
from Black's usual first move f5. A game that starts with d3, c4 or e6 is the same opening
seen in a mirror (the start position has those four symmetries), so games are matched after
mapping their first move to f5. Where the list gives several names for one line they are kept,
separated by " / ".
"""

from __future__ import annotations

from collections.abc import Iterable

from games.othello.rules import PASS, parse_square

#: (moves from the start, f5 first; name). Longer lines refine shorter ones.
NAMED_OPENINGS: tuple[tuple[str, str], ...] = (
    ('f5 f6', 'Diagonal Opening'),
    ('f5 f6 e6 f4 g7', 'X-square Opening'),
    ('f5 f6 e6 f4 g6', 'Snake / Peasant'),
    ('f5 f6 e6 f4 g6 c6', 'Lysons'),
    ('f5 f6 e6 f4 g6 c5 g4 g5 f3 e3 c4', 'Pyramid / Checkerboarding Peasant'),
    ('f5 f6 e6 f4 g5', 'Heath / Tobidashi'),
    ('f5 f6 e6 f4 g5 e7 f7 c5 e3 f3 c4 d3 c2', 'Mimura Variation II'),
    ('f5 f6 e6 f4 g5 e7 e3', 'Heath-Bat'),
    ('f5 f6 e6 f4 g5 e7 d7', 'Iwasaki Variation'),
    ('f5 f6 e6 f4 g5 d6', 'Heath-Chimney'),
    ('f5 f6 e6 f4 g4', 'Raccoon Dog'),
    ('f5 f6 e6 f4 g3', 'Rocket'),
    ('f5 f6 e6 f4 g3 f3 g4', 'Hamilton'),
    ('f5 f6 e6 f4 g3 d6', 'Lollipop'),
    ('f5 f6 e6 f4 e3', 'Cow'),
    ('f5 f6 e6 f4 e3 d6', 'Chimney'),
    ('f5 f6 e6 f4 e3 c5 g5', 'Cow Bat / Bat / Cambridge'),
    ('f5 f6 e6 f4 e3 c5 g5 g3 g4 f3 g6', 'Bat (Piau Continuation 2)'),
    ('f5 f6 e6 f4 e3 c5 g5 g3 g4 f3 c4', 'Melnikov / Bat (Piau Continuation 1)'),
    ('f5 f6 e6 f4 e3 c5 g5 f3 g4 g6 g3 d6 f7 h5 h4 h3 e7', 'Bat (Kling Continuation)'),
    ('f5 f6 e6 f4 e3 c5 g5 d6 g6', 'Bat (Kling Alternative)'),
    ('f5 f6 e6 f4 e3 c5 c4', 'Rose-v-Toth'),
    ('f5 f6 e6 f4 e3 c5 c4 e7', 'Tanida'),
    ('f5 f6 e6 f4 e3 c5 c4 e7 g4', 'Aircraft / Feldborg'),
    ('f5 f6 e6 f4 e3 c5 c4 e7 b5 e2', 'Sailboat'),
    ('f5 f6 e6 f4 e3 c5 c4 d3 f3 e2', 'Maruoka'),
    ('f5 f6 e6 f4 e3 c5 c4 d3 c3', 'Landau'),
    ('f5 f6 e6 f4 c3', 'Buffalo / Kenichi Variation'),
    ('f5 f6 e6 f4 c3 d7 f3', 'Maruoka Buffalo'),
    ('f5 f6 e6 f4 c3 d6 f3 c4 c5 b4', 'Tanida Buffalo'),
    ('f5 f6 e6 f4 c3 c4', 'Hokuriku Buffalo'),
    ('f5 f6 d3 f4', 'Wing Variation'),
    ('f5 f6 c4 f4', 'Semi-Wing Variation'),
    ('f5 f4', 'Parallel Opening'),
    ('f5 d6', 'Perpendicular Opening'),
    ('f5 d6 c5 f4 e3 d3', 'Mimura'),
    ('f5 d6 c5 f4 e3 c6 f3', 'Shaman / Danish'),
    ('f5 d6 c5 f4 e3 c6 e6', 'Inoue'),
    ('f5 d6 c5 f4 e3 c6 e6 f6', 'Iago'),
    ('f5 d6 c5 f4 e3 c6 d7', 'Bhagat'),
    ('f5 d6 c5 f4 e3 c6 d3 f6 e6 d7', 'Rose'),
    ('f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g4', 'Flat'),
    ('f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g4 c4', 'Rotating Flat'),
    ('f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g4 c4 g6', 'Murakami Variation'),
    ('f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g4 c4 g5 c3 f7 d2 e7 f2', 'Rotating Flat (Kling Continuation)'),
    ('f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g3 c4', 'Rose-Birth'),
    ('f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g3 c4 g5 c3 b4 e2', 'Brightstein'),
    ('f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g3 c4 b4', 'Rose-Birdie / Rose-Tamenori'),
    ('f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g3 c4 b4 c3', 'Rose-Tamenori-Kling'),
    ('f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 e7', 'Greenberg / Dawg'),
    ('f5 d6 c5 f4 e3 c6 d3 f3', 'Ralle'),
    ('f5 d6 c5 f4 d3', 'Horse'),
    ('f5 d6 c4 g5', 'Ganglion / No-Cat'),
    ('f5 d6 c4 g5 c6', 'Swallow'),
    ('f5 d6 c4 g5 c6 c5 d7 d3 b4 c3 e3 f3', 'No-Cat (Continuation)'),
    ('f5 d6 c4 d3 e6', 'Italian'),
    ('f5 d6 c4 d3 c5', 'Cat'),
    ('f5 d6 c4 d3 c5 f4 e3 f3 c2 c6', 'Sakaguchi'),
    ('f5 d6 c4 d3 c5 f4 e3 f3 c2 b4 b3', 'Berner'),
    ('f5 d6 c3 g5', 'Bent Ganglion'),
    ('f5 d6 c3 d3 c4', 'Tiger'),
    ('f5 d6 c3 d3 c4 f4 f6', 'Stephenson'),
    ('f5 d6 c3 d3 c4 f4 f6 g5', 'No-Kung'),
    ('f5 d6 c3 d3 c4 f4 f6 g5 e3 f3 g4 h3 g3 f2', 'No-Kung (Continuation)'),
    ('f5 d6 c3 d3 c4 f4 f6 f3', "Comp'Oth"),
    ('f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 d7 g6 f8 f7 g5 h6 h4 g4 h3 h5 h7', 'F.A.T. Draw'),
    ('f5 d6 c3 d3 c4 f4 f6 f3 e3', 'Lightning Bolt'),
    ('f5 d6 c3 d3 c4 f4 f6 b4', 'Kung'),
    ('f5 d6 c3 d3 c4 f4 e6', "Leader's Tiger"),
    ('f5 d6 c3 d3 c4 f4 e3', 'Brightwell'),
    ('f5 d6 c3 d3 c4 f4 c5 b4 b5 c6 f3 e6 e3', 'Ishii'),
    ('f5 d6 c3 d3 c4 f4 c5 b4 b5 c6 f3 e6 e3 g6 f6 g5 d7 g3', 'Mainline Tiger'),
    ('f5 d6 c3 d3 c4 f4 c5 b3 c2', 'Rose-Bill'),
    ('f5 d6 c3 d3 c4 f4 c5 b3 c2 e6', 'Tamenori'),
    ('f5 d6 c3 d3 c4 f4 c5 b3 c2 b4', 'Central Rose-Bill / Dead Draw'),
    ('f5 d6 c3 d3 c4 b3', 'Aubrey / Tanaka'),
    ('f5 d6 c3 d3 c4 b3 d2 f4', 'Aubrey (Feldborg Continuation)'),
)


def _symmetry_to_f5(first: int) -> tuple[int, ...] | None:
    """The board symmetry (a square permutation) that maps the first move to f5, if any."""
    maps = {
        parse_square("f5"): lambda r, c: (r, c),
        parse_square("e6"): lambda r, c: (c, r),  # reflection in the a1-h8 diagonal
        parse_square("d3"): lambda r, c: (7 - c, 7 - r),  # reflection in the h1-a8 diagonal
        parse_square("c4"): lambda r, c: (7 - r, 7 - c),  # half turn
    }
    to = maps.get(first)
    if to is None:
        return None
    out = []
    for sq in range(64):
        r, c = to(*divmod(sq, 8))
        out.append(r * 8 + c)
    return tuple(out)


def _index() -> dict[tuple[int, ...], str]:
    return {tuple(parse_square(m) for m in moves.split()): name for moves, name in NAMED_OPENINGS}


_BY_MOVES = _index()
_LONGEST = max(len(k) for k in _BY_MOVES)
#: Every beginning of a named line: a game whose moves are one of these is still in the book.
_BOOK = frozenset(line[:n] for line in _BY_MOVES for n in range(1, len(line) + 1))


def opening_name(moves: Iterable[int]) -> str | None:
    """The name of the longest named opening the game's moves begin with, or None.

    ``moves`` are squares (a1 = 0 ... h8 = 63) from the standard start, in order.
    """
    played = [m for m in moves if m != PASS][:_LONGEST]
    if not played:
        return None
    perm = _symmetry_to_f5(played[0])
    if perm is None:
        return None
    line = tuple(perm[m] for m in played)
    for length in range(len(line), 0, -1):
        name = _BY_MOVES.get(line[:length])
        if name is not None:
            return name
    return None


def book_opening_name(moves: Iterable[int]) -> str | None:
    """The opening's name while the game is still on a named line (its moves begin some named
    opening's moves), None once a move leaves every named line, as the move list shows it."""
    played = [m for m in moves if m != PASS]
    if not played or len(played) > _LONGEST:
        return None
    perm = _symmetry_to_f5(played[0])
    if perm is None or tuple(perm[m] for m in played) not in _BOOK:
        return None
    return opening_name(played)
