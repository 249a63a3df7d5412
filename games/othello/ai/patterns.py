"""The learned Othello evaluator: pattern tables fitted by least squares, in discs.

The value of a position is the sum, over every symmetric image of every pattern of
:mod:`games.othello.ai.patterns_def`, of the weight its configuration has in the table of
the position's stage, plus the stage's bias and two whole-board terms (mobility and potential
mobility differences, weighted per stage). It predicts the final disc margin for the side to
move (tables fitted by ``python -m games.othello.training.patterns``), so it needs no scaling to
speak in discs and meets the exact endgame solver's margins on one scale.

Fast in pure Python: every image index is a linear function of the 64 cells, so the indices of
all images are packed as 32-bit fields into one big integer. A position's packed indices are
the sum of eight per-row entries (one per board row, looked up by the row's mover and opponent
bytes), and unpacking is one ``to_bytes`` and a ``memoryview`` cast. No numpy at run time.

Weights file (``assets/weights/othello_patterns.bin``), format version 1:

- line 1: ``KIBITZ-OTHELLO-PATTERNS`` then a newline;
- line 2: a JSON object: ``format_version`` (1), ``patterns`` (name and ordered squares, a1 = 0
  ... h8 = 63, of each pattern), ``stages``, ``stage_discs`` (stage = (discs - 4) //
  stage_discs, capped at stages - 1), ``scale`` (weights are stored as integers in units of
  1/scale disc) and how the tables were trained;
- the rest: zlib-compressed little-endian int16, stage after stage, each stage the tables of the
  patterns in order (3**len(squares) weights, configuration index sum(3**i * cell_i), cell 0
  empty / 1 mover / 2 opponent), then the stage's bias, then the weights of the mobility and
  potential-mobility differences (mover minus opponent).
"""

from __future__ import annotations

import functools
import json
import sys
import zlib
from array import array
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, cast

from game.core import State, clipped
from game.paths import asset_path
from games.othello.ai.patterns_def import (
    DENSE_FEATURES,
    N_STAGES,
    PATTERNS,
    STAGE_DISCS,
    Image,
    bias_index,
    images,
    table_offsets,
    weights_per_stage,
)
from games.othello.rules import FULL, OthelloState, final_margin, generate_moves

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

MAGIC = b"KIBITZ-OTHELLO-PATTERNS\n"
FORMAT_VERSION = 1
SCALE = 256
#: Values are clamped so they are never confused with the search's proven-win scores.
LIMIT = 64.0


_NOT_A = 0xFEFEFEFEFEFEFEFE
_NOT_H = 0x7F7F7F7F7F7F7F7F


def _next_to(x: int) -> int:
    east = (x << 1 | x << 9 | x >> 7) & _NOT_A
    west = (x >> 1 | x >> 9 | x << 7) & _NOT_H
    return (east | west | x << 8 | x >> 8) & FULL


def dense_features(me: int, opp: int, my_moves: int | None = None) -> tuple[int, int]:
    """(mobility difference, potential mobility difference), mover minus opponent."""
    if my_moves is None:
        my_moves = generate_moves(me, opp)
    empty = ~(me | opp) & FULL
    mobility = my_moves.bit_count() - generate_moves(opp, me).bit_count()
    potential = (_next_to(opp) & empty).bit_count() - (_next_to(me) & empty).bit_count()
    return mobility, potential


def default_weights_path() -> Path:
    return asset_path("weights", "othello_patterns.bin")


def save_weights(path: Path, weights: Iterable[Iterable[float]], meta: Mapping[str, object]
                 ) -> None:
    """Write ``weights`` (stages x weights_per_stage, in discs) in the format above."""
    header = {
        "format_version": FORMAT_VERSION,
        "patterns": [{"name": p.name, "squares": list(p.squares)} for p in PATTERNS],
        "stages": N_STAGES,
        "stage_discs": STAGE_DISCS,
        "scale": SCALE,
        **meta,
    }
    values = array("h")
    for stage in weights:
        for w in stage:
            values.append(max(-32767, min(32767, round(float(w) * SCALE))))
    if sys.byteorder != "little":
        values.byteswap()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".part")
    tmp.write_bytes(MAGIC + json.dumps(header).encode() + b"\n" + zlib.compress(values, 9))
    tmp.replace(path)


def load_weights(path: Path) -> tuple[dict[str, object], list[array]]:
    """(header, one int16 array per stage); ValueError with a one-line reason if unusable."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ValueError(f"cannot read Othello pattern weights {path}: {exc.strerror}") from None
    if not raw.startswith(MAGIC):
        raise ValueError(f"{path} is not an Othello pattern weights file")
    head_end = raw.find(b"\n", len(MAGIC))
    try:
        header = json.loads(raw[len(MAGIC) : head_end])
        body = zlib.decompress(raw[head_end + 1 :])
    except (ValueError, RecursionError, zlib.error) as exc:  # Recursion: nested too deep
        raise ValueError(f"{path} is corrupt: {clipped(str(exc))}") from None
    expected = [{"name": p.name, "squares": list(p.squares)} for p in PATTERNS]
    if (
        not isinstance(header, dict)
        or header.get("format_version") != FORMAT_VERSION
        or header.get("patterns") != expected
        or header.get("stages") != N_STAGES
        or header.get("stage_discs") != STAGE_DISCS
    ):
        raise ValueError(f"{path} was written for other patterns or another format version")
    per_stage = weights_per_stage()
    if len(body) != 2 * per_stage * N_STAGES:
        raise ValueError(f"{path} is corrupt: {len(body)} bytes of weights")
    values = array("h")
    values.frombytes(body)
    if sys.byteorder != "little":
        values.byteswap()
    tables = [values[s * per_stage : (s + 1) * per_stage] for s in range(N_STAGES)]
    return header, tables


def _digit_map(order: tuple[int, ...]) -> npt.NDArray[np.int64]:
    """For a reordering of a pattern's squares (``order[i]``: the representative's position
    read at the other image's position ``i``): representative index -> that image's index.
    (NumPy: the lists this was built as, 3^10 entries for each of 84 images, took a third of
    a second of every process's first evaluation.)"""
    import numpy as np

    weight = [0] * len(order)
    for i, j in enumerate(order):
        weight[j] = 3**i
    out = np.zeros(1, dtype=np.int64)
    for w in weight:
        out = (np.arange(3, dtype=np.int64)[:, None] * w + out[None, :]).ravel()
    return out


@functools.cache
def placements() -> tuple[tuple[Image, tuple[npt.NDArray[np.int64], ...]], ...]:
    """Each distinct *set* of squares a pattern covers, once: its first ordered image and, per
    ordered image of the same set (itself included), the map from the first one's index to
    that image's index.

    A pattern with a symmetry of its own (an edge is its own mirror image) lies on the same
    squares in two ordered images; both read the same table, so their two weights can be
    added into one folded table once, and the evaluation looks up 46 placements instead of
    84 images, with exactly the same value."""
    groups: dict[tuple[int, frozenset[int]], list[Image]] = {}
    for img in images():
        groups.setdefault((img.pattern, frozenset(img.squares)), []).append(img)
    out = []
    for members in groups.values():
        first = members[0]
        maps = tuple(
            _digit_map(tuple(first.squares.index(q) for q in img.squares)) for img in members
        )
        out.append((first, maps))
    return tuple(out)


def fold_tables(tables: list[array]) -> list[array]:
    """Per stage, the tables with every pattern's weights summed over the ordered images that
    share one placement (see :func:`placements`); bias and whole-board weights unchanged.
    Every placement of a pattern has the same symmetry, so one folded table serves all.
    (numpy only here, at load time: a pure-Python fold took over a second.)"""
    import numpy as np

    offsets = table_offsets()
    maps_of: dict[int, tuple[npt.NDArray[np.int64], ...]] = {}
    for first, maps in placements():
        known = maps_of.setdefault(first.pattern, maps)
        assert len(known) == len(maps) and all(map(np.array_equal, known, maps)), \
            "placements of one pattern fold alike"
    gather = {
        p: [np.asarray(mp, dtype=np.int64) + offsets[p] for mp in maps]
        for p, maps in maps_of.items()
        if len(maps) > 1
    }
    folded = []
    for table in tables:
        src = np.asarray(table, dtype=np.int32)
        out = src.copy()
        for p, index_maps in gather.items():
            part = sum(src[mp] for mp in index_maps)
            out[offsets[p] : offsets[p] + PATTERNS[p].size] = part
        folded.append(array("i", out.tobytes()))
    return folded


def _row_tables() -> list[list[int]]:
    """Per board row, ``mine << 8 | theirs`` -> packed placement-index contributions."""
    firsts = [first for first, _ in placements()]
    contrib = [[0, 0, 0] for _ in range(64)]  # per square: value 0 / mover / opponent
    for k, img in enumerate(firsts):
        for i, sq in enumerate(img.squares):
            contrib[sq][1] += 3**i << (32 * k)
            contrib[sq][2] += 2 * 3**i << (32 * k)
    rows: list[list[int]] = []
    for r in range(8):
        table = [0] * 65536
        for mine in range(256):
            free = 255 ^ mine
            theirs = free
            while True:
                packed = 0
                for c in range(8):
                    if mine >> c & 1:
                        packed += contrib[r * 8 + c][1]
                    elif theirs >> c & 1:
                        packed += contrib[r * 8 + c][2]
                table[mine << 8 | theirs] = packed
                if not theirs:
                    break
                theirs = (theirs - 1) & free
        rows.append(table)
    return rows


class PatternModel:
    """Loaded tables (folded, see :func:`fold_tables`) plus the packed-index machinery;
    ``value(me, opp)`` in discs."""

    def __init__(self, tables: list[array]) -> None:
        self.tables = fold_tables(tables)
        offsets = table_offsets()
        bases = tuple(offsets[first.pattern] for first, _ in placements())
        self.n_images = len(bases)
        #: Every placement's table offset, packed like the indices: added once per position,
        #: the packed sum unpacks straight into flat table positions.
        self.base_packed = sum(base << (32 * k) for k, base in enumerate(bases))
        self.bias = bias_index()
        self.dense = self.bias + 1
        assert len(DENSE_FEATURES) == 2

    @functools.cached_property
    def rows(self) -> list[list[int]]:
        """The packed-index tables of the Python evaluation, built on its first use (a tenth
        of a second): the compiled search reads ``tables`` alone."""
        return _row_tables()

    def value(self, me: int, opp: int, my_moves: int | None = None) -> float:
        rows = self.rows
        packed = (
            rows[0][(me & 0xFF) << 8 | (opp & 0xFF)]
            + rows[1][(me >> 8 & 0xFF) << 8 | (opp >> 8 & 0xFF)]
            + rows[2][(me >> 16 & 0xFF) << 8 | (opp >> 16 & 0xFF)]
            + rows[3][(me >> 24 & 0xFF) << 8 | (opp >> 24 & 0xFF)]
            + rows[4][(me >> 32 & 0xFF) << 8 | (opp >> 32 & 0xFF)]
            + rows[5][(me >> 40 & 0xFF) << 8 | (opp >> 40 & 0xFF)]
            + rows[6][(me >> 48 & 0xFF) << 8 | (opp >> 48 & 0xFF)]
            + rows[7][(me >> 56) << 8 | (opp >> 56)]
        )
        stage = ((me | opp).bit_count() - 4) // STAGE_DISCS
        table = self.tables[stage if stage < N_STAGES else N_STAGES - 1]
        packed += self.base_packed
        idx = memoryview(packed.to_bytes(4 * self.n_images, "little")).cast("I")
        total = table[self.bias] + sum(map(table.__getitem__, idx))
        mobility, potential = dense_features(me, opp, my_moves)
        total += table[self.dense] * mobility + table[self.dense + 1] * potential
        v = total / SCALE
        if v > LIMIT:
            return LIMIT
        if v < -LIMIT:
            return -LIMIT
        return v


_MODEL: PatternModel | None = None


def model() -> PatternModel:
    """The shipped tables, loaded once (ValueError with a one-line reason if unusable)."""
    global _MODEL
    if _MODEL is None:
        _, tables = load_weights(default_weights_path())
        _MODEL = PatternModel(tables)
    return _MODEL


class OthelloPatternEvaluator:
    """Evaluator protocol: the predicted final disc margin, from ``player``'s view."""

    #: The evaluation's name on screen ("Master's search: learned tables, depth 3").
    title = "learned tables"

    name = "othello-patterns"

    def __init__(self) -> None:
        self.model = model()

    def evaluate(self, state: State, player: int) -> float:
        # The search hands over the positions of its own game's tree: Othello's.
        board = cast(OthelloState, state)
        if board.is_over():
            return float(final_margin(board, player))
        v = self.model.value(board.me, board.opp, board.moves_mask)
        return v if player == board.to_move else -v
