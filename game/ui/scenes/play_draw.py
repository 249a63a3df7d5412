"""Drawing the play screen: its parts from the screen's layout and its match, the list of
keys (F1) and the result banner. Drawing only reads."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core import CHANCE
from game.registry import get_kit
from game.ui import theme
from game.ui.assets import font
from game.ui.keys_overlay import draw_keys_overlay
from game.ui.panel import PanelLine, draw_panel, panel_lines, ponder_lines
from game.ui.scenes.common import draw_background
from game.ui.widgets import draw_text, fitting_size, wrap_text
from play.jobs import Purpose
from play.setup import describe_seat

if TYPE_CHECKING:
    from game.ui.scenes.play import PlayScene


def draw_banner(surface: pygame.Surface, r: pygame.Rect, text: str, keys: str) -> None:
    """The result in the top bar: an overlay on the board would hide the final position
    (the winning line, the last discs) exactly when the player wants to look at it.

    A long result (Othello's world-championship scoring explains where the empty squares
    went) first drops the key reminder, then a smaller size, then takes two lines, so the
    whole result stays readable in a small window."""
    accent = theme.color("accent")
    pygame.draw.rect(surface, theme.color("panel"), r, border_radius=8)
    pygame.draw.rect(surface, accent, r, width=2, border_radius=8)
    pad = max(8, r.height // 4)
    big, small = max(14, int(r.height * 0.5)), max(11, int(r.height * 0.32))
    keys_w = font(small).size(keys)[0]
    room = r.width - 2 * pad
    if font(big, True).size(text)[0] + keys_w + 2 * pad <= room:
        draw_text(surface, text, (r.x + pad, r.centery), big, accent, bold=True,
                  anchor="midleft")
        draw_text(surface, keys, (r.right - pad, r.centery), small, theme.color("text_dim"),
                  anchor="midright")
        return
    size, lines = banner_lines(text, big, room, r.height)
    line_h = r.height // len(lines)
    for i, line in enumerate(lines):
        draw_text(surface, line, (r.x + pad, r.y + line_h * i + line_h // 2), size, accent,
                  bold=True, anchor="midleft", max_width=room)


def banner_lines(text: str, size: int, room: int, height: int) -> tuple[int, list[str]]:
    """The font size and lines (one, else two) that show ``text`` whole in ``room`` pixels
    wide and ``height`` high; below the smallest readable size the last line is cut."""
    smallest = 10
    one = fitting_size(text, size, room, bold=True, min_size=max(smallest, int(height * 0.4)))
    if font(one, True).size(text)[0] <= room:
        return one, [text]
    two = max(smallest, min(size, int(height / 2.8)))
    while True:
        lines = wrap_text(text, font(two, True), room)
        if len(lines) <= 2 or two == smallest:
            break
        two -= 1
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return two, lines


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


def turn_line(scene: PlayScene) -> str:
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


def side_panel_lines(scene: PlayScene) -> list[PanelLine]:
    """The search story, then what the game's evaluator believes (if the game says)."""
    game_ui = get_kit(scene.session.game_id).ui()
    belief = game_ui.belief_lines(scene) if game_ui.belief_lines is not None else []
    ponder = scene.match.ponder
    lines = ponder_lines(ponder.status(), ponder.outcome if ponder.enabled else None)
    return lines + panel_lines(scene.words, scene.match.knowledge,
                               show_values=scene.match.show_values, belief=belief)


def draw_play_screen(scene: PlayScene, surface: pygame.Surface) -> None:
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
        draw_banner(surface, g.banner_rect, s.result_text or "Game over",
                    "N new game · U undo · Esc menu")
    else:
        draw_text(surface, turn_line(scene), g.top_rect.midright, size,
                  theme.color("text"), anchor="midright", max_width=g.banner_rect.width)
    ctx = scene.context()
    try:
        scene.view.draw(surface, g.board_rect, cur, ctx)
        status = scene.view.status_text(cur)
    except Exception as exc:  # noqa: BLE001 - a view bug is a message, not a crash
        if not scene.message.visible(scene.app.now):
            scene.show_message(f"Board error: {exc}", True)
        status = ""
    if ctx.move_values and ctx.values_for:
        report = scene.match.knowledge.report(Purpose.VALUES)
        depth = f", depth {report.values_depth}" if report is not None else ""
        status += f" · values for {ctx.values_for}{depth}"
    draw_text(surface, status, g.status_rect.center, max(11, int(size * 0.9)),
              theme.color("text_dim"), anchor="center", max_width=g.status_rect.width)
    _draw_panel(scene, surface, size)
    scene.message.draw(surface, g.message_rect, scene.app.now)
    if scene.help.open:
        _draw_help(scene, surface)
    if scene.dialog is not None:
        scene.dialog.draw(surface)


def _draw_panel(scene: PlayScene, surface: pygame.Surface, size: int) -> None:
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
        pace = f"AI vs AI: {scene.app.settings.ai_delay_s:.1f} s between moves"
        pace += " · PAUSED" if match.paused else ""
    else:
        pace = "PAUSED — Space resumes" if match.paused else ""
    # Without a pace line the move list reaches down to the buttons.
    buttons_top = min((b.rect.top for b in g.buttons), default=g.pace_y)
    moves_bottom = g.pace_y - size // 2 if pace else buttons_top - g.pad
    bottom = draw_panel(surface, g.panel_rect, players, side_panel_lines(scene), scene.app.now,
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


def _draw_help(scene: PlayScene, surface: pygame.Surface) -> None:
    g = scene.geometry
    rows = scene.commands.help_lines()
    rows.append(("Click", "play a move; a refused click says why"))
    rows.append(("Wheel", "scroll the move list"))
    # Over the whole window, not only the board: a small window's board cannot hold every key.
    draw_keys_overlay(surface, g.rect.inflate(-g.pad * 2, -g.pad * 2), rows, g.text_size,
                      max(10, int(g.text_size * 0.75)))
