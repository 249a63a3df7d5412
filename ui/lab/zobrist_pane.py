"""The lab's Zobrist view: the shown position's key as the XOR of one random number per piece on
its square, what one move changes (the numbers XORed out and in, checked against a key made
from scratch), and two move orders that reach one position with one key: the transposition a
table catches (game.zobrist computes it all; this pane only lays it out).

Left and right arrows (or a click on the board) choose the move; the board rings it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.core import Move
from game.zobrist import Change, ZobristReport, hex_key, report
from ui import theme
from ui.assets import font
from ui.boards.base import ViewContext
from ui.lab import style
from ui.lab.export import DrawnIntoRect
from ui.lab.pane import LabContext
from ui.widgets import draw_text, wrap_text

#: How Kibitz's own table differs, said under the view (ai.tt).
OWN_TABLE = ("Kibitz's own table keys a position by its exact packed form, so two positions "
             "never share an entry; most engines use Zobrist keys: a move updates them with a "
             "few XORs, and 64 bits make a collision rare.")
OUT_COLOR = (236, 140, 60)
IN_COLOR = (120, 210, 150)


class ZobristPane(DrawnIntoRect):
    title = "Zobrist keys"

    def __init__(self, ctx: LabContext) -> None:
        self.ctx = ctx
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.kit = ctx.kit
        self.moves: list[Move] = []
        self.index = 0
        self._report: ZobristReport | None = None

    # ---- the pane protocol -----------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect

    def on_show(self) -> None:
        state = self.ctx.state
        self.moves = list(state.legal_moves()) if state.current_player() >= 0 else []
        self.index = min(self.index, max(0, len(self.moves) - 1))
        self._report = None

    def update(self, dt: float) -> None:
        pass

    def help_lines(self) -> list[tuple[str, str]]:
        return [("← / →", "the previous / next move: its key update"),
                ("Click a square", "that move")]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if event.key == pygame.K_RIGHT else -1
            if self.moves:
                self.choose((self.index + step) % len(self.moves))
            return True
        view = self.ctx.board_view
        if (event.type == pygame.MOUSEBUTTONDOWN and view is not None
                and self.board_rect.collidepoint(event.pos)):
            # The board turns the click into a move, as on the play screen.
            move = view.handle_event(event, self.board_rect, self.ctx.state,
                                     ViewContext(interactive=True))
            view.reset_interaction()
            if move in self.moves:
                self.choose(self.moves.index(move))
            return True
        return False

    def choose(self, index: int) -> None:
        """Show move ``index``'s update."""
        self.index = index
        self._report = None

    def report(self) -> ZobristReport:
        """The figures for the shown position and move (worked out once per choice)."""
        if self._report is None:
            move = self.moves[self.index] if self.moves else None
            self._report = report(self.ctx.state, move, self.kit.piece_board)
        return self._report

    # ---- drawing ---------------------------------------------------------------------------
    def draw_into(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, style.BG, rect, border_radius=8)
        shown = self.report()
        size, small = self.ctx.text_size, self.ctx.small_size
        pad = size
        col_w = (rect.width - 4 * pad) // 3
        top = rect.y + pad
        bottom = rect.bottom - pad - 3 * int(small * 1.3)
        left = pygame.Rect(rect.x + pad, top, col_w, bottom - top)
        middle = pygame.Rect(left.right + pad, top, col_w, bottom - top)
        right = pygame.Rect(middle.right + pad, top, col_w, bottom - top)
        self._position_column(surface, left, shown, size, small)
        self._move_column(surface, middle, shown, size, small)
        self._transposition_column(surface, right, shown, size, small)
        y = bottom + small // 2
        for line in wrap_text(OWN_TABLE, font(small), rect.width - 2 * pad)[:3]:
            draw_text(surface, line, (rect.x + pad, y), small, style.DIM)
            y += int(small * 1.3)

    def _position_column(self, surface: pygame.Surface, rect: pygame.Rect,
                         shown: ZobristReport, size: int, small: int) -> None:
        y = _heading(surface, "This position's key", rect, size)
        # The board gives way to the numbers, down to two fifths of the column.
        rows_h = (len(shown.terms) + 3) * int(small * 1.3) + small
        side = max(int(rect.height * 0.42),
                   min(rect.width, int(rect.height * 0.5), rect.bottom - y - rows_h))
        self.board_rect = pygame.Rect(rect.x, y, side, side)
        move = shown.move
        if self.ctx.board_view is not None:
            self.ctx.board_view.draw(surface, self.board_rect, self.ctx.state,
                                     ViewContext(highlight_move=move))
        y = self.board_rect.bottom + small
        y = _line(surface, f"= XOR of {len(shown.terms)} random numbers:", rect, y, small,
                  style.TEXT)
        terms = [(f"{hex_key(term.number)}  {term.name(shown.board)}", style.DIM)
                 for term in shown.terms]
        y = _terms(surface, terms, rect, y, small, keep=1)
        _line(surface, f"key {hex_key(shown.key)}", rect, y, small, style.PV, bold=True)

    def _move_column(self, surface: pygame.Surface, rect: pygame.Rect, shown: ZobristReport,
                     size: int, small: int) -> None:
        game = self.ctx.game
        state = self.ctx.state
        if shown.move is None or shown.change is None:
            y = _heading(surface, "One move", rect, size)
            _line(surface, "The game is over: no move to show.", rect, y, small, style.DIM)
            return
        name = game.format_move(state, shown.move)
        y = _heading(surface, f"Move {name}  (← → {self.index + 1} of {len(self.moves)})",
                     rect, size)
        y = _wrapped(surface, f"Only what the move changes is XORed: "
                     f"{len(shown.change.terms)} numbers (− a piece leaves, + one arrives, "
                     "turn: the other side moves), not the whole board again.", rect, y,
                     small, style.TEXT)
        y = _change_rows(surface, shown.change, shown, rect, y + small // 2, small)
        same = shown.fresh_after == shown.change.after
        y = _line(surface, f"from scratch  {hex_key(shown.fresh_after or 0)}", rect,
                  y + small // 2, small, style.TEXT)
        _line(surface, "✓ the same key" if same else "✗ different: a bug", rect, y, small,
              IN_COLOR if same else OUT_COLOR, bold=True)

    def _transposition_column(self, surface: pygame.Surface, rect: pygame.Rect,
                              shown: ZobristReport, size: int, small: int) -> None:
        y = _heading(surface, "Two orders, one position", rect, size)
        found = shown.transposition
        if found is None:
            _wrapped(surface, "No two orders of the same three moves meet from here (captures "
                     "and flips often make the orders differ).", rect, y, small, style.DIM)
            return
        game, state = self.ctx.game, self.ctx.state
        for label, moves, keys in (("First", found.first, shown.first_keys),
                                   ("Second", found.second, shown.second_keys)):
            y = _line(surface, f"{label} order:", rect, y, small, style.TEXT, bold=True)
            s = state
            for move, change in zip(moves, keys, strict=True):
                text = f"{game.format_move(s, move):>6}  {hex_key(change.after)}"
                y = _line(surface, text, rect, y, small, style.TEXT)
                s = s.apply(move)
            y += small // 2
        same = shown.first_keys[-1].after == shown.second_keys[-1].after
        y = _line(surface, "✓ one position, one key" if same else "✗ the keys differ", rect,
                  y, small, IN_COLOR if same else OUT_COLOR, bold=True)
        _wrapped(surface, "The table stores the position once: a search reaching it the second "
                 "way finds its value there instead of searching it again.", rect,
                 y + small // 2, small, style.DIM)


def _heading(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int) -> int:
    draw_text(surface, text, (rect.x, rect.y), size, theme.color("accent"), bold=True,
              max_width=rect.width)
    return rect.y + int(size * 1.6)


def _line(surface: pygame.Surface, text: str, rect: pygame.Rect, y: int, size: int,
          color: tuple[int, ...], bold: bool = False) -> int:
    """One line, or where a projector's text is too wide, broken at spaces onto indented
    lines (a random number's name is never cut off)."""
    face = font(size, bold)
    parts = [text] if face.size(text)[0] <= rect.width else wrap_text(text, face,
                                                                       rect.width - size)
    for i, part in enumerate(parts):
        if y + size > rect.bottom + size:
            return y
        indent = size if i else 0
        draw_text(surface, part, (rect.x + indent, y), size, color, bold=bold,
                  max_width=rect.width - indent)
        y += int(size * 1.3)
    return y


def _wrapped(surface: pygame.Surface, text: str, rect: pygame.Rect, y: int, size: int,
             color: tuple[int, ...]) -> int:
    for part in wrap_text(text, font(size), rect.width):
        y = _line(surface, part, rect, y, size, color)
    return y


def _change_rows(surface: pygame.Surface, change: Change, shown: ZobristReport,
                 rect: pygame.Rect, y: int, size: int) -> int:
    board = shown.board
    y = _line(surface, f"key before    {hex_key(change.before)}", rect, y, size, style.TEXT)
    terms = [(f"⊕ {hex_key(term.number)}  − {term.name(board)}", OUT_COLOR)
             for term in change.removed]
    terms += [(f"⊕ {hex_key(term.number)}  + {term.name(board)}", IN_COLOR)
              for term in change.added]
    if change.side is not None:
        terms.append((f"⊕ {hex_key(change.side.number)}  turn", style.DIM))
    # Under the numbers: the key after, the key from scratch and whether they agree.
    y = _terms(surface, terms, rect, y, size, keep=3)
    return _line(surface, f"key after     {hex_key(change.after)}", rect, y, size, style.PV,
                 bold=True)


def _terms(surface: pygame.Surface, terms: Sequence[tuple[str, tuple[int, ...]]],
           rect: pygame.Rect, y: int, size: int, keep: int) -> int:
    """As many of the XORed numbers as fit with ``keep`` lines left under them, the rest
    counted: the sum's result must stay on screen however large the text."""
    line_h = int(size * 1.3)
    face = font(size)
    heights = [1 if face.size(t)[0] <= rect.width else len(wrap_text(t, face, rect.width - size))
               for t, _ in terms]
    room = (rect.bottom - y) // line_h - keep
    if sum(heights) > room:  # the last row says how many are left out
        shown, used = 0, 0
        while shown < len(terms) and used + heights[shown] <= room - 1:
            used += heights[shown]
            shown += 1
    else:
        shown = len(terms)
    for text, color in terms[:shown]:
        y = _line(surface, text, rect, y, size, color)
    if shown < len(terms):
        y = _line(surface, f"… and {len(terms) - shown} more", rect, y, size, style.DIM)
    return y
