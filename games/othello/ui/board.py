"""The Othello board: felt, discs, legal-move dots, flip animation and move values.

The view reads the position through the game's own text notation (64 cells a1..h8 from the
top-left), so it depends only on the documented notation, not on the rules' bitboard layout.
Everything static (felt, grid, coordinates) is rendered once per board size and cached, and disc
sprites once per cell size, so a frame is a handful of blits even in a large window.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import cast

import pygame

from game.core import TERMINAL, Game, Move, State
from games.othello.openings import book_opening_name
from ui.assets import font
from ui.boards.base import BoardView, SurfaceCache, ViewContext
from ui.widgets import draw_text, fitting_size

#: The pass move of games.othello.rules (squares are 0..63).
PASS = 64
FILES = "abcdefgh"

FRAME = (58, 40, 26)
FRAME_EDGE = (30, 20, 12)
FELT = (22, 112, 62)
GRID = (10, 58, 30)
COORD = (226, 214, 186)
BLACK_DISC = (24, 24, 26)
WHITE_DISC = (238, 238, 232)
LEGAL_DOT = (8, 48, 26, 120)
LAST_MARK = (214, 40, 40)
HINT_RING = (80, 200, 255)
BEST_VALUE = (255, 215, 64)


def format_value(value: float) -> str:
    """Short enough to fit in a square: disc-count scores as integers, fractions to 2 places."""
    if abs(value) >= 10 or float(value).is_integer():
        return f"{value:+.0f}"
    return f"{value:+.2f}"


class OthelloGeometry:
    """Where the board and each square sit inside a rect; recomputed cheaply every draw."""

    def __init__(self, rect: pygame.Rect) -> None:
        side = max(80, min(rect.width, rect.height))
        self.margin = max(12, side // 16)
        self.cell = (side - 2 * self.margin) // 8
        self.board_px = self.cell * 8
        outer = self.board_px + 2 * self.margin
        self.outer = pygame.Rect(0, 0, outer, outer)
        self.outer.center = rect.center
        self.board = pygame.Rect(
            self.outer.x + self.margin, self.outer.y + self.margin, self.board_px, self.board_px
        )

    def square_rect(self, sq: int) -> pygame.Rect:
        row, col = divmod(sq, 8)
        return pygame.Rect(
            self.board.x + col * self.cell, self.board.y + row * self.cell, self.cell, self.cell
        )

    def square_center(self, sq: int) -> tuple[int, int]:
        return self.square_rect(sq).center

    def square_at(self, pos: tuple[int, int]) -> int | None:
        x, y = pos[0] - self.board.x, pos[1] - self.board.y
        if not (0 <= x < self.board_px and 0 <= y < self.board_px):
            return None
        return (y // self.cell) * 8 + x // self.cell


def cells_of(game: Game, state: State) -> list[int | None]:
    """0 (black), 1 (white) or None per square, from the position notation."""
    text = game.format_position(state).split()[0]
    return [0 if c == "X" else 1 if c == "O" else None for c in text[:64]]


class OthelloView(BoardView):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self._static = SurfaceCache(8, convert=True)
        self._discs = SurfaceCache(64)

    # ------------------------------------------------------------------ drawing

    def _static_surface(self, geo: OthelloGeometry) -> pygame.Surface:
        return self._static.get((geo.outer.width, geo.cell), self._render_static, geo)

    @staticmethod
    def _render_static(geo: OthelloGeometry) -> pygame.Surface:
        m, c, n = geo.margin, geo.cell, geo.board_px
        surf = pygame.Surface(geo.outer.size)
        surf.fill(FRAME)
        pygame.draw.rect(surf, FRAME_EDGE, surf.get_rect(), max(2, m // 6))
        board = pygame.Rect(m, m, n, n)
        surf.fill(FELT, board)
        # A faint vertical light gradient so the felt does not look flat.
        shade = pygame.Surface((n, n), pygame.SRCALPHA)
        for y in range(0, n, 2):
            alpha = int(28 * (y / n))
            pygame.draw.line(shade, (0, 0, 0, alpha), (0, y), (n, y), 2)
        surf.blit(shade, board)
        line = max(1, c // 40)
        for i in range(9):
            pygame.draw.line(surf, GRID, (m + i * c, m), (m + i * c, m + n), line)
            pygame.draw.line(surf, GRID, (m, m + i * c), (m + n, m + i * c), line)
        for gx, gy in ((2, 2), (6, 2), (2, 6), (6, 6)):
            pygame.draw.circle(surf, GRID, (m + gx * c, m + gy * c), max(2, c // 14))
        f = font(max(8, int(m * 0.55)), True)
        for i in range(8):
            letter = f.render(FILES[i], True, COORD)
            digit = f.render(str(i + 1), True, COORD)
            cx, cy = m + i * c + c // 2, m + i * c + c // 2
            surf.blit(letter, letter.get_rect(center=(cx, m // 2)))
            surf.blit(letter, letter.get_rect(center=(cx, m + n + m // 2)))
            surf.blit(digit, digit.get_rect(center=(m // 2, cy)))
            surf.blit(digit, digit.get_rect(center=(m + n + m // 2, cy)))
        return surf

    def _disc(self, colour: int, diameter: int) -> pygame.Surface:
        """A shaded disc sprite: darker rim, the face, and a soft highlight toward the top-left."""
        return self._discs.get((colour, diameter), self._render_disc, colour, diameter)

    @staticmethod
    def _render_disc(colour: int, diameter: int) -> pygame.Surface:
        d = max(4, diameter)
        r = d / 2
        sprite = pygame.Surface((d, d), pygame.SRCALPHA)
        base = BLACK_DISC if colour == 0 else WHITE_DISC
        rim = tuple(max(0, v - 45) for v in base) if colour == 1 else (5, 5, 6)
        pygame.draw.circle(sprite, (0, 0, 0, 70), (r + d * 0.03, r + d * 0.05), r - 1)
        pygame.draw.circle(sprite, rim, (r, r), r - d * 0.04)
        steps = 10
        for k in range(steps):
            t = k / steps
            rad = (r - d * 0.09) * (1 - t * 0.75)
            lift = 60 if colour == 0 else 18
            col = tuple(min(255, int(v + lift * t)) for v in base)
            off = d * 0.10 * t
            pygame.draw.circle(sprite, col, (r - off, r - off), max(1, rad))
        return sprite

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, state: State, ctx: ViewContext) -> None:
        geo = OthelloGeometry(rect)
        surface.blit(self._static_surface(geo), geo.outer)
        cells = cells_of(self.game, state)
        before = self._previous_cells(ctx, state)
        placed = ctx.last_move if isinstance(ctx.last_move, int) and ctx.last_move < 64 else None
        t = min(1.0, max(0.0, ctx.anim_t))
        disc_d = int(geo.cell * 0.84)
        for sq, colour in enumerate(cells):
            if colour is None:
                continue
            cx, cy = geo.square_center(sq)
            was = before[sq] if before is not None else None
            if was is not None and t < 1.0 and was != colour:
                # A flip: squash the old face to an edge, then open the new one.
                shown = was if t < 0.5 else colour
                scale = abs(math.cos(math.pi * t))
                w = max(2, int(disc_d * scale))
                sprite = pygame.transform.smoothscale(self._disc(shown, disc_d), (w, disc_d))
            elif before is not None and t < 1.0 and sq == placed and was is None:
                size = max(2, int(disc_d * min(1.0, 0.4 + 1.8 * t)))
                sprite = self._disc(colour, size)
            else:
                sprite = self._disc(colour, disc_d)
            surface.blit(sprite, sprite.get_rect(center=(cx, cy)))
        if placed is not None:
            pygame.draw.circle(surface, LAST_MARK, geo.square_center(placed), max(2, geo.cell // 12))
        legal = self._legal_squares(state)
        if ctx.interactive:
            dot = pygame.Surface((geo.cell, geo.cell), pygame.SRCALPHA)
            pygame.draw.circle(dot, LEGAL_DOT, (geo.cell // 2, geo.cell // 2), max(2, geo.cell // 9))
            for sq in legal:
                surface.blit(dot, geo.square_rect(sq))
        if ctx.move_values:
            self._draw_values(surface, geo, ctx)
        if isinstance(ctx.highlight_move, int) and 0 <= ctx.highlight_move < 64:
            pygame.draw.circle(
                surface,
                HINT_RING,
                geo.square_center(ctx.highlight_move),
                int(geo.cell * 0.44),
                max(2, geo.cell // 16),
            )

    def _previous_cells(self, ctx: ViewContext, state: State) -> list[int | None] | None:
        if ctx.previous_state is None or ctx.anim_t >= 1.0:
            return None
        try:
            return cells_of(self.game, ctx.previous_state)
        except (ValueError, AttributeError, TypeError):
            return None

    def _draw_values(
        self, surface: pygame.Surface, geo: OthelloGeometry, ctx: ViewContext
    ) -> None:
        values = ctx.move_values or {}
        squares = {m: v for m, v in values.items() if isinstance(m, int) and 0 <= m < 64}
        if not squares:
            return
        best = max(squares.values())
        labels = {sq: ctx.value_label(sq, v) for sq, v in squares.items()}
        # Scaled to the square (a 65 px square had 11 px digits): one size for every label,
        # the largest at which the longest fits the square with a margin.
        size = min(fitting_size(label, int(geo.cell * 0.42), int(geo.cell * 0.9), bold=True,
                                min_size=7) for label in labels.values())
        f = font(size, True)
        for sq, v in squares.items():
            # The text's colour is the value's sign for the mover (one rule for every game);
            # the best square is told by its frame and darker plate.
            w, h = f.size(labels[sq])
            box = pygame.Rect(0, 0, w + 6, h + 2)
            box.center = geo.square_center(sq)
            plate = pygame.Surface(box.size, pygame.SRCALPHA)
            plate.fill((0, 0, 0, 150 if v == best else 95))
            surface.blit(plate, box)
            if v == best:
                pygame.draw.rect(surface, BEST_VALUE, box, 1)
            draw_text(surface, labels[sq], box.center, size, ctx.value_color(sq, v),
                      bold=True, anchor="center")

    @staticmethod
    def _legal_squares(state: State) -> list[int]:
        if state.current_player() not in (0, 1):
            return []
        return [m for m in state.legal_moves() if isinstance(m, int) and m < 64]

    # ------------------------------------------------------------------ input

    def handle_event(
        self, event: pygame.event.Event, rect: pygame.Rect, state: State, ctx: ViewContext
    ) -> Move | None:
        if not ctx.interactive or event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return None
        if state.current_player() not in (0, 1):
            return None
        self.refusal = None
        geo = OthelloGeometry(rect)
        sq = geo.square_at(event.pos)
        if sq is None:
            return None
        legal = state.legal_moves()
        if tuple(legal) == (PASS,):
            return PASS
        if sq in legal:
            return sq
        name = f"{FILES[sq % 8]}{sq // 8 + 1}"
        if cells_of(self.game, state)[sq] is not None:
            self.refusal = f"{name} is taken"
        else:
            self.refusal = (f"{name} flips no discs: a move must outflank at least one "
                            "(dots show where)")
        return None

    def record_caption(self, start: State, moves: Sequence[Move]) -> str:
        """"Opening: Tiger" while the game follows a named opening line from the standard
        start; nothing once it leaves the book or when it began from another position."""
        if start.key() != self.game.initial_state().key():
            return ""
        name = book_opening_name(cast(Sequence[int], moves))  # Othello's moves are squares
        return f"Opening: {name}" if name else ""

    def status_text(self, state: State) -> str:
        cells = cells_of(self.game, state)
        counts = f"Black {cells.count(0)} \u2013 White {cells.count(1)}"
        player = state.current_player()
        if player == TERMINAL:
            # The result itself (which may explain where the empty squares went) is in the
            # top bar; repeating it here would not fit under a small board.
            return f"{counts} on the board \u00b7 game over"
        name = ("Black", "White")[player] if player in (0, 1) else ""
        if tuple(state.legal_moves()) == (PASS,):
            return f"{counts} \u00b7 {name} must pass \u2014 click to pass"
        return f"{counts} \u00b7 {name} to move"
