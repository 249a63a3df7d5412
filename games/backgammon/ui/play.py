"""What the play screen shows only for backgammon: the cube's commands (Double, Roll, Take,
Drop) and the network's view of the position in the side panel."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.commands import Command, Key
from game.ui.panel import PanelLine
from games.backgammon.ui.insight import insight, insight_panel_lines


def cube_commands(scene: Any) -> list[Command]:
    """A money game's cube decisions (only in a game played with the cube)."""
    match = scene.match
    if match.session.start_stakes is None or match.stakes_turns is None:
        return []
    K, c = pygame, match.stakes_turns
    return [
        Command("Double", (Key(K.K_o),), c.double, "offer a double before your roll",
                enabled=c.can_double, why_not=c.why_no_double),
        Command("Roll", (Key(K.K_RETURN), Key(K.K_KP_ENTER)), c.roll,
                "roll without doubling (when you could double)", enabled=c.can_roll,
                why_not=lambda: "The dice roll by themselves now"),
        Command("Take", (Key(K.K_a),), c.take, "accept the double offered to you",
                enabled=c.must_answer, why_not=c.why_no_answer),
        Command("Drop", (Key(K.K_p),), c.drop,
                "refuse the double: the game ends, lost at the cube's value",
                enabled=c.must_answer, why_not=c.why_no_answer),
    ]


def belief_lines(scene: Any) -> list[PanelLine]:
    """The money score, then the network's chances and candidate equities for the shown
    position (computed once per position and cube)."""
    match = scene.match
    session = match.session
    state, cube = session.current, session.stakes
    money = [PanelLine(label, "row", text) for label, text in
             (match.stakes_turns.score_lines() if match.stakes_turns is not None else [])]
    if session.is_over:  # over by a dropped double too: nothing left to believe
        return money
    info = match.knowledge.believed((state.key(), cube),
                                    lambda: insight(state, cube, max_moves=4))
    belief = insight_panel_lines(info)
    return [*money, PanelLine("", "rule"), *belief] if money and belief else money + belief
