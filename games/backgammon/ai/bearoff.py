"""The one-sided bear-off database and the exact race values it gives (numpy).

Why: near the end of a race the network is least sure where the answer is simplest; a certain
win read 0.78. Strong engines replace the network there by a table. When both sides have every
remaining checker in their home boards (no contact is possible any more), each side's future is
a number of rolls that depends only on its own checkers and dice, so two one-sided
distributions give the race's chances exactly.

* **Positions**: every way to place 0..15 checkers on a side's six home points, C(21, 6) =
  54,264 of them, as counts ``(c1, .., c6)`` for points 1..6 in the side's own numbering. Row
  ``i`` of the tables belongs to the ``i``-th position in ascending order of its key
  ``c1 + 16 c2 + .. + 16^5 c6`` (:func:`positions` rebuilds that order; nothing else is stored).
* **Tables** (each row a probability distribution, stored as ``uint16`` counts out of 65,535 that
  sum to exactly 65,535, read back as float32; about 21 MB in memory with their tails):

  - ``off[i, n]``: P(the side bears off all its checkers in exactly ``n`` rolls), n = 0..31,
    playing each roll to minimise the expected number of rolls (30 rolls always suffice:
    every roll moves at least three pips and a side has at most 90);
  - ``first[i, n]``: for the positions with all 15 checkers on the board, P(the first checker
    is borne off on roll ``n``) playing to get one off soonest; zero rows for the others. This
    decides gammons.

* **File** ``assets/weights/backgammon_bearoff.npz`` (``np.savez_compressed``, no pickles):
  ``off``, ``first`` and ``meta``, a JSON string with ``format`` = ``"kibitz-backgammon-bearoff"``,
  ``version`` and how it was made. ``python -m games.backgammon.training.bearoff`` rebuilds the
  same arrays. A missing or damaged file raises :class:`BearoffError` with a one-line reason.

**Race values** (:meth:`BearoffTable.race_probs`): with ``a`` on roll needing ``Na`` rolls and
``b`` needing ``Nb``, ``a`` wins when ``Na <= Nb`` (``a`` rolls first). ``a`` wins a gammon when
``b`` has borne off nothing and ``b``'s first checker would come off only after ``a``'s last
(``Fb >= Na``); ``a`` loses a gammon when ``a`` has nothing off and ``Fa > Nb``. Backgammons
are impossible: the loser's checkers are all home. Each side's play is the one-sided policy
above (fewest expected rolls), the standard approach of bear-off databases; play that also
watches the other side's count differs from it only in rare close positions.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ai.evaluation.npz_file import read_npz
from game.paths import asset_path

FORMAT = "kibitz-backgammon-bearoff"
VERSION = 1
HOME = 6
CHECKERS = 15
#: Columns of ``off`` (rolls 0..31) and of ``first`` (rolls 0..15).
OFF_ROLLS = 32
FIRST_ROLLS = 16
SCALE = 65535
BEAROFF_FILE = ("weights", "backgammon_bearoff.npz")
_RADIX = 16 ** np.arange(HOME, dtype=np.int64)


class BearoffError(ValueError):
    """The bear-off database file is missing or malformed; the message says which and why."""


def default_bearoff_path() -> Path:
    return asset_path(*BEAROFF_FILE)


def positions() -> np.ndarray:
    """All (54,264, 6) home-board positions of 0..15 checkers, in the tables' row order."""
    rows = np.zeros((1, 0), dtype=np.int64)
    for _ in range(HOME):
        n = np.arange(CHECKERS + 1)
        grown = np.concatenate(
            (np.repeat(rows, len(n), axis=0), np.tile(n, len(rows))[:, None]), axis=1
        )
        rows = grown[grown.sum(axis=1) <= CHECKERS]
    return rows[np.argsort(rows @ _RADIX, kind="stable")]


def position_keys(home: np.ndarray) -> np.ndarray:
    """The sort key of each home-board position (rows of six counts)."""
    return np.asarray(home, dtype=np.int64).reshape(-1, HOME) @ _RADIX


def quantise(p: np.ndarray) -> np.ndarray:
    """Rows of probabilities as uint16 counts summing to exactly SCALE (largest remainders);
    all-zero rows stay zero."""
    p = np.asarray(p, dtype=np.float64)
    total = p.sum(axis=1, keepdims=True)
    scaled = np.where(total > 0, p / np.where(total > 0, total, 1.0), 0.0) * SCALE
    q = np.floor(scaled).astype(np.int64)
    short = np.where(total[:, 0] > 0, SCALE - q.sum(axis=1), 0)
    order = np.argsort(-(scaled - q), axis=1, kind="stable")
    ranks = np.empty_like(order)
    np.put_along_axis(ranks, order, np.arange(p.shape[1])[None, :], axis=1)
    q += ranks < short[:, None]
    return q.astype(np.uint16)


def covers(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per row: both sides (N, 26) have every checker home or off (bear-off against bear-off,
    so no contact either)."""
    a = np.asarray(a).reshape(-1, 26)
    b = np.asarray(b).reshape(-1, 26)
    return np.logical_not(a[:, HOME + 1 :].any(axis=1) | b[:, HOME + 1 :].any(axis=1))


@dataclass
class BearoffTable:
    """The two one-sided tables as float32 distributions, indexed by :func:`positions`, with
    their tails ``P(count >= n)`` kept beside them for the race sums."""

    off: np.ndarray
    first: np.ndarray
    meta: dict[str, object] = field(default_factory=dict)
    keys: np.ndarray = field(default_factory=lambda: position_keys(positions()))

    def __post_init__(self) -> None:
        self.off = np.asarray(self.off, dtype=np.float32)
        self.first = np.asarray(self.first, dtype=np.float32)
        # at_least[:, n] = P(count >= n), n = 0..OFF_ROLLS-1; the first-off tail is zero for
        # positions with a checker off (their gammon is saved already).
        self.off_at_least = np.cumsum(self.off[:, ::-1], axis=1)[:, ::-1].copy()
        self.first_at_least = np.zeros_like(self.off)
        self.first_at_least[:, :FIRST_ROLLS] = np.cumsum(self.first[:, ::-1], axis=1)[:, ::-1]

    def rows(self, home: np.ndarray) -> np.ndarray:
        """Table rows of home-board positions (M, 6)."""
        return np.searchsorted(self.keys, position_keys(home))

    def expected_rolls(self, home: Sequence[int]) -> float:
        """Mean rolls to bear off the checkers of one home board (six counts)."""
        row = self.off[self.rows(np.asarray(home))[0]].astype(np.float64)
        return float(row @ np.arange(OFF_ROLLS))

    def race_probs(self, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(mask, probabilities): which rows of ``a`` (on roll) and ``b`` (waiting), (N, 26)
        counts in their own numberings, are bear-off against bear-off, and the five outputs
        (win, win g, win bg, lose g, lose bg) of ``a`` for those rows, (mask.sum(), 5)."""
        a = np.asarray(a, dtype=np.int64).reshape(-1, 26)
        b = np.asarray(b, dtype=np.int64).reshape(-1, 26)
        mask = covers(a, b)
        if not mask.any():
            return mask, np.zeros((0, 5))
        ra, rb = self.rows(a[mask, 1 : HOME + 1]), self.rows(b[mask, 1 : HOME + 1])
        pa, pb = self.off[ra], self.off[rb]
        out = np.zeros((len(ra), 5))
        # a finishes on its roll n having given b n - 1 rolls: a wins if Nb >= n, and wins a
        # gammon if b's first checker is still on then, Fb >= n; a loses a gammon if b
        # finishes on roll n with a's first checker still on after a's n rolls, Fa >= n + 1.
        out[:, 0] = np.einsum("ij,ij->i", pa, self.off_at_least[rb])
        out[:, 1] = np.einsum("ij,ij->i", pa, self.first_at_least[rb])
        out[:, 3] = np.einsum("ij,ij->i", pb[:, :-1], self.first_at_least[ra][:, 1:])
        np.clip(out, 0.0, 1.0, out=out)
        out[:, 1] = np.minimum(out[:, 1], out[:, 0])
        out[:, 3] = np.minimum(out[:, 3], 1.0 - out[:, 0])
        return mask, out

    def override(self, a: np.ndarray, b: np.ndarray, probs: np.ndarray) -> np.ndarray:
        """``probs`` (N, 5) of ``a`` on roll with the bear-off rows replaced by their exact
        values."""
        mask, exact = self.race_probs(a, b)
        if mask.any():
            probs = np.array(probs, copy=True)
            probs[mask] = exact
        return probs


# -- file --------------------------------------------------------------------------------------------


def save_table(off_counts: np.ndarray, first_counts: np.ndarray, meta: Mapping[str, object],
               path: Path | str) -> None:  # fmt: skip
    """Write quantised tables (uint16 rows summing to SCALE) with their metadata."""
    head = {"format": FORMAT, "version": VERSION, "positions": len(off_counts),
            "off_rolls": OFF_ROLLS, "first_rolls": FIRST_ROLLS, "scale": SCALE, **meta}  # fmt: skip
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        np.savez_compressed(f, off=off_counts, first=first_counts, meta=np.array(json.dumps(head)))
    tmp.replace(path)


def load_table(path: Path | str | None = None) -> BearoffTable:
    """The database in ``path`` (default: the shipped file); BearoffError if unusable."""
    path = Path(path) if path is not None else default_bearoff_path()
    arrays, meta = read_npz(
        path, ("off", "first", "meta"), "bear-off database", FORMAT, BearoffError
    )
    if meta.get("version") != VERSION:
        raise BearoffError(f"{path.name}: version {meta.get('version')!r}, expected {VERSION}")
    homes = positions()
    keys = position_keys(homes)
    tables = {}
    for name, cols, rows_sum in (("off", OFF_ROLLS, SCALE), ("first", FIRST_ROLLS, None)):
        arr = arrays[name]
        if arr.shape != (len(keys), cols) or arr.dtype != np.uint16:
            raise BearoffError(
                f"{path.name}: {name} is {arr.dtype} {arr.shape}, expected uint16"
                f" {(len(keys), cols)}"
            )
        sums = arr.sum(axis=1, dtype=np.int64)
        if (rows_sum is not None and (sums != rows_sum).any()) or not np.isin(sums, (0, SCALE)).all():
            raise BearoffError(f"{path.name}: {name} has rows that are not distributions")
        tables[name] = arr.astype(np.float32) / np.float32(SCALE)
    full = homes.sum(axis=1) == CHECKERS
    if ((tables["first"].sum(axis=1) > 0) != full).any():
        raise BearoffError(f"{path.name}: first has rows for positions with checkers off")
    extra = {k: v for k, v in meta.items() if k not in ("format", "version")}
    return BearoffTable(tables["off"], tables["first"], extra, keys)


_SHARED: dict[str, BearoffTable | BearoffError] = {}


def shared_table(path: Path | str | None = None) -> BearoffTable:
    """The database of ``path``, loaded once per process (a failure is remembered too, so its
    one-line reason is reported once and the file is not re-read for every search)."""
    key = str(Path(path) if path is not None else default_bearoff_path())
    if key not in _SHARED:
        try:
            _SHARED[key] = load_table(key)
        except BearoffError as exc:
            _SHARED[key] = exc
    found = _SHARED[key]
    if isinstance(found, BearoffError):
        raise found
    return found
