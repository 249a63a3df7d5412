"""A saved analysis is checked where it is read: a damaged row or field is left out and named
in one line, the rest loads, and the review screen never meets a value it cannot draw (a mark
of severity 4 raised KeyError every frame, chart bounds of ±1e308 OverflowError, a depth that
is a word TypeError on + or −, a settings NaN broke ``review --json``); its text is laid out
once per text and width, in time linear in the text (a 100,000-character note never finished
a frame)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_ui_support import key, make_app

from ai.review.analysis import ReviewSettings, review_session
from game import savefile
from game.review_read import MAX_TEXT_CHARS
from ui import scene_record, text
from ui.assets import font
from ui.scenes.review import ReviewScene

GAME = (Path(__file__).resolve().parent.parent / "docs" / "games"
        / "othello-advanced-v-advanced.kibitz.txt")
#: Characters the text module may measure for one frame of the review screen: a few screens'
#: worth of text, however long the texts it is given.
FRAME_BUDGET_CHARS = 400_000
MEASURE = text.width


@cache
def saved() -> tuple[str, dict[str, Any]]:
    """The sample Othello game's save text (without analysis) and its analysis at depth 2 as
    the save's JSON holds it."""
    game_text = savefile.read_file(GAME)
    session, _ = savefile.load_review(game_text)
    review = review_session(session, ReviewSettings(depth=2))
    return session.save(), review.to_json()


def save_with(change: Callable[[dict[str, Any]], object]) -> str:
    """The sample save with its analysis changed by ``change`` (in place)."""
    game_text, analysis = saved()
    data = copy.deepcopy(analysis)
    change(data)
    return f"{game_text}review: {json.dumps(data)}\n"


def first_error(data: dict[str, Any]) -> dict[str, Any]:
    return next(row for row in data["rows"] if row["severity"])


class Budget:
    """Counts the characters the text module measures; too many is an error at once, so a
    layout that would take minutes fails in a moment."""

    def __init__(self, limit: int) -> None:
        self.limit, self.used = limit, 0
        self.measure = MEASURE

    def __call__(self, f: pygame.font.Font, shown: str) -> int:
        self.used += len(shown)
        if self.used > self.limit:
            raise AssertionError(f"measured over {self.limit} characters")
        return self.measure(f, shown)


@pytest.fixture
def app(tmp_path: Any, monkeypatch: Any) -> Iterator[Any]:
    app = make_app(tmp_path, monkeypatch, size=(1100, 720))
    try:
        yield app
    finally:
        app.close()


def shown(app: Any, save: str, monkeypatch: Any) -> tuple[Any, scene_record.SceneRecord]:
    """The review screen on ``save``'s game and analysis, one frame drawn within the budget."""
    session, review = savefile.load_review(save)
    app.open_review(session, review)
    assert isinstance(app.scene, ReviewScene)
    monkeypatch.setattr(text, "width", Budget(FRAME_BUDGET_CHARS))
    with scene_record.recording(app.screen) as rec:
        app.step([], 0.02)
    monkeypatch.undo()
    return review, rec


def test_a_mark_of_severity_4_is_left_out_and_the_screen_draws(app, monkeypatch):
    review, rec = shown(app, save_with(lambda d: first_error(d).update(severity=4)), monkeypatch)
    assert app.errors == []
    assert len(review.notes) == 1 and review.notes[0].endswith("(severity)")
    assert rec.find("Left out of the saved analysis")


def test_chart_bounds_of_1e308_fall_back_and_the_chart_draws(app, monkeypatch):
    review, rec = shown(app, save_with(lambda d: d.update(chart_bounds=[-1e308, 1e308])),
                        monkeypatch)
    assert app.errors == []
    assert review.notes == ("chart_bounds",) and max(map(abs, review.chart_bounds)) < 100
    assert rec.of_kind("chart-value")


def test_a_100000_character_note_draws_in_bounded_work(app, monkeypatch):
    review, rec = shown(app, save_with(lambda d: first_error(d).update(note="n" * 100_000)),
                        monkeypatch)
    assert app.errors == []
    note = next(row.note for row in review.rows if row.severity)
    assert len(note) == MAX_TEXT_CHARS and note.endswith("…")
    # Wrapped over the panel's lines, or, taller than the panel, counted in its last line.
    assert rec.find("nnnnnnnnnn") or rec.find("more lines")


def test_a_long_unbroken_text_is_wrapped_in_linear_work_and_once(monkeypatch):
    f = font(16)
    for length in (3_000, 100_000):
        budget = Budget(40 * length)
        monkeypatch.setattr(text, "width", budget)
        lines = text.wrap("w" * length, f, 300)
        assert "".join(lines) == "w" * length and all(budget.measure(f, ln) <= 300
                                                      for ln in lines)
        used = budget.used
        assert text.wrap("w" * length, f, 300) == lines and budget.used == used  # remembered
        assert len(text.fit("w" * length, f, 300)) < 100
        assert budget.used - used < 2_000  # a fit measures about a line, not the text
    monkeypatch.undo()


def test_a_depth_that_is_a_word_is_the_games_default_and_steps(app, monkeypatch):
    review, _ = shown(app, save_with(lambda d: d["settings"].update(depth="deep")), monkeypatch)
    assert review.notes == ("settings' depth",) and review.settings["depth"] is None
    for k in (pygame.K_EQUALS, pygame.K_MINUS):
        app.step([key(k)], 0.02)
    assert app.errors == []


@pytest.mark.parametrize("change, warned", [
    (lambda d: d["settings"].update(time=float("nan")), True),
    (lambda d: first_error(d).update(severity=4), True),
    (lambda d: d.update(chart_bounds=[-1e308, 1e308]), True),
    (lambda d: d.update(loss_unit="u" * 5_000), False),  # cut to MAX_TEXT_CHARS, not left out
], ids=["nan-time", "severity-4", "bounds-1e308", "long-unit"])
def test_review_json_of_a_damaged_save_is_valid_json(tmp_path, capsys, change, warned):
    from main import main

    path = tmp_path / "game.kibitz.txt"
    path.write_text(save_with(change), encoding="utf-8")
    assert main(["review", str(path), "--json", "--quiet"]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out, parse_constant=lambda c: pytest.fail(f"{c} in JSON"))
    assert data["rows"] and len(data["loss_unit"]) <= MAX_TEXT_CHARS
    assert captured.err.count("\n") == warned and ("Left out" in captured.err) == warned


# ---- fuzzing -------------------------------------------------------------------------------

JUNK = st.one_of(
    st.sampled_from([float("nan"), float("inf"), -float("inf"), 1e308, -1e308, 4, -1,
                     10 ** 30, True, None, "", [], {}, [[["deep"]]], {"depth": "x"}]),
    st.text(max_size=10),
    st.integers(0, 120_000).map(lambda n: "x" * n),
    st.floats(),
    st.integers(),
)


#: What a review cannot be shown without: damage there refuses the file, with one line.
MUST_HAVE = {"game", "moves", "rows"}


@st.composite
def spot(draw: st.DrawFn) -> tuple[Any, ...]:
    """A place in the analysis: a row's field most often, else a player's figure, the
    search's settings, a chart bound, or a field of the review itself."""
    _, analysis = saved()
    row = draw(st.integers(0, len(analysis["rows"]) - 1))
    return draw(st.one_of(
        st.sampled_from(sorted(analysis["rows"][0])).map(lambda k: ("rows", row, k)),
        st.sampled_from(sorted(analysis["rows"][0])).map(lambda k: ("rows", row, k)),
        st.tuples(st.just("summaries"), st.integers(0, 1),
                  st.sampled_from(sorted(analysis["summaries"][0]))),
        st.tuples(st.just("settings"), st.sampled_from(["level", "depth", "time"])),
        st.tuples(st.just("chart_bounds"), st.integers(0, 1)),
        st.sampled_from(sorted(analysis)).map(lambda k: (k,)),
        st.just(("rows", row)),
    ))


@st.composite
def damaged(draw: st.DrawFn) -> tuple[str, list[tuple[Any, ...]]]:
    spots = draw(st.lists(spot(), min_size=1, max_size=4))
    junk = [draw(JUNK) for _ in spots]

    def change(data: dict[str, Any]) -> None:
        for place, value in zip(spots, junk, strict=True):
            holder = data
            try:
                for step in place[:-1]:
                    holder = holder[step]
                holder[place[-1]] = value
            except (KeyError, IndexError, TypeError):
                pass  # an earlier change replaced a container on the way
    return save_with(change), spots


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory: Any) -> Iterator[Any]:
    with pytest.MonkeyPatch.context() as patch:
        app = make_app(tmp_path_factory.mktemp("fuzz"), patch, size=(1100, 720))
        try:
            yield app
        finally:
            app.close()


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(damage=damaged())
def test_a_damaged_analysis_loads_or_is_one_line_and_the_screen_draws(fuzz_app, damage):
    save, spots = damage
    try:
        session, review = savefile.load_review(save)
    except savefile.SaveFormatError as exc:
        assert "\n" not in str(exc)
        assert any(len(place) == 1 and place[0] in MUST_HAVE for place in spots), exc
        return
    assert review is not None
    json.dumps(review.to_json(), allow_nan=False)
    fuzz_app.open_review(session, review)
    for k in (None, pygame.K_RIGHT, pygame.K_END, pygame.K_EQUALS):
        fuzz_app.step([] if k is None else [key(k)], 0.02)
    fuzz_app.step([key(pygame.K_ESCAPE)], 0.02)
    assert fuzz_app.errors == []
