"""The in-app file chooser: listing, keys and clicks, recent files, the overwrite question."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
import pytest
from test_ui_support import click, key, make_app, resize

from game import savefile
from game.registry import get_kit
from game.seat import Seat
from game.session import Session
from ui import file_listing
from ui.file_chooser import FileChooser
from ui.file_listing import list_folder
from ui.settings import MAX_RECENT_FILES, Settings


@pytest.fixture
def app(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    yield app
    app.close()


@pytest.fixture
def folder(tmp_path) -> Path:
    """b/ and A/ folders, two saves, a note that is not a save and a hidden file."""
    root = tmp_path / "games"
    (root / "b").mkdir(parents=True)
    (root / "A").mkdir()
    (root / "A" / "inner.kibitz.txt").write_text("x", encoding="utf-8")
    (root / "zeta.kibitz.txt").write_text("x", encoding="utf-8")
    (root / "Alpha.txt").write_text("x", encoding="utf-8")
    (root / "notes.md").write_text("x", encoding="utf-8")
    (root / ".hidden.txt").write_text("x", encoding="utf-8")
    return root


class Recorder:
    def __init__(self) -> None:
        self.chosen: list[Path] = []
        self.cancelled = 0

    def choose(self, path: Path) -> None:
        self.chosen.append(path)

    def cancel(self) -> None:
        self.cancelled += 1


def chooser(app, mode, folder, name="", rec=None) -> FileChooser:
    rec = rec or Recorder()
    fc = FileChooser(app, mode, folder, name, rec.choose, rec.cancel)
    fc.layout(app.screen.get_rect())
    fc.rec = rec  # type: ignore[attr-defined]
    return fc


def labels(fc: FileChooser) -> list[str]:
    return [e.label for e in fc.entries]


def send(fc: FileChooser, *events: pygame.event.Event) -> None:
    for event in events:
        assert fc.handle_event(event)


def test_listing_shows_parent_then_folders_then_saves(folder):
    assert [e.label for e in list_folder(folder).entries] == [
        "..", "A/", "b/", "Alpha.txt", "zeta.kibitz.txt"]
    everything = [e.label for e in list_folder(folder, show_all=True).entries]
    assert everything == ["..", "A/", "b/", ".hidden.txt", "Alpha.txt", "notes.md",
                          "zeta.kibitz.txt"]


def test_numbers_in_names_sort_by_value(tmp_path):
    for name in ("round-10.txt", "Round-9.txt", "round-100.txt", "round-2b.txt", "round-2a.txt"):
        (tmp_path / name).write_text("x", encoding="utf-8")
    assert [e.label for e in list_folder(tmp_path).entries][1:] == [
        "round-2a.txt", "round-2b.txt", "Round-9.txt", "round-10.txt", "round-100.txt"]


def test_all_files_button_shows_other_files(app, folder):
    fc = chooser(app, "load", folder)
    assert "notes.md" not in labels(fc)
    fc.handle_event(click(fc.all_button.rect.center))
    assert "notes.md" in labels(fc) and ".hidden.txt" in labels(fc)


def test_arrow_keys_and_enter_open_a_folder_and_choose_a_file(app, folder):
    fc = chooser(app, "load", folder)
    assert labels(fc)[fc.selected] == "Alpha.txt"  # opening: the first save is selected
    send(fc, key(pygame.K_UP), key(pygame.K_UP))
    assert labels(fc)[fc.selected] == "A/"
    send(fc, key(pygame.K_RETURN))
    assert fc.listing.folder == folder / "A" and labels(fc) == ["..", "inner.kibitz.txt"]
    send(fc, key(pygame.K_BACKSPACE))  # up again, with the folder just left selected
    assert fc.listing.folder == folder and labels(fc)[fc.selected] == "A/"
    send(fc, key(pygame.K_END), key(pygame.K_RETURN))
    assert fc.closed and fc.rec.chosen == [folder / "zeta.kibitz.txt"]


def test_clicks_open_folders_and_a_second_click_chooses_a_file(app, folder):
    fc = chooser(app, "load", folder)

    def row_centre(label: str) -> tuple[int, int]:
        i = labels(fc).index(label) - fc.top
        return fc.list_rect.x + 40, fc.list_rect.y + 2 + i * fc.row_h + fc.row_h // 2

    send(fc, click(row_centre("b/")))
    assert fc.listing.folder == folder / "b" and labels(fc) == [".."]
    assert fc.field.text == ""  # no stale name from the folder left behind
    send(fc, click(row_centre("..")))
    assert fc.listing.folder == folder
    send(fc, click(row_centre("zeta.kibitz.txt")))
    assert fc.field.text == "zeta.kibitz.txt" and not fc.closed
    send(fc, click(row_centre("zeta.kibitz.txt")))
    assert fc.rec.chosen == [folder / "zeta.kibitz.txt"]


def test_escape_cancels_and_chooses_nothing(app, folder):
    fc = chooser(app, "load", folder)
    send(fc, key(pygame.K_ESCAPE))
    assert fc.closed and fc.rec.cancelled == 1 and fc.rec.chosen == []


def test_typing_a_name_that_is_not_there_is_a_one_line_error(app, folder):
    fc = chooser(app, "load", folder)
    fc.field.text = ""
    send(fc, *[pygame.event.Event(pygame.TEXTINPUT, text=c) for c in "nope.txt"])
    send(fc, key(pygame.K_RETURN))
    assert not fc.closed and fc.error == "No file named nope.txt here"
    fc.field.text = "A"  # a folder typed in the field opens it
    send(fc, key(pygame.K_RETURN))
    assert fc.listing.folder == folder / "A"


def test_saving_adds_the_extension_and_asks_before_replacing(app, folder):
    fc = chooser(app, "save", folder, "othello.kibitz.txt")
    assert fc.focus == "field" and fc.field.text == "othello.kibitz.txt"
    send(fc, key(pygame.K_a, pygame.KMOD_CTRL),
         *[pygame.event.Event(pygame.TEXTINPUT, text=c) for c in "zeta"])
    send(fc, key(pygame.K_RETURN))
    assert fc.confirm == folder / "zeta.kibitz.txt" and not fc.closed
    send(fc, key(pygame.K_RETURN))  # the same Enter still held: not a yes
    assert not fc.closed
    send(fc, key(pygame.K_ESCAPE))  # "keep it": back in the chooser, nothing chosen
    assert fc.confirm is None and not fc.closed and fc.rec.chosen == []
    send(fc, key(pygame.K_RETURN), pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN,
                                                       mod=0))
    assert fc.confirm is not None
    send(fc, key(pygame.K_RETURN))
    assert fc.closed and fc.rec.chosen == [folder / "zeta.kibitz.txt"]


def test_replace_button_and_new_names_need_no_question(app, folder):
    fc = chooser(app, "save", folder, "fresh")
    send(fc, click(fc.primary.rect.center))
    assert fc.closed and fc.rec.chosen == [folder / "fresh.kibitz.txt"]
    fc = chooser(app, "save", folder, "Alpha.txt")
    send(fc, click(fc.primary.rect.center))
    assert fc.confirm == folder / "Alpha.txt"
    fc.draw(app.screen)
    send(fc, click(fc.replace_button.rect.center))
    assert fc.rec.chosen == [folder / "Alpha.txt"]


def test_save_mode_creates_the_missing_saves_folder(app, tmp_path):
    target = tmp_path / "Documents" / "Kibitz"
    fc = chooser(app, "save", target, "nim.kibitz.txt")
    assert target.is_dir() and fc.listing.folder == target


def test_recent_files_are_remembered_newest_first_and_capped(app, folder):
    for name in ("zeta.kibitz.txt", "Alpha.txt", "zeta.kibitz.txt"):
        fc = chooser(app, "load", folder, name)
        fc.field.text = name
        send(fc, key(pygame.K_TAB), key(pygame.K_TAB), key(pygame.K_RETURN))
    assert app.settings.recent_files[:2] == [str(folder / "zeta.kibitz.txt"),
                                             str(folder / "Alpha.txt")]
    for i in range(20):
        app.settings.remember_recent(f"/x/{i}.txt")
    assert len(app.settings.recent_files) == MAX_RECENT_FILES
    assert app.settings.recent_files[0] == "/x/19.txt"


def test_a_recent_file_is_offered_and_opens_with_one_click(app, folder, tmp_path):
    app.settings.update(recent_files=[str(folder / "A" / "inner.kibitz.txt"),
                                      str(tmp_path / "gone.kibitz.txt")])
    fc = chooser(app, "load", folder)
    assert fc.recent == [folder / "A" / "inner.kibitz.txt"]  # missing files are not offered
    y = fc.recent_rows_top() + fc.recent_row_h // 2
    send(fc, click((fc.recent_rect.x + 20, y)))
    assert fc.rec.chosen == [folder / "A" / "inner.kibitz.txt"]


def test_recent_files_survive_the_settings_file(tmp_path):
    s = Settings()
    s.remember_recent("/a/one.kibitz.txt")
    s.remember_recent("/a/two.kibitz.txt")
    back = Settings.from_dict(json.loads(s.to_json()))
    assert back.recent_files == ["/a/two.kibitz.txt", "/a/one.kibitz.txt"]
    raw = {"recent_files": [f"/p/{i}" for i in range(30)] + [3, None, "", "a\x00b"]}
    assert Settings.from_dict(raw).recent_files == [f"/p/{i}" for i in range(MAX_RECENT_FILES)]
    with pytest.raises(ValueError):
        Settings.from_dict({"recent_files": "not a list"})


def test_an_unreadable_folder_is_one_line_and_can_be_left(app, folder, monkeypatch):
    real = os.scandir

    def refuse(path):
        if Path(path) == folder / "b":
            raise PermissionError(13, "Permission denied")
        return real(path)

    monkeypatch.setattr(file_listing.os, "scandir", refuse)
    fc = chooser(app, "load", folder / "b")
    assert fc.error == "Cannot read b: Permission denied" and labels(fc) == [".."]
    fc.draw(app.screen)
    send(fc, key(pygame.K_RETURN))
    assert fc.listing.folder == folder and fc.error == ""


def test_a_long_folder_scrolls_with_keys_and_wheel(app, tmp_path):
    many = tmp_path / "many"
    many.mkdir()
    for i in range(150):
        (many / f"game-{i:03}.kibitz.txt").write_text("x", encoding="utf-8")
    fc = chooser(app, "load", many)
    shown = fc.visible_rows()
    assert 5 < shown < 150
    send(fc, key(pygame.K_END))
    assert labels(fc)[fc.selected] == "game-149.kibitz.txt"
    assert fc.top == len(fc.entries) - shown  # the selected row is on screen
    send(fc, key(pygame.K_PAGEUP))
    assert fc.selected == len(fc.entries) - 1 - (shown - 1)
    send(fc, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=100, flipped=False))
    assert fc.top == 0
    fc.draw(app.screen)


def test_odd_file_names_are_listed_and_drawn(app, tmp_path):
    odd = tmp_path / "odd"
    odd.mkdir()
    (odd / "line\nbreak.txt").write_text("x", encoding="utf-8")
    (odd / "zero\u200bwidth.txt").write_text("x", encoding="utf-8")
    fc = chooser(app, "load", odd)
    assert labels(fc) == ["..", "line?break.txt", "zero?width.txt"]
    fc.draw(app.screen)
    send(fc, key(pygame.K_RETURN))
    assert fc.rec.chosen == [odd / "line\nbreak.txt"]


def test_menu_load_opens_the_chooser_and_loads_the_chosen_game(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    try:
        saves = tmp_path / "saves"
        saves.mkdir()
        game = Session(get_kit("tictactoe"), None, (Seat.human(), Seat.human()))
        for move in ("b2", "a1"):
            game.play_text(move)
        savefile.save_file(game, saves / "tictactoe.kibitz.txt")
        app.step([key(pygame.K_o, pygame.KMOD_CTRL)], 0.02)
        fc = app.scene.dialog
        assert isinstance(fc, FileChooser) and fc.listing.folder == saves
        app.run_frames(2)
        app.step([key(pygame.K_RETURN)], 0.02)
        from ui.scenes.play import PlayScene

        assert isinstance(app.scene, PlayScene)
        assert app.scene.session.moves_text() == ["b2", "a1"]
        assert app.settings.recent_files == [str(saves / "tictactoe.kibitz.txt")]
        assert app.errors == []
    finally:
        app.close()


def test_menu_load_of_a_bad_file_stays_on_the_menu(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    try:
        saves = tmp_path / "saves"
        saves.mkdir()
        (saves / "broken.kibitz.txt").write_text("not a save\n", encoding="utf-8")
        menu = app.scene
        app.step([key(pygame.K_o, pygame.KMOD_CTRL)], 0.02)
        app.step([key(pygame.K_RETURN)], 0.02)
        assert app.scene is menu and menu.dialog is None
        assert menu.message.error and menu.message.text.startswith("Cannot load")
        assert app.errors == []
    finally:
        app.close()


@pytest.mark.parametrize("size", [(640, 480), (1920, 1080)])
def test_the_chooser_fits_the_window_when_it_is_resized(tmp_path, monkeypatch, size):
    app = make_app(tmp_path, monkeypatch)
    try:
        recent = tmp_path / "recent.kibitz.txt"
        recent.write_text("x", encoding="utf-8")
        app.settings.update(recent_files=[str(recent)])
        app.step([key(pygame.K_o, pygame.KMOD_CTRL)], 0.02)
        resize(app, *size)
        fc = app.scene.dialog
        screen = app.screen.get_rect()
        assert screen.contains(fc.rect)
        assert fc.recent and fc.recent_rect.width > 100
        for part in (fc.list_rect, fc.recent_rect, fc.field.rect, fc.primary.rect, fc.cancel_button.rect,
                     fc.all_button.rect):
            assert fc.rect.contains(part) and part.height > 10
        assert fc.visible_rows() >= 4
        app.run_frames(2)
        assert app.errors == []
    finally:
        app.close()


@pytest.mark.parametrize("mode", ["load", "save"])
def test_an_unknown_users_home_is_one_line_and_keeps_the_chooser_open(app, folder, mode):
    fc = chooser(app, mode, folder)
    fc.field.text = ""
    fc._set_focus("field")
    send(fc, *[pygame.event.Event(pygame.TEXTINPUT, text=c) for c in "~nosuchuser/game"])
    send(fc, key(pygame.K_RETURN))
    assert not fc.closed and fc.rec.chosen == []
    assert fc.error == "Cannot use ~nosuchuser/game: no user 'nosuchuser'"
    assert fc.listing.folder == folder  # nothing lost: still where it was


def test_an_unknown_users_home_as_start_folder_opens_somewhere_real(app):
    fc = chooser(app, "load", "~nosuchuser/games")
    assert fc.listing.folder.is_dir()
    assert file_listing.nearest_folder(Path("~nosuchuser/x")).is_dir()
