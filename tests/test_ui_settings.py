"""Settings survive a restart; a corrupt file is ignored with one line, never a crash."""

from __future__ import annotations

import json

from ui.settings import SeatSetting, Settings, load_settings, save_settings


def test_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    s = Settings.with_values(game="nim", nim_heaps="3,4,5", nim_misere=True, sound=True, first=1)
    s.seats = [SeatSetting("custom", algorithm="minimax", depth=4), SeatSetting("level", "Master")]
    assert save_settings(s, path)
    back = load_settings(path)
    assert back == s


def test_missing_file_gives_defaults(tmp_path, capsys):
    assert load_settings(tmp_path / "nope.json") == Settings()
    assert capsys.readouterr().err == ""


def test_corrupt_files_warn_once_and_use_defaults(tmp_path, capsys):
    path = tmp_path / "settings.json"
    for bad in ("{not json", "[1, 2]", json.dumps({"game": "chess"}),
                json.dumps({"seats": [{"kind": "robot"}, {}]}), json.dumps({"sound": "yes"}),
                "\x00\xff"):
        path.write_text(bad, encoding="utf-8", errors="replace")
        assert load_settings(path) == Settings()
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "warning" in err


def test_defaults_are_the_classic_game_and_sound_off():
    s = Settings()
    assert s.sound is False
    assert (s.nim_heaps, s.nim_max_take) == ("7", 3)
