"""The play screen's commands are defined once: buttons, keys and help all come from one list."""

from __future__ import annotations

import pygame
import pytest
from test_ui_support import key, playing, seats

from ui.commands import Command, Commands, Key


def test_a_key_can_belong_to_one_command_only():
    commands = Commands([Command("Hint", (Key(pygame.K_h),), lambda: None, "a hint")])
    with pytest.raises(ValueError, match="taken by 'Hint'"):
        commands.add(Command("Help", (Key(pygame.K_h),), lambda: None, "help"))
    commands.add(Command("Save", (Key(pygame.K_h, ctrl=True),), lambda: None, "save"))
    assert [c.name for c in commands.items] == ["Hint", "Save"]
    assert Key(pygame.K_h, ctrl=True).text == "Ctrl+H"


def test_buttons_keys_and_help_come_from_the_same_commands(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):
        names = [c.name for c in scene.commands.buttons()]
        assert [b.text.split()[0] for b in scene.geometry.buttons] == names
        help_text = " ".join(text for _keys, text in scene.commands.help_lines())
        assert all(f"{c.name}:" in help_text for c in scene.commands.items)
        for button in scene.geometry.buttons:  # each button shows its command's first key
            assert button.text.endswith(button.command.short_key_text)
        app.step([key(pygame.K_F1)], 0.02)
        assert scene.help.open
        app.step([key(pygame.K_ESCAPE)], 0.02)
        assert not scene.help.open and app.scene is scene  # Esc closes the help first


def test_a_disabled_command_says_why_when_its_key_is_pressed(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):
        app.step([key(pygame.K_m)], 0.02)
        assert scene.message.text == "It is not the AI's turn"
        app.step([key(pygame.K_u)], 0.02)
        assert scene.message.text == "Nothing to undo"
        undo = next(b for b in scene.geometry.buttons if b.text.startswith("Undo"))
        assert not undo.enabled
        scene.play_move(4)
        app.step([], 0.02)
        assert undo.enabled


def test_the_lab_views_open_from_the_play_screen_and_esc_returns_to_the_game(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="nim",
                 seats=seats("human", "human")) as (app, scene):
        names = [c.name for c in scene.commands.items]
        assert {"Tree", "Compare", "Depths", "Binary"} <= set(names)
        position = scene.session.current
        app.step([key(pygame.K_c)], 0.02)
        lab = app.scene
        assert lab is not scene and lab.view == "compare"
        app.step([key(pygame.K_ESCAPE)], 0.02)
        assert app.scene is scene and scene.session.current == position
        app.step([key(pygame.K_t)], 0.02)
        assert app.scene.view == "tree"


def test_the_lab_is_refused_with_a_reason_when_the_game_is_over(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):
        for move in (0, 3, 1, 4, 2):  # X takes the top row
            scene.play_move(move)
        app.step([key(pygame.K_t)], 0.02)
        assert app.scene is scene
        assert scene.message.text == "The game is over: there is no search to show"
