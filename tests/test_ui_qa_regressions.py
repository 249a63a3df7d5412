"""Regressions found by trying the app as a new player would (each failed before its fix)."""

from __future__ import annotations

import pygame
from test_ui_support import click, key, playing, seats

from game.ui.boards.tictactoe import TicTacToeView
from game.ui.file_chooser import FileChooser


def _play_first_square(app, scene) -> None:
    square = scene.session.current.legal_moves()[0]
    app.step([click(TicTacToeView.cell_rect(scene.board_rect, square).center)], 0.02)
    assert scene.session.ply == 1


def test_the_y_that_answers_load_is_not_typed_into_the_file_chooser(tmp_path, monkeypatch):
    # SDL sends the Y key and then its text in one batch: the answer opened the chooser, and
    # the "y" used to land in its name field ("qa1.kibitz.txty").
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):
        _play_first_square(app, scene)
        app.step([key(pygame.K_o, pygame.KMOD_CTRL)], 0.02)
        app.step([key(pygame.K_y, text="y"), pygame.event.Event(pygame.TEXTINPUT, text="y")],
                 0.02)
        assert isinstance(scene.dialog, FileChooser)
        assert scene.dialog.field.text == ""
        assert scene.dialog.focus == "list"
        # typing afterwards still types
        app.step([pygame.event.Event(pygame.TEXTINPUT, text="y")], 0.02)
        assert scene.dialog.field.text == "y"
        assert app.errors == []
