"""A key press's text belongs to whatever took the key press (ui.key_text).

SDL sends a keystroke as KEYDOWN then TEXTINPUT. The Y that answers "Load another game?" opens
the file chooser, and the N that declines "Replace?" closes the chooser's prompt: in both the
text arrives after the front changed and must not be typed into the name field, however late
it comes. This used to be a half-second window on the wall clock after a confirm dialog's
answer (and the chooser's own prompt was not covered at all).
"""

from __future__ import annotations

import time

import pygame
from test_ui_support import key, playing, seats

from ui.file_chooser import FileChooser
from ui.key_text import KeyText, front_of


def _text(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def _in_progress(app, scene) -> None:
    scene.play_move(scene.session.current.legal_moves()[0])
    assert scene.match.in_progress


def test_the_y_of_load_is_not_typed_even_when_its_text_comes_late(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):
        _in_progress(app, scene)
        app.step([key(pygame.K_o, pygame.KMOD_CTRL)], 0.02)  # "Load another game?"
        app.step([key(pygame.K_y, text="y")], 0.02)
        assert isinstance(scene.dialog, FileChooser)
        # The text of that Y comes a frame and a whole second later (a loaded machine).
        later = time.monotonic() + 1.0
        monkeypatch.setattr(time, "monotonic", lambda: later)
        app.step([_text("y")], 0.02)
        assert scene.dialog.field.text == ""
        # A key pressed in the chooser types as usual, with or without its key event.
        app.step([key(pygame.K_a, text="a"), _text("a")], 0.02)
        app.step([_text("b")], 0.02)
        assert scene.dialog.field.text == "ab"
        assert app.errors == []


def test_the_n_that_keeps_a_file_is_not_typed_into_the_name(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):
        _in_progress(app, scene)
        app.step([key(pygame.K_s, pygame.KMOD_CTRL)], 0.02)
        chooser = scene.dialog
        assert isinstance(chooser, FileChooser)
        folder = chooser.listing.folder
        folder.mkdir(parents=True, exist_ok=True)
        name = "mine.kibitz.txt"
        (folder / name).write_text("x", encoding="utf-8")
        chooser.focus = "field"
        chooser.field.text = name
        app.step([key(pygame.K_RETURN)], 0.02)
        app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)], 0.02)
        assert chooser.front_layer is not None  # "Replace mine.kibitz.txt?"
        app.step([key(pygame.K_n, text="n"), _text("n")], 0.02)
        assert chooser.front_layer is None and scene.dialog is chooser
        assert chooser.field.text == name  # not "mine.kibitz.txtn"
        assert (folder / name).read_text(encoding="utf-8") == "x"
        assert app.errors == []


def test_key_text_pairs_a_text_with_the_front_at_its_key_press():
    screen, dialog, other = object(), object(), object()
    front = (screen, dialog, None)
    pairs = KeyText()
    pairs.key_down(key(pygame.K_y, text="y"), front)
    assert not pairs.text_belongs((screen, other, None))  # the front changed: not typed
    assert pairs.text_belongs((screen, other, None))  # asked once: later text goes on
    pairs.key_down(key(pygame.K_y, text="y"), front)
    assert pairs.text_belongs(front)
    pairs.key_down(key(pygame.K_y, text="y"), (screen, dialog, "replace?"))
    assert not pairs.text_belongs(front)  # a prompt layer of the same dialog closed
    pairs.key_down(key(pygame.K_o, pygame.KMOD_CTRL), front)  # a shortcut types nothing
    assert pairs.text_belongs((screen, other, None))


def test_front_of_a_screen_names_its_dialog_and_prompt():
    class Screen:
        dialog = None

    screen = Screen()
    assert front_of(screen) == (screen, None, None)
    chooser = type("Chooser", (), {"front_layer": "replace?"})()
    screen.dialog = chooser
    assert front_of(screen) == (screen, chooser, "replace?")
