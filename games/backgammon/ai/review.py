"""How a review weighs backgammon decisions: by equity, in points a game per unit of cube,
with GNU Backgammon's marks and its rating of an error rate.

Backgammon players compare their games with GNU Backgammon's analysis, so its conventions are
the ones a review here speaks: a checker play's or cube decision's error is the equity it gives
up, normalised to a cube of 1 ("EMG", equivalent to money game); its default thresholds mark an
error of 0.04 "doubtful", 0.08 "bad" and 0.16 "very bad" (``arSkillLevel``), and the average
error per decision, quoted in thousandths ("mEMG"), rates a player from "Supernatural" to
"Awful!" (``arThrsRating``). The thresholds are GNU Backgammon's published defaults, written
here as facts, not its code.

Checker plays are searched by the Advanced level's recipe (1-ply on the network, the review's
default). A roll follows every move, so there is no reply to name: the note of an error says
instead what the network gives the mover after the move played and after the best one. Cube
decisions are weighed by games.backgammon.ai.cube_review (``StakesAI.review``).

Numpy and the network load only in the process that reviews (the functions below import them
when first called): this module is imported with the kit, by the window too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ai.review.scale import ReviewScale
from game.core import CHANCE, Game, Move, State
from games.backgammon.rules import BackgammonState

if TYPE_CHECKING:
    from games.backgammon.ai.net import NetEvaluator

#: GNU Backgammon's default thresholds of a "doubtful", "bad" and "very bad" decision, in
#: normalised equity (its ``arSkillLevel``), worst first.
THRESHOLDS: tuple[tuple[float, str], ...] = (
    (0.16, "very bad"), (0.08, "bad"), (0.04, "doubtful"),
)
#: GNU Backgammon's rating of an error rate, in normalised equity per unforced decision (its
#: ``arThrsRating``: below 0.002 "Supernatural", ... 0.035 and above "Awful!").
RATINGS: tuple[tuple[float, str], ...] = (
    (0.002, "Supernatural"), (0.005, "World class"), (0.008, "Expert"),
    (0.012, "Advanced"), (0.018, "Intermediate"), (0.026, "Casual player"),
    (0.035, "Beginner"), (float("inf"), "Awful!"),
)


def _net() -> NetEvaluator:
    from games.backgammon.ai.net import NetEvaluator  # numpy and the weights: see above

    return NetEvaluator()


def win_chance(state: State) -> float | None:
    """White's chance to win in ``state`` by the network (0-ply, cubeless). Before a roll it
    is the network's chance of the position; with the dice rolled, the chance after the
    mover's best move by the network, so the roll counts (the network ignores the dice of a
    rolled position)."""
    from games.backgammon.ai.net import equity  # numpy: see the module's docstring

    if not isinstance(state, BackgammonState):
        return None  # a review's states are backgammon's: no other has the network's chance
    evaluator = _net()
    if state.current_player() == CHANCE or state.is_over():
        return float(evaluator.probabilities(state, 0)[0])
    mover = state.current_player()
    _, probs = evaluator.move_probabilities(state)
    best = probs[int(equity(probs).argmax())]
    win = float(best[0])
    return win if mover == 0 else 1.0 - win


def chances_after(state: State, mover: int) -> tuple[float, float, float]:
    """(win, gammon win, gammon loss) of ``mover`` after his move, averaged over the
    opponent's 21 rolls and his best reply by the network: the look the review's default
    search (1-ply) takes, so the chances and the loss tell the same story (the network's
    look at the position itself can favour the worse move)."""
    from games.backgammon.ai.net import equity  # numpy: see the module's docstring
    from games.backgammon.rules import ROLLS

    if not isinstance(state, BackgammonState):
        raise ValueError(f"a backgammon review weighs backgammon positions, not {state!r}")
    evaluator = _net()
    if state.is_over():
        probs = evaluator.probabilities(state, mover)
        return float(probs[0]), float(probs[1]), float(probs[3])
    win = won = lost = 0.0
    for roll, chance in ROLLS:
        _, replies = evaluator.move_probabilities(state.apply(roll))
        best = replies[int(equity(replies).argmax())]  # the opponent's chances after it
        win += chance * (1.0 - float(best[0]))
        won += chance * float(best[3])
        lost += chance * float(best[1])
    return win, won, lost


def _percent(x: float) -> str:
    return f"{100.0 * x:.0f}%"


def _split(chances: tuple[float, float, float], gammons: tuple[bool, bool]) -> str:
    """"30% wins, 2% gammons won, 25% gammons lost", the gammons where the comparison has
    any (a move is often worse for the gammons it risks, not the games it loses)."""
    win, won, lost = chances
    parts = [f"{_percent(win)} wins"]
    if gammons[0]:
        parts.append(f"{_percent(won)} gammons won")
    if gammons[1]:
        parts.append(f"{_percent(lost)} gammons lost")
    return ", ".join(parts)


def move_words(game: Game, state: State, move: Move, best: Move) -> str:
    """The chances the mover keeps after the move played and after the best one, gammons won
    and lost included: the figures players weigh a checker play by, averaged over the next
    roll as the review's search averages them."""
    mover = state.current_player()
    played = chances_after(state.apply(move), mover)
    better = chances_after(state.apply(best), mover)
    gammons = (round(100 * max(played[1], better[1])) > 0,
               round(100 * max(played[2], better[2])) > 0)
    best_name = game.format_move(state, best)
    return (f"after it {_split(played, gammons)}; after {best_name} "
            f"{_split(better, gammons)} (over the opponent's next roll)")


REVIEW = ReviewScale(
    loss_unit="points",
    loss_decimals=3,
    thresholds=THRESHOLDS,
    source="GNU Backgammon's default thresholds (arSkillLevel): an error of 0.04 points a game "
    "(equity per unit of cube) is doubtful, 0.08 bad, 0.16 very bad",
    # Advanced's recipe, one chance layer (1-ply on the network): a 50-move game reviews in
    # about 2 s on a two-core machine. Master's two chance layers cost some 30 times as much
    # (about half a second a move, docs/speed.md's table): a review can ask for them.
    level="Advanced",
    depth=3,
    rate_factor=1000.0,
    rate_unit="millipoints per move",
    ratings=RATINGS,
    ratings_source="GNU Backgammon's rating of the error rate (arThrsRating), in thousandths of "
    "a point per unforced decision",
    chart_label="equity for {player} (points a game)",
    chart_bounds=(-3.0, 3.0),
    win_chance=win_chance,
    move_words=move_words,
)
