"""What the backgammon network believes about the position on screen, for the side panel.

The play screen shows these lines above the search figures: the side to move's chances of
winning, of a gammon and of a backgammon (both ways), the cubeless equity in points a game,
each candidate move's equity for the dice rolled, and with the doubling cube the network's cube
decision ("double / take, 0.62 wins, 0.21 gammons"). Every figure is from the side to move's
point of view and says so ("for White"). Everything is computed here from the shipped network
in one batch per roll (about a millisecond), on the play screen's loader thread (play.loader):
the first view loads numpy and the weights, too slow for the window's thread. The play screen
keeps the result in its Knowledge, which drops it when the position changes. When the weights
cannot be loaded the panel shows the one-line reason instead. When both sides are bearing off,
the chances are the bear-off database's exact race values: the heading reads "Exact race" and
the next line names the database.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.profiles import true_minus
from game.registry import get_kit
from games.backgammon.ai.cube import advise
from games.backgammon.cube import Cube
from games.backgammon.game import GAME
from games.backgammon.outcomes import cubeless_equity
from games.backgammon.rules import PLAYER_NAMES, BackgammonState
from ui.panel import PanelLine
from ui.value_text import value_text

NETWORK, BEAROFF_DATABASE = "Network", "Bear-off database"


@dataclass(frozen=True)
class Insight:
    """The network's view of one position, from the side to move (``side``)."""

    side: int = 0
    #: (win, win gammon, win backgammon, lose gammon, lose backgammon); empty when not known.
    probs: tuple[float, ...] = ()
    #: The cube decision in words, with the doubling cube before the roll:
    #: ("cube 1: no double", "0.63 wins, 0.23 gammons"), else None.
    cube_advice: tuple[str, str] | None = None
    #: (move text, equity for the mover) best first, when the dice are rolled.
    moves: tuple[tuple[str, float], ...] = ()
    #: Why there is nothing to show (missing weights), else "".
    error: str = ""
    #: Where the chances come from: the network, or the bear-off database when both sides are
    #: bearing off (exact there: a certain win reads 100%).
    source: str = NETWORK

    @property
    def heading(self) -> str:
        """The panel heading's first words (short: the panel is narrow)."""
        return "Network" if self.source == NETWORK else "Exact race"

    @property
    def equity(self) -> float:
        return cubeless_equity(self.probs)

    @property
    def lines(self) -> tuple[str, ...]:
        """The view in plain words (also what the panel's rows say)."""
        if self.error:
            return (self.error,)
        if not self.probs:
            return ()
        w, wg, wbg, lg, lbg = self.probs
        out = [
            f"{points(self.equity)} a game for {PLAYER_NAMES[self.side]} (cubeless)",
            f"wins {w:.0%}: gammons {wg:.0%}, backgammons {wbg:.0%}",
            f"loses {1 - w:.0%}: gammons {lg:.0%}, backgammons {lbg:.0%}",
        ]
        if self.cube_advice:
            out.append(", ".join(self.cube_advice))
        return tuple(out)


def points(equity: float) -> str:
    """Equity in the unit players read: "+0.213 points"."""
    return true_minus(f"{equity:+.3f} points")


def insight(state: BackgammonState, cube: Cube | None = None, max_moves: int = 6) -> Insight:
    """The network's view of ``state`` from the side to move."""
    if state.is_over() or state.opening:
        return Insight()
    try:
        from games.backgammon.ai.net import NetEvaluator, equity  # numpy: when first shown

        ev = NetEvaluator()
    except ValueError as exc:  # WeightsError: missing or damaged weights
        return Insight(error=str(exc))
    side = state.to_move
    probs = tuple(float(v) for v in ev.probabilities(state, side))
    cube_advice: tuple[str, str] | None = None
    if cube is not None and state.dice is None and cube.dropped_by is None:
        advice = advise(probs, cube, side)
        cube_advice = (f"cube {cube.value}: {advice.action}", advice.figures())
    ranked: list[tuple[str, float]] = []
    if state.dice is not None:
        moves, move_probs = ev.move_probabilities(state)
        values = equity(move_probs)
        ranked = sorted(
            ((GAME.format_move(state, m), float(v)) for m, v in zip(moves, values, strict=True)),
            key=lambda mv: -mv[1],
        )[:max_moves]
    source = BEAROFF_DATABASE if ev.from_bearoff_database(state) else NETWORK
    return Insight(side, probs, cube_advice, tuple(ranked), source=source)


@dataclass(frozen=True)
class Candidates:
    """The candidate moves the panel lists: (move, value as the board writes it) best first,
    and the search they come from ("network, no search", "depth 5 search")."""

    source: str
    rows: tuple[tuple[str, str], ...]


def network_candidates(info: Insight) -> Candidates:
    """The network's equity of each candidate move (no search)."""
    return Candidates("network, no search",
                      tuple((move, value_text(get_kit(GAME.id), value).short) for move, value in info.moves))


def insight_panel_lines(info: Insight, candidates: Candidates | None = None) -> list[PanelLine]:
    """The panel's section for ``info``: a heading with the point of view, the chances, the
    cube decision, then the candidate moves with their equity (best first): the network's,
    or ``candidates`` (the board's values, when it shows them: one value per move on the
    screen, never the network's beside a search's)."""
    if info.error:
        return [PanelLine(info.error, "dim")]
    if not info.probs:
        return []
    name = PLAYER_NAMES[info.side]
    w, wg, wbg, lg, lbg = info.probs
    lines = [
        PanelLine(f"{info.heading}, for {name} (to move)", "heading"),
        # With the dice rolled, the moves below are worth more or less than this average over
        # all 36 rolls: say which figure is which.
        PanelLine("Equity before the roll" if info.moves else "Equity (cubeless)", "row",
                  points(info.equity)),
        PanelLine(f"Wins {w:.0%}", "row", f"gammons {wg:.0%} · bg {wbg:.0%}"),
        PanelLine(f"Loses {1 - w:.0%}", "row", f"gammons {lg:.0%} · bg {lbg:.0%}"),
    ]
    if info.source != NETWORK:
        lines.insert(1, PanelLine(f"from the {info.source.lower()}", "dim"))
    if info.cube_advice:
        # Two short lines: the narrow panel would wrap the one-line form mid-figure.
        action, figures = info.cube_advice
        lines += [PanelLine(action.capitalize(), "accent"), PanelLine(f"at {figures}", "dim")]
    shown = candidates if candidates is not None else network_candidates(info)
    if shown.rows:
        # A sub-heading: the panel draws it only together with its first move.
        lines.append(PanelLine(f"Candidate moves ({shown.source}), points for {name}",
                               "subheading"))
        lines += [PanelLine(move, "row", value) for move, value in shown.rows]
    return lines
