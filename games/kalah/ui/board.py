"""The Kalah board: two rows of pits and a store at each end, sown seed by seed.

South's pits run along the bottom left to right (pit 1 at the left) to South's store on the
right; North's run along the top right to left to North's store on the left: seeds travel
counter-clockwise, as on every Kalah board. Each pit shows its seeds as stones (a neat pile,
capped) and always its count. A move is shown as it is played, from the rules' own ``sow``: the
pit emptied, the seeds dropped one by one, then the capture or the sweep flying to a store
(``sowing_frame`` is that timeline as plain data, tested on its own). A click or a key during
the sowing ends it at once; the finished move stays marked (the pit sown, where the last seed
fell, the pits a capture emptied) and the extra turn or capture is said beside the mover's
name and in the status line.

The sowing's timeline is games.kalah.ui.sowing, the board's geometry games.kalah.ui.geometry.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.core import TERMINAL, Game, Move, State
from games.kalah.rules import NAMES, KalahState, Slot, Sowing, pit_slot, sow
from games.kalah.ui.geometry import KalahGeometry, stone_spots
from games.kalah.ui.sowing import event_text, ring_of, sowing_frame
from ui import theme
from ui.assets import font
from ui.boards.base import BoardView, SurfaceCache, ViewContext
from ui.widgets import draw_text, fitting_size

WOOD, WOOD_EDGE, WELL, WELL_RIM = (126, 86, 50), (74, 48, 26), (66, 42, 22), (98, 66, 38)
COUNT, NUMBER = (248, 236, 214), (214, 196, 168)
LEGAL, HOVER, CAPTURE = (246, 232, 200), (255, 255, 255), (236, 96, 84)
#: Glass-bead colours of the stones.
STONES = ((214, 72, 64), (66, 132, 214), (236, 190, 64), (84, 176, 104), (236, 236, 228),
          (156, 96, 200))
#: Stones in one layer of a pile (two layers at most; the count is always shown).
PIT_LAYER, STORE_LAYER, HAND_LAYER = 14, 45, 5
#: Below this column width (pixels) the board is a thumbnail: no names or pit numbers, whose
#: text would be bigger than the pits.
COMPACT_COL = 30


class KalahView(BoardView):
    record_sample = "6×12"
    animation_s = 1.3

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self._static = SurfaceCache(8)  # rounded corners: kept with alpha (convert_alpha)
        self._stones = SurfaceCache(32)
        self._sowings: dict[tuple, Sowing | None] = {}
        #: The (previous position, move) whose animation a click ended.
        self._skipped: tuple | None = None
        #: (position, its last sowing, sowing finished, board live) as last drawn: what the
        #: status line says about that position.
        self._said: tuple | None = None

    # ---- the last move ---------------------------------------------------------------------
    def sowing(self, before: State | None, move: Move | None, after: State | None = None
               ) -> Sowing | None:
        """``sow(before, move)`` (cached), or None when it does not lead to ``after``."""
        if not isinstance(before, KalahState) or move is None:
            return None
        key = (before.key(), move)
        if key not in self._sowings:
            try:
                found: Sowing | None = sow(before, move)
            except ValueError:
                found = None
            if len(self._sowings) > 8:
                self._sowings.clear()
            self._sowings[key] = found
        s = self._sowings[key]
        return s if s is not None and (after is None or s.after.key() == after.key()) else None

    def _key(self, ctx: ViewContext) -> tuple | None:
        prev = ctx.previous_state
        return (prev.key(), ctx.last_move) if isinstance(prev, KalahState) else None

    def animating(self, state: State, ctx: ViewContext) -> Sowing | None:
        """The sowing being shown, while its animation runs and was not skipped."""
        if ctx.anim_t >= 1.0 or self._skipped == self._key(ctx):
            return None
        return self.sowing(ctx.previous_state, ctx.last_move, state)

    def reset_interaction(self) -> None:
        self._skipped = None

    # ---- input -----------------------------------------------------------------------------
    def move_at(self, rect: pygame.Rect, state: State, pos: tuple[int, int]) -> Move | None:
        """The legal move a click at ``pos`` would make, or None."""
        if not isinstance(state, KalahState) or state.current_player() == TERMINAL:
            return None
        slot = KalahGeometry(rect, state.size).slot_at(pos)
        m, p = state.size, state.to_move
        if slot is None or not 0 <= slot - p * (m + 1) < m:
            return None
        pit = slot - p * (m + 1)
        return pit if pit in state.legal_moves() else None

    def handle_event(self, event: pygame.event.Event, rect: pygame.Rect, state: State,
                     ctx: ViewContext) -> Move | None:
        if not ctx.interactive or event.type not in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            return None
        self.refusal = None
        if self.animating(state, ctx) is not None:  # the click ends the sowing, nothing more
            self._skipped = self._key(ctx)
            return None
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 1) != 1:
            return None
        move = self.move_at(rect, state, event.pos)
        if move is None and isinstance(state, KalahState) and state.current_player() != TERMINAL:
            g = KalahGeometry(rect, state.size)
            slot = g.slot_at(event.pos)
            m, name = state.size, NAMES[state.to_move]
            if slot is not None and slot // (m + 1) != state.to_move:
                self.refusal = f"That is {NAMES[1 - state.to_move]}'s pit: sow one of {name}'s"
            elif slot is not None:
                self.refusal = f"{name}'s pit {slot % (m + 1) + 1} is empty: nothing to sow"
            elif any(g.store_rect(x).collidepoint(event.pos) for x in (m, 2 * m + 1)):
                self.refusal = f"A store is never sown: click one of {name}'s pits"
        return move

    # ---- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect, state: State, ctx: ViewContext) -> None:
        if not isinstance(state, KalahState):
            return
        g = KalahGeometry(rect, state.size)
        surface.blit(self._static.get((g.board.size, g.m), self._render_static, g), g.board)
        running = self.animating(state, ctx)
        done = None if running else self.sowing(ctx.previous_state, ctx.last_move, state)
        frame = sowing_frame(running, ctx.anim_t) if running else None
        self._said = (state.key(), running or done, running is None, ctx.interactive)
        mover = running.player if running else state.current_player()
        if mover in (0, 1):
            band = pygame.Rect(round(g.board.x + g.pad + g.col), 0, round(g.m * g.col),
                               round(1.3 * g.col))
            band.y = g.mid if mover == 0 else g.mid - band.h
            self._tint(surface, band.inflate(-4, -4), theme.color("accent"), 34)
        live = ctx.interactive and running is None and mover in (0, 1)
        legal = [pit_slot(g.m, mover, i) for i in state.legal_moves()] if live else []
        for slot in legal:
            pygame.draw.circle(surface, LEGAL, g.center(slot), g.well_r + 2, 2)
        counts = frame.counts if frame else tuple(ring_of(state))
        for slot, n in enumerate(counts):
            self._stones_at(surface, g, slot, n)
            flash = frame is not None and slot in frame.flashing
            size = max(10, round(g.col * (0.36 if g.column(slot)[1] == 0 else 0.3)))
            draw_text(surface, str(n), g.count_pos(slot), size, CAPTURE if flash else COUNT,
                      bold=True, anchor="center")
            if flash:
                pygame.draw.circle(surface, CAPTURE, g.center(slot), g.well_r + 3, 3)
        for origin, to, n, f in frame.flights if frame else ():
            self._flight(surface, g, origin, to, n, f)
        self._marks(surface, g, state, ctx, running or done, running is None)
        if live:
            self._hover(surface, rect, g, state)
        valued = bool(ctx.move_values) and running is None and mover in (0, 1)
        if valued:
            self._values(surface, g, state, ctx)
        if g.col >= COMPACT_COL:  # a thumbnail (the lab's node card) shows the pits alone
            self._labels(surface, rect, g, state, mover, running, done,
                         numbers_of=1 - mover if valued else None)

    @staticmethod
    def _render_static(g: KalahGeometry) -> pygame.Surface:
        surf = pygame.Surface(g.board.size, pygame.SRCALPHA)
        local = surf.get_rect()
        radius = round(g.col * 0.35)
        pygame.draw.rect(surf, WOOD_EDGE, local, border_radius=radius)
        pygame.draw.rect(surf, WOOD, local.inflate(-6, -6), border_radius=radius)
        ox, oy = -g.board.x, -g.board.y
        for slot in range(2 * g.m + 2):
            if g.column(slot)[1]:
                cx, cy = g.center(slot)
                pygame.draw.circle(surf, WELL_RIM, (cx + ox, cy + oy), g.well_r + 2)
                pygame.draw.circle(surf, WELL, (cx + ox, cy + oy + 1), g.well_r - 1)
            else:
                r = g.store_rect(slot).move(ox, oy)
                pygame.draw.rect(surf, WELL_RIM, r.inflate(4, 4), border_radius=r.width // 2)
                pygame.draw.rect(surf, WELL, r, border_radius=r.width // 2)
        return surf.convert_alpha() if pygame.display.get_surface() else surf

    def _stone(self, colour: int, d: int) -> pygame.Surface:
        def build() -> pygame.Surface:
            s = pygame.Surface((d, d), pygame.SRCALPHA)
            base = STONES[colour]
            r = d / 2
            pygame.draw.circle(s, tuple(v * 3 // 5 for v in base), (r, r), r)
            pygame.draw.circle(s, base, (r - d * 0.06, r - d * 0.06), r * 0.78)
            pygame.draw.circle(s, (255, 255, 255, 150), (r - d * 0.2, r - d * 0.2), max(1, d // 7))
            return s
        return self._stones.get((colour, d), build)

    def _pile(self, surface: pygame.Surface, g: KalahGeometry, spots: list[tuple[int, int]],
              seed: int) -> None:
        d = max(4, round(g.well_r * 0.44))
        for k, (x, y) in enumerate(spots):
            surface.blit(self._stone((k * 5 + seed * 7) % len(STONES), d), (x - d // 2, y - d // 2))

    def _stones_at(self, surface: pygame.Surface, g: KalahGeometry, slot: Slot, n: int) -> None:
        centre, rx, ry = g.seed_area(slot)
        cap = PIT_LAYER if g.column(slot)[1] else STORE_LAYER
        self._pile(surface, g, stone_spots(n, cap, centre, rx, ry), slot)

    def _flight(self, surface: pygame.Surface, g: KalahGeometry, origin: Slot, to: Slot, n: int,
                f: float) -> None:
        """Seeds in the air: a little pile on an arc from ``origin`` to ``to``, with its count."""
        (x0, y0), (x1, y1) = g.center(origin), g.center(to)
        x = x0 + (x1 - x0) * f
        y = y0 + (y1 - y0) * f - math.sin(math.pi * f) * 0.45 * g.col
        self._pile(surface, g, stone_spots(n, HAND_LAYER, (round(x), round(y)), g.well_r * 0.5,
                                           g.well_r * 0.5), origin)
        if n > 1:
            draw_text(surface, str(n), (round(x + g.well_r * 0.55), round(y - g.well_r * 0.55)),
                      max(10, round(g.col * 0.24)), HOVER, bold=True, anchor="center")

    def _marks(self, surface: pygame.Surface, g: KalahGeometry, state: KalahState,
               ctx: ViewContext, s: Sowing | None, done: bool) -> None:
        """The last move (its pit, where its last seed fell, a capture), and the hint."""
        colour = theme.color("last_move")
        if s is not None:
            pygame.draw.circle(surface, colour, g.center(pit_slot(g.m, s.player, s.pit)),
                               g.well_r + 4, 2)
            last = s.drops[-1]
            if done and g.column(last)[1]:  # where the last seed fell: a dot by its pit
                x, y = g.center(last)
                pygame.draw.circle(surface, colour, (x, y - round(g.well_r * 0.95)),
                                   max(3, g.col // 16))
            elif done:  # or its store outlined
                r = g.store_rect(last).inflate(4, 4)
                pygame.draw.rect(surface, colour, r, 2, border_radius=r.width // 2)
            for slot in s.capture_slots if done else ():
                pygame.draw.circle(surface, CAPTURE, g.center(slot), g.well_r + 3, 3)
        hm = ctx.highlight_move
        if isinstance(hm, int) and hm in state.legal_moves():
            slot = pit_slot(g.m, state.to_move, hm)
            pygame.draw.circle(surface, theme.color("hint"), g.center(slot), g.well_r + 7, 4)

    def _hover(self, surface: pygame.Surface, rect: pygame.Rect, g: KalahGeometry,
               state: KalahState) -> None:
        """The pit under the mouse, and where its seeds would go (the last one ringed)."""
        try:
            move = self.move_at(rect, state, pygame.mouse.get_pos())
        except pygame.error:
            return
        s = self.sowing(state, move)
        if s is None:
            return
        pygame.draw.circle(surface, HOVER, g.center(pit_slot(g.m, s.player, s.pit)), g.well_r + 3, 3)
        for slot in set(s.drops):
            x, y = g.center(slot)
            pygame.draw.circle(surface, HOVER, (x, y), max(2, g.col // 28))
        pygame.draw.circle(surface, HOVER, g.center(s.drops[-1]), round(g.well_r * 0.55), 2)

    def _values(self, surface: pygame.Surface, g: KalahGeometry, state: KalahState,
                ctx: ViewContext) -> None:
        values = {mv: v for mv, v in (ctx.move_values or {}).items()
                  if isinstance(mv, int) and mv in state.legal_moves()}
        best = max(values.values(), default=0.0)
        # On the line of the mover's pit numbers, outside the board: over the pit, the box
        # hid the seeds a player counts before choosing (the pit number gives way).
        line = round(g.lines[2] if state.to_move == 0 else g.lines[0])
        for mv, v in values.items():
            text = ctx.value_label(mv, v)
            cx, _ = g.center(pit_slot(g.m, state.to_move, mv))
            box = pygame.Rect(0, 0, round(g.col * 0.92), round(g.col * 0.36))
            box.center = (cx, line)
            self._tint(surface, box, (0, 0, 0), 170 if v >= best else 120)
            if v >= best:
                pygame.draw.rect(surface, theme.color("accent"), box, 1)
            draw_text(surface, text, box.center, max(10, round(g.col * 0.24)),
                      ctx.value_color(mv, v), bold=True, anchor="center", max_width=box.width)

    def _labels(self, surface: pygame.Surface, rect: pygame.Rect, g: KalahGeometry,
                state: KalahState, mover: int, running: Sowing | None, done: Sowing | None,
                numbers_of: int | None = None) -> None:
        """Pit numbers outside each row (only ``numbers_of``'s when the mover's line holds
        the values); each side's name by its store, the side to move lit, and what the last
        move did beside the name of the side that made it."""
        small, size = max(9, min(round(g.col * 0.22), 20)), max(11, min(round(g.col * 0.3), 26))
        for i in range(g.m):
            for p, line in ((0, g.lines[2]), (1, g.lines[0])):
                if numbers_of is not None and p != numbers_of:
                    continue
                x = g.center(pit_slot(g.m, p, i))[0]
                draw_text(surface, str(i + 1), (x, round(line)), small, NUMBER, anchor="center")
        over = state.current_player() == TERMINAL
        for p in (0, 1):
            y = round(g.lines[1] if p else g.lines[3])
            text = f"{NAMES[p]} to move" if p == mover else NAMES[p]
            if running is not None and p == mover:
                text = f"{NAMES[p]} sows pit {running.pit + 1}"
            if over:
                text = f"{NAMES[p]} {state.stores[p]}"
            lit = p == mover or (over and state.stores[p] > state.stores[1 - p])
            w, h = font(size, True).size(text)
            r = pygame.Rect(0, 0, w + size, h + size // 3)  # the pill, inside the board's span
            if p:
                r.midleft = (g.board.x, y)
            else:
                r.midright = (g.board.right, y)
            if lit:
                pygame.draw.rect(surface, theme.color("accent"), r, border_radius=r.h // 2)
            draw_text(surface, text, r.center, size, theme.color("button_text_active") if lit
                      else theme.color("text_dim"), bold=True, anchor="center")
            if done is not None and done.player == p and event_text(done):
                gap = size
                at = (r.right + gap, y) if p else (r.left - gap, y)
                room = rect.right - at[0] if p else at[0] - rect.x
                words = event_text(done)
                draw_text(surface, words, at, fitting_size(words, size, room, True, 11),
                          theme.color("accent"), bold=True, anchor="midleft" if p else "midright",
                          max_width=max(20, room))

    @staticmethod
    def _tint(surface: pygame.Surface, r: pygame.Rect, colour: tuple[int, ...], alpha: int) -> None:
        plate = pygame.Surface(r.size, pygame.SRCALPHA)
        plate.fill((*colour[:3], alpha))
        surface.blit(plate, r)

    # ---- words -----------------------------------------------------------------------------
    def status_text(self, state: State) -> str:
        if not isinstance(state, KalahState):
            return ""
        s0, s1 = state.stores
        words = f"Stores: South {s0} – North {s1}"
        player = state.current_player()
        words += " · game over" if player == TERMINAL else f" · {NAMES[player]} to move"
        said = self._said
        if said is not None and said[0] == state.key() and said[1] is not None:
            s: Sowing = said[1]
            if not said[2]:  # the stores are not yet what the position's are
                skip = " (click to skip)" if said[3] else ""
                return f"{NAMES[s.player]} sows pit {s.pit + 1}…{skip}"
            words = f"{event_text(s)} · {words}" if event_text(s) else words
        return words

    def record_text(self, state: State, move: Move) -> str:
        """The pit number, then ``+`` for an extra turn or ``×n`` for a capture of n seeds."""
        text = self.game.format_move(state, move)
        s = self.sowing(state, move)
        if s is not None and s.captured:
            return f"{text}×{s.captured}"
        return f"{text}+" if s is not None and s.extra_turn and not s.swept else text

    def record_caption(self, start: State, moves: Sequence[Move]) -> str:
        """The marks' key, once the game has had an extra turn or a capture."""
        if not isinstance(start, KalahState):
            return ""
        state = start
        try:
            for move in moves:
                s = sow(state, move)
                if s.captured or s.extra_turn:
                    return "+ extra turn, ×n captures n seeds"
                state = s.after
        except (ValueError, AttributeError):
            pass
        return ""
