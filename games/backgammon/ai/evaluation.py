"""Backgammon evaluation: an equity estimate (points per game) for expectiminimax to average.

Expectiminimax averages leaf values over dice, so the value must be on a probability scale, not an
arbitrary score: here ``equity = 2*P(win) - 1 + P(gammon win) - P(gammon loss) + (backgammons)``,
in [-3, 3] and mostly in [-1, 1].

* Contact positions: ``P(win)`` is the logistic of a weighted sum of hand-made features. Every
  feature is a difference "player minus opponent", so ``features(s, 1-p) == -features(s, p)`` and
  the equity is exactly antisymmetric. A learned weight vector (e.g. TD training) plugs in through
  :func:`evaluate_with` or ``BackgammonEvaluator(weights)``; ``len(weights) == len(FEATURE_NAMES)``.
* Pure races (no contact left): a pip-count formula instead of the weights, in turns to finish
  with the side on roll half a turn ahead.
* Gammon chances come from how far the loser is from saving it (checkers still to bring home,
  checkers trapped) and are scaled by the win probability.

Dice are ignored: a state is judged the same at its chance node and at the decision node after it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from operator import mul
from typing import NamedTuple, cast

from game.core import State
from games.backgammon.rules import BackgammonState

FEATURE_NAMES: tuple[str, ...] = (
    "on_roll",  # +1 if the player is on roll (or about to roll), else -1
    "pip_lead",  # (opponent pips - own pips) / 100
    "shots",  # on roll: expected cost of our next roll's hits; else minus that of being hit
    "blots",  # (opponent blots - own blots) / 3
    "home_points",  # (own made home-board points - opponent's) / 6
    "anchors",  # (own anchors in the opponent's home, max 2 - opponent's) / 2
    "prime",  # (own longest run of made points - opponent's, each counted beyond 1) / 5
    "bar",  # (opponent checkers on the bar - own) / 2
    "bar_vs_board",  # on the bar against a strong home board / 12
    "borne_off",  # (own checkers off - opponent's) / 15
    "back_checkers",  # (opponent checkers deep in our home or on the bar - own) / 5
    "closed_out",  # opponent on the bar against a closed board (+1), or we are (-1)
)

#: Hand-set starting weights (logit units of the win probability).
DEFAULT_WEIGHTS: tuple[float, ...] = (0.25, 3.0, 0.4, 0.15, 0.9, 0.3, 0.8, 0.6, 1.2, 1.0, 0.3, 1.0)

_ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(1, a + 1))
_ROLL_WEIGHT: tuple[int, ...] = tuple(1 if a == b else 2 for a, b in _ROLLS)


def _hit_table() -> list[list[tuple[int, tuple[tuple[int, ...], ...]]]]:
    """For each distance k: (roll index, alternative lists of intermediate offsets that must be
    open) for every roll that can move one checker exactly k pips. Empty alternative = direct."""
    table: list[list[tuple[int, tuple[tuple[int, ...], ...]]]] = [[] for _ in range(25)]
    for idx, (a, b) in enumerate(_ROLLS):
        by_k: dict[int, list[tuple[int, ...]]] = {}
        if a == b:
            for n in range(1, 5):
                by_k.setdefault(a * n, []).append(tuple(a * i for i in range(1, n)))
        else:
            by_k.setdefault(a, []).append(())
            by_k.setdefault(b, []).append(())
            by_k.setdefault(a + b, []).extend([(a,), (b,)])
        for k, alts in by_k.items():
            if k <= 24:
                # A direct hit needs nothing open; keep the cheapest alternatives first.
                table[k].append((idx, tuple(sorted(alts, key=len))))
    return table


_HIT_TABLE = _hit_table()


def _hit_masks() -> tuple[list[int], list[tuple[tuple[int, tuple[int, ...]], ...]]]:
    """_HIT_TABLE as bit sets, for :func:`_shot_cost`'s inner loop. Per distance k: the rolls
    (bit ``1 << roll index``) that hit directly, and for every other roll that reaches k, its
    alternatives as masks of the intermediate points (bit = offset from the hitter) that must
    not be made points of the blot's side."""
    direct = [0] * 25
    combos: list[tuple[tuple[int, tuple[int, ...]], ...]] = [()] * 25
    for k, entries in enumerate(_HIT_TABLE):
        rest = []
        for idx, alts in entries:
            if () in alts:
                direct[k] |= 1 << idx
            else:
                rest.append((1 << idx, tuple(sum(1 << o for o in alt) for alt in alts)))
        combos[k] = tuple(rest)
    return direct, combos


_DIRECT_HITS, _COMBO_HITS = _hit_masks()


def _shot_cost(side: list[int], other: list[int], made: int | None = None) -> float:
    """Expected cost of ``other``'s next roll hitting a blot of ``side``, in [0, 1].

    For each of the 36 rolls, the worst blot it can hit (directly, or with both dice / a double
    through open points) counts ``0.25 + 0.75 * pips lost / 24``: a blot hit far back costs
    little, one hit near home a lot. Lists are in ``side``'s numbering: ``other`` moves upward
    from its bar (index 0). A hitter with checkers on the bar only hits from there. ``made``:
    the bit set of ``side``'s points holding two or more checkers (computed when not given).

    Rolls are handled as bit sets: blots are visited nearest-home first, i.e. costliest first,
    so the first blot a roll can hit is its worst one and the roll is then settled.
    """
    blots = [x for x, n in enumerate(side[1:25], 1) if n == 1]
    if not blots:
        return 0.0
    if made is None:
        made = _made_points(side)
    sources = [0] if other[0] else [s for s, n in enumerate(other[1:24], 1) if n]
    worst = [0.0] * len(_ROLLS)
    settled = 0
    for x in blots:
        hits = 0
        for s in sources:
            if s >= x:
                break  # sources ascend: no hitter behind this blot from here on
            k = x - s
            hits |= _DIRECT_HITS[k]
            for bit, alt_masks in _COMBO_HITS[k]:
                if not hits & bit:
                    for alt in alt_masks:
                        if not made & (alt << s):
                            hits |= bit
                            break
        new = hits & ~settled
        if new:
            settled |= new
            cost = 0.25 + 0.75 * (25 - x) / 24.0
            while new:
                low = new & -new
                worst[low.bit_length() - 1] = cost
                new ^= low
    return sum(map(mul, _ROLL_WEIGHT, worst)) / 36.0


def _made_points(side: list[int]) -> int:
    """Bit ``p`` set for every point 1..24 where ``side`` has two or more checkers."""
    made = 0
    for p, n in enumerate(side[1:25], 1):
        if n >= 2:
            made |= 1 << p
    return made


def _longest_run(made: int) -> int:
    """Length of the longest run of consecutive set bits (the longest prime of a made mask)."""
    n = 0
    while made:
        made &= made << 1
        n += 1
    return n


def _pips(side: list[int]) -> int:
    return sum(map(mul, range(26), side))  # side[0] (borne off) counts 0 pips


def _own_views(state: BackgammonState, player: int) -> tuple[list[int], list[int]]:
    """(mine, theirs), each side's checkers in its own numbering: [1..24] its points counted
    from its home, [25] its bar, [0] its borne-off checkers.

    Reversing such a list gives the same checkers in the *other* side's numbering (bar at 0,
    borne-off at 25), which is the view :func:`_shot_cost` wants for the hitter.
    """
    pts = state.points
    white = [state.off[0]]
    white += [c if c > 0 else 0 for c in pts]
    white.append(state.bar[0])
    red = [state.off[1]]
    red += [-c if c < 0 else 0 for c in reversed(pts)]
    red.append(state.bar[1])
    return (white, red) if player == 0 else (red, white)


class _Side(NamedTuple):
    """Facts about one side, in its own numbering."""

    checkers: list[int]  # [1..24] its points, [25] its bar, [0] borne off
    made: int  # bit p: two or more checkers on point p
    pips: int
    blots: int
    home: int
    anchors: int
    prime: int
    bar: int
    off: int
    back: int


def _side_facts(own: list[int]) -> _Side:
    """Facts about the side whose numbering ``own`` uses (own[25] bar, own[0] off)."""
    made = _made_points(own)
    return _Side(
        checkers=own,
        made=made,
        pips=_pips(own),
        blots=own[1:25].count(1),
        home=(made & _HOME_BOARD).bit_count(),
        anchors=min(2, (made & _OPP_HOME_BOARD).bit_count()),
        prime=max(0, _longest_run(made) - 1),
        bar=own[25],
        off=own[0],
        back=own[25] + sum(own[19:25]),
    )


def _shots(a: _Side, b: _Side, a_on_roll: bool) -> float:
    """The "shots" feature of ``a``: on roll, the expected cost of its roll to ``b``'s blots;
    otherwise minus the cost of ``b``'s roll to its own. Only the side about to roll hits, so
    only that one of the two shot costs is computed (it is the evaluator's dearest part)."""
    if a_on_roll:
        return _shot_cost(b.checkers, a.checkers[::-1], b.made)
    return -_shot_cost(a.checkers, b.checkers[::-1], a.made)


_HOME_BOARD = 0b1111110  # points 1..6
_OPP_HOME_BOARD = 0b111111 << 19  # points 19..24


def is_race(state: BackgammonState) -> bool:
    """No contact: every White checker has passed every Red checker."""
    if state.bar[0] or state.bar[1]:
        return False
    # White moves towards index 0, Red towards 23: contact is a White checker above a Red one.
    red_seen = False
    for c in state.points:
        if c < 0:
            red_seen = True
        elif c > 0 and red_seen:
            return False
    return True


def features(state: BackgammonState, player: int) -> list[float]:
    """The contact feature vector of ``player`` (see FEATURE_NAMES); antisymmetric in player."""
    me, them = _own_views(state, player)
    return _features(state, player, _side_facts(me), _side_facts(them))


def _features(state: BackgammonState, player: int, a: _Side, b: _Side) -> list[float]:
    """The feature vector from both sides' facts (``a``: ``player``'s, ``b``: the opponent's)."""
    on_roll = state.to_move == player
    shots = _shots(a, b, on_roll)
    closed = (1.0 if b.bar and a.home == 6 else 0.0) - (1.0 if a.bar and b.home == 6 else 0.0)
    return [
        1.0 if on_roll else -1.0,
        (b.pips - a.pips) / 100.0,
        shots,
        (b.blots - a.blots) / 3.0,
        (a.home - b.home) / 6.0,
        (a.anchors - b.anchors) / 2.0,
        (a.prime - b.prime) / 5.0,
        (b.bar - a.bar) / 2.0,
        (b.bar * a.home - a.bar * b.home) / 12.0,
        (a.off - b.off) / 15.0,
        (b.back - a.back) / 5.0,
        closed,
    ]


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def _turns(side: list[int]) -> float:
    """Expected turns to bear off every checker of a side in a race (8.17 pips a roll on average)."""
    n = sum(side[1:26])
    if n == 0:
        return 0.0
    return max(_pips(side) / 8.17, n / 3.0, 1.0)


def _save_turns(side: list[int]) -> float:
    """Turns a side needs to bring everything home and bear one checker off (saving the gammon)."""
    if side[0]:
        return 0.0
    outside = sum(side[p] * (p - 6) for p in range(7, 26))
    lowest_home = min((p for p in range(1, 7) if side[p]), default=6)
    return (outside + lowest_home) / 8.17


def _race_probs(state: BackgammonState, player: int) -> tuple[float, float, float]:
    """(P(win), P(gammon win), P(gammon loss)) of ``player`` in a contact-free race."""
    me, them = _own_views(state, player)
    n, m = _turns(me), _turns(them)
    lead = m - n + (0.5 if state.to_move == player else -0.5)
    p_win = _sigmoid(1.7 * lead / (0.4 * math.sqrt(n + m) + 0.1))

    def gammon(winner_turns: float, loser: list[int], winner_on_roll: bool) -> float:
        save = _save_turns(loser)
        if save == 0.0:
            return 0.0
        margin = save - winner_turns + (0.5 if winner_on_roll else -0.5)
        return _sigmoid(1.7 * margin / (0.4 * math.sqrt(save + winner_turns) + 0.1))

    on_roll = state.to_move == player
    g_win = p_win * gammon(n, them, on_roll)
    g_loss = (1.0 - p_win) * gammon(m, me, not on_roll)
    return p_win, g_win, g_loss


def _gammon_chances(loser: list[int], trapped: int, home_made: int) -> tuple[float, float]:
    """(P(gammon | win), P(backgammon | gammon)) for a loser (own numbering) who has borne
    nothing off, with ``trapped`` checkers on the bar or in the winner's home board, against
    ``home_made`` made points in the winner's home board."""
    far = sum(map(mul, loser[7:26], range(1, 20))) / 100.0  # pips short of the home board
    g = _sigmoid(-3.6 + 2.5 * far + 0.25 * trapped + 0.2 * home_made)
    bg = _sigmoid(-4.0 + 0.6 * trapped)
    return g, bg


def evaluate_with(weights: Sequence[float], state: BackgammonState, player: int) -> float:
    """Equity of ``player`` with the given contact weights (races use the pip formula)."""
    if state.is_over():
        return state.returns()[player]
    if is_race(state):
        p_win, g_win, g_loss = _race_probs(state, player)
        return 2.0 * p_win - 1.0 + g_win - g_loss
    # The views and per-side facts serve both the features and the gammon chances.
    me, them = _own_views(state, player)
    a = _side_facts(me)
    b = _side_facts(them)
    f = _features(state, player, a, b)
    if len(weights) != len(f):
        raise ValueError(
            f"expected {len(f)} weights ({', '.join(FEATURE_NAMES)}), got {len(weights)}"
        )
    p_win = _sigmoid(sum(map(mul, weights, f)))
    g_me, bg_me = (0.0, 0.0) if them[0] else _gammon_chances(them, b.back, a.home)
    g_them, bg_them = (0.0, 0.0) if me[0] else _gammon_chances(me, a.back, b.home)
    gw = p_win * g_me
    gl = (1.0 - p_win) * g_them
    return 2.0 * p_win - 1.0 + gw - gl + gw * bg_me - gl * bg_them


class BackgammonEvaluator:
    """Equity estimates for search; pass learned ``weights`` to replace the hand-set ones."""

    #: The evaluation's name on screen ("Master's search: learned tables, depth 3").
    title = "hand-made equity"

    def __init__(self, weights: Sequence[float] | None = None) -> None:
        self.weights: tuple[float, ...] = tuple(DEFAULT_WEIGHTS if weights is None else weights)
        if len(self.weights) != len(FEATURE_NAMES):
            raise ValueError(f"expected {len(FEATURE_NAMES)} weights, got {len(self.weights)}")

    def evaluate(self, state: State, player: int) -> float:
        # The search hands over the positions of its own game's tree: backgammon's.
        return evaluate_with(self.weights, cast(BackgammonState, state), player)

    def features(self, state: BackgammonState, player: int) -> list[float]:
        return features(state, player)
