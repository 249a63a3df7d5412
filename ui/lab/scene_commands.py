"""The lab's top bar as commands (the tabs, Example, Edit tree, Export, Back, Presentation,
Keys, Level) and the tabs' keys: one list for buttons, keys and the F1 list."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Protocol

import pygame

from game.kit import GameKit
from ui.commands import Command, Commands, Key
from ui.kit import LabView

#: The lab's own views: name -> (tab label, keys that open it: the letter, then the digit of
#: its tab, what it shows). A game's own views follow (``GameUI.lab_views``), opened by the
#: digit of their tab.
VIEW_KEYS: dict[str, tuple[str, tuple[int, ...], str]] = {
    "tree": ("Tree", (pygame.K_t, pygame.K_1), "the recorded search as a tree, step by step"),
    "compare": ("Compare", (pygame.K_c, pygame.K_2), "each algorithm on this position, as bars"),
    "depth": ("Depth chart", (pygame.K_d, pygame.K_3), "the position searched deeper and deeper"),
    "convergence": ("MCTS", (pygame.K_o, pygame.K_4),
                    "Monte Carlo tree search learning: root moves' means and visits"),
}


class CommandedLab(Protocol):
    """What the lab's commands use of the lab scene (``ui.lab.scene.LabScene``, which
    imports this module)."""

    @property
    def view(self) -> str: ...
    @property
    def kit(self) -> GameKit: ...
    @property
    def own_views(self) -> Mapping[str, LabView]: ...
    @property
    def levels(self) -> tuple[str, ...]: ...
    @property
    def presentation(self) -> bool: ...
    @property
    def help_open(self) -> bool: ...
    def select(self, name: str) -> None: ...
    def next_example(self) -> None: ...
    def edit_tree(self) -> None: ...
    def export(self) -> None: ...
    def go_back(self) -> None: ...
    def toggle_presentation(self) -> None: ...
    def toggle_help(self) -> None: ...
    def step_level(self, step: int) -> None: ...


def scene_commands(scene: CommandedLab) -> Commands:
    """The top bar's buttons and the lab's keys, as on the play screen: one list for
    buttons, keys and the F1 list, so a button and its key cannot drift apart."""
    def showing(view: str) -> Callable[[], bool]:
        return lambda: view == scene.view

    commands = [Command(label, keys, partial(scene.select, v), what, active=showing(v))
                for v, (label, keys, what) in tabs(scene).items()]
    if scene.kit.examples():  # a teaching game's trees, or a game's classroom positions
        commands.append(Command("Example", (Key(pygame.K_g),), scene.next_example,
                                "the next example position (what it shows: below)"
                                if scene.kit.playable else "the next textbook tree"))
    if not scene.kit.playable:  # a teaching game: trees of one's own
        commands.append(Command("Edit tree", (Key(pygame.K_y),), scene.edit_tree,
                                "type a tree of your own"))
    commands += [Command("Export PNG", (Key(pygame.K_p),), scene.export,
                         "save the view as a picture"),
                 Command("Back", (Key(pygame.K_ESCAPE),), scene.go_back,
                         "back to the screen the lab came from"),
                 Command("Presentation", (Key(pygame.K_F5),), scene.toggle_presentation,
                         "large text for a projector (remembered)", button=False,
                         active=lambda: scene.presentation),
                 Command("Keys", (Key(pygame.K_F1), Key(pygame.K_SLASH)), scene.toggle_help,
                         "this list of keys", button=False,
                         active=lambda: scene.help_open)]
    if len(scene.levels) > 1:  # a classroom tree has only the teaching mode
        commands.append(Command("Level", (Key(pygame.K_v),), lambda: scene.step_level(1),
                                "whose search the views record: the next level "
                                "(Shift+V or a right-click: the previous one)",
                                button=False))
    return Commands(commands)


def tabs(scene: CommandedLab) -> dict[str, tuple[str, tuple[Key, ...], str]]:
    """view -> (tab label, its keys, what it shows): the lab's views, then the game's."""
    tabs = {v: (label, tuple(Key(k) for k in keys), what)
            for v, (label, keys, what) in VIEW_KEYS.items()}
    for i, own in enumerate(scene.own_views.values(), start=len(VIEW_KEYS) + 1):
        digit = (Key(pygame.key.key_code(str(i))),) if i <= 9 else ()
        tabs[own.name] = (own.tab, digit, own.help)
    return tabs
