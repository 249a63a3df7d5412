"""Tic-tac-toe board: a clean 3x3 grid, animated marks, last move, hints and move values."""

from __future__ import annotations

from typing import cast

import pygame

from game.core import TERMINAL, Game, Move, State
from games.tictactoe.rules import TicTacToeState
from ui import theme
from ui.boards.base import BoardView, ViewContext
from ui.widgets import draw_text

_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class TicTacToeView(BoardView):
    def __init__(self, game: Game) -> None:
        super().__init__(game)

    @staticmethod
    def grid_rect(rect: pygame.Rect) -> pygame.Rect:
        """The square grid inside ``rect`` (with a margin for the coordinates)."""
        side = int(min(rect.width, rect.height) * 0.86)
        g = pygame.Rect(0, 0, side, side)
        g.center = rect.center
        return g

    @classmethod
    def cell_rect(cls, rect: pygame.Rect, index: int) -> pygame.Rect:
        g = cls.grid_rect(rect)
        c = g.width / 3
        col, row = index % 3, index // 3
        return pygame.Rect(round(g.x + col * c), round(g.y + row * c), round(c), round(c))

    @classmethod
    def cell_at(cls, rect: pygame.Rect, pos: tuple[int, int]) -> int | None:
        g = cls.grid_rect(rect)
        if not g.collidepoint(pos):
            return None
        c = g.width / 3
        col = min(2, int((pos[0] - g.x) / c))
        row = min(2, int((pos[1] - g.y) / c))
        return row * 3 + col

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, state: State, ctx: ViewContext) -> None:
        g = self.grid_rect(rect)
        cell = g.width / 3
        board = cast(TicTacToeState, state).board  # a view is only given its own game's states
        pygame.draw.rect(surface, theme.color("board"), g.inflate(cell * 0.12, cell * 0.12),
                         border_radius=int(cell * 0.12))
        # last move and hint backgrounds
        if isinstance(ctx.last_move, int) and 0 <= ctx.last_move < 9:
            lr = self.cell_rect(rect, ctx.last_move).inflate(-cell * 0.08, -cell * 0.08)
            tint = pygame.Surface(lr.size, pygame.SRCALPHA)
            tint.fill((*theme.color("last_move")[:3], 22))
            surface.blit(tint, lr)
            pygame.draw.rect(surface, theme.color("last_move"), lr, width=2,
                             border_radius=int(cell * 0.08))
        hover = None
        if ctx.interactive:
            try:
                hover = self.cell_at(rect, pygame.mouse.get_pos())
            except pygame.error:
                hover = None
        # grid lines
        lw = max(2, int(cell * 0.04))
        line = theme.color("board_line")
        for i in (1, 2):
            x = round(g.x + i * cell)
            y = round(g.y + i * cell)
            pygame.draw.line(surface, line, (x, g.y + lw), (x, g.bottom - lw), lw)
            pygame.draw.line(surface, line, (g.x + lw, y), (g.right - lw, y), lw)
        # coordinates
        small = max(10, int(cell * 0.11))
        for i in range(3):
            cx = round(g.x + (i + 0.5) * cell)
            cy = round(g.y + (i + 0.5) * cell)
            draw_text(surface, "abc"[i], (cx, g.y - int(cell * 0.07)), small,
                      theme.color("text_dim"), anchor="midbottom")
            draw_text(surface, str(i + 1), (g.x - int(cell * 0.07), cy), small,
                      theme.color("text_dim"), anchor="midright")
        # marks
        for i, mark in enumerate(board):
            if mark is None:
                continue
            scale = 1.0
            if i == ctx.last_move and ctx.anim_t < 1.0:
                scale = 0.3 + 0.7 * max(0.0, ctx.anim_t)
            self._draw_mark(surface, self.cell_rect(rect, i), mark, scale)
        if hover is not None and board[hover] is None and state.current_player() in (0, 1):
            self._draw_mark(surface, self.cell_rect(rect, hover), state.current_player(), 1.0,
                            alpha=70)
        # hint / best move
        hm = ctx.highlight_move
        if isinstance(hm, int) and 0 <= hm < 9 and board[hm] is None:
            hr = self.cell_rect(rect, hm).inflate(-cell * 0.1, -cell * 0.1)
            pygame.draw.rect(surface, theme.color("hint"), hr, width=max(2, lw),
                             border_radius=int(cell * 0.1))
        # move values: coloured by their sign for the mover (ctx.value_color, one rule for
        # every game); the best ones are bold
        if ctx.move_values:
            best = max(ctx.move_values.values())
            for mv, val in ctx.move_values.items():
                if not isinstance(mv, int) or not 0 <= mv < 9 or board[mv] is not None:
                    continue
                cr = self.cell_rect(rect, mv)
                draw_text(surface, ctx.value_label(mv, val), cr.center,
                          max(11, int(cell * 0.15)), ctx.value_color(mv, val),
                          bold=val >= best - 1e-9, anchor="center")
        # winning line
        if state.current_player() == TERMINAL:
            for a, _b, c in _LINES:
                if board[a] is not None and board[a] == board[_b] == board[c]:
                    p1 = self.cell_rect(rect, a).center
                    p2 = self.cell_rect(rect, c).center
                    pygame.draw.line(surface, theme.color("accent"), p1, p2, max(4, int(cell * 0.07)))
                    break

    @staticmethod
    def _draw_mark(surface: pygame.Surface, cr: pygame.Rect, mark: int, scale: float,
                   alpha: int = 255) -> None:
        size = cr.width * 0.30 * scale
        width = max(3, int(cr.width * 0.09 * scale))
        target = surface
        if alpha < 255:
            target = pygame.Surface(cr.size, pygame.SRCALPHA)
            center = (cr.width // 2, cr.height // 2)
        else:
            center = cr.center
        cx, cy = center
        if mark == 0:
            col = (*theme.color("mark_x")[:3], alpha)
            pygame.draw.line(target, col, (cx - size, cy - size), (cx + size, cy + size), width)
            pygame.draw.line(target, col, (cx - size, cy + size), (cx + size, cy - size), width)
        else:
            col = (*theme.color("mark_o")[:3], alpha)
            pygame.draw.circle(target, col, (cx, cy), int(size * 1.08), width)
        if target is not surface:
            surface.blit(target, cr)

    def handle_event(self, event: pygame.event.Event, rect: pygame.Rect, state: State,
                     ctx: ViewContext) -> Move | None:
        if not ctx.interactive or event.type != pygame.MOUSEBUTTONDOWN:
            return None
        if getattr(event, "button", 1) != 1:
            return None
        self.refusal = None
        cell = self.cell_at(rect, event.pos)
        if cell is None:
            return None
        if cell not in state.legal_moves():
            name = self.game.format_move(state, cell) if hasattr(self.game, "format_move") else ""
            self.refusal = f"{name} is taken: choose an empty square"
            return None
        return cell

    def status_text(self, state: State) -> str:
        if state.current_player() == TERMINAL:
            return ""
        free = cast(TicTacToeState, state).board.count(None)
        return f"{'XO'[state.current_player()]} to move — {free} squares free"
