"""Backgammon equity learned by TD(lambda) self-play: a linear-logistic model over the raw board.

Why this shape: expectiminimax calls the evaluator hundreds of thousands of times, the runtime must
stay pure Python (no numpy in the executable), and a linear model over a TD-Gammon-style board
encoding (Tesauro's "pubeval" family) is both cheap and a real step up from hand-set features.

* Inputs, seen from the side on roll ("a") and the side waiting ("b"), each in its own numbering:
  for every point 1..24 four units (n >= 1, n >= 2, n >= 3, (n - 3) / 2 beyond three, as in
  TD-Gammon), then bar / 2, borne off / 15, pips / 100; plus a bias. ``N_INPUTS`` = 199.
* Outputs, three sigmoids for the side on roll: P(win), P(win a gammon or better), P(lose a
  gammon or worse). Equity = 2 P(win) - 1 + P(gammon win) - P(gammon loss); backgammons are
  counted as gammons (they are rare and a linear model cannot tell them apart reliably).
* Two weight sets: "contact" and "race" (no contact left), chosen per position, since a linear
  model cannot serve both phases with one set of weights.

At load time each output's per-point units are folded into lookup tables ``T[point][count]``, so
an evaluation is about a hundred table look-ups (see the benchmark figures in
``games/backgammon/training/td.py``). Values are exactly antisymmetric: ``evaluate(s, 0) ==
-evaluate(s, 1)``, and a colour-mirrored position gets the mirrored value.

The weights live in ``assets/weights/backgammon_td.json``; a missing or malformed file raises
:class:`WeightsError` (a ValueError) with a one-line message. ``get_evaluator("backgammon",
"td")`` does not hide that error: a build without usable weights should fail loudly, not quietly
play with a weaker evaluator.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import cast

from game.core import State, clipped
from game.paths import asset_path
from games.backgammon.movegen import perspective
from games.backgammon.rules import BackgammonState

FORMAT = "kibitz-backgammon-td"
VERSION = 1
UNITS_PER_POINT = 4
#: Per side: 24 points x 4 units, bar, off, pips.
SIDE_INPUTS = 24 * UNITS_PER_POINT + 3
N_INPUTS = 1 + 2 * SIDE_INPUTS
OUTPUTS: tuple[str, ...] = ("win", "gammon_win", "gammon_loss")
SETS: tuple[str, ...] = ("contact", "race")
MAX_COUNT = 15

WEIGHTS_FILE = ("weights", "backgammon_td.json")

Side = Sequence[int]
#: weights[set][output] -> list of N_INPUTS floats.
Weights = list[list[list[float]]]


class WeightsError(ValueError):
    """The learned weights file is missing or malformed; the message says which and why."""


def default_weights_path() -> Path:
    return asset_path(*WEIGHTS_FILE)


def zero_weights() -> Weights:
    return [[[0.0] * N_INPUTS for _ in OUTPUTS] for _ in SETS]


def point_units(n: int) -> tuple[float, float, float, float]:
    """TD-Gammon's truncated unary code for ``n`` checkers on one point."""
    if n <= 0:
        return (0.0, 0.0, 0.0, 0.0)
    if n == 1:
        return (1.0, 0.0, 0.0, 0.0)
    if n == 2:
        return (1.0, 1.0, 0.0, 0.0)
    return (1.0, 1.0, 1.0, (n - 3) / 2.0)


def is_race_sides(a: Side, b: Side) -> bool:
    """No contact left: a point p of ``a`` and q of ``b`` (own numberings) meet only if p + q > 25."""
    top_a = 25 if a[25] else max((p for p in range(24, 0, -1) if a[p]), default=0)
    top_b = 25 if b[25] else max((p for p in range(24, 0, -1) if b[p]), default=0)
    return top_a + top_b <= 25


def _pips(side: Side) -> int:
    return sum(p * side[p] for p in range(1, 26))


def inputs(a: Side, b: Side) -> list[tuple[int, float]]:
    """The non-zero inputs as (index, value): ``a`` on roll, ``b`` waiting, own numberings
    (index 1..24 points, 25 bar, 0 borne off)."""
    out: list[tuple[int, float]] = [(0, 1.0)]
    for s, side in enumerate((a, b)):
        base = 1 + s * SIDE_INPUTS
        for p in range(1, 25):
            n = side[p]
            if n:
                i = base + (p - 1) * UNITS_PER_POINT
                out.append((i, 1.0))
                if n >= 2:
                    out.append((i + 1, 1.0))
                    if n >= 3:
                        out.append((i + 2, 1.0))
                        if n > 3:
                            out.append((i + 3, (n - 3) / 2.0))
        tail = base + 24 * UNITS_PER_POINT
        if side[25]:
            out.append((tail, side[25] / 2.0))
        if side[0]:
            out.append((tail + 1, side[0] / 15.0))
        out.append((tail + 2, _pips(side) / 100.0))
    return out


def sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def equity_from_probs(p_win: float, p_gw: float, p_gl: float) -> float:
    """Points per game for the side the probabilities belong to; gammons capped by the wins."""
    p_gw = min(p_gw, p_win)
    p_gl = min(p_gl, 1.0 - p_win)
    return 2.0 * p_win - 1.0 + p_gw - p_gl


class _Head:
    """One output of one weight set, folded into per-point tables for speed."""

    __slots__ = ("bias", "ta", "tb", "lin")

    def __init__(self, w: Sequence[float]) -> None:
        self.bias = w[0]
        tables = []
        for s in range(2):
            base = 1 + s * SIDE_INPUTS
            side_tables = []
            for p in range(24):
                u = w[base + p * UNITS_PER_POINT : base + (p + 1) * UNITS_PER_POINT]
                side_tables.append(
                    [
                        sum(wi * xi for wi, xi in zip(u, point_units(n), strict=True))
                        for n in range(MAX_COUNT + 1)
                    ]
                )
            tables.append(side_tables)
        self.ta, self.tb = tables
        ta_tail = 1 + 24 * UNITS_PER_POINT
        tb_tail = ta_tail + SIDE_INPUTS
        # bar/2, off/15, pips/100 for a, then for b.
        self.lin = (
            w[ta_tail] / 2.0, w[ta_tail + 1] / 15.0, w[ta_tail + 2] / 100.0,
            w[tb_tail] / 2.0, w[tb_tail + 1] / 15.0, w[tb_tail + 2] / 100.0,
        )  # fmt: skip

    def logit(self, a: Side, b: Side, pa: int, pb: int) -> float:
        lin = self.lin
        return (
            self.bias
            + sum(map(list.__getitem__, self.ta, a[1:25]))
            + sum(map(list.__getitem__, self.tb, b[1:25]))
            + lin[0] * a[25] + lin[1] * a[0] + lin[2] * pa
            + lin[3] * b[25] + lin[4] * b[0] + lin[5] * pb
        )  # fmt: skip


class TDModel:
    """The learned value function on mover-relative boards (used by the evaluator and training)."""

    def __init__(self, weights: Weights) -> None:
        check_weights(weights)
        self.weights: Weights = [[list(map(float, o)) for o in s] for s in weights]
        self._heads = [[_Head(o) for o in s] for s in self.weights]

    def probs(self, a: Side, b: Side) -> tuple[float, float, float]:
        """(P(win), P(gammon win), P(gammon loss)) of ``a``, the side on roll."""
        heads = self._heads[1 if is_race_sides(a, b) else 0]
        pa = _pips(a)
        pb = _pips(b)
        return (
            sigmoid(heads[0].logit(a, b, pa, pb)),
            sigmoid(heads[1].logit(a, b, pa, pb)),
            sigmoid(heads[2].logit(a, b, pa, pb)),
        )

    def equity_on_roll(self, a: Side, b: Side) -> float:
        return equity_from_probs(*self.probs(a, b))

    def equity_after_move(self, me: Side, opp: Side) -> float:
        """Equity of the player who just moved, from movegen's (me, opp) lists in his numbering."""
        return -self.equity_on_roll(opp[::-1], me)


def check_weights(weights: object) -> Weights:
    """``weights`` as Weights (the same numbers, checked, so a loaded file's type is known);
    WeightsError unless it is [set][output][input] of finite numbers."""
    if not isinstance(weights, list) or len(weights) != len(SETS):
        raise WeightsError(f"weights must be a list of {len(SETS)} sets ({', '.join(SETS)})")
    checked: Weights = []
    for name, s in zip(SETS, weights, strict=True):
        if not isinstance(s, list) or len(s) != len(OUTPUTS):
            raise WeightsError(f"weight set {name!r} must hold {len(OUTPUTS)} outputs")
        checked.append([])
        for out, w in zip(OUTPUTS, s, strict=True):
            if not isinstance(w, list) or len(w) != N_INPUTS:
                got = len(w) if isinstance(w, list) else type(w).__name__
                raise WeightsError(f"weights {name}/{out} must have {N_INPUTS} numbers, got {got}")
            row: list[float] = []
            for x in w:
                if isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x):
                    raise WeightsError(f"weights {name}/{out} hold a non-number: {clipped(repr(x))}")
                row.append(x)
            checked[-1].append(row)
    return checked


def load_weights(path: Path | str | None = None) -> tuple[Weights, dict]:
    """(weights, metadata) from a weights file; WeightsError with the reason if unusable."""
    path = Path(path) if path is not None else default_weights_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise WeightsError(f"backgammon TD weights not found: {path.name}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise WeightsError(f"backgammon TD weights unreadable ({path.name}): "
                           f"{clipped(str(exc))}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise WeightsError(f"{path.name} is not a {FORMAT} file")
    if data.get("version") != VERSION or data.get("inputs") != N_INPUTS:
        raise WeightsError(
            f"{path.name}: version {clipped(repr(data.get('version')))} with "
            f"{clipped(repr(data.get('inputs')))} inputs,"
            f" expected version {VERSION} with {N_INPUTS}"
        )
    weights = check_weights(data.get("weights"))
    meta = {k: v for k, v in data.items() if k != "weights"}
    return weights, meta


def save_weights(path: Path | str, weights: Weights, **meta: object) -> None:
    check_weights(weights)
    data = {"format": FORMAT, "version": VERSION, "inputs": N_INPUTS,
            "sets": list(SETS), "outputs": list(OUTPUTS), **meta,
            "weights": [[list(map(float, o)) for o in s] for s in weights]}  # fmt: skip
    text = json.dumps(data, separators=(",", ":"))
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(text + "\n", encoding="utf-8")


def _sides(state: BackgammonState) -> tuple[list[int], list[int]]:
    """(on roll, waiting) in their own numberings."""
    me, opp = perspective(state.points, state.bar, state.off, state.to_move)
    return me, opp[::-1]


class TDBackgammonEvaluator:
    """Equity (points, about [-3, 3]) from the TD-trained weights; same contract as the
    hand-made BackgammonEvaluator, dice ignored (a state scores the same before and after
    its roll)."""

    #: The evaluation's name on screen ("Master's search: learned tables, depth 3").
    title = "TD-learned weights"
    #: The names of ``probabilities``' chances, in order (the engine's JSON keys).
    outcome_names = ("win", "win_gammon", "lose_gammon")

    def __init__(self, weights: Weights | None = None, path: Path | str | None = None) -> None:
        if weights is None:
            weights, self.meta = load_weights(path)
        else:
            self.meta = {}
        self.model = TDModel(weights)

    def evaluate(self, state: State, player: int) -> float:
        # The search hands over the positions of its own game's tree: backgammon's.
        position = cast(BackgammonState, state)
        if position.is_over():
            return position.returns()[player]
        a, b = _sides(position)
        eq = self.model.equity_on_roll(a, b)
        return eq if player == position.to_move else -eq

    def probabilities(self, state: BackgammonState, player: int) -> tuple[float, float, float]:
        """(P(win), P(gammon win), P(gammon loss)) for ``player`` (for display and tests)."""
        a, b = _sides(state)
        w, gw, gl = self.model.probs(a, b)
        return (w, gw, gl) if player == state.to_move else (1.0 - w, gl, gw)
