"""Drawing the play screen: its parts from the screen's layout and its match, the list of
keys (F1) and the result banner (play_banner). Drawing only reads (``DrawnPlay``: what it
reads of the play screen), but for the move list, which lays itself out where the panel
leaves room."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.core import CHANCE
from play.jobs import Purpose
from play.setup import describe_seat
from ui import theme
from ui.keys_overlay import draw_keys_overlay
from ui.kit import game_ui
from ui.panel import PanelLine, PanelText, draw_panel, panel_lines, ponder_lines
from ui.scenes.common import draw_background
from ui.scenes.play_banner import draw_banner, result_line
from ui.scenes.play_commands import PlayParts
from ui.scenes.play_layout import PlayLayout
from ui.scenes.program_view import program_lines
from ui.scenes.screen import DrawnScreen
from ui.widgets import draw_text, fitting_size


class DrawnPlay(DrawnScreen, PlayParts, Protocol):
    """What drawing reads of the play screen (the play screen is one), beyond any screen's
    and its parts."""

    @property
    def geometry(self) -> PlayLayout: ...
    @property
    def words(self) -> PanelText: ...


class Animation:
    """The last move's animation on the board: when it started and how long it lasts."""

    def __init__(self) -> None:
        self.started, self.length = 0.0, 0.0

    def start(self, now: float, length: float) -> None:
        self.started, self.length = now, length

    def t(self, now: float) -> float:
        """0 at the start, 1 when done (and always 1 without animation)."""
        if self.length <= 0:
            return 1.0
        return max(0.0, min(1.0, (now - self.started) / self.length))


def turn_line(scene: DrawnPlay) -> str:
    """The top bar: the move number and whose turn it is (or the stakes decision waited
    for)."""
    match = scene.match
    s = match.session
    player = s.current.current_player()
    if s.is_over:
        return s.result_text or "Game over"
    stakes_text = match.stakes_turns.turn_text() if match.stakes_turns is not None else ""
    if stakes_text:
        return stakes_text
    if player == CHANCE:
        turn = "Rolling the dice…" if not match.paused else "Dice to roll (paused)"
        number = scene.record.next_number(1)  # the turn in progress, or the next one
    else:
        turn = f"{s.game.player_names[player]} to move — {describe_seat(s.seats[player])}"
        if match.paused:
            turn += "  (paused)"
        number = scene.record.next_number(player)
    # The move list's own turn number: "Move 3" is the row "3." the move will go on.
    return f"Move {number}   {turn}"


def side_panel_lines(scene: DrawnPlay) -> list[PanelLine]:
    """The search story, then what the game's evaluator believes (if the game says)."""
    own = game_ui(scene.session.kit)
    belief = own.belief_lines(scene) if own.belief_lines is not None else []
    lines = program_lines(scene.match.programs, scene.session)
    lines += ponder_lines(scene.match.ponder.status())
    return lines + panel_lines(scene.words, scene.match.knowledge,
                               show_values=scene.match.show_values, belief=belief,
                               tips=key_tips(scene))


def key_tips(scene: DrawnPlay) -> str:
    """The keys that tell more about the shown position, among those that can run now: no
    "H: a hint" while Hint is disabled (a finished game, the AI's turn)."""
    tips = []
    if scene.commands.named("Hint").enabled():
        tips.append("H: a hint")
    if not scene.session.is_over:
        tips.append("V: every move's value")
    return " · ".join(tips)


def draw_play_screen(scene: DrawnPlay, surface: pygame.Surface) -> None:
    """The whole play screen: top bar (or result banner), board, status line, panel, the
    message line and any overlay (keys, a dialog)."""
    draw_background(surface)
    g = scene.geometry
    s = scene.session
    cur = s.current
    size = g.text_size
    for b in g.buttons:
        b.mirror()
    draw_text(surface, s.game.name, g.top_rect.midleft, g.title_size,
              theme.color("accent"), bold=True, anchor="midleft")
    if s.is_over:
        draw_banner(surface, g.banner_rect, result_line(s))
    else:
        # A long turn line (backgammon's "White to roll — Double (O) or Roll (Enter)" in a
        # small window) takes a smaller size before it is cut.
        turn = turn_line(scene)
        draw_text(surface, turn, g.top_rect.midright,
                  fitting_size(turn, size, g.banner_rect.width, min_size=10),
                  theme.color("text"), anchor="midright", max_width=g.banner_rect.width)
    ctx = scene.context()
    try:
        scene.view.draw(surface, g.board_rect, cur, ctx)
        status = scene.view.status_text(cur)
    except Exception as exc:  # noqa: BLE001 - a view bug is a message, not a crash
        if not scene.message.visible(scene.now):
            scene.show_message(f"Board error: {exc}", True)
        status = ""
    if s.forfeit is not None:
        status = s.forfeit[1]  # the board's own line would name the side still to move
    if ctx.move_values and ctx.values_for:
        report = scene.match.knowledge.report(Purpose.VALUES)
        depth = f", depth {report.values_depth}" if report is not None else ""
        status += f" · values for {ctx.values_for}{depth}"
    draw_text(surface, status, g.status_rect.center, max(11, int(size * 0.9)),
              theme.color("text_dim"), anchor="center", max_width=g.status_rect.width)
    _draw_panel(scene, surface, size)
    scene.message.draw(surface, g.message_rect, scene.now)
    if scene.help.open:
        _draw_help(scene, surface)
    if scene.dialog is not None:
        scene.dialog.draw(surface)


def _draw_panel(scene: DrawnPlay, surface: pygame.Surface, size: int) -> None:
    g, match = scene.geometry, scene.match
    s = match.session
    player = match.deciding_side()
    pygame.draw.rect(surface, theme.color("panel"), g.panel_rect, border_radius=10)
    pygame.draw.rect(surface, theme.color("panel_border"), g.panel_rect, width=1,
                     border_radius=10)
    players = [(s.game.player_names[i], describe_seat(seat), player == i)
               for i, seat in enumerate(s.seats)]
    small = max(11, int(size * 0.8))
    # The move list keeps room for its title (and caption) and up to four lines; the search story
    # takes the rest (the list scrolls, the story does not).
    list_min = int(small * 1.35) * (1 + scene.moves_view.header_lines
                                    + min(4, scene.moves_view.total_lines()))
    if all(not seat.is_human for seat in s.seats):
        pace = f"AI vs AI: {match.pace().ai_vs_ai_s:.1f} s between moves"
        pace += " · PAUSED" if match.paused else ""
    else:
        pace = "PAUSED — Space resumes" if match.paused else ""
    # Without a pace line the move list reaches down to the buttons.
    buttons_top = min((b.rect.top for b in g.buttons), default=g.pace_y)
    moves_bottom = g.pace_y - size // 2 if pace else buttons_top - g.pad
    bottom = draw_panel(surface, g.panel_rect, players, side_panel_lines(scene), scene.now,
                        bottom_limit=moves_bottom - list_min)
    pad = max(10, g.panel_rect.width // 22)
    scene.moves_view.layout(pygame.Rect(g.panel_rect.x + pad, bottom,
                                        g.panel_rect.width - 2 * pad,
                                        moves_bottom - bottom), small)
    scene.moves_view.draw(surface)
    draw_text(surface, pace, (g.panel_rect.centerx, g.pace_y), small,
              theme.color("accent") if match.paused else theme.color("text_dim"),
              anchor="midtop", max_width=g.panel_rect.width - 16)
    for b in g.buttons:
        b.draw(surface)


def _draw_help(scene: DrawnPlay, surface: pygame.Surface) -> None:
    g = scene.geometry
    rows = scene.commands.help_lines()
    rows.append(("Click", "play a move; a refused click says why"))
    rows.append(("Wheel", "scroll the move list"))
    # Over the whole window, not only the board: a small window's board cannot hold every key.
    draw_keys_overlay(surface, g.rect.inflate(-g.pad * 2, -g.pad * 2), rows, g.text_size,
                      max(10, int(g.text_size * 0.75)))
