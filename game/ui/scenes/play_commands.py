"""Every command of the play screen, each defined once (buttons, keys and help come from here).

Adding a command is one more ``Command(...)`` line in ``play_commands``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.commands import Command, Key
from game.ui.lab import LAB_HELP, lab_commands, why_no_lab

if TYPE_CHECKING:
    from game.ui.scenes.play import PlayScene


def play_commands(s: PlayScene) -> list[Command]:
    K = pygame
    return [
        Command("Hint", (Key(K.K_h),), s.hint, "the strongest search suggests your move",
                enabled=s.can_hint, why_not=s.why_no_hint),
        Command("Values", (Key(K.K_v),), s.toggle_values,
                "show every legal move's value on the board", active=lambda: s.show_values),
        Command("Pause", (Key(K.K_SPACE),), s.toggle_pause, "pause or resume the AI",
                active=lambda: s.paused),
        Command("Undo", (Key(K.K_u), Key(K.K_z, ctrl=True)), s.undo,
                "take back a move (backgammon: a checker, then whole turns)",
                enabled=s.can_undo, why_not=lambda: "Nothing to undo"),
        Command("Redo", (Key(K.K_r), Key(K.K_y, ctrl=True)), s.redo,
                "replay a move taken back", enabled=lambda: s.session.can_redo,
                why_not=lambda: "Nothing to redo"),
        Command("New", (Key(K.K_n),), s.ask_new_game, "start a new game (asks first)"),
        Command("Slower", (Key(K.K_MINUS), Key(K.K_KP_MINUS)), lambda: s.change_pace(+1),
                "a longer pause between AI moves"),
        Command("Faster", (Key(K.K_PLUS), Key(K.K_EQUALS), Key(K.K_KP_PLUS)),
                lambda: s.change_pace(-1), "a shorter pause between AI moves"),
        Command("Menu", (Key(K.K_ESCAPE),), s.to_menu,
                "back to the start screen; the game waits there (Resume)"),
        Command("Save", (Key(K.K_s, ctrl=True),), s.files.open_save_dialog,
                "save the game to a file"),
        Command("Load", (Key(K.K_o, ctrl=True),), s.ask_load, "load a saved game"),
        Command("Copy", (Key(K.K_c, ctrl=True),), s.files.copy_position,
                "copy the position in notation"),
        Command("Paste", (Key(K.K_v, ctrl=True),), s.ask_paste,
                "set up a position (or a saved game) from the clipboard"),
        Command("Now!", (Key(K.K_m),), s.move_now, "the AI plays its best move so far",
                enabled=s.ai_to_move, why_not=lambda: "It is not the AI's turn"),
        Command("Keys", (Key(K.K_F1), Key(K.K_SLASH)), s.toggle_help, "this list of keys",
                active=lambda: s.help_open),
        *cube_commands(s),
        *[
            Command(label, (Key(K.key.key_code(key)),), lambda a=action: a(s.app, s.session),
                    LAB_HELP[label], enabled=lambda: not why_no_lab(s.session),
                    why_not=lambda: why_no_lab(s.session))
            for label, key, action in lab_commands(s.game.id)
        ],
        Command("Older", (Key(K.K_PAGEUP),), lambda: s.moves_view.page(+1),
                "scroll the move list back", button=False),
        Command("Newer", (Key(K.K_PAGEDOWN),), lambda: s.moves_view.page(-1),
                "scroll the move list forward", button=False),
        Command("First", (Key(K.K_HOME),), lambda: s.moves_view.to_start(),
                "the start of the move list", button=False),
        Command("Latest", (Key(K.K_END),), lambda: s.moves_view.to_end(),
                "the latest moves", button=False),
    ]


def cube_commands(s: PlayScene) -> list[Command]:
    """A backgammon money game's cube decisions (only in a game played with the cube)."""
    if s.session.start_cube is None:
        return []
    K, c = pygame, s.cube_turns
    return [
        Command("Double", (Key(K.K_o),), c.double, "offer a double before your roll",
                enabled=c.can_double, why_not=c.why_no_double),
        Command("Roll", (Key(K.K_RETURN), Key(K.K_KP_ENTER)), c.roll,
                "roll without doubling (when you could double)", enabled=c.can_roll,
                why_not=lambda: "The dice roll by themselves now"),
        Command("Take", (Key(K.K_a),), c.take, "accept the double offered to you",
                enabled=c.must_answer, why_not=c.why_no_answer),
        Command("Drop", (Key(K.K_p),), c.drop,
                "refuse the double: the game ends, lost at the cube's value",
                enabled=c.must_answer, why_not=c.why_no_answer),
    ]
