"""Nim and Grundy's game: heaps of coins you pick from.

Nim: clicking a coin takes it and every coin above it, as long as that stays within the take
limit (hovering shows exactly which coins would go). Grundy's game: clicking between two coins
splits the heap there (only unequal splits are legal). Heap sizes are read from the position
notation and options from ``Game.options``, so the view depends only on the rules protocol.
"""

from __future__ import annotations

import pygame

from game.core import TERMINAL, Game, Move, State
from ui import theme
from ui.assets import font
from ui.boards.base import BoardView, ViewContext
from ui.widgets import draw_text


def heaps_of(game: Game, state: State) -> list[int]:
    text = game.format_position(state).split()[0]
    return [int(h) for h in text.split(",") if h.strip()]


def heap_label(index: int, count: int, f: pygame.font.Font, width: int) -> str:
    """The longest of "Heap 3: 9", "#3: 9", "9" that fits: an ellipsis would cut the count,
    the one thing the player needs when eight heaps share a small window."""
    for text in (f"Heap {index + 1}: {count}", f"#{index + 1}: {count}"):
        if f.size(text)[0] <= width:
            return text
    return str(count)


class NimView(BoardView):
    def __init__(self, game: Game) -> None:
        super().__init__(game)

    def new_game_options(self, start: State) -> dict[str, object]:
        return {"heaps": tuple(heaps_of(self.game, start))}

    # ---- geometry -------------------------------------------------------------------------

    def _options(self, state: State) -> dict[str, object]:
        try:
            return dict(self.game.options(state))
        except Exception:  # noqa: BLE001 - a view must never die on odd options
            return {}

    def geometry(self, rect: pygame.Rect, heaps: list[int]) -> dict[str, float]:
        n = max(1, len(heaps))
        tallest = max(7, max(heaps, default=0))
        col_w = rect.width / n
        base_y = rect.bottom - rect.height * 0.14
        top_y = rect.y + rect.height * 0.10
        coin_h = min((base_y - top_y) / tallest, col_w * 0.24, rect.height * 0.09)
        coin_w = min(col_w * 0.62, coin_h * 3.2, rect.width * 0.16)
        return {"col_w": col_w, "base_y": base_y, "coin_h": coin_h, "coin_w": coin_w}

    def coin_rect(self, rect: pygame.Rect, heaps: list[int], heap: int, k: int) -> pygame.Rect:
        """Coin ``k`` (0 = bottom) of heap ``heap``."""
        g = self.geometry(rect, heaps)
        cx = rect.x + (heap + 0.5) * g["col_w"]
        y = g["base_y"] - (k + 1) * g["coin_h"]
        return pygame.Rect(round(cx - g["coin_w"] / 2), round(y), round(g["coin_w"]),
                           max(2, round(g["coin_h"] * 0.92)))

    def _column_at(self, rect: pygame.Rect, heaps: list[int], pos: tuple[int, int]) -> int | None:
        if not rect.collidepoint(pos) or not heaps:
            return None
        g = self.geometry(rect, heaps)
        heap = int((pos[0] - rect.x) / g["col_w"])
        if not 0 <= heap < len(heaps):
            return None
        cx = rect.x + (heap + 0.5) * g["col_w"]
        if abs(pos[0] - cx) > g["coin_w"] * 0.75:
            return None
        return heap

    def move_at(self, rect: pygame.Rect, state: State, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The legal move a click at ``pos`` would make, or None."""
        heaps = heaps_of(self.game, state)
        heap = self._column_at(rect, heaps, pos)
        if heap is None or heaps[heap] == 0:
            return None
        g = self.geometry(rect, heaps)
        n = heaps[heap]
        legal = set(state.legal_moves())
        height = (g["base_y"] - pos[1]) / g["coin_h"]  # in coins from the base
        if self._options(state).get("variant") == "grundy":
            split = int(round(height))  # the gap under coin ``split``
            if not 1 <= split <= n - 1 or abs(height - split) > 0.5:
                return None
            move = (heap, min(split, n - split))
        else:
            k = int(height)
            if height < 0 or k >= n:
                return None
            move = (heap, n - k)
        return move if move in legal else None

    # ---- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect, state: State, ctx: ViewContext) -> None:
        heaps = heaps_of(self.game, state)
        g = self.geometry(rect, heaps)
        opts = self._options(state)
        grundy = opts.get("variant") == "grundy"
        prev = heaps_of(self.game, ctx.previous_state) if ctx.previous_state is not None else None
        hover = None
        if ctx.interactive:
            try:
                hover = self.move_at(rect, state, pygame.mouse.get_pos())
            except pygame.error:
                hover = None
        label = max(11, int(min(g["coin_h"] * 0.7, g["col_w"] * 0.16, rect.height * 0.035)))
        for i, n in enumerate(heaps):
            cx = rect.x + (i + 0.5) * g["col_w"]
            base = pygame.Rect(0, 0, round(g["coin_w"] * 1.3), max(4, round(g["coin_h"] * 0.35)))
            base.midtop = (round(cx), round(g["base_y"]) + 2)
            pygame.draw.rect(surface, theme.color("heap_base"), base, border_radius=4)
            draw_text(surface, heap_label(i, n, font(label), int(g["col_w"]) - 4),
                      (round(cx), base.bottom + 6), label, theme.color("text_dim"),
                      anchor="midtop")
            lm = ctx.last_move
            # Grundy: the split heap and the new heap placed right after it
            changed = (isinstance(lm, tuple) and len(lm) == 2
                       and (lm[0] == i or (grundy and lm[0] + 1 == i)))
            # ghosts of the coins just taken (Nim), fading out during the animation
            if prev is not None and not grundy and len(prev) == len(heaps) and prev[i] > n:
                fade = 1.0 - min(1.0, max(0.0, ctx.anim_t))
                for k in range(n, prev[i]):
                    cr = self.coin_rect(rect, heaps, i, k)
                    lift = int(fade * 0) if ctx.anim_t >= 1 else int((1 - fade) * g["coin_h"] * 2)
                    cr = cr.move(0, -lift)
                    if ctx.anim_t < 1.0:
                        self._coin(surface, cr, theme.color("coin"), alpha=int(255 * fade))
                    pygame.draw.ellipse(surface, theme.color("last_move"), cr, width=1)
            take_from = None
            if hover is not None and hover[0] == i:
                take_from = n - hover[1] if not grundy else None
            for k in range(n):
                cr = self.coin_rect(rect, heaps, i, k)
                col = theme.color("coin")
                if take_from is not None and k >= take_from:
                    col = theme.color("coin_pick")
                if grundy and hover is not None and hover[0] == i:
                    # the part above the split point moves to the new heap
                    split_k = self._split_height(rect, heaps, i, state)
                    if split_k is not None and k >= split_k:
                        col = theme.color("coin_pick")
                hm = ctx.highlight_move
                hinted = (isinstance(hm, tuple) and len(hm) == 2 and hm[0] == i
                          and not grundy and k >= n - hm[1])
                self._coin(surface, cr, col)
                if hinted:
                    pygame.draw.ellipse(surface, theme.color("hint"), cr.inflate(6, 4), width=3)
            if grundy:
                hm = ctx.highlight_move
                if isinstance(hm, tuple) and len(hm) == 2 and hm[0] == i and 0 < hm[1] < n:
                    y = round(g["base_y"] - hm[1] * g["coin_h"])
                    half = g["coin_w"] * 0.75
                    pygame.draw.line(surface, theme.color("hint"), (cx - half, y), (cx + half, y), 3)
            if changed and not (prev is not None and not grundy and len(prev) == len(heaps)):
                top = self.coin_rect(rect, heaps, i, max(0, n - 1))
                pygame.draw.circle(surface, theme.color("last_move"),
                                   (top.centerx, top.y - int(g["coin_h"] * 0.6)),
                                   max(3, int(g["coin_h"] * 0.18)))
        if ctx.move_values:
            self._draw_values(surface, rect, heaps, ctx, grundy)

    def _split_height(self, rect: pygame.Rect, heaps: list[int], heap: int,
                      state: State) -> int | None:
        try:
            pos = pygame.mouse.get_pos()
        except pygame.error:
            return None
        g = self.geometry(rect, heaps)
        return int(round((g["base_y"] - pos[1]) / g["coin_h"]))

    def _draw_values(self, surface: pygame.Surface, rect: pygame.Rect, heaps: list[int],
                     ctx: ViewContext, grundy: bool) -> None:
        values = ctx.move_values or {}
        g = self.geometry(rect, heaps)
        best = max(values.values())
        size = max(10, int(g["coin_h"] * 0.55))
        for mv, val in values.items():
            if not (isinstance(mv, tuple) and len(mv) == 2):
                continue
            i, c = mv
            if not 0 <= i < len(heaps):
                continue
            n = heaps[i]
            k = (c if grundy else n - c)
            if not 0 <= k <= n:
                continue
            cr = self.coin_rect(rect, heaps, i, min(k, n - 1))
            y = cr.bottom if grundy else cr.centery
            # Colour by the value's sign (one rule for every game); bold marks the best.
            draw_text(surface, ctx.value_label(mv, val), (cr.right + 6, y), size,
                      ctx.value_color(mv, val), bold=val >= best - 1e-9, anchor="midleft")

    @staticmethod
    def _coin(surface: pygame.Surface, cr: pygame.Rect, col: theme.Color, alpha: int = 255) -> None:
        if alpha < 255:
            tmp = pygame.Surface(cr.size, pygame.SRCALPHA)
            local = tmp.get_rect()
            pygame.draw.ellipse(tmp, (*col[:3], alpha), local)
            surface.blit(tmp, cr)
            return
        edge = theme.color("coin_edge")
        pygame.draw.ellipse(surface, edge, cr)
        inner = cr.inflate(-max(2, cr.width // 14), -max(2, cr.height // 4))
        inner.y -= max(1, cr.height // 10)
        pygame.draw.ellipse(surface, col, inner)

    # ---- input ----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event, rect: pygame.Rect, state: State,
                     ctx: ViewContext) -> Move | None:
        if not ctx.interactive or event.type != pygame.MOUSEBUTTONDOWN:
            return None
        self.refusal = None
        if getattr(event, "button", 1) != 1 or state.current_player() == TERMINAL:
            return None
        move = self.move_at(rect, state, event.pos)
        if move is None:
            heaps = heaps_of(self.game, state)
            heap = self._column_at(rect, heaps, event.pos)
            if heap is not None and heaps[heap] == 0:
                self.refusal = f"Heap {heap + 1} is empty"
            elif heap is not None and self._options(state).get("variant") == "grundy":
                self.refusal = "Click between two coins to split the heap into unequal parts"
            elif heap is not None:
                limit = self._options(state).get("max_take")
                self.refusal = (f"You may take 1 to {limit} coins: click one of the top {limit}"
                                if limit else "Click the lowest coin you want to take")
        return move

    def status_text(self, state: State) -> str:
        opts = self._options(state)
        if opts.get("variant") == "grundy":
            rule = "split a heap into two unequal heaps"
        else:
            limit = opts.get("max_take")
            rule = f"take 1 to {limit} coins from one heap" if limit else "take any number from one heap"
        ending = "last move loses" if opts.get("misere") else "last move wins"
        return f"{rule}; {ending}"
