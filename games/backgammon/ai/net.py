"""Backgammon equity from a neural network (numpy): one hidden layer, or two networks, contact
and race.

Why a network: a linear evaluator cannot see primes, timing or backgames; TD-Gammon (Tesauro,
1992) showed that one hidden layer trained by self-play learns them. This module holds the
network and its weights file (its inputs: :mod:`games.backgammon.ai.encoding`). The shipped
file is generation 5 of a chain (docs/training/README.md): ``games.backgammon.training.net``
trains the first network by TD(lambda) self-play, and ``training.labels`` and
``training.supervised`` teach each next one from the last one's deeper look. It reads the "v3"
inputs with 160 hidden units for contact positions, and has a race network of its own.

* **Positions** are seen from the side on roll, ``a``, and the side waiting, ``b``: arrays of 26
  counts in each side's own numbering (index 1..24 points, 25 the bar, 0 borne off), the dice
  not yet rolled. Movegen's ``(me, opp)`` after a move becomes ``a = opp[::-1], b = me``.
* **Inputs**: :mod:`games.backgammon.ai.encoding` (the "v1" layout and the wider ones).
* **Outputs**, five sigmoids for the side on roll: P(win), P(win a gammon or more), P(win a
  backgammon), P(lose a gammon or more), P(lose a backgammon). They are made consistent on
  reading (a gammon is never likelier than a win, a backgammon than a gammon), and
  ``equity = 2 P(win) - 1 + P(wg) - P(lg) + P(wbg) - P(lbg)`` in points a game (cubeless).
* **Weights file** ``assets/weights/backgammon_net.npz`` (numpy ``.npz``, no pickles): arrays
  ``W1`` (inputs x hidden), ``b1``, ``W2`` (hidden x 5), ``b2`` and ``meta``, a JSON string with
  ``format`` = ``"kibitz-backgammon-net"``, ``version`` (of this layout and encoding), ``inputs``,
  ``hidden`` and how the weights were trained (seed, games, learning rate, lambda, command);
  ``encoding`` when the layout is not v1; ``race`` (its layout and hidden units) when race
  positions have a network of their own, whose arrays are ``race_W1`` .. ``race_b2``. A
  missing, corrupt or mismatched file raises :class:`WeightsError` with a one-line reason.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import numpy as np

from ai.evaluation.npz_file import read_npz
from game.core import State
from game.paths import asset_path
from games.backgammon.ai import bearoff
from games.backgammon.ai.bitboards import Bitboards
from games.backgammon.ai.encoding import ENCODINGS, N_INPUTS, inputs, v1_inputs
from games.backgammon.movegen import perspective
from games.backgammon.outcomes import EQUITY_WEIGHTS, OUTCOMES
from games.backgammon.positions import WIDTH, Packed, packed_bytes
from games.backgammon.rules import BackgammonState
from games.backgammon.rules import Move as Steps

FORMAT = "kibitz-backgammon-net"
VERSION = 1
OUTPUTS: tuple[str, ...] = OUTCOMES
N_OUT = len(OUTPUTS)
WEIGHTS_FILE = ("weights", "backgammon_net.npz")
#: Index permutation turning one side's outputs into the other side's: win <-> loss.
FLIP = np.array([0, 3, 4, 1, 2])

class WeightsError(ValueError):
    """The network's weights file is missing or malformed; the message says which and why."""


def default_weights_path() -> Path:
    return asset_path(*WEIGHTS_FILE)


# -- the network ----------------------------------------------------------------------------------


def sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(x, -40.0, 40.0)))


def consistent(y: np.ndarray) -> np.ndarray:
    """Raw outputs (N, 5) made ordered: bg <= gammon <= win on each side."""
    p = np.array(y, dtype=np.float64, copy=True)
    p[:, 1] = np.minimum(p[:, 1], p[:, 0])
    p[:, 2] = np.minimum(p[:, 2], p[:, 1])
    p[:, 3] = np.minimum(p[:, 3], 1.0 - p[:, 0])
    p[:, 4] = np.minimum(p[:, 4], p[:, 3])
    return p


_EQUITY_WEIGHTS = np.array(EQUITY_WEIGHTS)


def equity(p: np.ndarray) -> np.ndarray:
    """Cubeless equity (points a game) of consistent probabilities (N, 5): the formula of
    games.backgammon.outcomes, for a batch."""
    return p @ _EQUITY_WEIGHTS - 1.0


def flip(p: np.ndarray) -> np.ndarray:
    """The same probabilities seen by the other side."""
    q = p[:, FLIP].copy()
    q[:, 0] = 1.0 - p[:, 0]
    return q


@dataclass
class Net:
    """One hidden layer of sigmoids, five sigmoid outputs."""

    W1: np.ndarray
    b1: np.ndarray
    W2: np.ndarray
    b2: np.ndarray
    meta: dict[str, object] = field(default_factory=dict)
    #: The input layout the weights were trained on (ENCODINGS).
    encoding: str = "v1"
    #: Exact race values for bear-off against bear-off rows (``probs`` uses them when set).
    bearoff: bearoff.BearoffTable | None = None
    #: The network for race positions (no contact left) when the two phases were trained
    #: apart: a race is a different game (pips and bear-off shape, no blocking or hitting),
    #: and one network fitting both spends its units on the difference.
    race: Net | None = None

    @classmethod
    def random(cls, hidden: int, rng: np.random.Generator, scale: float = 0.1) -> Net:
        return cls(
            rng.uniform(-scale, scale, (N_INPUTS, hidden)),
            np.zeros(hidden),
            rng.uniform(-scale, scale, (hidden, N_OUT)),
            np.zeros(N_OUT),
        )

    @property
    def hidden(self) -> int:
        return self.W1.shape[1]

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(hidden activations, raw outputs) for inputs (N, N_INPUTS)."""
        h = sigmoid(x @ self.W1 + self.b1)
        return h, sigmoid(h @ self.W2 + self.b2)

    def probs(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Consistent probabilities (N, 5) of the side on roll ``a``; the bear-off database's
        exact values where both sides are bearing off, when the net has one."""
        boards = Bitboards.of(a, b)
        if self.race is None:
            p = consistent(self.forward(inputs(boards, self.encoding))[1])
        else:
            v1 = v1_inputs(boards)  # both networks start from these; the last is the race flag
            racing = v1[:, -1] == 1.0
            p = np.empty((len(v1), N_OUT))
            for rows, net in ((~racing, self), (racing, self.race)):
                if rows.any():
                    x = inputs(boards.take(rows), net.encoding, v1[rows])
                    p[rows] = consistent(net.forward(x)[1])
        return p if self.bearoff is None else self.bearoff.override(a, b, p)

    def after_moves(self, results: Sequence[tuple[Sequence[int], Sequence[int]]]) -> np.ndarray:
        """Probabilities (N, 5) for the mover after each of his candidate moves, given as
        movegen ``(me, opp)`` pairs: one batch through the network. A move that bears off the
        last checker gets its certain result."""
        me = np.asarray([r[0] for r in results], dtype=np.int64)
        opp = np.asarray([r[1] for r in results], dtype=np.int64)
        return self._after(me, opp)

    def after_positions(self, found: list[Packed]) -> np.ndarray:
        """:meth:`after_moves` for packed positions (games.backgammon.positions): the rows
        come from one buffer instead of a Python sequence per position."""
        rows = np.frombuffer(packed_bytes(found), dtype=np.uint8).reshape(-1, WIDTH)
        rows = rows.astype(np.int64)
        return self._after(rows[:, :26], rows[:, 26:])

    def _after(self, me: np.ndarray, opp: np.ndarray) -> np.ndarray:
        p = flip(self.probs(opp[:, ::-1], me))
        done = me[:, 0] == 15
        if done.any():
            for i in np.flatnonzero(done):
                p[i] = terminal_probs(me[i], opp[i])
        return p


def terminal_probs(me: Sequence[int] | np.ndarray, opp: Sequence[int] | np.ndarray) -> np.ndarray:
    """The certain outcome for a mover who has just borne off his last checker."""
    gammon = opp[25] == 0
    backgammon = gammon and (opp[0] > 0 or any(opp[1:7]))
    return np.array([1.0, float(gammon), float(backgammon), 0.0, 0.0])


# -- weights file ----------------------------------------------------------------------------------


_LAYERS = ("W1", "b1", "W2", "b2")
#: Prefix of the race network's arrays in a file that has one.
RACE = "race_"


def save_net(net: Net, path: Path | str) -> None:
    meta = {"format": FORMAT, "version": VERSION, "inputs": int(net.W1.shape[0]),
            "hidden": net.hidden, "outputs": list(OUTPUTS), **net.meta}  # fmt: skip
    if net.encoding != "v1":
        meta["encoding"] = net.encoding
    arrays = {name: getattr(net, name) for name in _LAYERS}
    if net.race is not None:
        meta["race"] = {"encoding": net.race.encoding, "hidden": net.race.hidden}
        arrays |= {RACE + name: getattr(net.race, name) for name in _LAYERS}
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        np.savez(f, meta=np.array(json.dumps(meta)), **arrays)
    tmp.replace(path)


def load_net(path: Path | str | None = None) -> Net:
    """The network in ``path`` (default: the shipped weights); WeightsError if unusable."""
    path = Path(path) if path is not None else default_weights_path()
    what = "backgammon network weights"
    arrays, meta = read_npz(path, (*_LAYERS, "meta"), what, FORMAT, WeightsError)
    if meta.get("version") != VERSION:
        raise WeightsError(f"{path.name}: version {meta.get('version')!r}, expected version {VERSION}")
    net = _checked_layers(path, arrays, "", meta.get("encoding", "v1"), meta.get("inputs"),
                          meta.get("hidden"))
    race = meta.get("race")
    if race is not None:
        if not isinstance(race, dict):
            raise WeightsError(f"{path.name}: its race network's description is not an object")
        names = tuple(RACE + name for name in _LAYERS)
        race_arrays, _ = read_npz(path, (*names, "meta"), what, FORMAT, WeightsError)
        encoding = race.get("encoding")
        net.race = _checked_layers(path, race_arrays, RACE, encoding,
                                   ENCODINGS.get(encoding) if isinstance(encoding, str) else None,
                                   race.get("hidden"))
    net.meta = {k: v for k, v in meta.items() if k not in ("format", "version", "inputs", "hidden",
                                                           "outputs", "encoding", "race")}
    return net


def _checked_layers(path: Path, arrays: dict[str, np.ndarray], prefix: str, encoding: object,
                    inputs: object, hidden: object) -> Net:
    """The network of the arrays named ``prefix`` + W1 .. b2, checked against its layout (the
    layout's fields as the file's metadata holds them: anything, until checked here)."""
    expected = ENCODINGS.get(encoding) if isinstance(encoding, str) else None
    if expected is None or inputs != expected or not isinstance(encoding, str):
        raise WeightsError(f"{path.name}: {inputs!r} inputs in the {encoding!r} layout,"
                           " expected a known layout")
    shapes = {"W1": (inputs, hidden), "b1": (hidden,), "W2": (hidden, N_OUT), "b2": (N_OUT,)}
    for name, shape in shapes.items():
        arr = arrays[prefix + name]
        if arr.shape != shape:
            raise WeightsError(f"{path.name}: {prefix}{name} has shape {arr.shape},"
                               f" expected {shape}")
        if arr.dtype.kind != "f":
            raise WeightsError(f"{path.name}: {prefix}{name} holds {arr.dtype} numbers,"
                               " expected floating-point ones")
        if not np.isfinite(arr).all():
            raise WeightsError(f"{path.name}: {prefix}{name} holds a non-finite number")
    w1, b1, w2, b2 = (arrays[prefix + name] for name in _LAYERS)
    return Net(w1, b1, w2, b2, encoding=encoding)


_LOADED: dict[tuple[str, float], Net] = {}


def _shared_net(path: Path | str | None) -> Net:
    """The network of ``path``, loaded once per process (a search is built for every move; a
    match between two networks keeps both)."""
    path = Path(path) if path is not None else default_weights_path()
    try:
        key = (str(path), path.stat().st_mtime)
    except OSError:
        return load_net(path)  # raises the one-line WeightsError
    if key not in _LOADED:
        if len(_LOADED) >= 4:
            _LOADED.clear()
        _LOADED[key] = load_net(path)
        _LOADED[key].bearoff = _bearoff_or_none()
    return _LOADED[key]


def _bearoff_or_none() -> bearoff.BearoffTable | None:
    """The shipped bear-off database, or None with its one-line reason on stderr: the network
    then plays bear-offs on its own."""
    try:
        return bearoff.shared_table()
    except bearoff.BearoffError as exc:
        print(f"warning: {exc}; the network plays bear-offs without it", file=sys.stderr)
        return None


# -- the evaluator ----------------------------------------------------------------------------------


def sides(state: BackgammonState) -> tuple[list[int], list[int]]:
    """(on roll, waiting) in their own numberings."""
    me, opp = perspective(state.points, state.bar, state.off, state.to_move)
    return me, opp[::-1]


class NetEvaluator:
    """Equity in points (cubeless, -3..3) for the searcher, plus the probabilities and a batch
    evaluation of every move of a roll. The dice of a rolled position are ignored: it scores as
    the same position before the roll."""

    #: The evaluation's name on screen ("Master's search: learned tables, depth 3").
    title = "neural network"
    #: The names of ``probabilities``' chances, in order (the engine's JSON keys).
    outcome_names = OUTCOMES

    def __init__(self, net: Net | None = None, path: Path | str | None = None) -> None:
        self.net = net if net is not None else _shared_net(path)

    def probabilities(self, state: BackgammonState, player: int) -> np.ndarray:
        """Consistent (win, win g, win bg, lose g, lose bg) for ``player``."""
        if state.is_over():
            w = state.winner()
            k = state.game_value()
            won = np.array([1.0, float(k >= 2), float(k >= 3), 0.0, 0.0])
            return won if w == player else flip(won[None])[0]
        a, b = sides(state)
        p = self.net.probs(np.array(a), np.array(b))
        return p[0] if player == state.to_move else flip(p)[0]

    def probabilities_source(self, state: BackgammonState) -> str:
        """Where :meth:`probabilities` of ``state`` come from, as the engine's answers name it."""
        return "bear-off database" if self.from_bearoff_database(state) else "network"

    def from_bearoff_database(self, state: BackgammonState) -> bool:
        """Whether :meth:`probabilities` of ``state`` come from the bear-off database."""
        if self.net.bearoff is None or state.is_over():
            return False
        a, b = sides(state)
        return bool(bearoff.covers(np.array(a), np.array(b))[0])

    def evaluate(self, state: State, player: int) -> float:
        # The search hands over the positions of its own game's tree: backgammon's.
        position = cast(BackgammonState, state)
        if position.is_over():
            return position.returns()[player]
        return float(equity(self.probabilities(position, player)[None])[0])

    def move_probabilities(self, state: BackgammonState) -> tuple[list[Steps], np.ndarray]:
        """(moves, probabilities (N, 5) for the mover after each): one network batch."""
        table = state._generated()
        moves = list(table)
        return moves, self.net.after_moves(list(table.values()))
