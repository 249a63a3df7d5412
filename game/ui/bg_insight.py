"""What the backgammon network believes about the position on screen, for the side panel.

The play scene can show these lines beside the search figures: the side to move's chances of
winning, of a gammon and of a backgammon (both ways), the cubeless equity, each candidate
move's equity for the dice rolled, and with the doubling cube the network's cube decision
("double / take, 0.62 wins, 0.21 gammons"). Everything is computed here from the shipped
network in one batch per roll (about a millisecond), so it needs no worker round trip. When
the weights cannot be loaded the panel shows the one-line reason instead.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.rules.backgammon import GAME, PLAYER_NAMES, BackgammonState
from game.rules.backgammon_cube import Cube
from game.ui import theme
from game.ui.widgets import draw_text


@dataclass(frozen=True)
class Insight:
    lines: tuple[str, ...]
    #: (move text, equity for the mover) best first, when the dice are rolled.
    moves: tuple[tuple[str, float], ...] = ()


def insight(state: BackgammonState, cube: Cube | None = None, max_moves: int = 6) -> Insight:
    """The network's view of ``state`` from the side to move, as panel lines."""
    if state.is_over() or state.opening:
        return Insight(())
    try:
        from ai.evaluation.backgammon_net import NetEvaluator, equity

        ev = NetEvaluator()
    except ValueError as exc:  # WeightsError: missing or damaged weights
        return Insight((str(exc),))
    side = state.to_move
    w, wg, wbg, lg, lbg = (float(v) for v in ev.probabilities(state, side))
    eq = w * 2 - 1 + wg - lg + wbg - lbg
    lines = [
        f"{PLAYER_NAMES[side]} to move: {eq:+.3f} points a game (cubeless)",
        f"wins {w:.0%}: gammons {wg:.0%}, backgammons {wbg:.0%}",
        f"loses {1 - w:.0%}: gammons {lg:.0%}, backgammons {lbg:.0%}",
    ]
    if cube is not None and state.dice is None:
        from ai.backgammon_cube import advise

        advice = advise((w, wg, wbg, lg, lbg), cube, side)
        lines.append(f"cube {cube.value}: {advice.text()}")
    ranked: list[tuple[str, float]] = []
    if state.dice is not None:
        moves, probs = ev.move_probabilities(state)
        values = equity(probs)
        ranked = sorted(
            ((GAME.format_move(state, m), float(v)) for m, v in zip(moves, values, strict=True)),
            key=lambda mv: -mv[1],
        )[:max_moves]
    return Insight(tuple(lines), tuple(ranked))


def draw_insight(surface: pygame.Surface, rect: pygame.Rect, info: Insight, size: int = 15) -> int:
    """Draw ``info`` in ``rect`` (lines, then the candidate moves with their equity);
    returns the y below the last line drawn."""
    y = rect.top
    step = size + 5
    for line in info.lines:
        if y + step > rect.bottom:
            return y
        draw_text(surface, line, (rect.left, y), size, theme.color("text"), max_width=rect.width)
        y += step
    for i, (move, value) in enumerate(info.moves):
        if y + step > rect.bottom:
            break
        color = theme.color("text") if i else theme.color("accent")
        draw_text(surface, move, (rect.left, y), size, color, max_width=rect.width - 70)
        draw_text(surface, f"{value:+.3f}", (rect.right, y), size, color, anchor="topright")
        y += step
    return y
