"""Text fields: what typed and pasted text keeps, caret editing, and drawing that survives any
string (a NUL or a zero-width space used to make every frame fail to draw)."""

from __future__ import annotations

import unicodedata

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_ui_support import click, key, make_app, playing, seats

from ui import widgets
from ui.text import DROPPED_CATEGORIES, clean_input, display_name, fit, render
from ui.text_edit import LineEdit
from ui.text_widgets import TextDialog, TextField
from ui.widgets import draw_text

#: Characters a one-line field drops: NUL, zero-width space, BOM, bidi override, a surrogate,
#: private use, a tag character, DEL, ESC, an unassigned code point.
BAD = ["\x00", "\u200b", "\ufeff", "\u202e", "\ud800", "\ue000", "\U000e0001", "\x7f",
       "\x1b", "\u0378"]


def text_input(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


# ---- sanitising ---------------------------------------------------------------------------
@pytest.mark.parametrize("bad", BAD)
def test_non_printing_characters_are_dropped(bad):
    assert clean_input(f"a{bad}b") == "ab"


def test_line_breaks_and_tabs_become_spaces_and_real_text_stays():
    assert clean_input("13/10\n24/23*\tx\r\ny\u2028z\u2029") == "13/10 24/23* x  y z "
    assert clean_input("Überläufer ø 日本 😀 e\u0301") == "Überläufer ø 日本 😀 e\u0301"
    assert clean_input("12, x3", allowed="0123456789, ") == "12, 3"


def test_a_file_name_that_cannot_be_drawn_shows_question_marks():
    assert display_name("a\nb\udcff.txt") == "a?b?.txt"


# ---- rendering never raises ----------------------------------------------------------------
@pytest.mark.parametrize("bad", [*BAD, "\u2028", "\u200b\u200b", "a\x00b", ""])
def test_drawing_any_string_does_not_raise(bad):
    pygame.font.init()
    surface = pygame.Surface((200, 40))
    from ui.assets import font

    img = render(font(16), bad, (255, 255, 255))
    assert img.get_height() > 0
    draw_text(surface, bad, (0, 0), 16, max_width=100)
    assert fit(bad * 3, font(16), 50) is not None


def test_fit_cuts_a_huge_line_quickly_and_exactly():
    pygame.font.init()
    from ui.assets import font

    f = font(14)
    cut = fit("x" * 100_000, f, 300)
    assert cut.endswith("…") and f.size(cut)[0] <= 300
    assert f.size(cut[:-1] + "x…")[0] > 300  # the longest prefix that fits, not a shorter one
    assert fit("short", f, 300) == "short"


# ---- editing ---------------------------------------------------------------------------------
def test_select_all_then_typing_replaces_everything():
    e = LineEdit("old name")
    e.select_all()
    e.insert("new")
    assert (e.text, e.caret) == ("new", 3)


def test_home_end_left_right_backspace_delete():
    e = LineEdit("abcd")
    e.home()
    e.delete()
    assert (e.text, e.caret) == ("bcd", 0)
    e.right()
    e.right()
    e.backspace()
    assert (e.text, e.caret) == ("bd", 1)
    e.end()
    e.insert("!")
    e.left()
    e.left(extend=True)
    assert e.selected_text() == "d"
    e.backspace()
    assert (e.text, e.caret) == ("b!", 1)
    e.home()
    e.backspace()  # nothing before the caret: no change
    e.end()
    e.delete()
    assert e.text == "b!"


def test_word_jumps_and_word_delete():
    e = LineEdit("saves/my game.txt")
    e.left(word=True)
    assert e.caret == len("saves/my game.")
    e.backspace(word=True)
    assert e.text == "saves/my txt"
    e.home()
    e.right(word=True)
    assert e.caret == len("saves")


def test_paste_is_cleaned_and_capped_at_the_caret():
    e = LineEdit("ab", max_len=6)
    e.home()
    e.insert("1\x002\u200b3\n45678")
    assert e.text == "123 ab"  # NUL and U+200B dropped, newline a space, cut to 6 in all
    assert e.caret == 4


def test_initial_text_is_cleaned():
    field = TextField("", "a\x00b\u200bc")
    assert field.text == "abc"
    field.text = "x\u2028y"
    assert field.text == "x y"


# ---- the widget with synthetic pygame events ------------------------------------------------
def _focused_field(text: str = "") -> TextField:
    pygame.font.init()
    field = TextField("", text, max_len=100)
    field.rect = pygame.Rect(10, 10, 300, 32)
    field.focused = True
    return field


def test_keys_edit_the_field():
    field = _focused_field("game.txt")
    ctrl = pygame.KMOD_CTRL
    for event in (key(pygame.K_HOME), text_input("my "), key(pygame.K_END),
                  key(pygame.K_BACKSPACE), key(pygame.K_LEFT), key(pygame.K_DELETE)):
        field.handle_event(event)
    assert field.text == "my game.t"
    field.handle_event(key(pygame.K_a, ctrl))
    field.handle_event(text_input("fresh"))
    assert field.text == "fresh"


def test_ctrl_v_pastes_cleaned_clipboard_text(monkeypatch):
    monkeypatch.setattr(widgets, "clipboard_get", lambda: "\x00\u200bXO-\n")
    field = _focused_field("a")
    field.handle_event(key(pygame.K_v, pygame.KMOD_CTRL))
    assert field.text == "aXO- "


def test_ctrl_c_and_ctrl_x_copy_the_selection(monkeypatch):
    clip: list[str] = []
    monkeypatch.setattr(widgets, "clipboard_put", lambda t: clip.append(t) or True)
    field = _focused_field("copy me")
    field.handle_event(key(pygame.K_a, pygame.KMOD_CTRL))
    field.handle_event(key(pygame.K_c, pygame.KMOD_CTRL))
    field.handle_event(key(pygame.K_x, pygame.KMOD_CTRL))
    assert clip == ["copy me", "copy me"] and field.text == ""


def test_a_click_puts_the_caret_where_it_lands():
    field = _focused_field("abcdefgh")
    f = field._font()
    x = field.field_rect().x + 8 + f.size("abc")[0]
    field.handle_event(click((x + 1, field.rect.centery)))
    assert field.edit.caret == 3
    field.handle_event(click((field.rect.x + 5, field.rect.centery)))
    assert field.edit.caret == 0


def test_a_long_text_scrolls_to_keep_the_caret_visible():
    field = _focused_field("x" * 300)
    surface = pygame.Surface((400, 60))
    field.draw(surface)
    assert field._scroll > 0  # caret at the end: the start is scrolled off
    field.handle_event(key(pygame.K_HOME))
    field.draw(surface)
    assert field._scroll == 0


@pytest.mark.parametrize("bad", ["\x00", "\u200b"])
def test_text_dialog_draws_after_a_bad_character_is_typed(bad):
    """Old code: the field held the character and render() raised on every frame."""
    pygame.font.init()
    dialog = TextDialog("Paste", "Position:", "", lambda _t: None)
    dialog.layout(pygame.Rect(0, 0, 800, 600))
    dialog.handle_event(text_input(bad))
    dialog.draw(pygame.Surface((800, 600)))
    assert dialog.field.text == ""


@pytest.mark.parametrize("bad", ["\x00", "\u200b", "a\x00b\u200b"])
def test_typed_or_pasted_bad_text_in_the_save_dialog_never_breaks_the_screen(
        tmp_path, monkeypatch, bad):
    with playing(tmp_path, monkeypatch, game="tictactoe",
                 seats=seats("human", "human")) as (app, scene):
        app.step([key(pygame.K_s, pygame.KMOD_CTRL)], 0.02)
        assert scene.dialog is not None
        app.step([key(pygame.K_a, pygame.KMOD_CTRL), text_input(bad)], 0.02)
        app.clipboard["text"] = bad
        app.step([key(pygame.K_v, pygame.KMOD_CTRL)], 0.02)
        app.run_frames(3)
        assert "\x00" not in scene.dialog.field.text
        assert "\u200b" not in scene.dialog.field.text
        assert app.errors == []


def test_menu_heaps_field_edits_with_home_and_select_all(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, game="nim")
    try:
        field = next(w for w in app.scene.widgets if isinstance(w, TextField))
        app.step([click(field.field_rect().center)], 0.02)
        app.step([key(pygame.K_a, pygame.KMOD_CTRL), text_input("3,4\x00,5")], 0.02)
        assert app.settings.nim_heaps == "3,4,5"
        app.step([key(pygame.K_HOME), text_input("2,")], 0.02)
        assert app.settings.nim_heaps == "2,3,4,5"
        assert app.errors == []
    finally:
        app.close()


_ANY_CHAR = st.integers(0, 0x10FFFF).map(chr)  # surrogates and unassigned code points included


@given(st.lists(st.text(_ANY_CHAR, max_size=12), max_size=6), st.text(_ANY_CHAR, max_size=30))
def test_whatever_is_typed_or_pasted_the_field_holds_drawable_text(typed, pasted):
    pygame.font.init()
    field = _focused_field("start")
    for chunk in typed:
        field.handle_event(text_input(chunk))
        field.handle_event(key(pygame.K_LEFT, pygame.KMOD_SHIFT))
    field.edit.insert(pasted)  # what Ctrl+V does with the clipboard's text
    assert all(unicodedata.category(c) not in DROPPED_CATEGORIES for c in field.text)
    field.draw(pygame.Surface((320, 60)))
    field.text.encode("utf-8")  # no lone surrogate left
