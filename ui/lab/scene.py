"""The search lab: one screen with a tab per view (tree, compare, depth chart, a game's own).

Opened on a position (from the play screen, or a classroom tree from the menu), it goes back
to the screen it came from. Long work runs on the app's worker through one JobRunner (play.jobs, the
play screen's too); the views are panes (ui.lab.pane) sharing it, the game, its board view and the message line.

The scene is every pane's context (``ctx``). Besides the game and the position it holds:

- ``level``: whose search every view records (a name of ai.lab.search.lab_levels): the AI of
  the game the lab was opened from, else ai.lab.search.default_level. Choosing another level
  calls ``pane.on_level(level)`` on every pane made so far, so each view searches again as that
  level plays; the line under the tabs says whose search it is (ai.lab.search.describe).
- ``presentation``, ``text_size``, ``small_size``: the panes' font sizes. Presentation mode
  (F5, remembered) is for projecting: at 1280x720 body text 24 px, small labels 20 px, none
  below PRESENTATION_MIN_PX (18 px).

Idle means idle: a finished view is not drawn until input, a timer or a job wakes it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pygame

from ai.lab.search import TEACHING, default_level, describe, lab_config, lab_levels
from game.core import State, error_line
from game.kit import GameKit
from play.jobs import SEARCH_FRAME_S, JobRunner
from play.setup import default_save_path
from ui import theme
from ui.commands import Commands
from ui.host import Host, Scene
from ui.kit import LabView, lab_views, make_view
from ui.lab.bar import LabBar, lay_out_bar, text_sizes
from ui.lab.compare_pane import ComparePane
from ui.lab.convergence_pane import ConvergencePane
from ui.lab.defaults import defaults_for
from ui.lab.depth_pane import DepthPane
from ui.lab.examples import current_example, draw_example, example_lines, following_example
from ui.lab.keys import draw_keys_overlay, key_hint, view_key_lines
from ui.lab.pane import LabContext, LabPane
from ui.lab.scene_commands import VIEW_KEYS, scene_commands
from ui.lab.tree_editor import TreeDialog
from ui.lab.tree_pane import TreePane
from ui.scenes.common import DialogHost, MessageLine, draw_background
from ui.text_widgets import TextDialog
from ui.widgets import draw_text

#: The lab's own views: name -> (tab label, keys, what it shows: scene_commands.VIEW_KEYS,
#: then the pane).
VIEW_TABS: dict[str, tuple[str, tuple[int, ...], str, Callable[[LabContext], LabPane]]] = {
    name: (*VIEW_KEYS[name], pane)
    for name, pane in (("tree", TreePane), ("compare", ComparePane), ("depth", DepthPane),
                       ("convergence", ConvergencePane))}
#: After input, panes that cannot say when they settle are drawn this long at the full rate
#: (a wheel zoom sharpens its picture over a few frames once the wheel rests).
INPUT_SETTLE_S = 0.4
#: How often a dialog's text cursor blinks (the screen is drawn that often while it is open).
CURSOR_BLINK_S = 0.5


class LabScene(DialogHost):
    def __init__(self, app: Host, state: State, kit: GameKit, view: str = "tree",
                 back: Scene | None = None, level: str | None = None) -> None:
        self.kit = kit
        self.own_views: dict[str, LabView] = {v.name: v for v in lab_views(kit)}
        self.views = [*VIEW_TABS, *self.own_views]
        if view not in self.views:
            raise ValueError(f"no lab view {view!r} for {self.kit.title}; choose one of: "
                             f"{', '.join(self.views)}")
        self.app = app
        self.state = state
        self.game_id = kit.id
        self.game = self.kit.rules()
        self.back_scene = back
        self.message = MessageLine()
        self.jobs = JobRunner(lambda: app.worker, lambda: app.has_worker)
        # A teaching game's trees have no board: their positions show in notation.
        self.board_view = make_view(self.kit) if self.kit.playable else None
        self.levels = lab_levels(kit)
        self.level = self._known_level(level) or default_level(kit)
        self.defaults = defaults_for(kit, state, level=self.level)
        self.text_size, self.small_size = text_sizes(720, self.presentation)
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.dialog: TextDialog | None = None
        self.panes: dict[str, LabPane] = {}
        self.view = view
        self.bar = LabBar()
        self.help_open = False
        self._shown = False  # the first frame starts the first view's work
        self._input_at = -1.0  # app time of the last input (see INPUT_SETTLE_S)
        self._line_memo: tuple[tuple[str, int, int] | None, str] = (None, "")

    # ---- what the panes read -------------------------------------------------------------
    @property
    def presentation(self) -> bool:
        """Large, high-contrast text for a projector (the setting, toggled with F5)."""
        return bool(getattr(self.app.settings, "lab_presentation", False))

    def search_line(self) -> str:
        """Whose search the shown view records, in one line ("Master's search: learned
        tables, depth 3"): a finished recording's own words, else the level's."""
        pane = self.panes.get(self.view)
        if self.view in self.own_views:
            return self.own_views[self.view].search_line
        own_words = getattr(pane, "search_words", None)
        if own_words is not None:  # a view with a search of its own (MCTS's convergence)
            return str(own_words())
        recording = getattr(pane, "recording", None)
        description: str = getattr(recording, "description", "")
        if (recording is not None and description
                and getattr(recording, "level", None) == self.level):
            return str(description)
        depth = getattr(pane, "max_depth" if self.view == "depth" else "depth", None)
        key = (self.level, depth or self.defaults.depth, id(self.state))
        if self._line_memo[0] != key:  # a level's evaluator title costs milliseconds
            self._line_memo = (key, self._level_line(key[1]))
        return self._line_memo[1]

    def _level_line(self, depth: int) -> str:
        try:
            config = lab_config(self.kit, self.level, depth, self.state)
            return describe(self.kit, self.level, config)
        except (ValueError, KeyError) as exc:
            return f"{self.level}: {error_line(exc)}"

    # ---- panes ---------------------------------------------------------------------------
    def pane(self, name: str | None = None) -> LabPane:
        name = name or self.view
        if name not in self.panes:
            self.panes[name] = _make_pane(name, self)
            self.panes[name].layout(self.body)
        return self.panes[name]

    def select(self, name: str) -> None:
        if name not in self.views:
            self.show_message(f"No {name} view for {self.game.name}")
            return
        self.view = name
        self.layout(self.rect)
        self.pane().on_show()

    # ---- the level -----------------------------------------------------------------------
    def _known_level(self, level: str | None) -> str | None:
        """``level`` spelled as the lab lists it, or None when the lab does not offer it."""
        wanted = (level or "").strip().lower()
        return next((name for name in self.levels if wanted and name.lower() == wanted), None)

    def step_level(self, step: int) -> None:
        """The next (or previous) level in the picker's list."""
        if len(self.levels) < 2:
            self.show_message("Classroom trees are searched in teaching mode only")
            return
        if self._subject():
            self.show_message(f"{self._subject()}: the level is the other views' (Tree, "
                              "Compare, Depth chart)")
            return
        i = self.levels.index(self.level) if self.level in self.levels else 0
        self.choose_level(self.levels[(i + step) % len(self.levels)])

    def choose_level(self, level: str) -> None:
        """Search as ``level`` plays in every view: each pane made so far hears of it (the
        hidden ones first, so the shown one's work is the job that runs)."""
        known = self._known_level(level)
        if known is None:
            self.show_message(f"No level {level!r}; choose one of: {', '.join(self.levels)}",
                              True)
            return
        if known == self.level:
            return
        self.jobs.cancel()
        self.level = known
        # The views open on the depth the new level plays at (where its tree can be drawn).
        self.defaults = defaults_for(self.kit, self.state, level=known)
        order = [n for n in self.panes if n != self.view] + [n for n in self.panes
                                                              if n == self.view]
        for name in order:
            hook = getattr(self.panes[name], "on_level", None)
            if hook is None:
                del self.panes[name]  # a pane without the hook is made again, for this level
            else:
                hook(known)
        self.layout(self.rect)
        self.pane().on_show()
        self.show_message(f"Every view now searches as {known} plays")

    # ---- scene protocol --------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.text_size, self.small_size = text_sizes(rect.height, self.presentation)
        pad = max(6, rect.height // 100)
        self.pad = pad
        self.button_size = (self.small_size if self.presentation
                            else max(11, int(max(28, self.text_size * 2.2) * 0.42)))
        bar_h = max(28, int(self.text_size * 2.2), int(self.button_size * 2.1))
        line_h = bar_h if len(self.levels) > 1 else int(self.small_size * 1.6)
        self.top = pygame.Rect(rect.x + pad, rect.y + pad, rect.width - 2 * pad, bar_h)
        self.line = pygame.Rect(self.top.x, self.top.bottom + pad // 2, self.top.width, line_h)
        # The message line: tall enough that its text (half its height) is a small label.
        message_h = max(bar_h - 4, 2 * self.small_size + 2)
        self.message_rect = pygame.Rect(rect.x + pad, rect.bottom - pad - message_h,
                                        rect.width - 2 * pad, message_h)
        # The example shown, by name and what it teaches: the message line fades, and two
        # examples' trees may differ only in a leaf the header's figures do not show.
        self.example_lines = example_lines(current_example(self.kit, self.game, self.state),
                                           self.small_size, self.line.width)
        example_h = len(self.example_lines) * int(self.small_size * 1.35)
        self.example_top = self.line.bottom + pad // 2
        body_top = self.line.bottom + pad + example_h
        self.body = pygame.Rect(rect.x + pad, body_top, rect.width - 2 * pad,
                                self.message_rect.y - pad - body_top)
        self.title_size = int(self.text_size * 1.15)
        self.title = f"Lab · {self.game.name}"
        self._layout_bar()
        for p in self.panes.values():
            p.layout(self.body)
        if self.dialog:
            self.dialog.layout(rect)

    def _layout_bar(self) -> None:
        self.bar = lay_out_bar(self._commands().buttons(), self.title, self.title_size,
                               self.top, self.line, self.pad, self.button_size,
                               self.levels, self.level, lambda: self.step_level(1),
                               self._subject())

    def _subject(self) -> str:
        """What the shown view works on when that is not a level's search (the evaluation
        editor: the hand-made evaluation), else ""."""
        own = self.own_views.get(self.view)
        return own.subject if own is not None else ""

    def _commands(self) -> Commands:
        return scene_commands(self)

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.show(text, error, self.app.now)

    def handle_event(self, event: pygame.event.Event) -> None:
        self._input_at = self.app.now
        if self.dialog_takes(event):
            return
        if self.help_open and (event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1,
                                                               pygame.K_SLASH))):
            self.help_open = False  # a click or Esc closes the list, as on the play screen
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            level_button = self.bar.level_button
            if level_button is not None and level_button.rect.collidepoint(event.pos):
                self.step_level(1 if event.button == 1 else -1)
                return
            for b in self.bar.tabs:
                if event.button == 1 and b.handle_event(event):
                    return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v and (
                event.mod & pygame.KMOD_SHIFT or len(self.levels) < 2):
            self.step_level(-1 if event.mod & pygame.KMOD_SHIFT else 1)  # or says why not
            return
        if self.pane().handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            command = self._commands().for_event(event)
            if command is not None:
                command.action()

    def update(self, dt: float) -> None:
        if not self._shown:
            self._shown = True
            self.pane().on_show()
        self.jobs.poll()
        self.pane().update(dt)

    def next_frame_in(self) -> float | None:
        """Seconds until the screen must be drawn though no input comes (0: every frame;
        None: only on input). A finished view sleeps; a running job (its progress and
        elapsed time, every SEARCH_FRAME_S), a playing step mode, a pane that says it is
        moving, the settling after input, a dialog's cursor and a fading message wake it."""
        now = self.app.now
        if not self._shown:
            return 0.0
        # A running job's figures at their own pace: 60 fps took its worker's processor.
        waits: list[float] = [SEARCH_FRAME_S] if self.jobs.busy else []
        pane = self.panes.get(self.view)
        if pane is not None:
            own = getattr(pane, "next_frame_in", None)
            if own is not None:
                wait = own()
                if wait is not None:
                    waits.append(wait)
            elif getattr(pane, "playing", False) or now - self._input_at < INPUT_SETTLE_S:
                waits.append(0.0)
        if self.dialog is not None:
            waits.append(CURSOR_BLINK_S)
        if self.message.visible(now):
            waits.append(self.message.until - now)
        return max(0.0, min(waits)) if waits else None

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface)
        self.bar.draw(surface, self.title, self.title_size, self.top, self.line, self.pad,
                      self.search_line(), self.text_size, self.small_size)
        draw_example(surface, self.example_lines, (self.line.x, self.example_top),
                     self.small_size)
        self.pane().draw(surface)
        if self.message.visible(self.app.now):
            self.message.draw(surface, self.message_rect, self.app.now)
        else:
            draw_text(surface, key_hint(len(self.levels) > 1), self.message_rect.center, self.small_size,
                      theme.color("text_dim"), anchor="center",
                      max_width=self.message_rect.width - 20)
        if self.help_open:
            rows = self._commands().help_lines() + view_key_lines(self.view,
                                                                  self.panes.get(self.view))
            draw_keys_overlay(surface, self.body, rows, self.text_size, self.small_size)
        if self.dialog is not None:
            self.dialog.draw(surface)

    def on_exit(self) -> None:
        self.jobs.cancel()

    # ---- commands ------------------------------------------------------------------------
    def toggle_presentation(self) -> None:
        """Presentation mode on or off: every view is laid out again at the new sizes, and
        the choice is saved with the other settings."""
        self.app.settings.update(lab_presentation=not self.presentation)
        self.app.save_settings()
        self.layout(self.rect)
        if self.presentation:
            self.show_message(f"Presentation mode: text {self.text_size} px, labels "
                              f"{self.small_size} px (F5 again: normal size)")
        else:
            self.show_message("Presentation mode off (F5 turns it on)")

    def toggle_help(self) -> None:
        self.help_open = not self.help_open

    def set_state(self, state: State, depth: int | None = None) -> None:
        """Study another position (a tree typed, an example): every view starts over."""
        self.jobs.cancel()
        self.state = state
        self.defaults = defaults_for(self.kit, state, depth, self.level)
        self.panes = {}
        self.layout(self.rect)
        self.pane().on_show()

    def next_example(self) -> None:
        example = following_example(self.kit, self.game, self.state)
        if example.depth is not None and TEACHING in self.levels:
            self.level = TEACHING  # the example's lesson is a switch: the teacher's to flip
        self.set_state(self.game.parse_position(example.text), example.depth)
        self.show_message(f"{example.name}: {example.note}")

    def edit_tree(self) -> None:
        """Type a tree (or change leaf values): nested lists, chance nodes in braces. A tree
        the rules cannot read stays in the box with the reason under it."""
        self.open_dialog(TreeDialog(self.game, self.game.format_position(self.state),
                                    self.set_state, lambda text: self.show_message(text, True)))

    def go_back(self) -> None:
        if self.back_scene is not None:
            self.app.switch(self.back_scene)
        else:
            self.app.open_menu()

    def export(self) -> None:
        """Save the current view as a PNG in the save folder and say where."""
        folder = default_save_path(self.kit).parent
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = Path(folder) / f"{self.game_id}-{self.view}-{stamp}.png"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.pane().export_png(str(path))
        except (OSError, ValueError, pygame.error) as exc:
            self.show_message(f"Cannot export: {exc}", True)
            return
        self.show_message(f"Saved {path}")


def _make_pane(name: str, scene: LabScene) -> LabPane:
    own = scene.own_views.get(name)
    return own.make_pane(scene) if own is not None else VIEW_TABS[name][3](scene)
