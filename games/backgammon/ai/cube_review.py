"""The cube decisions of a reviewed money game, weighed by cubeful equity (``StakesAI.review``).

A cube decision is judged the way the AI makes it (games.backgammon.ai.cube): the network's
cubeless chances of the side on roll, before his roll, turned into cubeful equities by
Janowski's model: "no double", "double / take" and "double / pass", each per unit of the cube
as it stood (GNU Backgammon's normalised equity, so the marks' thresholds mean the same at
any cube value). Then:

- a roll where the roller could have doubled is his "no double": it gives up the right
  action's equity minus no double's (nothing when no double, or too good to double, is right);
- a double gives up no double's equity minus the double's (the smaller of double / take and
  double / pass: the opponent answers as he should) when no double was right;
- a take or a drop: the taker's equity is minus double / take if he takes, -1 if he drops; the
  worse of the two gives up the difference.

GNU Backgammon lists in its analysis only the cube decisions that matter: those where an
action was taken (a double, a take, a drop), those that were wrong, and the close ones. Here,
loosely as GNU does, a roll counts as a close decision when doubling was within
``CLOSE_DECISION`` points (per unit of cube) of being as good as not doubling: the double
window, and a position just too good to double. Other rolls get no row (the cube was no
decision there), so a player's average is not diluted by positions nobody would double.

A row's ``best_move`` is the choice the player had ("double" or "no double"; "take" or
"drop"), so it equals ``move`` exactly when he chose right; its note names the proper action
in full (a position too good to double is a "no double" whose note says so). The chart plots
the cubeless equity the checker plays' rows plot, so the line does not jump at a cube row.
"""

from __future__ import annotations

from game.core import Move, State
from game.review import ReviewRow
from game.stakes import Stakes
from games.backgammon.ai.cube import CubeAdvice, advise, probabilities
from games.backgammon.ai.review import REVIEW
from games.backgammon.cube import Cube, CubeAction
from games.backgammon.outcomes import cubeless_equity
from games.backgammon.rules import PLAYER_NAMES, BackgammonState

#: How near doubling must come to the right no double (points per unit of cube) for a roll to
#: be listed as a close cube decision: GNU Backgammon's "very bad" threshold (a double there
#: would have been an error short of a very bad one).
CLOSE_DECISION = 0.16


def review_cube(state: State, stakes: Stakes, move: Move) -> ReviewRow | None:
    """The row of the stakes decision ``move`` made in ``state`` (a double, a take, a drop, or a
    roll where the roller could have doubled), or None where it was no cube decision: the
    opening roll, a cube the roller may not turn, a roll far from any double. ``ply`` and
    ``index`` are left 0 for the caller (ai.review.analysis) to fill in."""
    cube = stakes
    if (not isinstance(cube, Cube) or not isinstance(state, BackgammonState) or state.is_over()
            or state.opening or state.dice is not None):
        return None
    roller = state.to_move
    if isinstance(move, CubeAction):
        if move.kind == "double":
            return _double_row(state, cube, roller, doubled=True)
        if cube.offered_by is None:
            return None
        return _answer_row(state, cube, cube.offered_by, took=move.kind == "take")
    if not cube.may_double(roller, rolled=False, over=False):
        return None
    return _double_row(state, cube, roller, doubled=False)


def _double_row(state: BackgammonState, cube: Cube, roller: int, doubled: bool
                ) -> ReviewRow | None:
    """The roller's decision: ``doubled``, or he rolled without doubling."""
    advice = advise(probabilities(state, roller), cube, roller)
    double_value = min(advice.double_take, advice.double_pass)
    best = double_value if advice.double else advice.no_double
    played = double_value if doubled else advice.no_double
    if not doubled and not advice.double and advice.no_double - double_value >= CLOSE_DECISION:
        return None  # clearly no double, and he did not: no decision worth a row
    return _row(state, advice, roller, "double" if doubled else "no double",
                "double" if advice.double else "no double", best, played,
                _roller_note(advice))


def _answer_row(state: BackgammonState, cube: Cube, doubler: int, took: bool) -> ReviewRow:
    """The answer to ``doubler``'s double, by the other side."""
    taker = 1 - doubler
    advice = advise(probabilities(state, doubler), cube, doubler)
    take_value, drop_value = -advice.double_take, -advice.double_pass
    right = "take" if take_value >= drop_value else "drop"
    note = (f"take {take_value:+.3f}, drop {drop_value:+.3f} for {PLAYER_NAMES[taker]} "
            f"(per unit of cube before the double): {right} is right")
    return _row(state, advice, taker, "take" if took else "drop", right,
                max(take_value, drop_value), take_value if took else drop_value, note)


def _roller_note(advice: CubeAdvice) -> str:
    """"no double +0.412, double/take +0.530, double/pass +1.000: double/take is right"."""
    right = {"double / take": "double/take", "double / pass": "double/pass"}.get(
        advice.action, advice.action)
    return (f"no double {advice.no_double:+.3f}, double/take {advice.double_take:+.3f}, "
            f"double/pass {advice.double_pass:+.3f}: {right} is right "
            f"({advice.figures()})")


def _row(state: BackgammonState, advice: CubeAdvice, side: int, move: str, best_move: str,
         before: float, after: float, note: str) -> ReviewRow:
    """A cube row; ``advice`` is the roller's (``state.to_move``), whose chances the chart and
    the win chance are read from."""
    loss = REVIEW.loss(before, after)
    mark, severity = REVIEW.mark(before, after, loss)
    roller = state.to_move
    cubeless = cubeless_equity(advice.probs)
    win = advice.probs[0]
    return ReviewRow(
        ply=0,
        index=0,
        side=side,
        player=PLAYER_NAMES[side],
        kind="cube",
        move=move,
        best_move=best_move,
        value_before=before,
        value_after=after,
        loss=loss,
        mark=mark,
        severity=severity,
        note=note,
        chart=cubeless if roller == 0 else -cubeless,
        win_chance=win if roller == 0 else 1.0 - win,
        forced=False,
        exact=False,
        value_before_text=_equity_text(before, best_move),
        value_after_text=_equity_text(after, move),
    )


def _equity_text(value: float, action: str) -> str:
    """"+0.530 points, cubeful (double)": the equity per unit of cube, as the note's."""
    return f"{value:+.3f} points, cubeful ({action})"
