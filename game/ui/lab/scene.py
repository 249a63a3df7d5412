"""The search lab: one screen with a tab per view (tree, compare, depth chart, Nim in binary).

It is opened on a position (from the play screen, or a classroom tree from the menu) and goes
back to the screen it came from. All long work runs on the app's worker through one LabJob;
the views are panes that share it, the game, its board view and the message line.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame

from game.registry import get_game
from game.ui import theme
from game.ui.commands import Command, Commands, Key
from game.ui.lab.defaults import defaults_for
from game.ui.lab.jobs import LabJob
from game.ui.scenes.common import DialogHost, MessageLine, draw_background
from game.ui.text import error_line
from game.ui.widgets import Button, TextDialog, draw_text

VIEWS = ("tree", "compare", "depth", "nim")
#: view -> (tab label, keys that open it: the letter, then the digit of its tab, what it shows).
VIEW_TABS = {
    "tree": ("Tree", (pygame.K_t, pygame.K_1), "the recorded search as a tree, step by step"),
    "compare": ("Compare", (pygame.K_c, pygame.K_2), "each algorithm on this position, as bars"),
    "depth": ("Depth chart", (pygame.K_d, pygame.K_3), "the position searched deeper and deeper"),
    "nim": ("Nim in binary", (pygame.K_4,), "the heaps in binary with the nim-sum"),
}


class LabScene(DialogHost):
    def __init__(self, app: Any, state: Any, game_id: str, view: str = "tree",
                 back: Any = None) -> None:
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
        self.text_size = 14
        self.rect = pygame.Rect(0, 0, 800, 600)
        self.dialog: TextDialog | None = None
        self.panes: dict[str, Any] = {}
        self.views = [v for v in VIEWS if v != "nim" or _is_nim(self.game, state)]
        self.view = view if view in self.views else "tree"
        self.tabs: list[Button] = []
        self._shown = False  # the first frame starts the first view's work

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

    # ---- scene protocol --------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.text_size = max(12, min(18, theme.text_size(rect.height) - 2))
        pad = max(6, rect.height // 100)
        bar_h = max(28, int(self.text_size * 2.2))
        self.top = pygame.Rect(rect.x + pad, rect.y + pad, rect.width - 2 * pad, bar_h)
        self.message_rect = pygame.Rect(rect.x + pad, rect.bottom - pad - bar_h + 4,
                                        rect.width - 2 * pad, bar_h - 4)
        self.body = pygame.Rect(rect.x + pad, self.top.bottom + pad, rect.width - 2 * pad,
                                rect.height - bar_h - 2 * pad - self.top.height - pad)
        commands = self._commands().buttons()
        from game.ui.assets import font

        self.title_size = int(self.text_size * 1.15)
        self.title = f"Lab · {self.game.name}"
        title_w = font(self.title_size, True).size(self.title)[0] + 2 * pad
        x = self.top.x + title_w
        gap = pad
        bw = (self.top.right - x - gap * (len(commands) - 1)) // len(commands)
        self.tabs = []
        for command in commands:
            b = Button(f"{command.name}  {command.short_key_text}", command.action,
                       active=command.active())
            b.rect = pygame.Rect(x, self.top.y, bw, self.top.height)
            self.tabs.append(b)
            x += bw + gap
        for p in self.panes.values():
            p.layout(self.body)
        if self.dialog:
            self.dialog.layout(rect)

    def _commands(self) -> Commands:
        """The top bar's buttons with their keys, as on the play screen: one list for both,
        so a button and its key cannot drift apart."""
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
                             "back to the screen the lab came from")]
        return Commands(commands)

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.show(text, error, self.app.now)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog_takes(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.tabs:
                if b.handle_event(event):
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

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface)
        draw_text(surface, self.title, self.top.midleft, self.title_size,
                  theme.color("accent"), bold=True, anchor="midleft")
        for b in self.tabs:
            b.draw(surface)
        self.pane().draw(surface)
        self.message.draw(surface, self.message_rect, self.app.now)
        if self.dialog is not None:
            self.dialog.draw(surface)

    def on_exit(self) -> None:
        self.jobs.stop()

    # ---- commands ------------------------------------------------------------------------
    def set_state(self, state: Any) -> None:
        """Study another position (a classroom tree typed or picked): every view starts over."""
        self.jobs.stop()
        self.state = state
        self.defaults = defaults_for(self.game_id, state)
        self.panes = {}
        self.layout(self.rect)
        self.pane().on_show()

    def next_example(self) -> None:
        from game.rules.classroom import EXAMPLES

        names = list(EXAMPLES)
        text = self.game.format_position(self.state)
        current = next((i for i, n in enumerate(names) if EXAMPLES[n].text.replace(" ", "")
                        == text.replace(" ", "")), -1)
        example = EXAMPLES[names[(current + 1) % len(names)]]
        self.set_state(self.game.parse_position(example.text))
        self.show_message(f"{example.name}: {example.note}")

    def edit_tree(self) -> None:
        """Type a tree (or change leaf values): nested lists, chance nodes in braces."""
        def ok(text: str) -> None:
            try:
                state = self.game.parse_position(text)
            except ValueError as exc:
                self.show_message(f"Not a tree: {error_line(exc)}", True)
                return
            self.set_state(state)

        self.open_dialog(TextDialog(
            "A tree of your own",
            "Leaves are numbers, [..] a decision, {0.9: .., 0.1: ..} a roll:",
            self.game.format_position(self.state), ok))

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


def _board_view(game: Any) -> Any:
    from game.ui.boards.registry import make_view

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
    from game.ui.lab.nim_pane import NimPane

    return NimPane(scene)
