"""The search lab: one screen with a tab per view (tree, compare, depth chart, Nim in binary).

It is opened on a position (from the play screen, or a classroom tree from the menu) and goes
back to the screen it came from. All long work runs on the app's worker through one LabJob;
the views are panes that share it, the game, its board view and the message line.

The scene is every pane's context (``ctx``). Besides the game and the position it holds:

- ``level``: whose search every view records (a name of ai.labsearch.lab_levels): the AI of
  the game the lab was opened from, else ai.labsearch.default_level. Choosing another level
  calls ``pane.on_level(level)`` on every pane made so far, so each view searches again as that
  level plays; the line under the tabs says whose search it is (ai.labsearch.describe).
- ``presentation``, ``text_size`` and ``small_size``: the sizes every pane takes its fonts
  from. Presentation mode (F5, remembered in the settings) is for projecting: at 1280x720 body
  text is 24 px, small labels 20 px and no text is below PRESENTATION_MIN_PX (18 px).

Idle means idle: ``next_frame_in`` tells the app's loop when the screen must be drawn again;
a view whose work has finished is not drawn until input, a timer or a job wakes it.

A pane is anything with ``layout(rect)``, ``on_show()``, ``handle_event(event) -> bool``,
``update(dt)``, ``draw(surface)`` and ``export_png(path)``; it may also have ``on_level(level)``
(without it, a level change makes the pane anew), ``next_frame_in()`` (the pane's own answer to
when it must be drawn: 0 while it moves, None when settled; without it the scene draws while
``pane.playing`` holds and for INPUT_SETTLE_S after input) and ``help_lines()`` (its keys for
the F1 list; without it game.ui.lab.keys.VIEW_KEYS).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame

from game.core import error_line
from game.registry import get_game
from game.ui import theme
from game.ui.assets import font
from game.ui.commands import Command, Commands, Key
from game.ui.lab.defaults import defaults_for
from game.ui.lab.jobs import LabJob
from game.ui.lab.keys import (
    button_width,
    draw_keys_overlay,
    key_hint,
    text_width,
    view_key_lines,
)
from game.ui.scenes.common import DialogHost, MessageLine, draw_background
from game.ui.text_widgets import TextDialog
from game.ui.widgets import Button, draw_text

VIEWS = ("tree", "compare", "depth", "nim")
#: view -> (tab label, keys that open it: the letter, then the digit of its tab, what it shows).
VIEW_TABS = {
    "tree": ("Tree", (pygame.K_t, pygame.K_1), "the recorded search as a tree, step by step"),
    "compare": ("Compare", (pygame.K_c, pygame.K_2), "each algorithm on this position, as bars"),
    "depth": ("Depth chart", (pygame.K_d, pygame.K_3), "the position searched deeper and deeper"),
    "nim": ("Nim in binary", (pygame.K_4,), "the heaps in binary with the nim-sum"),
}
#: Presentation mode's sizes at a window 720 px high (they grow with the window): body text,
#: small labels, and the least any lab text may be. Code panels use at least the small size.
PRESENTATION_TEXT_PX = 24
PRESENTATION_SMALL_PX = 20
PRESENTATION_MIN_PX = 18
#: After input, panes that cannot say when they settle are drawn this long at the full rate
#: (a wheel zoom sharpens its picture over a few frames once the wheel rests).
INPUT_SETTLE_S = 0.4
#: How often a dialog's text cursor blinks (the screen is drawn that often while it is open).
CURSOR_BLINK_S = 0.5


def text_sizes(window_height: int, presentation: bool) -> tuple[int, int]:
    """(body, small) font sizes in px for a window ``window_height`` high."""
    if presentation:
        body = max(PRESENTATION_TEXT_PX, round(window_height * PRESENTATION_TEXT_PX / 720))
        small = max(PRESENTATION_SMALL_PX, round(body * PRESENTATION_SMALL_PX
                                                 / PRESENTATION_TEXT_PX))
        return body, small
    body = max(12, min(18, theme.text_size(window_height) - 2))
    return body, max(12, round(body * 0.86))


class LabScene(DialogHost):
    def __init__(self, app: Any, state: Any, game_id: str, view: str = "tree",
                 back: Any = None, level: str | None = None) -> None:
        if view not in VIEWS:
            raise ValueError(f"unknown lab view {view!r}; choose one of: {', '.join(VIEWS)}")
        self.app = app
        self.state = state
        self.game_id = game_id
        self.game = get_game(game_id)
        self.back_scene = back
        self.message = MessageLine()
        self.jobs = LabJob(app)
        self.defaults = defaults_for(game_id, state)
        self.board_view = _board_view(self.game)
        self.levels = _lab_levels(game_id)
        self.level = self._known_level(level) or _default_level(game_id)
        self.text_size, self.small_size = text_sizes(720, self.presentation)
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.dialog: TextDialog | None = None
        self.panes: dict[str, Any] = {}
        self.views = [v for v in VIEWS if v != "nim" or _is_nim(self.game, state)]
        self.view = view if view in self.views else "tree"
        self.tabs: list[Button] = []
        self.level_button: Button | None = None
        self.help_open = False
        self._shown = False  # the first frame starts the first view's work
        self._input_at = -1.0  # app time of the last input (see INPUT_SETTLE_S)
        self._line_memo: tuple[Any, str] = (None, "")

    # ---- what the panes read -------------------------------------------------------------
    @property
    def presentation(self) -> bool:
        """Large, high-contrast text for a projector (the setting, toggled with F5)."""
        return bool(getattr(self.app.settings, "lab_presentation", False))

    def search_line(self) -> str:
        """Whose search the shown view records, in one line ("Master's search: learned
        tables, depth 3"): a finished recording's own words, else the level's."""
        pane = self.panes.get(self.view)
        if self.view == "nim":
            return "No search here: the nim-sum of the heaps decides (Bouton's rule)"
        recording = getattr(pane, "recording", None)
        if (recording is not None and getattr(recording, "description", "")
                and getattr(recording, "level", None) == self.level):
            return str(recording.description)
        depth = getattr(pane, "max_depth" if self.view == "depth" else "depth", None)
        key = (self.level, depth or self.defaults.depth, id(self.state))
        if self._line_memo[0] != key:  # a level's evaluator title costs milliseconds
            self._line_memo = (key, self._level_line(key[1]))
        return self._line_memo[1]

    def _level_line(self, depth: int) -> str:
        try:
            from ai.labsearch import describe, lab_config

            config = lab_config(self.game_id, self.level, depth, self.state)
            return describe(self.game_id, self.level, config)
        except (ValueError, KeyError) as exc:
            return f"{self.level}: {error_line(exc)}"

    # ---- panes ---------------------------------------------------------------------------
    def pane(self, name: str | None = None) -> Any:
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
        if not level:
            return None
        return next((name for name in self.levels if name.lower() == level.strip().lower()),
                    None)

    def step_level(self, step: int) -> None:
        """The next (or previous) level in the picker's list."""
        if len(self.levels) < 2:
            self.show_message("Classroom trees are searched in teaching mode only")
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
        self.jobs.stop()
        self.level = known
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
        body_top = self.line.bottom + pad
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
        """Tabs and commands at their natural widths; the title goes first when they do not
        fit, then every button shrinks alike (its label is ellipsised, never made smaller)."""
        gap = self.pad
        commands = self._commands().buttons()
        labels = [f"{c.name}  {c.short_key_text}" for c in commands]
        widths = [button_width(label, self.button_size, self.top.height) for label in labels]
        title_w = font(self.title_size, True).size(self.title)[0] + 2 * gap
        room = self.top.width - gap * (len(commands) - 1)
        self.show_title = sum(widths) + title_w <= room
        if self.show_title:
            room -= title_w
        scale = min(1.0, room / max(1, sum(widths)))
        # Spread what is left over the buttons, so the bar is filled as before.
        extra = max(0, room - sum(widths)) // max(1, len(widths)) if scale == 1.0 else 0
        x = self.top.right - sum(int(w * scale) + extra for w in widths) - gap * (len(widths) - 1)
        self.tabs = []
        for command, label, w in zip(commands, labels, widths, strict=True):
            b = Button(label, command.action, active=command.active())
            b.text_size = self.button_size
            b.rect = pygame.Rect(x, self.top.y, int(w * scale) + extra, self.top.height)
            self.tabs.append(b)
            x = b.rect.right + gap
        self.level_button = None
        if len(self.levels) > 1:
            label = f"Level: {self.level}  V"
            b = Button(label, lambda: self.step_level(1), tooltip="whose search the views show")
            b.text_size = self.button_size
            w = button_width(f"Level: {max(self.levels, key=len)}  V", self.button_size,
                             self.line.height)
            b.rect = pygame.Rect(self.line.x, self.line.y, min(w, self.line.width // 2),
                                 self.line.height)
            self.level_button = b

    def _commands(self) -> Commands:
        """The top bar's buttons and the lab's keys, as on the play screen: one list for
        buttons, keys and the F1 list, so a button and its key cannot drift apart."""
        commands = [Command(VIEW_TABS[v][0], tuple(Key(k) for k in VIEW_TABS[v][1]),
                            (lambda v=v: self.select(v)), VIEW_TABS[v][2],
                            active=(lambda v=v: v == self.view))
                    for v in self.views]
        if self.game_id == "classroom":
            commands += [Command("Example", (Key(pygame.K_g),), self.next_example,
                                 "the next textbook tree"),
                         Command("Edit tree", (Key(pygame.K_y),), self.edit_tree,
                                 "type a tree of your own")]
        commands += [Command("Export PNG", (Key(pygame.K_p),), self.export,
                             "save the view as a picture"),
                     Command("Back", (Key(pygame.K_ESCAPE),), self.go_back,
                             "back to the screen the lab came from"),
                     Command("Presentation", (Key(pygame.K_F5),), self.toggle_presentation,
                             "large text for a projector (remembered)", button=False,
                             active=lambda: self.presentation),
                     Command("Keys", (Key(pygame.K_F1), Key(pygame.K_SLASH)), self.toggle_help,
                             "this list of keys", button=False,
                             active=lambda: self.help_open)]
        if len(self.levels) > 1:  # a classroom tree has only the teaching mode
            commands.append(Command("Level", (Key(pygame.K_v),), lambda: self.step_level(1),
                                    "whose search the views record: the next level "
                                    "(Shift+V or a right-click: the previous one)",
                                    button=False))
        return Commands(commands)

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
            if self.level_button is not None and self.level_button.rect.collidepoint(
                    event.pos):
                self.step_level(1 if event.button == 1 else -1)
                return
            for b in self.tabs:
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
        elapsed time), a playing step mode, a pane that says it is moving, the settling after
        input, a dialog's cursor and a fading message wake it."""
        now = self.app.now
        if not self._shown or self.jobs.running:
            return 0.0
        waits: list[float] = []
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
        if self.show_title:
            draw_text(surface, self.title, self.top.midleft, self.title_size,
                      theme.color("accent"), bold=True, anchor="midleft")
        for b in self.tabs:
            b.draw(surface)
        self._draw_search_line(surface)
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

    def _draw_search_line(self, surface: pygame.Surface) -> None:
        """The level picker and whose search the views record, under the tabs."""
        x = self.line.x
        if self.level_button is not None:
            self.level_button.draw(surface)
            x = self.level_button.rect.right + self.pad
        text = self.search_line()
        room = self.line.right - x
        size = self.text_size if text_width(text, self.text_size) <= room else self.small_size
        draw_text(surface, text, (x, self.line.centery), size, theme.color("text"),
                  anchor="midleft", max_width=room)

    def on_exit(self) -> None:
        self.jobs.stop()

    # ---- commands ------------------------------------------------------------------------
    def toggle_presentation(self) -> None:
        """Presentation mode on or off: every view is laid out again at the new sizes, and
        the choice is saved with the other settings."""
        self.app.settings.lab_presentation = not self.presentation
        self.app.save_settings()
        self.layout(self.rect)
        if self.presentation:
            self.show_message(f"Presentation mode: text {self.text_size} px, labels "
                              f"{self.small_size} px (F5 again: normal size)")
        else:
            self.show_message("Presentation mode off (F5 turns it on)")

    def toggle_help(self) -> None:
        self.help_open = not self.help_open

    def set_state(self, state: Any) -> None:
        """Study another position (a classroom tree typed or picked): every view starts over."""
        self.jobs.stop()
        self.state = state
        self.defaults = defaults_for(self.game_id, state)
        self.panes = {}
        self.layout(self.rect)
        self.pane().on_show()

    def next_example(self) -> None:
        from games.classroom.rules import EXAMPLES

        names = list(EXAMPLES)
        text = self.game.format_position(self.state)
        current = next((i for i, n in enumerate(names) if EXAMPLES[n].text.replace(" ", "")
                        == text.replace(" ", "")), -1)
        example = EXAMPLES[names[(current + 1) % len(names)]]
        self.set_state(self.game.parse_position(example.text))
        self.show_message(f"{example.name}: {example.note}")

    def edit_tree(self) -> None:
        """Type a tree (or change leaf values): nested lists, chance nodes in braces. A tree
        the rules cannot read stays in the box with the reason under it."""
        from game.ui.lab.tree_editor import TreeDialog

        self.open_dialog(TreeDialog(self.game, self.game.format_position(self.state),
                                    self.set_state, lambda text: self.show_message(text, True)))

    def go_back(self) -> None:
        if self.back_scene is not None:
            self.app.switch(self.back_scene)
        else:
            from game.ui.scenes.menu import MenuScene

            self.app.switch(MenuScene(self.app))

    def export(self) -> None:
        """Save the current view as a PNG in the save folder and say where."""
        from game.ui.scenes.play import default_save_path

        folder = default_save_path(self.game_id).parent
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = Path(folder) / f"{self.game_id}-{self.view}-{stamp}.png"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.pane().export_png(str(path))
        except (OSError, ValueError, pygame.error) as exc:
            self.show_message(f"Cannot export: {exc}", True)
            return
        self.show_message(f"Saved {path}")


def _lab_levels(game_id: str) -> tuple[str, ...]:
    from ai.labsearch import lab_levels

    return lab_levels(game_id)


def _default_level(game_id: str) -> str:
    from ai.labsearch import default_level

    return default_level(game_id)


def _board_view(game: Any) -> Any:
    from game.ui.kit import make_view

    try:
        return make_view(game)
    except ValueError:
        return None  # a classroom tree: positions are shown in notation


def _is_nim(game: Any, state: Any) -> bool:
    return game.id == "nim"


def _make_pane(name: str, scene: LabScene) -> Any:
    if name == "tree":
        from game.ui.lab.tree_pane import TreePane

        return TreePane(scene)
    if name == "compare":
        from game.ui.lab.compare_pane import ComparePane

        return ComparePane(scene)
    if name == "depth":
        from game.ui.lab.depth_pane import DepthPane

        return DepthPane(scene)
    from games.nim.ui.lab_pane import NimPane

    return NimPane(scene)
