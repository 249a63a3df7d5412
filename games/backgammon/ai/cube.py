"""Cube decisions from the network's probabilities (money play), and a cubeful game loop.

Cubeful equity by Janowski's model ("Take-points in money games", 1993): the cube is partly
live (a player can double at exactly the right moment) and partly dead (it never moves again).
With the cubeless chances of the side on roll, p = P(win), W the average points of a win and L
of a loss (gammons and backgammons included):

* take point  TP = (L - 1/2) / (W + L + 1/2)   (below it, a double should be dropped)
* cash point  CP = (L + 1) / (W + L + 1/2)     (above it, the opponent should drop)
* fully live cube, per unit of cube: in the middle, linear from -1 at TP to +1 at CP; owned by
  me, from -L at p = 0 to +1 at CP; owned by the opponent, from -1 at TP to +W at p = 1;
* dead cube: the cubeless equity p W - (1 - p) L;
* cubeful equity = x * live + (1 - x) * dead, with cube efficiency ``x`` (``CUBE_LIFE``; 0.68
  is the usual money-game figure).

Doubling compares "no double" (the cube stays) with "double / take" (twice the equity with the
opponent owning the cube) and "double / pass" (+1): double when min(take, pass) beats no
double; the opponent takes when taking costs him less than passing. A position too good to
double (no double beats +1 because of gammons) is played on. Under the Jacoby rule gammons do
not count while the cube is in the middle.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ai.api import SearchConfig
from ai.engine import run_search
from ai.selfplay import sample_chance
from game.jsontypes import JSONObject
from games.backgammon.cube import Cube, match_id
from games.backgammon.outcomes import OUTCOMES
from games.backgammon.rules import BackgammonState

CUBE_LIFE = 0.68


@dataclass(frozen=True)
class CubeAdvice:
    """The cube decision for the side on roll, equities per unit of the current cube."""

    double: bool
    take: bool
    no_double: float
    double_take: float
    double_pass: float
    #: (win, win gammon, win backgammon, lose gammon, lose backgammon) of the side on roll.
    probs: tuple[float, float, float, float, float]

    @property
    def action(self) -> str:
        if self.double:
            return "double / take" if self.take else "double / pass"
        if self.no_double >= self.double_pass:
            return "too good to double"
        return "no double"

    def figures(self) -> str:
        """The chances the decision rests on, in the form players quote them."""
        w, wg = self.probs[0], self.probs[1]
        return f"{w:.2f} wins, {wg:.2f} gammons"

    def text(self) -> str:
        return f"{self.action}, {self.figures()}"


def _averages(probs: tuple[float, ...], count_gammons: bool) -> tuple[float, float, float]:
    p, wg, wbg, lg, lbg = probs
    if not count_gammons:
        return p, 1.0, 1.0
    w_avg = (p + wg + wbg) / p if p > 1e-9 else 1.0
    q = 1.0 - p
    l_avg = (q + lg + lbg) / q if q > 1e-9 else 1.0
    return p, w_avg, l_avg


def _lerp(p: float, x0: float, y0: float, x1: float, y1: float) -> float:
    if p <= x0:
        return y0
    if p >= x1:
        return y1
    return y0 + (y1 - y0) * (p - x0) / (x1 - x0)


def cubeful(probs: tuple[float, ...], owner: str, count_gammons: bool = True,
            x: float = CUBE_LIFE) -> float:  # fmt: skip
    """Janowski cubeful equity per unit of cube; ``owner`` is "centre", "me" or "opponent"."""
    p, w, lo = _averages(probs, count_gammons)
    dead = p * w - (1.0 - p) * lo
    tp = (lo - 0.5) / (w + lo + 0.5)
    cp = (lo + 1.0) / (w + lo + 0.5)
    if owner == "centre":
        live = _lerp(p, tp, -1.0, cp, 1.0)
    elif owner == "me":
        live = _lerp(p, 0.0, -lo, cp, 1.0)
    else:
        live = _lerp(p, tp, -1.0, 1.0, w)
    return x * live + (1.0 - x) * dead


def advise(probs: tuple[float, ...], cube: Cube, player: int) -> CubeAdvice:
    """The decision for ``player``, on roll, whose cubeless chances are ``probs``."""
    win, win_g, win_bg, lose_g, lose_bg = (float(v) for v in probs)
    probs = (win, win_g, win_bg, lose_g, lose_bg)
    centred = cube.owner is None
    jacoby_free = cube.jacoby and centred and cube.value == 1
    nd = cubeful(probs, "centre" if centred else "me", count_gammons=not jacoby_free)
    dt = 2.0 * cubeful(probs, "opponent")
    dp = 1.0
    may = cube.owner is None or cube.owner == player
    double = may and min(dt, dp) > nd
    return CubeAdvice(double, dt <= dp, nd, dt, dp, probs)


def probabilities(state: BackgammonState, player: int) -> tuple[float, ...]:
    """The network's cubeless chances of ``player`` (0-ply), before the roll."""
    from games.backgammon.ai.net import NetEvaluator  # numpy and the weights: when first asked

    return tuple(float(v) for v in NetEvaluator().probabilities(state, player))


def take_decision(state: BackgammonState, taker: int) -> bool:
    """Whether ``taker`` (not on roll) should take a double: his equity after taking, twice
    his cubeful equity as the cube's owner, is no worse than the -1 of passing."""
    return 2.0 * cubeful(probabilities(state, taker), "me") >= -1.0


@dataclass(frozen=True)
class CubefulRecord:
    returns: tuple[float, float]
    plies: int
    finished: bool
    cube: Cube


def play_cubeful_game(
    state: BackgammonState,
    configs: tuple[SearchConfig, SearchConfig],
    rng: random.Random,
    jacoby: bool = False,
    max_plies: int = 2000,
) -> CubefulRecord:
    """A money game with the cube: checker play from ``configs``, cube decisions from the
    network for both sides. Points are the game's value times the cube (a drop: the cube)."""
    cube = Cube(jacoby=jacoby)
    plies = 0
    while plies < max_plies:
        if state.is_over():
            k = cube.points(state.game_value())
            w = state.winner()
            return CubefulRecord((k, -k) if w == 0 else (-k, k), plies, True, cube)
        if state.dice is None:
            player = state.to_move
            if not state.opening and cube.may_double(player, rolled=False, over=False):
                advice = advise(probabilities(state, player), cube, player)
                if advice.double:
                    cube = cube.double(player, rolled=False, over=False)
                    if take_decision(state, 1 - player):
                        cube = cube.take(1 - player)
                    else:
                        cube = cube.drop(1 - player)
                        return CubefulRecord(cube.drop_returns(), plies, True, cube)
            state = state.apply(sample_chance(state, rng))
            plies += 1
            continue
        legal = state.legal_moves()
        move = legal[0] if len(legal) == 1 else run_search(state, configs[state.to_move]).move
        state = state.apply(move)
        plies += 1
    return CubefulRecord((0.0, 0.0), plies, False, cube)


def cube_answer(state: BackgammonState, cube: Cube) -> JSONObject:
    """The cube decision for the player on roll in ``state`` (before his roll) as plain data,
    for the engine and the panel. A pending double is answered for the player who must take
    or drop it."""
    if state.is_over() or state.opening or state.dice is not None:
        raise ValueError("a cube decision is made at the start of a turn, before the roll")
    player = state.to_move
    probs = probabilities(state, player)
    answer: JSONObject = {
        "probabilities": {k: round(v, 4) for k, v in zip(OUTCOMES, probs, strict=True)},
        "match_id": match_id(cube, state),
    }
    if cube.offered_by is not None:
        take = take_decision(state, 1 - cube.offered_by)
        answer["action"] = "take" if take else "drop"
        return answer
    advice = advise(probs, cube, player)
    answer.update(
        action=advice.action,
        double=advice.double,
        take=advice.take,
        equities={
            "no_double": round(advice.no_double * cube.value, 4),
            "double_take": round(advice.double_take * cube.value, 4),
            "double_pass": round(advice.double_pass * cube.value, 4),
        },
        text=advice.text(),
    )
    return answer
