"""The programs the games know by name (GRhino, GNU Backgammon): offered ready-made in the
Program dialog, found on the machine or pointed to in Settings, and run from there."""

from __future__ import annotations

import json
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from ai.kit import levels_of
from game.registry import get_kit
from play.kit import game_play, known_programs
from play.outside.locate import choose_paths, chosen_path, locate, where
from play.outside.players import takes_program
from play.outside.protocol import Forfeit
from play.outside.spec import parse_spec
from tests.test_ui_support import click, key, make_app, seats
from ui.settings import SeatSetting, Settings

NOWHERE = "kibitz-no-such-program"


@pytest.fixture(autouse=True)
def no_chosen_paths() -> Iterator[None]:
    """Chosen paths are the app's whole run's: each test starts and ends without any."""
    choose_paths({})
    yield
    choose_paths({})


def program_file(folder: Path, name: str, runnable: bool = True) -> Path:
    path = folder / name
    path.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    path.chmod(stat.S_IRWXU if runnable else stat.S_IRUSR | stat.S_IWUSR)
    return path


def test_a_chosen_path_is_where_a_program_runs_from(tmp_path: Path) -> None:
    fake = program_file(tmp_path, "elsewhere")
    with pytest.raises(Forfeit, match=f"{NOWHERE} not found: apt-get install pkg"):
        locate(NOWHERE, "pkg")
    assert where(NOWHERE) is None
    choose_paths({NOWHERE: str(fake)})
    assert locate(NOWHERE, "pkg") == str(fake)
    assert where(NOWHERE) == str(fake) == chosen_path(NOWHERE)
    choose_paths({NOWHERE: ""})  # an empty choice: look it up again
    assert chosen_path(NOWHERE) is None and where(NOWHERE) is None


def test_a_chosen_path_that_is_no_program_forfeits_with_its_reason(tmp_path: Path) -> None:
    text = program_file(tmp_path, "notes.txt", runnable=False)
    choose_paths({NOWHERE: str(text)})
    assert where(NOWHERE) is None
    with pytest.raises(Forfeit, match="chosen in Settings"):
        locate(NOWHERE, "pkg")
    choose_paths({NOWHERE: str(tmp_path / "gone")})
    with pytest.raises(Forfeit, match="is not a program to run"):
        locate(NOWHERE)


def test_each_known_program_is_listed_once_and_its_players_are_its_games() -> None:
    known = {k.program: k for k in known_programs()}
    assert set(known) == {"gtp-rhino", "gnubg"}
    othello, backgammon = get_kit("othello"), get_kit("backgammon")
    assert game_play(othello).programs == (known["gtp-rhino"],)
    assert game_play(backgammon).programs == (known["gnubg"],)
    for kit, program in ((othello, known["gtp-rhino"]), (backgammon, known["gnubg"])):
        other = backgammon if kit is othello else othello
        assert program.choices
        for _label, name in program.choices:
            assert parse_spec(name).name == name
            assert takes_program(kit, name) and not takes_program(other, name)
    assert [label for label, _ in known["gnubg"].choices] == ["0-ply", "1-ply", "2-ply"]
    assert "gtp:gtp-rhino -l 5" not in dict(known["gtp-rhino"].choices).values()


def test_every_game_takes_files_and_commands_and_only_its_own_engines() -> None:
    for game in ("tictactoe", "othello", "nim", "backgammon", "kalah"):
        kit = get_kit(game)
        assert takes_program(kit, "file:a.py") and takes_program(kit, "cmd:x")
        assert not takes_program(kit, "Casual")
    assert not takes_program(get_kit("nim"), "gtp:gtp-rhino -l 1")


def test_settings_keep_the_chosen_paths_and_drop_a_bad_one_alone() -> None:
    s, dropped = Settings.read({"program_paths": {"gtp-rhino": "/opt/g/gtp-rhino", "gnubg": 5,
                                                  "x" * 300: "/y"}})
    assert s.program_paths == {"gtp-rhino": "/opt/g/gtp-rhino"}
    assert len(dropped) == 2 and dropped[0] == "program_paths.gnubg"
    again, dropped = Settings.read({"program_paths": ["not", "a", "mapping"]})
    assert again.program_paths == {} and dropped == ["program_paths"]

    assert Settings.read(json.loads(s.to_json()))[0].program_paths == s.program_paths


def ready_made_dialog(app: Any, game: str) -> Any:
    from ui.scenes.program_dialog import ProgramDialog

    menu = app.scene
    menu.layout(menu.rect)
    menu.ask_program(1)
    app.step([], 0.02)
    assert isinstance(menu.dialog, ProgramDialog)
    return menu.dialog


def test_a_ready_made_program_fills_the_seat_when_it_is_found(tmp_path: Path,
                                                              monkeypatch: Any) -> None:
    fake = program_file(tmp_path, "gtp-rhino")
    app = make_app(tmp_path, monkeypatch, game="othello",
                   program_paths={"gtp-rhino": str(fake)})
    try:
        assert where("gtp-rhino") == str(fake)  # the app handed its settings' choice on
        dialog = ready_made_dialog(app, "othello")
        labels = [b.text for b in dialog.ready_made[0]]
        assert labels == ["level 1", "level 2", "level 3", "level 4"]
        app.step([click(dialog.ready_made[0][2].rect.center)], 0.02)
        seat = app.settings.seats[1]
        assert (seat.kind, seat.program) == ("program", "gtp:gtp-rhino -l 3")
        assert app.scene.dialog is None and not app.errors
    finally:
        app.close()


def test_a_ready_made_program_not_found_says_why_and_leaves_the_seat(tmp_path: Path,
                                                                     monkeypatch: Any) -> None:
    text = program_file(tmp_path, "gnubg.txt", runnable=False)
    app = make_app(tmp_path, monkeypatch, game="backgammon",
                   program_paths={"gnubg": str(text)})
    try:
        before = app.settings.seats[1].kind
        dialog = ready_made_dialog(app, "backgammon")
        app.step([click(dialog.ready_made[0][0].rect.center)], 0.02)
        assert app.scene.dialog is dialog and not dialog.closed
        assert dialog.error == f"GNU Backgammon cannot start: not a program: {text}"
        assert app.settings.seats[1].kind == before
    finally:
        app.close()


def test_another_games_program_leaves_the_seat_when_the_game_changes(tmp_path: Path,
                                                                     monkeypatch: Any) -> None:
    app = make_app(tmp_path, monkeypatch, game="othello",
                   seats=seats(SeatSetting("program", program="file:a.py"),
                               SeatSetting("program", program="gtp:gtp-rhino -l 2")))
    try:
        menu = app.scene
        menu.layout(menu.rect)
        menu._set_game(get_kit("backgammon"))
        a, b = app.settings.seats
        assert (a.kind, a.program) == ("program", "file:a.py")  # every game takes a file
        assert b.kind == "level"
        assert b.level in {level.name for level in levels_of(get_kit("backgammon"))}
        dialog = ready_made_dialog(app, "backgammon")
        assert dialog.field.text == ""  # GRhino's name is not offered to backgammon
    finally:
        app.close()


def test_settings_point_to_a_program_and_look_it_up_again(tmp_path: Path,
                                                          monkeypatch: Any) -> None:
    from play.outside.locate import KnownProgram
    from ui.scenes.settings import SettingsScene
    from ui.scenes.settings_programs import ProgramPathRow, program_status

    fake = program_file(tmp_path, "gnubg")
    app = make_app(tmp_path, monkeypatch, game="backgammon")
    try:
        app.open_settings()
        scene = app.scene
        assert isinstance(scene, SettingsScene)
        rows = [w for w in scene.widgets if isinstance(w, ProgramPathRow)]
        assert [r.known.title for r in rows] == ["GRhino", "GNU Backgammon"]
        gnubg: KnownProgram = rows[1].known
        assert not rows[1].look_up_button.enabled  # nothing chosen: nothing to forget
        scene._set_program_path(gnubg, str(fake))
        assert app.settings.program_paths == {"gnubg": str(fake)}
        assert locate("gnubg") == str(fake)
        assert program_status(gnubg) == (f"{fake} (chosen)", False)
        app.step([], 0.02)  # drawn: the new row's buttons are placed
        row = next(w for w in scene.widgets if isinstance(w, ProgramPathRow)
                   and w.known.program == "gnubg")
        assert row.look_up_button.enabled
        app.step([click(row.look_up_button.rect.center)], 0.02)
        assert app.settings.program_paths == {} and chosen_path("gnubg") is None
        app.step([key(pygame.K_ESCAPE)], 0.02)
        assert not app.errors
    finally:
        app.close()


def test_a_windows_drive_is_a_path_not_a_kind_of_program(monkeypatch: Any) -> None:
    from play.outside import spec
    from ui.scenes.program_dialog import program_name

    assert spec.prefix_of("C:\\agents\\mine.py") is None
    assert program_name("C:\\agents\\mine.py") == "file:C:\\agents\\mine.py"
    assert spec.parse_spec("file:C:\\agents\\mine.py").path == "C:\\agents\\mine.py"
    assert spec.prefix_of("gtp:x") == "gtp" and spec.prefix_of("cmd:x") == "cmd"
    monkeypatch.setattr(spec.os, "name", "nt")
    assert spec.command_words('"C:\\Program Files\\eng.exe" -l 3') == [
        "C:\\Program Files\\eng.exe", "-l", "3"]
    monkeypatch.setattr(spec.os, "name", "posix")
    assert spec.command_words("'/opt/my engine' -l 3") == ["/opt/my engine", "-l", "3"]
