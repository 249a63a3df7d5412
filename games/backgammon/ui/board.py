"""The backgammon board: points, checkers, bar, trays, dice, and turn building by clicks.

One view, longer than most: the board's drawing and the turn a player builds on it (dice,
sources, destinations, the partial move) share its geometry and its state.

The board keeps one orientation (the human at the bottom, home board bottom-right) so watching
the AI never flips it, and its point numbers are the bottom player's, fixed, as GNU Backgammon
numbers them: numbers that flipped to the mover's view every turn made the same point read 8
on one turn and 17 on the next (each side's moves are still written in its own numbering).
A turn is built step by step with a local preview (see bg_turn); the view returns the whole turn
only once the chosen steps form a complete legal sequence.
"""

from __future__ import annotations

import math
from typing import TypeGuard, cast

import pygame

from game.core import Game, Move, State
from games.backgammon.cube import Cube, CubeAction
from games.backgammon.rules import BackgammonState, play_sequences
from games.backgammon.ui.geometry import MAX_SHOWN, MAX_SHOWN_BAR, BgGeometry, Location
from games.backgammon.ui.turn import BAR, OFF, Snapshot, Step, TurnBuilder, dice_list
from ui import scene_record, theme
from ui.assets import font
from ui.boards.base import BoardView, SurfaceCache, ViewContext

WOOD = (104, 66, 36)
WOOD_DARK = (62, 38, 20)
FELT = (34, 92, 62)
POINT_LIGHT = (222, 198, 148)
POINT_DARK = (128, 44, 36)
BAR_WOOD = (92, 58, 30)
TRAY = (44, 30, 18)
LABEL = (236, 222, 190)
CHECKER = ((244, 240, 228), (196, 38, 34))
CHECKER_EDGE = ((150, 140, 120), (110, 16, 14))
DIE_FACE = ((248, 246, 238), (196, 38, 34))
DIE_PIP = ((20, 20, 20), (250, 250, 250))
LAST_TINT = (255, 214, 90, 70)
TARGET = (120, 230, 120)
SELECT = (255, 214, 90)
HINT = (80, 200, 255)
PIP_TEXT = ((244, 240, 228), (255, 112, 100))
NAMES = ("White", "Red")
CUBE_FACE = (236, 232, 214)
CUBE_EDGE = (60, 40, 20)
CUBE_TEXT = (30, 24, 16)

#: Pip layout on a die face, in thirds of the face.
PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


#: A turn's checker steps, in the mover's numbering.
Steps = tuple[Step, ...]


def _is_steps(move: object) -> TypeGuard[Steps]:
    """A turn (tuple of (src, dst) pairs) as opposed to a dice roll like (3, 1)."""
    return isinstance(move, tuple) and all(
        isinstance(s, tuple) and len(s) == 2 for s in move
    )


def _cube_kind(move: object) -> str:
    """"double", "take" or "drop" for a cube action, else ""."""
    return move.kind if isinstance(move, CubeAction) else ""


def _decision(state: State | None) -> bool:
    return state is not None and state.current_player() in (0, 1)


class BackgammonView(BoardView):
    record_sample = "55: 13/8(2) 6/1(2)"

    def __init__(self, game: Game, bottom_player: int | None = None) -> None:
        super().__init__(game)
        #: Fixed bottom player, or None to put the human (the only human seat) at the bottom.
        self.bottom_player = bottom_player
        self._static = SurfaceCache(8, convert=True)
        self._sprites = SurfaceCache(16)
        self._turn: TurnBuilder | None = None
        self._turn_key: object = None
        self._source: int | None = None
        self._remembered: tuple[tuple, int, Steps] | None = None

    # ------------------------------------------------------------------ orientation

    def bottom(self, ctx: ViewContext | None = None) -> int:
        if self.bottom_player is not None:
            return self.bottom_player
        humans = tuple((ctx.extra if ctx else {}).get("human_sides", ()))
        return humans[0] if len(humans) == 1 else 0

    @staticmethod
    def _board_q(bottom: int, player: int, point: int) -> int:
        """Board numbering (bottom player's) of ``player``'s own ``point``."""
        return point if player == bottom else 25 - point

    def location_center(
        self, rect: pygame.Rect, state: BackgammonState, point: int, ctx: ViewContext | None = None
    ) -> tuple[int, int]:
        """Pixel to click for the mover's ``point`` (25 = his bar checkers, 0 = his tray)."""
        geo = BgGeometry(rect)
        b, mover = self.bottom(ctx), state.to_move
        if point == BAR:
            return geo.bar_slot(mover != b, 0)
        if point == OFF:
            return geo.tray(mover != b).center
        return geo.point_rect(self._board_q(b, mover, point)).center

    def die_rects(
        self, rect: pygame.Rect, state: BackgammonState, ctx: ViewContext | None = None
    ) -> list[pygame.Rect]:
        if not state.dice:
            return []
        geo = BgGeometry(rect)
        return geo.dice_rects(state.to_move == self.bottom(ctx), len(dice_list(state.dice)))

    # ------------------------------------------------------------------ the turn being built

    def reset_interaction(self) -> None:
        self._turn = None
        self._turn_key = None
        self._source = None

    def has_partial_move(self) -> bool:
        return self._turn is not None and bool(self._turn.steps)

    def undo_partial_move(self) -> bool:
        """Take back the last checker moved in the turn being built."""
        if not self.has_partial_move():
            return False
        assert self._turn is not None
        self._turn.steps.pop()
        self._source = None
        return True

    def record_text(self, state: State, move: Move) -> str:
        """A turn as backgammon records write it: the dice, then the checkers (``31: 8/5 6/5``);
        a cube action as a word of its own (``Doubles``, ``Takes``, ``Drops``)."""
        kind = _cube_kind(move)
        if kind:
            return {"double": "Doubles", "take": "Takes", "drop": "Drops"}[kind]
        dice = "".join(str(d) for d in (cast(BackgammonState, state).dice or ()))
        played = self.game.format_move(state, move) if move else "no move"
        return f"{dice}: {played}"

    def record_side(self, state: State, move: Move) -> int | None:
        """A double is the side on roll's; a take or a drop, the other side's."""
        kind = _cube_kind(move)
        if not kind:
            return None
        to_move = cast(BackgammonState, state).to_move
        return to_move if kind == "double" else 1 - to_move

    def _builder(self, state: BackgammonState) -> TurnBuilder | None:
        if not _decision(state):
            self.reset_interaction()
            return None
        key = state.key()
        if self._turn is None or self._turn_key != key:
            seqs = list(play_sequences(state)) or [()]
            self._turn = TurnBuilder(state.to_move, state.dice, seqs)
            self._turn_key = key
            self._source = None
        return self._turn

    def _finish(self, state: BackgammonState, turn: TurnBuilder) -> Steps:
        """The legal move equal to the chosen steps (the rules' own representative if any)."""
        steps = tuple(turn.steps)
        legal = state.legal_moves()
        if steps not in legal:
            target = state.apply(steps).key()
            for m in legal:
                if state.apply(m).key() == target:
                    steps = m
                    break
        self.reset_interaction()
        return steps

    # ------------------------------------------------------------------ input

    def handle_event(
        self, event: pygame.event.Event, rect: pygame.Rect, state: State, ctx: ViewContext
    ) -> Move | None:
        self.refusal = None
        if not ctx.interactive or event.type != pygame.MOUSEBUTTONDOWN:
            return None
        state = cast(BackgammonState, state)  # a view is only given its own game's states
        turn = self._builder(state)
        if turn is None:
            return None
        geo = BgGeometry(rect)
        if event.button == 3:
            self._source = None
            return None
        if event.button != 1 or not geo.outer.collidepoint(event.pos):
            return None
        if turn.is_empty_turn():
            self.reset_interaction()
            return ()
        mover, b = state.to_move, self.bottom(ctx)
        if self._source is not None:
            for i, r in enumerate(self.die_rects(rect, state, ctx)):
                if r.collidepoint(event.pos):
                    step = self._die_step(turn, i, state)
                    return self._play(state, turn, [step]) if step else None
        where = self._mover_location(geo.location_at(event.pos), b, mover)
        if where is None:
            self._source = None
            return None
        if self._source is None:
            self._source = where if where in turn.sources() else None
            if self._source is None:
                self.refusal = self._why_not_source(state, turn, where)
            return None
        if where == self._source:
            self._source = None
            return None
        chain = turn.destinations(self._source).get(where)
        if chain:
            return self._play(state, turn, chain)
        if where in turn.sources():
            self._source = where
            return None
        self.refusal = self._why_not_destination(turn, self._source, where)
        self._source = None
        return None

    def _die_step(self, turn: TurnBuilder, index: int, state: BackgammonState) -> Step | None:
        """The step from the chosen source with the clicked die (used dice are inert)."""
        used = len(turn.used_dice())
        # Used dice are drawn first (dimmed), so index < used means a spent die.
        if index < used or self._source is None:
            return None
        order = self.dice_faces(state)
        return turn.step_for_die(self._source, order[index][0])

    def _play(self, state: BackgammonState, turn: TurnBuilder, steps: list[Step]) -> Steps | None:
        turn.play(steps)
        self._source = None
        # Nothing stays selected: a click on a point that is both a destination of the last
        # checker and a source of another would otherwise be ambiguous.
        return self._finish(state, turn) if turn.complete() else None

    def _dice_left(self, turn: TurnBuilder) -> str:
        left = turn.unused_dice()
        return "-".join(str(d) for d in left) if left else "no dice"

    def _why_not_source(self, state: BackgammonState, turn: TurnBuilder, where: int) -> str:
        name = NAMES[state.to_move]
        snap = turn.preview(Snapshot.of(state))
        if where == OFF:
            return "Bear off by clicking a checker in your home board, then the tray"
        label = "the bar" if where == BAR else str(where)
        if snap.count(state.to_move, where) == 0:
            return f"No {name} checker on {label}"
        if where != BAR and snap.count(state.to_move, BAR):
            return "A checker on the bar must enter first"
        return f"The checker on {label} cannot move with {self._dice_left(turn)}"

    def _why_not_destination(self, turn: TurnBuilder, src: int, dst: int) -> str:
        a = "bar" if src == BAR else str(src)
        b = "off" if dst == OFF else str(dst)
        if dst == OFF:
            return f"{a}/off is not possible now: all checkers must be home, with a die to fit"
        return f"{a}/{b} is not possible with {self._dice_left(turn)} (blocked, or no die fits)"

    @staticmethod
    def _mover_location(loc: Location | None, bottom: int, mover: int) -> int | None:
        if loc is None:
            return None
        mover_top = mover != bottom
        if loc.kind == "point":
            return loc.value if mover == bottom else 25 - loc.value
        if loc.kind == "bar":
            return BAR
        if loc.kind == "tray" and bool(loc.value) == mover_top:
            return OFF
        return None

    def status_text(self, state: State) -> str:
        state = cast(BackgammonState, state)  # a view is only given its own game's states
        snap = Snapshot.of(state)
        if _decision(state) and self._turn is not None and self._turn_key == state.key():
            snap = self._turn.preview(snap)  # mid-turn: the pips of the board as drawn
        pips = f"Pips: White {snap.pips(0)} \u00b7 Red {snap.pips(1)}"
        player = state.current_player()
        if player in (0, 1) and state.dice is not None:  # dice: always, on a decision
            turn = self._builder(state)
            name = NAMES[player]
            if turn is not None and turn.is_empty_turn():
                return f"{name} rolled {state.dice[0]}-{state.dice[1]} \u00b7 No legal move \u2014 click to continue"
            dice = f"{state.dice[0]}-{state.dice[1]}"
            return f"{pips} \u00b7 {name} to play {dice}"
        if player == -1:
            # Before a roll: the opening roll, or the side on roll (who may double first).
            roller = "opening roll" if state.opening else f"{NAMES[state.to_move]} to roll"
            return f"{pips} \u00b7 {roller}"
        return f"{pips} \u00b7 {self.game.describe_result(state)}"

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, state: State, ctx: ViewContext) -> None:
        state = cast(BackgammonState, state)  # a view is only given its own game's states
        geo = BgGeometry(rect)
        b = self.bottom(ctx)
        surface.blit(self._static_surface(geo), geo.outer)
        if scene_record.active():
            for q in range(1, 25):  # the numbers are in the cached picture: noted each frame
                x, y = geo.label_pos(q)
                scene_record.note(surface, "point-label", (x - geo.pw // 2, y - geo.pw // 4,
                                                           geo.pw, geo.pw // 2),
                                  number=q)

        turn = self._builder(state) if ctx.interactive else None
        snap = Snapshot.of(state)
        moving: tuple[int, tuple[float, float]] | None = None
        animating = (
            ctx.anim_t < 1.0
            and _decision(ctx.previous_state)
            and _is_steps(ctx.last_move)
            and ctx.last_move
        )
        if animating:
            snap, moving = self._animation(geo, b, ctx)
        elif turn is not None and turn.steps:
            snap = turn.preview(snap)

        marked = self._last_turn(state, ctx)
        if marked is not None and not animating:
            self._tint_last_move(surface, geo, b, *marked)
        self._draw_checkers(surface, geo, b, snap)
        if moving is not None:
            player, (slide_x, slide_y) = moving
            sprite = self._checker(player, geo.checker_d)
            surface.blit(sprite, sprite.get_rect(center=(int(slide_x), int(slide_y))))
        if turn is not None and not turn.is_empty_turn() and not animating:
            self._draw_targets(surface, geo, b, state.to_move, turn, snap)
        self._draw_dice(surface, geo, b, state)
        self._draw_pips(surface, geo, b, snap)
        cube = ctx.extra.get("stakes")
        if isinstance(cube, Cube):  # a backgammon match's stakes: its cube, or None
            draw_cube(surface, geo, b, cube)
        if _decision(state) and _is_steps(ctx.highlight_move) and ctx.highlight_move:
            self._draw_arrows(surface, geo, b, state, ctx.highlight_move)
        if ctx.move_values and _decision(state):
            self._draw_values(surface, geo, b, state, ctx)

    def _last_turn(self, state: BackgammonState, ctx: ViewContext) -> tuple[int, Steps] | None:
        """(player, steps) of the last checker move, kept across the dice roll that follows it.

        The scene's last move becomes the roll as soon as the dice are thrown; the board has not
        changed since the checker move, so remembering it by board keeps it marked.
        """
        board = (tuple(state.points), tuple(state.bar), tuple(state.off))
        before = ctx.previous_state
        if _decision(before) and _is_steps(ctx.last_move):
            self._remembered = (board, cast(BackgammonState, before).to_move, ctx.last_move)
        if ctx.last_move is None:
            self._remembered = None
        if self._remembered is not None and self._remembered[0] == board:
            return self._remembered[1], self._remembered[2]
        return None

    def _static_surface(self, geo: BgGeometry) -> pygame.Surface:
        key = (geo.outer.size, geo.pw)
        return self._static.get(key, self._render_static, geo)

    @staticmethod
    def _render_static(geo: BgGeometry) -> pygame.Surface:
        ox, oy = geo.outer.topleft
        surf = pygame.Surface(geo.outer.size)
        surf.fill(WOOD)
        # Wood grain: faint horizontal streaks.
        for y in range(0, geo.outer.height, 3):
            shade = int(10 * math.sin(y * 0.37) + 6 * math.sin(y * 0.11))
            col = tuple(max(0, min(255, c + shade)) for c in WOOD)
            pygame.draw.line(surf, col, (0, y), (geo.outer.width, y))
        pygame.draw.rect(surf, WOOD_DARK, surf.get_rect(), max(2, geo.pw // 10))

        def local(r: pygame.Rect) -> pygame.Rect:
            return r.move(-ox, -oy)

        for half in (geo.left_half, geo.right_half):
            surf.fill(FELT, local(half))
            pygame.draw.rect(surf, WOOD_DARK, local(half).inflate(2, 2), 1)
        for q in range(1, 25):
            colour = POINT_DARK if q % 2 else POINT_LIGHT
            pts = [(x - ox, y - oy) for x, y in geo.triangle(q)]
            pygame.draw.polygon(surf, colour, pts)
            pygame.draw.aalines(surf, tuple(max(0, c - 50) for c in colour), True, pts)
        bar = local(geo.bar)
        surf.fill(BAR_WOOD, bar)
        pygame.draw.rect(surf, WOOD_DARK, bar, max(1, geo.pw // 16))
        for top in (True, False):
            tray = local(geo.tray(top))
            surf.fill(TRAY, tray)
            pygame.draw.rect(surf, WOOD_DARK, tray, max(1, geo.pw // 16))
        f = font(int(geo.pw * 0.34), True)
        for q in range(1, 25):
            # The bottom player's numbering, the same on every turn.
            text = f.render(str(q), True, LABEL)
            x, y = geo.label_pos(q)
            surf.blit(text, text.get_rect(center=(x - ox, y - oy)))
        return surf

    def _checker(self, player: int, d: int) -> pygame.Surface:
        return self._sprites.get((player, d), self._render_checker, player, d)

    @staticmethod
    def _render_checker(player: int, d: int) -> pygame.Surface:
        sprite = pygame.Surface((d, d), pygame.SRCALPHA)
        r = d / 2
        base, edge = CHECKER[player], CHECKER_EDGE[player]
        pygame.draw.circle(sprite, (0, 0, 0, 80), (r + 1, r + 2), r - 1)
        pygame.draw.circle(sprite, edge, (r, r), r - 1)
        pygame.draw.circle(sprite, base, (r, r), r * 0.86)
        ring = tuple(max(0, c - 28) for c in base)
        pygame.draw.circle(sprite, ring, (r, r), r * 0.58, max(1, d // 24))
        light = tuple(min(255, c + 30) for c in base)
        pygame.draw.circle(sprite, light, (r - r * 0.12, r - r * 0.12), r * 0.34)
        pygame.draw.circle(sprite, base, (r, r), r * 0.30)
        return sprite

    def _draw_checkers(self, surface: pygame.Surface, geo: BgGeometry, bottom: int, snap: Snapshot) -> None:
        d = geo.checker_d
        f = font(int(d * 0.42), True)
        for player in (0, 1):
            sprite = self._checker(player, d)
            text_col = DIE_PIP[player]
            for point in range(1, 25):
                n = snap.count(player, point)
                if not n:
                    continue
                q = self._board_q(bottom, player, point)
                for k in range(min(n, MAX_SHOWN)):
                    surface.blit(sprite, sprite.get_rect(center=geo.slot(q, k)))
                if n > MAX_SHOWN:
                    t = f.render(str(n), True, text_col)
                    surface.blit(t, t.get_rect(center=geo.slot(q, MAX_SHOWN - 1)))
            on_bar = snap.bar[player]
            top_half = player != bottom
            for k in range(min(on_bar, MAX_SHOWN_BAR)):
                surface.blit(sprite, sprite.get_rect(center=geo.bar_slot(top_half, k)))
            if on_bar > MAX_SHOWN_BAR:
                t = f.render(str(on_bar), True, text_col)
                surface.blit(t, t.get_rect(center=geo.bar_slot(top_half, MAX_SHOWN_BAR - 1)))
            for k in range(snap.off[player]):
                slab = geo.tray_slab(top_half, k)
                pygame.draw.rect(surface, CHECKER[player], slab, border_radius=2)
                pygame.draw.rect(surface, CHECKER_EDGE[player], slab, 1, border_radius=2)

    def _anchor(
        self, geo: BgGeometry, bottom: int, snap: Snapshot, player: int, point: int, landing: bool
    ) -> tuple[int, int]:
        """Where the top checker on ``point`` is (or where the next one would land)."""
        n = snap.count(player, point) - (0 if landing else 1)
        n = max(0, n)
        top_half = player != bottom
        if point == BAR:
            return geo.bar_slot(top_half, min(n, MAX_SHOWN_BAR - 1))
        if point == OFF:
            return geo.tray_slab(top_half, min(n, 14)).center
        return geo.slot(self._board_q(bottom, player, point), n)

    def _animation(
        self, geo: BgGeometry, bottom: int, ctx: ViewContext
    ) -> tuple[Snapshot, tuple[int, tuple[float, float]] | None]:
        """The board part-way through the last turn: earlier steps done, one checker sliding."""
        # draw animates only a checker move made at a decision: both are backgammon's.
        prev = cast(BackgammonState, ctx.previous_state)
        steps = list(cast(Steps, ctx.last_move))
        player = prev.to_move
        snap = Snapshot.of(prev)
        t = max(0.0, min(1.0, ctx.anim_t)) * len(steps)
        k = min(int(t), len(steps) - 1)
        frac = t - k
        try:
            for st in steps[:k]:
                snap.step(player, st)
            src, dst = steps[k]
            start = self._anchor(geo, bottom, snap, player, src, landing=False)
            snap.lift(player, src)
            end = self._anchor(geo, bottom, snap, player, dst, landing=True)
        except ValueError:
            return Snapshot.of(prev), None
        ease = frac * frac * (3 - 2 * frac)
        pos = (start[0] + (end[0] - start[0]) * ease, start[1] + (end[1] - start[1]) * ease)
        return snap, (player, pos)

    def _point_area(self, geo: BgGeometry, bottom: int, player: int, point: int) -> pygame.Rect:
        top_half = player != bottom
        if point == BAR:
            return geo.bar_half(top_half)
        if point == OFF:
            return geo.tray(top_half)
        return geo.point_rect(self._board_q(bottom, player, point))

    def _tint_last_move(
        self, surface: pygame.Surface, geo: BgGeometry, bottom: int, player: int, steps: Steps
    ) -> None:
        points = {p for st in steps for p in st}
        for point in points:
            area = self._point_area(geo, bottom, player, point)
            tint = pygame.Surface(area.size, pygame.SRCALPHA)
            tint.fill(LAST_TINT)
            surface.blit(tint, area)

    def _draw_targets(
        self,
        surface: pygame.Surface,
        geo: BgGeometry,
        bottom: int,
        player: int,
        turn: TurnBuilder,
        snap: Snapshot,
    ) -> None:
        width = max(2, geo.pw // 14)
        if self._source is None:
            # Movable checkers get a faint ring so a beginner sees where to start.
            for src in turn.sources():
                centre = self._anchor(geo, bottom, snap, player, src, landing=False)
                pygame.draw.circle(surface, SELECT, centre, geo.checker_d // 2, max(1, width // 2))
            return
        area = self._point_area(geo, bottom, player, self._source)
        pygame.draw.rect(surface, SELECT, area, width, border_radius=4)
        for dst in turn.destinations(self._source):
            area = self._point_area(geo, bottom, player, dst)
            glow = pygame.Surface(area.size, pygame.SRCALPHA)
            glow.fill((*TARGET, 60))
            surface.blit(glow, area)
            pygame.draw.rect(surface, TARGET, area, width, border_radius=4)

    def dice_faces(self, state: BackgammonState) -> list[tuple[int, bool]]:
        """(value, used) per die as drawn: spent dice first, so those left stay at the right."""
        dice = dice_list(state.dice)
        turn = self._turn if _decision(state) and self._turn_key == state.key() else None
        if turn is None:
            return [(d, False) for d in dice]
        used = turn.used_dice()
        left = list(dice)
        for d in used:
            left.remove(d)
        return [(d, True) for d in used] + [(d, False) for d in left]

    def _draw_dice(
        self, surface: pygame.Surface, geo: BgGeometry, bottom: int, state: BackgammonState
    ) -> None:
        if not state.dice or not _decision(state):
            return
        player = state.to_move
        rects = geo.dice_rects(player == bottom, len(dice_list(state.dice)))
        for r, (value, used) in zip(rects, self.dice_faces(state), strict=True):
            face = pygame.Surface(r.size, pygame.SRCALPHA)
            radius = max(2, r.width // 6)
            pygame.draw.rect(face, (0, 0, 0, 90), face.get_rect().move(2, 2), border_radius=radius)
            pygame.draw.rect(face, DIE_FACE[player], face.get_rect(), border_radius=radius)
            pygame.draw.rect(
                face, CHECKER_EDGE[player], face.get_rect(), max(1, r.width // 20), border_radius=radius
            )
            step = r.width / 4
            pip_r = max(2, int(r.width * 0.09))
            for gx, gy in PIPS[value]:
                c = (int(step * (gx + 1)), int(step * (gy + 1)))
                pygame.draw.circle(face, DIE_PIP[player], c, pip_r)
            if used:
                face.set_alpha(90)
            surface.blit(face, r)

    def _draw_pips(self, surface: pygame.Surface, geo: BgGeometry, bottom: int, snap: Snapshot) -> None:
        f = font(int(geo.pw * 0.30), True)
        col = geo.tray_column
        for player in (0, 1):
            top_half = player != bottom
            text = f.render(str(snap.pips(player)), True, PIP_TEXT[player])
            y = geo.mid - int(geo.pw * 0.4) if top_half else geo.mid + int(geo.pw * 0.4)
            box = text.get_rect(center=(col.centerx, y)).inflate(8, 2)
            pygame.draw.rect(surface, TRAY, box, border_radius=4)
            pygame.draw.rect(surface, CHECKER_EDGE[player], box, 1, border_radius=4)
            surface.blit(text, text.get_rect(center=box.center))
        label = font(int(geo.pw * 0.22)).render("pips", True, LABEL)
        surface.blit(label, label.get_rect(center=(col.centerx, geo.mid)))

    def _draw_arrows(
        self, surface: pygame.Surface, geo: BgGeometry, bottom: int, state: BackgammonState,
        steps: Steps,
    ) -> None:
        player = state.to_move
        snap = Snapshot.of(state)
        width = max(2, geo.pw // 12)
        for src, dst in steps:
            try:
                start = self._anchor(geo, bottom, snap, player, src, landing=False)
                snap.lift(player, src)
                end = self._anchor(geo, bottom, snap, player, dst, landing=True)
                snap.land(player, dst)
            except ValueError:
                return
            _arrow(surface, HINT, start, end, width, geo.pw * 0.35)
            pygame.draw.circle(surface, HINT, start, int(geo.checker_d * 0.5), width)

    def _draw_values(
        self,
        surface: pygame.Surface,
        geo: BgGeometry,
        bottom: int,
        state: BackgammonState,
        ctx: ViewContext,
    ) -> None:
        """The best few turns with their values, in the half of the board without dice."""
        values = ctx.move_values or {}
        ranked = sorted(values.items(), key=lambda kv: -kv[1])[:3]
        if not ranked:
            return
        half = geo.left_half if state.to_move == bottom else geo.right_half
        f = font(int(geo.pw * 0.26), True)
        line_h = f.get_linesize()
        box = pygame.Rect(0, 0, half.width - geo.pw // 2, line_h * len(ranked) + 6)
        box.center = (half.centerx, geo.mid)
        plate = pygame.Surface(box.size, pygame.SRCALPHA)
        plate.fill((0, 0, 0, 150))
        surface.blit(plate, box)
        for i, (move, value) in enumerate(ranked):
            try:
                name = self.game.format_move(state, move)
            except ValueError:
                name = str(move)
            # The move's name marks the best (SELECT); its value is coloured by its sign for
            # the mover, the same rule as on every board.
            left = f.render(name, True, SELECT if i == 0 else LABEL)
            label = ctx.value_label(move, value)
            right = f.render(label, True, ctx.value_color(move, value))
            y = box.y + 3 + i * line_h
            scene_record.note(surface, "move-value", (box.x, y, box.width, line_h), move=name,
                              value=label)
            surface.blit(right, (box.right - right.get_width() - 4, y))
            clip = pygame.Rect(0, 0, box.width - right.get_width() - 14, line_h)
            surface.blit(left, (box.x + 4, y), clip)


def _arrow(
    surface: pygame.Surface,
    colour: tuple[int, int, int],
    start: tuple[float, float],
    end: tuple[float, float],
    width: int,
    head: float,
) -> None:
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    base = (end[0] - ux * head, end[1] - uy * head)
    pygame.draw.line(surface, colour, start, base, width)
    left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
    right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
    pygame.draw.polygon(surface, colour, [end, left, right])


def cube_rect(geo: BgGeometry, bottom: int, cube: Cube) -> pygame.Rect:
    """Where the doubling cube sits: on the bar between the two bar stacks while it is in the
    middle (or offered), at the owner's end of the bar once it is owned."""
    side = int(geo.pw * 0.78)
    r = pygame.Rect(0, 0, side, side)
    if cube.owner is None or cube.offered_by is not None:
        r.center = (geo.bar.centerx, geo.mid)
    elif cube.owner == bottom:
        r.midbottom = (geo.bar.centerx, geo.bottom - geo.pw // 8)
    else:
        r.midtop = (geo.bar.centerx, geo.top + geo.pw // 8)
    return r


def draw_cube(surface: pygame.Surface, geo: BgGeometry, bottom: int, cube: Cube) -> None:
    """The doubling cube with its value (64 while untouched in the middle, as on a real
    board); an offered double shows the new value, outlined, until it is answered."""
    r = cube_rect(geo, bottom, cube)
    offered = cube.offered_by is not None
    value = cube.value * 2 if offered else cube.value
    text = "64" if value == 1 and cube.owner is None else str(value)
    radius = max(2, r.width // 6)
    pygame.draw.rect(surface, (0, 0, 0), r.move(2, 2), border_radius=radius)
    pygame.draw.rect(surface, CUBE_FACE, r, border_radius=radius)
    edge = theme.color("accent") if offered else CUBE_EDGE
    pygame.draw.rect(surface, edge, r, max(1, r.width // (6 if offered else 14)),
                     border_radius=radius)
    f = font(int(r.height * (0.55 if len(text) < 3 else 0.42)), True)
    label = f.render(text, True, CUBE_TEXT)
    surface.blit(label, label.get_rect(center=r.center))
