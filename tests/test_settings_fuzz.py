"""A damaged settings file never stops the app: each bad field falls back to its default, the
rest loads, and one line names what was dropped (a size of 1e400 or an Infinity used to raise
OverflowError on every start until the file was deleted by hand)."""

from __future__ import annotations

import copy
import json
import math
from typing import Any

import test_ui_support  # noqa: F401  (SDL headless before pygame starts)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai.kit import levels_of
from game.registry import get_kit
from ui import scene_record
from ui.app import App
from ui.settings import SEAT_KINDS, SeatSetting, Settings, game_fields, read_settings

#: A valid file with a choice made in every field, so that a mutation has something to spoil.
VALID = json.loads(Settings.with_values(
    game="nim", first=1, sound=True, ai_delay_s=1.2, window_size=(1000, 700),
    seats=[SeatSetting("custom", algorithm="minimax", depth=4), SeatSetting("level", "Master")],
    recent_files=["/a/one.kibitz.txt"], nim_heaps="3,4,5", nim_max_take=2).to_json())

#: JSON's own numbers a double cannot hold, as Python's json module writes and reads them.
JUNK_TEXTS = ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "1e308", "-1e308",
              str(10 ** 400), str(-10 ** 30), "true", "null", '"x"', "[]", "{}",
              "[1e400, 700]", '[[[[["deep"]]]]]', '{"depth": Infinity}']

junk = st.one_of(
    st.sampled_from(JUNK_TEXTS).map(json.loads),
    st.text(max_size=20),
    st.integers(1, 200_000).map(lambda n: "w" * n),
    st.lists(st.one_of(st.integers(), st.floats(), st.text(max_size=4)), max_size=4),
    st.integers(min_value=-10 ** 40, max_value=10 ** 40),
    st.floats(),
)


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in ``data`` a value sits (keys, list indexes), the containers among them."""
    found = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths(value, (*prefix, key))
    elif isinstance(data, list):
        for n, value in enumerate(data):
            found += paths(value, (*prefix, n))
    return found


@st.composite
def mutated_settings(draw: st.DrawFn) -> dict[str, Any]:
    data = copy.deepcopy(VALID)
    places = paths(data)
    for _ in range(draw(st.integers(1, 4))):
        place = draw(st.sampled_from(places))
        holder = data
        try:
            for step in place[:-1]:
                holder = holder[step]
            holder[place[-1]] = draw(junk)
        except (KeyError, IndexError, TypeError):
            pass  # an earlier mutation replaced a container on the way
    return data


def assert_usable(s: Settings) -> None:
    """Values every screen can use as they are: the right types, in range, finite."""
    assert isinstance(s.game, str) and s.game
    assert s.first in (0, 1) and type(s.first) is int
    assert isinstance(s.ai_delay_s, float) and 0 <= s.ai_delay_s <= 5
    w, h = s.window_size
    assert type(w) is int and type(h) is int and 640 <= w <= 7680 and 480 <= h <= 4320
    assert len(s.seats) == 2
    for seat in s.seats:
        assert seat.kind in SEAT_KINDS and type(seat.depth) is int and 1 <= seat.depth <= 20
        assert isinstance(seat.level, str) and len(seat.level) <= 40
        assert seat.kind != "level" or seat.level in {lv.name for lv in levels_of(get_kit(s.game))}
        assert isinstance(seat.algorithm, str)
    assert all(isinstance(p, str) and len(p) <= 4096 for p in s.recent_files)
    for key, spec in game_fields().items():
        assert spec.accepts(s.game_values[key]), (key, s.game_values[key])
    json.loads(s.to_json(), parse_constant=lambda c: math.nan)
    assert "NaN" not in s.to_json() and "Infinity" not in s.to_json()


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=mutated_settings())
def test_a_mutated_settings_file_loads_and_the_app_starts(tmp_path, monkeypatch, capsys,
                                                          data):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded, problem = read_settings(path)
    assert_usable(loaded)
    assert problem is None or "\n" not in problem
    assert capsys.readouterr().err.count("\n") <= 1
    app = headless_app(tmp_path, monkeypatch, settings=loaded)
    try:
        app.step([], 0.02)
        assert app.errors == []
    finally:
        app.close()


def test_the_reported_overflows_keep_every_other_choice(tmp_path, capsys):
    path = tmp_path / "settings.json"
    for key, value, name in (("window_size", [1e400, 700], "window_size"),
                             ("first", math.inf, "first"),
                             ("seats", [{"kind": "custom", "depth": math.inf}, {}],
                              "seats[0].depth")):
        data = {**VALID, key: value}
        path.write_text(json.dumps(data), encoding="utf-8")
        loaded, problem = read_settings(path)
        assert problem is not None and name in problem and "\n" not in problem
        assert capsys.readouterr().err.count("\n") == 1
        assert loaded.sound is True and loaded.nim_heaps == "3,4,5"  # the rest still loads
        assert_usable(loaded)


def test_a_bad_game_field_falls_back_alone(tmp_path):
    data = {**VALID, "nim_heaps": "w" * 100_000, "kalah_pits": True, "nim_max_take": [2]}
    loaded, dropped = Settings.read(data)
    assert sorted(dropped) == ["kalah_pits", "nim_heaps", "nim_max_take"]
    assert loaded.nim_heaps == "7" and loaded.kalah_pits == 6 and loaded.sound is True


def test_a_level_the_game_lacks_is_the_one_the_start_screen_shows(tmp_path):
    data = {**VALID, "seats": [{"kind": "level", "level": "Foo"}, {"kind": "human"}]}
    loaded, dropped = Settings.read(data)
    assert dropped == ["seats[0].level"]
    assert loaded.seats[0].level in {lv.name for lv in levels_of(get_kit("nim"))}


def test_the_app_starts_from_a_settings_file_with_infinities_and_says_so(tmp_path,
                                                                          monkeypatch):
    path = tmp_path / "settings.json"
    path.write_text('{"window_size": [1e400, 700], "first": Infinity, "sound": true}',
                    encoding="utf-8")
    app = headless_app(tmp_path, monkeypatch, settings_path=path)
    try:
        with scene_record.recording(app.screen) as rec:
            app.step([], 0.02)
        assert app.errors == [] and app.settings.sound is True
        assert rec.find("window_size, first")
    finally:
        app.close()


def headless_app(tmp_path: Any, monkeypatch: Any, **how: Any) -> App:
    """The app as it starts, with given settings or a settings file (nothing else kept)."""
    monkeypatch.setenv("KIBITZ_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("KIBITZ_SAVE_DIR", str(tmp_path / "saves"))
    return App((800, 600), persist_settings=False, worker_mode="thread", **how)
