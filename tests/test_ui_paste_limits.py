"""A paste of a megabyte is refused in one line before anything reads it: on the play screen,
in the paste dialog's field and in the file chooser's name field; nothing on screen is lost."""

from __future__ import annotations

from pathlib import Path

import pygame
from test_ui_support import key, make_app, playing, seats

from game.session import Session
from ui import scene_record
from ui.file_chooser import FileChooser
from ui.text_widgets import TextDialog, TextField
from ui.widgets import MAX_PASTE_CHARS

MEGABYTE = "x" * 1_048_576
CTRL_V = key(pygame.K_v, pygame.KMOD_CTRL)


def test_a_megabyte_pasted_on_the_play_screen_is_refused_before_it_is_read(
        tmp_path, monkeypatch):
    read: list[int] = []
    real = Session.from_position.__func__  # type: ignore[attr-defined]

    def counting(cls, game_id, text, *args, **kwargs):
        read.append(len(text))
        return real(cls, game_id, text, *args, **kwargs)

    monkeypatch.setattr(Session, "from_position", classmethod(counting))
    with playing(tmp_path, monkeypatch, seats=seats("human", "human")) as (app, scene):
        before = scene.session.position_text()
        app.clipboard["text"] = MEGABYTE
        app.step([CTRL_V], 0.02)
        assert scene.message.text == ("Cannot paste: pasted text is 1,048,576 characters; "
                                      "a position or game is at most 65,536")
        assert read == [] and app.scene is scene and scene.dialog is None
        assert scene.session.position_text() == before


def test_a_paste_at_the_limit_is_still_read(tmp_path, monkeypatch):
    with playing(tmp_path, monkeypatch, seats=seats("human", "human")) as (app, scene):
        app.clipboard["text"] = "?" * MAX_PASTE_CHARS
        app.step([CTRL_V], 0.02)
        assert scene.message.text.startswith("Cannot paste: ")
        assert "65,536" not in scene.message.text  # the position's own reason, not the size


def test_a_text_field_refuses_a_megabyte_and_keeps_its_text(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    try:
        field = TextField("", "kept", max_len=1000)
        field.focused = True
        app.clipboard["text"] = MEGABYTE
        assert field.handle_event(CTRL_V)
        assert field.text == "kept"
        assert field.refusal == ("pasted text is 1,048,576 characters; at most 65,536")
        field.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="!"))
        assert field.text == "kept!" and field.refusal == ""
        app.clipboard["text"] = "ok"
        field.handle_event(CTRL_V)
        assert field.text == "kept!ok"
    finally:
        app.close()


def test_the_paste_dialog_shows_the_refusal_in_one_line(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    try:
        dialog = TextDialog("Paste a position", "Position:", "", lambda _t: None)
        dialog.layout(app.screen.get_rect())
        app.clipboard["text"] = MEGABYTE
        dialog.handle_event(CTRL_V)
        with scene_record.recording(app.screen) as rec:
            dialog.draw(app.screen)
        shown = rec.find("pasted text is 1,048,576 characters; at most 65,536")
        assert len(shown) == 1 and not shown[0].cut and dialog.field.text == ""
    finally:
        app.close()


def test_the_file_chooser_says_why_a_pasted_name_was_refused(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    try:
        chooser = FileChooser(app, "save", Path(tmp_path), "game.kibitz.txt")
        chooser.layout(app.screen.get_rect())
        app.clipboard["text"] = MEGABYTE
        chooser.handle_event(CTRL_V)
        assert chooser.field.text == "game.kibitz.txt" and not chooser.closed
        assert chooser.error == ("Cannot paste: pasted text is 1,048,576 characters; "
                                 "at most 65,536")
    finally:
        app.close()
