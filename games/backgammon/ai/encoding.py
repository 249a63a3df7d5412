"""The backgammon network's inputs: what a position looks like to it (numpy, batched).

Positions are seen from the side on roll, ``a``, and the side waiting, ``b``: arrays of 26
counts in each side's own numbering (index 1..24 points, 25 the bar, 0 borne off), the dice not
yet rolled (:mod:`games.backgammon.ai.net` turns movegen's ``(me, opp)`` into them).

**The "v1" inputs** (``N_INPUTS``): for each side, TD-Gammon's four units per point (n >= 1,
n >= 2, n >= 3, (n - 3) / 2 beyond three), bar / 2, off / 15, then six features: pips / 100,
blots / 5, home-board points made / 6, longest prime / 6, checkers back (opponent's home board
and bar) / 5, blots within direct range of an opposing checker / 3; and one race flag (no
contact left), which lets one network serve contact and race positions.

**Wider layouts** (``ENCODINGS``): "v2" adds each side's contact features
(:mod:`contact_features`), "v3" its shot and prime features too (:mod:`shot_features`,
:mod:`prime_features`); a weights file records its layout.
"""

from __future__ import annotations

import numpy as np

from games.backgammon.ai import contact_features, prime_features, shot_features

SIDE_UNITS = 24 * 4 + 2
SIDE_FEATURES = 6
SIDE_WIDTH = SIDE_UNITS + SIDE_FEATURES
N_INPUTS = 2 * SIDE_WIDTH + 1
#: Hand-made features per side of each layout after v1, in order (the side on roll first).
_EXTRA_FEATURES = {
    "v1": (),
    "v2": (contact_features,),
    "v3": (contact_features, shot_features, prime_features),
}
#: Input layouts: "v1" (the shipped network's, above); "v2", v1 followed by each side's
#: contact features (games.backgammon.ai.contact_features); "v3", v2 followed by each side's
#: shot features (blocks checked, double shots, pip loss) and prime features (escapes from a
#: table, containment, timing, buried checkers).
ENCODINGS: dict[str, int] = {
    name: N_INPUTS + 2 * sum(m.PER_SIDE for m in modules)
    for name, modules in _EXTRA_FEATURES.items()
}
_POINT = np.arange(1, 25)
_BITS = np.left_shift(np.int64(1), np.arange(24, dtype=np.int64))
# For an own point p (1..24), opposing checkers that hit it directly stand 1..6 pips in front,
# i.e. at own-numbered places max(0, p - 6) .. p - 1 (0 = entering from the bar).
_HIT_HI = np.arange(1, 25)
_HIT_LO = np.maximum(0, _HIT_HI - 6)


def _longest_run(made: np.ndarray) -> np.ndarray:
    """Length of the longest run of True along axis 1 (a prime), by shifting a bit mask."""
    mask = made.astype(np.int64) @ _BITS
    run = np.zeros(len(mask), dtype=np.int64)
    while True:
        nonzero = mask != 0
        if not nonzero.any():
            return run
        run += nonzero
        mask &= mask >> 1


def _side_into(out: np.ndarray, own: np.ndarray, other: np.ndarray) -> None:
    """Write the inputs of one side (``own``) given the other side (``other``), both (N, 26),
    into ``out`` (N, SIDE_WIDTH): column slices of one preallocated array, because a search
    encodes hundreds of positions per call and numpy's per-call cost dominates small arrays."""
    n = len(own)
    pts = own[:, 1:25]
    out[:, 0:96:4] = pts >= 1
    out[:, 1:96:4] = pts >= 2
    out[:, 2:96:4] = pts >= 3
    out[:, 3:96:4] = np.maximum(pts - 3, 0) / 2.0
    out[:, 96] = own[:, 25] / 2.0
    out[:, 97] = own[:, 0] / 15.0
    blots = pts == 1
    # Opposing checkers in own numbering: place r = 25 - q for their point q; r = 0 their bar.
    occupied = np.empty((n, 25), dtype=np.int64)
    occupied[:, 0] = other[:, 25] > 0
    occupied[:, 1:] = other[:, 24:0:-1] > 0
    cum = np.zeros((n, 26), dtype=np.int64)
    np.cumsum(occupied, axis=1, out=cum[:, 1:])
    in_range = cum[:, _HIT_HI] > cum[:, _HIT_LO]
    made = pts >= 2
    out[:, 98] = (pts @ _POINT + 25 * own[:, 25]) / 100.0
    out[:, 99] = blots.sum(axis=1) / 5.0
    out[:, 100] = made[:, :6].sum(axis=1) / 6.0
    out[:, 101] = _longest_run(made) / 6.0
    out[:, 102] = own[:, 19:26].sum(axis=1) / 5.0
    out[:, 103] = (blots & in_range).sum(axis=1) / 3.0


def is_race(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """No contact left (per row): a's point p and b's point q meet only if p + q > 25."""
    top_a = 25 - np.argmax(a[:, :0:-1] > 0, axis=1)
    top_b = 25 - np.argmax(b[:, :0:-1] > 0, axis=1)
    top_a[~(a[:, 1:] > 0).any(axis=1)] = 0
    top_b[~(b[:, 1:] > 0).any(axis=1)] = 0
    return top_a + top_b <= 25


def encode(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Network inputs (N, N_INPUTS) for positions with ``a`` on roll, ``b`` waiting."""
    a = np.asarray(a, dtype=np.int64).reshape(-1, 26)
    b = np.asarray(b, dtype=np.int64).reshape(-1, 26)
    x = np.empty((len(a), N_INPUTS))
    _side_into(x[:, :SIDE_WIDTH], a, b)
    _side_into(x[:, SIDE_WIDTH : 2 * SIDE_WIDTH], b, a)
    x[:, -1] = is_race(a, b)
    return x


def encode_as(a: np.ndarray, b: np.ndarray, encoding: str,
              v1: np.ndarray | None = None) -> np.ndarray:
    """Network inputs in the layout ``encoding`` (ENCODINGS); ``v1``: the rows' v1 inputs,
    when the caller has them already."""
    if v1 is None:
        v1 = encode(a, b)
    if encoding == "v1":
        return v1
    a = np.asarray(a, dtype=np.int64).reshape(-1, 26)
    b = np.asarray(b, dtype=np.int64).reshape(-1, 26)
    n = len(a)
    # Both sides in one call per module: a search's batches are small, so numpy's cost per
    # call, not per row, is what these features cost.
    own, other = np.vstack([a, b]), np.vstack([b, a])
    parts = [v1]
    for module in _EXTRA_FEATURES[encoding]:
        both = module.side_features(own, other)
        parts += [both[:n], both[n:]]
    return np.hstack(parts)
