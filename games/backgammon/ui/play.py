"""What the play screen shows only for backgammon: the cube's commands (Double, Roll, Take,
Drop), the player's rollout (L), and the network's view of the position and the rollout's
table in the side panel."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ai.profiles import true_minus
from game.core import Move
from games.backgammon.cube import Cube
from games.backgammon.play.cube_turns import CubeTurns
from games.backgammon.rules import BackgammonState
from games.backgammon.ui.insight import Candidates, Insight, insight, insight_panel_lines, points
from play.controller import MatchController
from play.jobs import Purpose
from play.rollout import ROLLOUT_TRIALS, why_no_rollout
from ui.commands import Command, Key
from ui.kit import GameScreen
from ui.panel import PanelLine
from ui.value_text import value_text

if TYPE_CHECKING:
    from games.backgammon.ai.rollout import Rollout


def play_commands(scene: GameScreen) -> list[Command]:
    """The rollout, then a money game's cube decisions."""
    match = scene.match
    rollout = Command("Rollout", (Key(pygame.K_l),), match.ai.rollout,
                      f"play the best moves out {ROLLOUT_TRIALS:,} times each, live (L again stops)",
                      enabled=lambda: match.jobs.running(Purpose.ROLLOUT) or why_no_rollout(
                          match.session, match.paused) is None,
                      why_not=lambda: why_no_rollout(match.session, match.paused) or "",
                      active=lambda: match.jobs.running(Purpose.ROLLOUT))
    return [rollout, *cube_commands(scene)]


def cube_commands(scene: GameScreen) -> list[Command]:
    """A money game's cube decisions (only in a game played with the cube)."""
    match = scene.match
    c = match.stakes_turns
    if match.session.start_stakes is None or not isinstance(c, CubeTurns):
        return []
    K = pygame
    return [
        Command("Double", (Key(K.K_o),), c.double, "offer a double before your roll",
                enabled=c.can_double, why_not=c.why_no_double),
        Command("Roll", (Key(K.K_RETURN), Key(K.K_KP_ENTER)), c.roll,
                "roll without doubling (when you could double)", enabled=c.can_roll,
                why_not=lambda: why_no_roll(match)),
        Command("Take", (Key(K.K_a),), c.take, "accept the double offered to you",
                enabled=c.must_answer, why_not=c.why_no_answer),
        Command("Drop", (Key(K.K_p),), c.drop,
                "refuse the double: the game ends, lost at the cube's value",
                enabled=c.must_answer, why_not=c.why_no_answer),
    ]


def why_no_roll(match: MatchController) -> str:
    """Why Roll does nothing now: the game is over, or no cube decision holds the dice."""
    if match.session.is_over:
        return "The game is over — N for a new game"
    return "The dice roll by themselves now"


#: The panel's line while the network's view is computed (its first time loads the network).
LOADING = "Network: loading its view…"


def belief_lines(scene: GameScreen) -> list[PanelLine]:
    """The money score, then the network's chances and candidate equities for the shown
    position (computed once per position and cube, off the window's thread)."""
    match = scene.match
    session, turns = match.session, match.stakes_turns
    state, stakes = session.current, session.stakes
    money = [PanelLine(label, "row", true_minus(text)) for label, text in
             (turns.score_lines() if isinstance(turns, CubeTurns) else [])]
    # Over by a dropped double too: nothing left to believe (and a backgammon match's
    # positions are backgammon's).
    if session.is_over or not isinstance(state, BackgammonState):
        return money
    cube = stakes if isinstance(stakes, Cube) else None
    info = match.knowledge.believed((state.key(), cube),
                                    lambda: insight(state, cube, max_moves=4))
    belief = ([PanelLine(LOADING, "dim")] if not isinstance(info, Insight)
              else insight_panel_lines(info, board_candidates(scene)))
    knowledge = match.knowledge
    if knowledge.rollout is not None or knowledge.rollout_running:
        belief = [*rollout_lines(_rollout_table(knowledge.rollout), knowledge.rollout_running,
                                 lambda m: session.format_move_text(state, m)),
                  PanelLine("", "rule"), *belief]
    return [*money, PanelLine("", "rule"), *belief] if money and belief else money + belief


def board_candidates(scene: GameScreen, count: int = 4) -> Candidates | None:
    """The moves the board shows values for, with those values as the board writes them
    and the depth of the search they come from; None when the board shows none."""
    match = scene.match
    values = match.knowledge.board_values() if match.show_values else None
    report = match.knowledge.report(Purpose.VALUES)
    if not values or report is None:
        return None
    state, kit = match.session.current, match.session.kit
    exact = match.knowledge.values_exact()
    ranked = sorted(values.items(), key=lambda mv: -mv[1])[:count]
    return Candidates(f"depth {report.values_depth} search, as on the board", tuple(
        (match.session.format_move_text(state, move), value_text(kit, value,
                                                                 exact=exact).short)
        for move, value in ranked))


def _rollout_table(table: object) -> Rollout | None:
    """The rollout's table as the worker sent it (None before its first report). Its module
    (numpy) is imported here, not with this one: a table that arrived has loaded it already."""
    if table is None:
        return None
    from games.backgammon.ai.rollout import Rollout

    return table if isinstance(table, Rollout) else None


def rollout_lines(table: Rollout | None, running: bool, name: Callable[[Move], str]
                  ) -> list[PanelLine]:
    """The rollout of the shown position (games.backgammon.ai.rollout's table, None before its
    first report): the best move's equity with its standard error, each other move's
    difference from it with the paired difference's own error (what a player decides by)."""
    if table is None:
        return [PanelLine("Rollout: starting…", "accent")]
    lines = [PanelLine(f"Rollout: {table.trials:,} of {ROLLOUT_TRIALS:,} trials a move",
                       "heading")]
    if running:
        lines.append(PanelLine("running… L stops", "accent"))
    elif not table.complete:
        lines.append(PanelLine("stopped: the trials played so far", "dim"))
    for i, line in enumerate(table.lines):
        figure = (f"{points(line.equity)} ± {line.se:.3f}" if i == 0 else
                  true_minus(f"{line.diff:+.3f} ± {line.diff_se:.3f}"))
        lines.append(PanelLine(name(line.move), "row", figure))
    if len(table.lines) > 1:
        lines.append(PanelLine("best: equity ± error; others: behind the best ± error", "dim"))
    return lines
