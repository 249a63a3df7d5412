"""A pasted text past the size a saved game may have is refused at once with one line naming
the limit; the game on the board stays as it was."""

from __future__ import annotations

import pygame
from test_ui_support import key, playing, seats

from game import savefile
from game.ui import scene_record


def test_an_oversized_paste_is_refused_naming_the_limit(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):
        scene.play_move(4)
        app.clipboard["text"] = "X-O------ X\n" * (savefile.MAX_SAVE_CHARS // 12 + 1)
        app.step([key(pygame.K_v, pygame.KMOD_CTRL)], 0.02)
        assert scene.dialog is None and scene.session.ply == 1
        limit = f"{savefile.MAX_SAVE_CHARS:,}"
        assert scene.message.error
        assert scene.message.text == f"Cannot paste: the text is longer than {limit} characters"
        with scene_record.recording(app.screen) as rec:
            app.step([], 0.02)
        assert rec.find(f"longer than {limit} characters")
        app.save_screenshot(str(tmp_path / "paste.png"))
        assert app.errors == []
