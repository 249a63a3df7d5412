"""What the play screen shows of a program at the table: the panel's lines (thinking, what
its last move came with, a forfeit) and the "Program log" overlay (G) with its log's end.

A program's standard error is its only voice when it fails, so the log is one key away, and
the forfeit names the file for reading it whole.
"""

from __future__ import annotations

import pygame

from game.session import Session
from play.program_seat import ProgramSeats, last_lines
from ui import theme
from ui.assets import font
from ui.panel_view import PanelLine
from ui.scenes.confirm import draw_modal_frame
from ui.widgets import draw_text

#: The log's lines the overlay shows at most.
LOG_LINES = 30


def program_lines(programs: ProgramSeats, session: Session) -> list[PanelLine]:
    """The program's story for the panel (none in a game without a program)."""
    if not any(seat.is_program for seat in session.seats):
        return []
    lines: list[PanelLine] = []
    thinking = programs.thinking(session)
    if session.forfeit is not None:
        side, note = session.forfeit
        lines += [PanelLine(f"{session.game.player_names[side]} forfeited", "heading"),
                  PanelLine(note, "accent")]
        path = programs.log_path(side)
        if path is not None:
            lines.append(PanelLine(f"Its log: {path} (G shows its end)", "dim"))
    elif thinking is not None:
        name, seconds = thinking
        lines += [PanelLine(f"Program {name}", "heading"),
                  PanelLine(f"Program {name} is thinking… {seconds:.1f} s", "accent")]
    elif programs.last is not None:
        answer = programs.last.answer
        lines.append(PanelLine(f"Program {programs.last.name}'s last move", "heading"))
        if answer.nodes is not None:
            lines.append(PanelLine("nodes", "row", f"{answer.nodes:,}"))
        if answer.pv:
            lines.append(PanelLine("line", "row", answer.pv))
        if answer.seconds is not None:
            lines.append(PanelLine("its time", "row", f"{answer.seconds:.2f} s"))
        lines.append(PanelLine("answered in", "row", f"{answer.wall_seconds:.2f} s"))
    return [*lines, PanelLine("", "rule")] if lines else []


class ProgramLog:
    """The end of a program's log over the board; any key or click closes it."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.lines = last_lines(path, LOG_LINES)
        self.closed = False
        self.rect = pygame.Rect(0, 0, 0, 0)

    def layout(self, screen: pygame.Rect) -> None:
        self.rect = screen.inflate(-max(40, screen.width // 8), -max(40, screen.height // 8))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.closed = True
        return True  # modal: nothing reaches the screen behind

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        draw_modal_frame(surface, r)
        size = theme.text_size(surface.get_height())
        pad = max(12, size)
        width = r.width - 2 * pad
        draw_text(surface, "Program log", (r.x + pad, r.y + pad), int(size * 1.1),
                  theme.color("text"), bold=True, max_width=width)
        small = max(11, int(size * 0.85))
        y = r.y + pad + int(size * 1.7)
        draw_text(surface, self.path or "", (r.x + pad, y), small, theme.color("text_dim"),
                  max_width=width)
        step = font(small).get_linesize()
        bottom = r.bottom - pad - step
        y += int(step * 1.5)
        shown = self.lines[-max(1, (bottom - y) // step):]
        for line in shown:
            draw_text(surface, line, (r.x + pad, y), small, theme.color("text"),
                      max_width=width)
            y += step
        draw_text(surface, "Any key closes", (r.right - pad, r.bottom - pad), small,
                  theme.color("text_dim"), anchor="bottomright")
