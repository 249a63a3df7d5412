"""The Othello patterns the learned evaluator scores, and how a position maps to table indices.

A *pattern* is an ordered list of squares (an edge with its two X squares, a corner's 3x3
block, ...). Each square is empty, the mover's or the opponent's, so a pattern of ``k``
squares has ``3**k`` configurations, and its table holds one weight per configuration and
game stage. Every pattern is used in all eight images of the board's symmetry group (four
rotations, each mirrored), all images sharing one table: the evaluation is then exactly
symmetric, and every training position teaches all eight images at once.

Index of an image: ``sum(3**i * cell_i)`` with cell 0 = empty, 1 = mover, 2 = opponent, ``i``
the position in the image's square list. Computed for all images at once as the product of
the 64 cell values with a 64 x K matrix of powers of three (numpy at training time, and a
precomputed per-square contribution list at run time).

Squares: a1 = 0 ... h1 = 7, a2 = 8 ... h8 = 63, as in ``games.othello.rules``.
"""

from __future__ import annotations

from dataclasses import dataclass


def sq(name: str) -> int:
    return "abcdefgh".index(name[0]) + 8 * (int(name[1]) - 1)


def _squares(names: str) -> tuple[int, ...]:
    return tuple(sq(n) for n in names.split())


@dataclass(frozen=True)
class Pattern:
    name: str
    squares: tuple[int, ...]

    @property
    def size(self) -> int:
        return 3 ** len(self.squares)


#: The pattern types, by name. Chosen by measurement (held-out error, see the trainer).
PATTERNS: tuple[Pattern, ...] = (
    Pattern("edge+2x", _squares("a1 b1 c1 d1 e1 f1 g1 h1 b2 g2")),
    Pattern("corner3x3", _squares("a1 b1 c1 a2 b2 c2 a3 b3 c3")),
    Pattern("corner2x5", _squares("a1 b1 c1 d1 e1 a2 b2 c2 d2 e2")),
    Pattern("row2", _squares("a2 b2 c2 d2 e2 f2 g2 h2")),
    Pattern("row3", _squares("a3 b3 c3 d3 e3 f3 g3 h3")),
    Pattern("row4", _squares("a4 b4 c4 d4 e4 f4 g4 h4")),
    Pattern("diag8", _squares("a1 b2 c3 d4 e5 f6 g7 h8")),
    Pattern("diag7", _squares("b1 c2 d3 e4 f5 g6 h7")),
    Pattern("diag6", _squares("c1 d2 e3 f4 g5 h6")),
    Pattern("diag5", _squares("d1 e2 f3 g4 h5")),
    Pattern("diag4", _squares("e1 f2 g3 h4")),
)


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """The 8 board symmetries as square permutations (image of each square)."""
    out = []
    for transpose in (False, True):
        for flip_r in (False, True):
            for flip_c in (False, True):
                perm = []
                for s in range(64):
                    r, c = divmod(s, 8)
                    if transpose:
                        r, c = c, r
                    if flip_r:
                        r = 7 - r
                    if flip_c:
                        c = 7 - c
                    perm.append(r * 8 + c)
                out.append(tuple(perm))
    return tuple(out)


SYMMETRIES = _symmetries()


@dataclass(frozen=True)
class Image:
    """One placed copy of a pattern: which table it reads, and its squares in order."""

    pattern: int
    squares: tuple[int, ...]


def images(patterns: tuple[Pattern, ...] = PATTERNS) -> tuple[Image, ...]:
    """All distinct ordered images of every pattern (a pattern with its own symmetry, such as
    a full edge, has fewer than eight)."""
    out: list[Image] = []
    for p_index, pattern in enumerate(patterns):
        seen: set[tuple[int, ...]] = set()
        for perm in SYMMETRIES:
            placed = tuple(perm[s] for s in pattern.squares)
            if placed not in seen:
                seen.add(placed)
                out.append(Image(p_index, placed))
    return tuple(out)


def table_offsets(patterns: tuple[Pattern, ...] = PATTERNS) -> tuple[int, ...]:
    """Start of each pattern's table in one flat weight vector per stage (then one bias)."""
    offsets = []
    total = 0
    for p in patterns:
        offsets.append(total)
        total += p.size
    return tuple(offsets)


#: Whole-board features weighted per stage after the tables and the bias: the difference in
#: mobility (legal moves) and in potential mobility (empty squares next to opponent discs),
#: mover minus opponent. Patterns see lines, not how many moves each side has.
DENSE_FEATURES = ("mobility", "potential mobility")


def weights_per_stage(patterns: tuple[Pattern, ...] = PATTERNS) -> int:
    """Flat weights per stage: every table, the stage's bias, then one weight per dense
    feature."""
    return sum(p.size for p in patterns) + 1 + len(DENSE_FEATURES)


def bias_index(patterns: tuple[Pattern, ...] = PATTERNS) -> int:
    return sum(p.size for p in patterns)


#: Stages by disc count: stage = (discs - 4) // STAGE_DISCS, discs 4..64.
STAGE_DISCS = 4
N_STAGES = 60 // STAGE_DISCS + 1


def stage_of(discs: int) -> int:
    return min((discs - 4) // STAGE_DISCS, N_STAGES - 1)
