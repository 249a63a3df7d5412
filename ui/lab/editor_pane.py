"""The lab's evaluation editor: the hand-made evaluation's features on sliders, every move's value
on the board and the move the edited evaluation chooses (beside the shipped one's), and a quick
match of the edited evaluation against the shipped one with its score and 95% interval
(ai.lab.editor does the searching, on the background worker).

Keys: ↑/↓ pick a feature, ←/→ move its weight, R resets, Enter (or M) plays the quick match,
S stops it. A change of weight or depth searches the position again at once; while the match
plays, the weights are locked (the match is of the weights it started with).
"""

from __future__ import annotations

import random
from functools import partial

import pygame

from ai.kit import profile_for
from ai.lab.editor import DEFAULT_DEPTH, EditorChoice, default_scale, features
from ai.lab.tasks import EditorChoiceTask, QuickMatchTask
from ai.ladder import LadderUpdate, RungFigures
from ui import theme
from ui.assets import font
from ui.boards.base import ViewContext
from ui.lab import style
from ui.lab.export import DrawnIntoRect
from ui.lab.pane import LabContext
from ui.slider import Slider
from ui.widgets import Button, Choice, Widget, dispatch_pointer, draw_text, wrap_text

MATCH_GAMES = (10, 20, 50, 100)
LO, HI, STEP = -1.0, 3.0, 0.25


class EditorPane(DrawnIntoRect):
    title = "Evaluation editor"

    def __init__(self, ctx: LabContext) -> None:
        self.ctx = ctx
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.names = features(ctx.kit)
        self.weights = list(default_scale(ctx.kit))
        self.focus = 0
        self.depth = DEFAULT_DEPTH
        self.games = MATCH_GAMES[1]
        self.choice: EditorChoice | None = None
        #: The depth ``choice`` was searched at, and the depth of the search asked last.
        self._choice_depth = self._asked_depth = 0
        self.match: RungFigures | None = None
        self.match_weights: tuple[float, ...] | None = None
        self.sliders: list[Slider] = []
        self.widgets: list[Widget] = []
        self._stale = True

    # ---- jobs ------------------------------------------------------------------------------
    @property
    def matching(self) -> bool:
        return self.ctx.jobs.running_for(self) and self.match_weights is not None

    def search(self) -> None:
        """What the current weights make of the position (the last request wins)."""
        if self.matching or self.ctx.state.current_player() < 0:
            return
        self._stale = False
        known = self.choice if self._choice_depth == self.depth else None
        task = EditorChoiceTask(self.ctx.state, self.ctx.game_id, tuple(self.weights),
                                self.depth, known)
        self.ctx.jobs.start(task, self.ctx.state, on_done=self._chosen,
                            on_error=self._failed, owner=self)
        self._asked_depth = self.depth

    def play_match(self) -> None:
        if self.matching:
            return
        self.match_weights = tuple(self.weights)
        self.match = RungFigures("edited", "shipped")
        seed = random.SystemRandom().randrange(1, 10**6)
        task = QuickMatchTask(self.ctx.game_id, self.match_weights, self.depth, self.games,
                              seed)
        self.ctx.jobs.start(task, self.ctx.state, on_done=self._matched,
                            on_error=self._failed, on_progress=self._heard, owner=self)
        self.layout(self.rect)

    def stop(self) -> None:
        if self.matching:
            self.ctx.jobs.cancel()
            self.match_weights = None
            self.ctx.show_message("Match stopped: the score is the games finished so far")
            self.layout(self.rect)

    def _chosen(self, choice: EditorChoice) -> None:
        self.choice = choice
        self._choice_depth = self._asked_depth

    def _heard(self, update: LadderUpdate) -> None:
        if update.kind == "game":
            self.match = update.figures[0]

    def _matched(self, figures: RungFigures) -> None:
        self.match = figures
        self.match_weights = None
        self.layout(self.rect)

    def _failed(self, message: str) -> None:
        self.match_weights = None
        self.ctx.show_message(f"Evaluation editor: {message}", True)

    # ---- edits -------------------------------------------------------------------------------
    def set_weight(self, index: int, value: float) -> None:
        if self.matching:
            self.ctx.show_message("The match plays the weights it started with: S stops it")
            self.sliders[index].show(self.weights[index])
            return
        self.weights[index] = value
        self._stale = True

    def reset(self) -> None:
        if not self.matching:
            self.weights = list(default_scale(self.ctx.kit))
            self._stale = True
            self.layout(self.rect)

    def _set_depth(self, depth: int) -> None:
        if not self.matching:
            self.depth = depth
            self._stale = True

    # ---- the pane protocol ---------------------------------------------------------------
    def on_show(self) -> None:
        self._stale = True

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        size, small = self.ctx.text_size, self.ctx.small_size
        pad = size
        # Every slider, the controls, the match button and three lines of the match's score
        # fit the pane's height (presentation mode's large text included).
        room = rect.height - 2 * pad - int(size * 1.8) - 3 * int(small * 1.35)
        gap = pad // 3
        row = max(18, int(small * 1.3) if self.ctx.presentation else 0,
                  min(int(size * 1.9), room // (len(self.names) + 2) - gap))
        # A projector's text: never below the small size, however tight the rows.
        least = small if self.ctx.presentation else 0
        side = min(int(rect.width * 0.42), rect.height - 2 * pad - 4 * int(small * 1.35))
        self.board_rect = pygame.Rect(rect.x + pad, rect.y + pad, side, side)
        x = self.board_rect.right + 2 * pad
        width = rect.right - pad - x
        y = rect.y + pad + int(size * 1.8)
        self.sliders = []
        for i, name in enumerate(self.names):
            slider = Slider(name, LO, HI, STEP, self.weights[i],
                            partial(self.set_weight, i), fmt="×{:.2f}")
            slider.rect = pygame.Rect(x, y, width, row)
            self.sliders.append(slider)
            y += row + gap
        y += gap
        third = (width - 2 * pad) // 3
        controls: list[Widget] = [
            Choice("Depth", [(d, str(d)) for d in range(1, 6)], self.depth, self._set_depth),
            Choice("Games", [(g, str(g)) for g in MATCH_GAMES], self.games,
                   lambda v: setattr(self, "games", v)),
            Button("Reset  R", self.reset),
        ]
        for i, w in enumerate(controls):
            w.rect = pygame.Rect(x + i * (third + pad), y, third, row)
        y += row + gap
        match = Button("Stop  S" if self.matching else "Quick match  M",
                       self.stop if self.matching else self.play_match, active=True)
        match.rect = pygame.Rect(x, y, width, row)
        self.match_top = y + row + gap
        self.widgets = [*self.sliders, *controls, match]
        for w in self.widgets:
            if isinstance(w, Button):
                w.text_size = max(least, w.label_size())
            elif isinstance(w, (Slider, Choice)):
                w.text_size = max(least, int(row * (0.45 if isinstance(w, Slider) else 0.42)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN) and self.sliders:
                step = 1 if event.key == pygame.K_DOWN else -1
                self.focus = (self.focus + step) % len(self.sliders)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.sliders:
                self.sliders[self.focus].nudge(1 if event.key == pygame.K_RIGHT else -1)
                return True
            actions = {pygame.K_r: self.reset, pygame.K_m: self.play_match,
                       pygame.K_RETURN: self.play_match, pygame.K_s: self.stop}
            if event.key in actions:
                actions[event.key]()
                return True
            return False
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            taken = any(s.handle_event(event) for s in self.sliders)
            self._follow_pointer()
            return taken
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            before = [s.value for s in self.sliders]
            dispatch_pointer(self.widgets, event)
            self._follow_pointer([i for i, s in enumerate(self.sliders) if s.value != before[i]])
            return True
        return False

    def _follow_pointer(self, moved: list[int] | None = None) -> None:
        """The ▸ marker goes to the slider the mouse works (the one dragged, else the one the
        wheel or a click moved): left on another, it would say ←/→ nudge a weight the mouse
        is not editing."""
        dragged = [i for i, s in enumerate(self.sliders) if s.dragging]
        worked = dragged or moved
        if worked:
            self.focus = worked[0]

    def update(self, dt: float) -> None:
        if self._stale and not any(s.dragging for s in self.sliders):
            self.search()

    def next_frame_in(self) -> float | None:
        return 1 / 30 if self.ctx.jobs.running_for(self) or self._stale else None

    # ---- drawing ---------------------------------------------------------------------------
    def draw_into(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, style.BG, rect, border_radius=8)
        size, small = self.ctx.text_size, self.ctx.small_size
        self._draw_board(surface, small)
        x = self.board_rect.right + 2 * size
        draw_text(surface, "Features and their weights (× the shipped weight)",
                  (x, rect.y + size), size, theme.color("accent"), bold=True,
                  max_width=rect.right - x - size)
        for i, slider in enumerate(self.sliders):
            slider.draw(surface, focused=i == self.focus)
        for w in self.widgets[len(self.sliders):]:
            w.draw(surface)
        self._draw_match(surface, pygame.Rect(x, self.match_top, rect.right - x - size,
                                              rect.bottom - self.match_top - size), small)

    def _draw_board(self, surface: pygame.Surface, small: int) -> None:
        state, choice = self.ctx.state, self.choice
        view = self.ctx.board_view
        ctx = ViewContext()
        if choice is not None and state.current_player() >= 0:
            values = dict(choice.edited_values)
            profile = profile_for(self.ctx.kit)
            ctx = ViewContext(move_values=values, highlight_move=choice.edited_move,
                              value_labels={m: profile.value_label(v, exact=False).short
                                            for m, v in values.items()},
                              values_for=self.ctx.game.player_names[state.current_player()])
        if view is not None:
            view.draw(surface, self.board_rect, state, ctx)
        y = self.board_rect.bottom + small // 2
        for text in self._choice_lines():
            for line in wrap_text(text, font(small), self.board_rect.width):
                draw_text(surface, line, (self.board_rect.x, y), small, theme.color("text"))
                y += int(small * 1.35)

    def _choice_lines(self) -> list[str]:
        state, choice = self.ctx.state, self.choice
        if state.current_player() < 0:
            return ["The game is over: nothing to choose."]
        if choice is None:
            return ["Searching…"]
        game = self.ctx.game
        edited = game.format_move(state, choice.edited_move)
        shipped = game.format_move(state, choice.shipped_move)
        same = "the same move" if edited == shipped else f"not {shipped}"
        return [f"Depth {self.depth}: the edited evaluation plays {edited}",
                f"(the shipped one plays {shipped}: {same})"]

    def _draw_match(self, surface: pygame.Surface, rect: pygame.Rect, small: int) -> None:
        m = self.match
        if m is None:
            text = ("Quick match: the edited evaluation against the shipped one, alpha-beta "
                    f"at depth {self.depth} on both sides, {self.games} games in pairs from one "
                    "random opening with the colours swapped.")
        else:
            lo, hi = m.interval
            state = "playing: " if self.matching else ""
            text = (f"{state}edited v shipped, {m.games} game{'s' if m.games != 1 else ''}: "
                    f"{m.wins} won, {m.draws} drawn, {m.losses} lost; score {m.score:.0%} "
                    f"(95% interval {lo:.0%} – {hi:.0%})")
        y = rect.y
        for line in wrap_text(text, font(small), rect.width):
            draw_text(surface, line, (rect.x, y), small, theme.color("text"))
            y += int(small * 1.35)
