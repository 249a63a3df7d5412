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

from game.rules.backgammon import BackgammonState
from game.rules.backgammon_movegen import perspective

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


def _shot_cost(side: list[int], other: list[int]) -> float:
    """Expected cost of ``other``'s next roll hitting a blot of ``side``, in [0, 1].

    For each of the 36 rolls, the worst blot it can hit (directly, or with both dice / a double
    through open points) counts ``0.25 + 0.75 * pips lost / 24``: a blot hit far back costs
    little, one hit near home a lot. Lists are in ``side``'s numbering: ``other`` moves upward
    from its bar (index 0). A hitter with checkers on the bar only hits from there.
    """
    blots = [x for x in range(1, 25) if side[x] == 1]
    if not blots:
        return 0.0
    sources = [0] if other[0] else [s for s in range(1, 24) if other[s]]
    worst = [0.0] * len(_ROLLS)
    for x in blots:
        cost = 0.25 + 0.75 * (25 - x) / 24.0
        for s in sources:
            k = x - s
            if k <= 0:
                continue
            for idx, alts in _HIT_TABLE[k]:
                if worst[idx] >= cost:
                    continue
                for alt in alts:
                    if all(side[s + o] < 2 for o in alt):
                        worst[idx] = cost
                        break
    return sum(w * c for w, c in zip(_ROLL_WEIGHT, worst, strict=True)) / 36.0


def _longest_prime(side: list[int]) -> int:
    best = run = 0
    for p in range(1, 25):
        if side[p] >= 2:
            run += 1
            best = max(best, run)
        else:
            run = 0
    return best


def _pips(side: list[int]) -> int:
    return sum(i * side[i] for i in range(1, 26))


def _views(
    state: BackgammonState, player: int
) -> tuple[list[int], list[int], list[int], list[int]]:
    """(mine, theirs-in-my-numbering, theirs-own, mine-in-their-numbering), bar/off in 25/0."""
    me, opp = perspective(state.points, state.bar, state.off, player)
    # ``opp`` uses index 0 for the opponent's bar and 25 for his borne-off checkers.
    them = [0] * 26
    me_for_them = [0] * 26
    for j in range(1, 25):
        them[j] = opp[25 - j]
        me_for_them[j] = me[25 - j]
    them[25], them[0] = opp[0], opp[25]
    me_for_them[0], me_for_them[25] = me[25], me[0]
    mine_vs = list(opp)  # opponent's checkers in my numbering, his bar at 0
    return me, mine_vs, them, me_for_them


def _side_stats(own: list[int], other: list[int]) -> dict[str, float]:
    """Facts about the side whose numbering ``own`` uses (own[25] bar, own[0] off)."""
    return {
        "pips": _pips(own),
        "blots": sum(1 for p in range(1, 25) if own[p] == 1),
        "home": sum(1 for p in range(1, 7) if own[p] >= 2),
        "anchors": min(2, sum(1 for p in range(19, 25) if own[p] >= 2)),
        "prime": max(0, _longest_prime(own) - 1),
        "bar": own[25],
        "off": own[0],
        "back": own[25] + sum(own[19:25]),
        "hit_risk": _shot_cost(own, other),
    }


def is_race(state: BackgammonState) -> bool:
    """No contact: every White checker has passed every Red checker."""
    if state.bar[0] or state.bar[1]:
        return False
    white = [i for i in range(24) if state.points[i] > 0]
    red = [i for i in range(24) if state.points[i] < 0]
    return not white or not red or max(white) < min(red)


def features(state: BackgammonState, player: int) -> list[float]:
    """The contact feature vector of ``player`` (see FEATURE_NAMES); antisymmetric in player."""
    me, opp_mine, them, me_theirs = _views(state, player)
    a = _side_stats(me, opp_mine)
    b = _side_stats(them, me_theirs)
    on_roll = state.to_move == player
    shots = b["hit_risk"] if on_roll else -a["hit_risk"]
    closed = (1.0 if b["bar"] and a["home"] == 6 else 0.0) - (
        1.0 if a["bar"] and b["home"] == 6 else 0.0
    )
    return [
        1.0 if on_roll else -1.0,
        (b["pips"] - a["pips"]) / 100.0,
        shots,
        (b["blots"] - a["blots"]) / 3.0,
        (a["home"] - b["home"]) / 6.0,
        (a["anchors"] - b["anchors"]) / 2.0,
        (a["prime"] - b["prime"]) / 5.0,
        (b["bar"] - a["bar"]) / 2.0,
        (b["bar"] * a["home"] - a["bar"] * b["home"]) / 12.0,
        (a["off"] - b["off"]) / 15.0,
        (b["back"] - a["back"]) / 5.0,
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
    me, _, them, _ = _views(state, player)
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


def _contact_gammon(winner: list[int], loser: list[int]) -> tuple[float, float]:
    """(P(gammon | win), P(backgammon | gammon)) from the loser's position (own numbering each)."""
    if loser[0]:
        return 0.0, 0.0
    far = sum(loser[p] * (p - 6) for p in range(7, 26)) / 100.0
    trapped = loser[25] + sum(loser[19:25])
    home_made = sum(1 for p in range(1, 7) if winner[p] >= 2)
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
    f = features(state, player)
    if len(weights) != len(f):
        raise ValueError(
            f"expected {len(f)} weights ({', '.join(FEATURE_NAMES)}), got {len(weights)}"
        )
    p_win = _sigmoid(sum(w * x for w, x in zip(weights, f, strict=True)))
    me, _, them, _ = _views(state, player)
    g_me, bg_me = _contact_gammon(me, them)
    g_them, bg_them = _contact_gammon(them, me)
    gw = p_win * g_me
    gl = (1.0 - p_win) * g_them
    return 2.0 * p_win - 1.0 + gw - gl + gw * bg_me - gl * bg_them


class BackgammonEvaluator:
    """Equity estimates for search; pass learned ``weights`` to replace the hand-set ones."""

    def __init__(self, weights: Sequence[float] | None = None) -> None:
        self.weights: tuple[float, ...] = tuple(DEFAULT_WEIGHTS if weights is None else weights)
        if len(self.weights) != len(FEATURE_NAMES):
            raise ValueError(f"expected {len(FEATURE_NAMES)} weights, got {len(self.weights)}")

    def evaluate(self, state: BackgammonState, player: int) -> float:
        return evaluate_with(self.weights, state, player)

    def features(self, state: BackgammonState, player: int) -> list[float]:
        return features(state, player)
