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

The hand-made features of every layout come from the bit masks of :mod:`bitboards`, made once
a batch for both sides; tests/test_backgammon_inputs.py checks each input against its
definition.
"""

from __future__ import annotations

import numpy as np

from games.backgammon.ai import contact_features, prime_features, shot_features
from games.backgammon.ai.bitboards import Bitboards

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
#: Input layouts: "v1" (above; the shipped race network's); "v2", v1 followed by each side's
#: contact features (games.backgammon.ai.contact_features); "v3", v2 followed by each side's
#: shot features (blocks checked, double shots, pip loss) and prime features (escapes from a
#: table, containment, timing, buried checkers).
ENCODINGS: dict[str, int] = {
    name: N_INPUTS + 2 * sum(m.PER_SIDE for m in modules)
    for name, modules in _EXTRA_FEATURES.items()
}
#: TD-Gammon's four units for a point holding 0..15 checkers.
_UNITS = np.array([[n >= 1, n >= 2, n >= 3, max(n - 3, 0) / 2.0] for n in range(16)])
_PLACE = np.arange(26)  # a checker's pips to bear off: its place (the bar 25, off 0)
_HOME = np.int64(0b1111110)  # bits 1..6: the home board


def _longest_run(mask: np.ndarray) -> np.ndarray:
    """Length of the longest run of set bits per mask (a prime)."""
    mask = mask.copy()
    run = np.zeros(len(mask), dtype=np.int64)
    while True:
        nonzero = mask != 0
        if not nonzero.any():
            return run
        run += nonzero
        mask &= mask >> 1


def _direct_range(checkers: np.ndarray) -> np.ndarray:
    """Places 1 to 6 pips in front of the masked checkers: what they hit with one die."""
    reach = checkers << 1
    for d in range(2, 7):
        reach |= checkers << d
    return reach


def _sides_into(x: np.ndarray, boards: Bitboards) -> None:
    """Write both sides' inputs into ``x``'s first 2 * SIDE_WIDTH columns: each side's
    columns are a view of its rows, so both are written by one array operation each."""
    n = boards.positions
    out = x[:, : 2 * SIDE_WIDTH].reshape(n, 2, SIDE_WIDTH).swapaxes(0, 1)
    own = boards.own
    pts = own[:, 1:25].reshape(2, n, 24)
    units = out[..., :96].reshape(2, n, 24, 4)  # a view: each point's four columns
    np.take(_UNITS, pts, axis=0, out=units, mode="clip")  # counts are 0..15: clip is a no-op
    features = np.empty((SIDE_FEATURES + 2, 2 * n))
    features[0] = own[:, 25] / 2.0
    features[1] = own[:, 0] / 15.0
    blots = boards.blots
    features[2] = own @ _PLACE / 100.0
    features[3] = np.bitwise_count(blots) / 5.0
    features[4] = np.bitwise_count(boards.made & _HOME) / 6.0
    features[5] = _longest_run(boards.made) / 6.0
    features[6] = own[:, 19:26].sum(axis=1) / 5.0
    features[7] = np.bitwise_count(blots & _direct_range(boards.their_checkers)) / 3.0
    out[..., SIDE_UNITS - 2 :] = features.reshape(-1, 2, n).transpose(1, 2, 0)


def _race(boards: Bitboards) -> np.ndarray:
    n = boards.positions
    return boards.rearmost[:n] + boards.rearmost[n:] <= 25


def is_race(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """No contact left (per row): a's point p and b's point q meet only if p + q > 25."""
    return _race(Bitboards.of(a, b))


def v1_inputs(boards: Bitboards) -> np.ndarray:
    """The "v1" inputs (N, N_INPUTS) of the positions ``boards`` holds."""
    x = np.empty((boards.positions, N_INPUTS))
    _sides_into(x, boards)
    x[:, -1] = _race(boards)
    return x


def encode(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Network inputs (N, N_INPUTS) for positions with ``a`` on roll, ``b`` waiting."""
    return v1_inputs(Bitboards.of(a, b))


def inputs(boards: Bitboards, encoding: str, v1: np.ndarray | None = None) -> np.ndarray:
    """The inputs in the layout ``encoding`` (ENCODINGS) of the positions ``boards`` holds;
    ``v1``: their v1 inputs, when the caller has them already."""
    if v1 is None:
        v1 = v1_inputs(boards)
    if encoding == "v1":
        return v1
    n = boards.positions
    x = np.empty((n, ENCODINGS[encoding]))
    x[:, :N_INPUTS] = v1
    column = N_INPUTS
    for module in _EXTRA_FEATURES[encoding]:
        both = module.features(boards)
        width = module.PER_SIDE
        x[:, column : column + width] = both[:n]
        x[:, column + width : column + 2 * width] = both[n:]
        column += 2 * width
    return x


def encode_as(a: np.ndarray, b: np.ndarray, encoding: str) -> np.ndarray:
    """Network inputs in the layout ``encoding`` (ENCODINGS) for ``a`` on roll, ``b`` waiting."""
    return inputs(Bitboards.of(a, b), encoding)
