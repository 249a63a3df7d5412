"""The review screen as drawn (the drawn-scene record): the move list numbers the game's turns
as the play screen's list does, backgammon's with the dice; the line under the board keeps
every figure at 1280x720 and 1920x1080; the panel's played, best and loss add up; the
chart's value labels clear its title."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from test_ui_support import make_app

from ai.review.analysis import ReviewSettings, review_session
from game.registry import get_kit
from game.review import GameReview
from game.savefile import load_review, read_file
from game.session import Session
from ui import scene_record
from ui.movelist import MoveRecord
from ui.scenes.review import ReviewScene
from ui.scenes.review_layout import ReviewLayout

GAMES = Path(__file__).resolve().parent.parent / "docs" / "games"
OTHELLO = "othello-advanced-v-advanced"
BACKGAMMON = "backgammon-intermediate-v-master"
MARKS = ("??", "?!", "?")
NUMBER = re.compile(r"[-−+]?\d+(?:\.\d+)?")


@cache
def reviewed(name: str) -> tuple[str, GameReview]:
    """A sample game's save text and its review at a shallow depth (quick, and its values
    are estimates: the figures carry decimals)."""
    text = read_file(GAMES / f"{name}.kibitz.txt")
    session, _ = load_review(text)
    return text, review_session(session, ReviewSettings(depth=2))


def open_screen(tmp_path: Any, monkeypatch: Any, name: str,
                size: tuple[int, int] = (1280, 720)) -> tuple[Any, ReviewScene]:
    text, review = reviewed(name)
    session, _ = load_review(text)
    app = make_app(tmp_path, monkeypatch, size=size)
    app.open_review(session, review)
    app.step([], 0.02)
    assert isinstance(app.scene, ReviewScene)
    return app, app.scene


def frame(app: Any, scene: ReviewScene, index: int) -> scene_record.SceneRecord:
    scene.model.select(index)
    scene._after_input()
    with scene_record.recording(app.screen) as rec:
        app.step([], 0.02)
    return rec


def bare(text: str) -> str:
    """An entry without its mark."""
    for mark in MARKS:
        text = text.removesuffix(mark)
    return text


def play_record(scene: ReviewScene) -> MoveRecord:
    """The play screen's record of the same game (its list's numbers and words)."""
    record = MoveRecord(scene.view.record_text, scene.view.record_side)
    record.sync(scene.session)
    return record


def test_the_move_list_numbers_turns_as_the_play_screens_list(tmp_path, monkeypatch):
    app, scene = open_screen(tmp_path, monkeypatch, OTHELLO)
    try:
        record = play_record(scene)
        last = len(scene.model.rows) - 1
        rec = frame(app, scene, last)  # the list follows to the game's end
        numbers = rec.of_kind("move-number")
        assert numbers, rec.joined()
        for number in numbers:
            n = int(number.shown.rstrip("."))
            beside = [bare(t.shown) for t in rec.of_kind("move-entry")
                      if t.box.centery == number.box.centery]
            assert beside == [record.text(e) for e in record.row(n - 1) if e], number
        # Sixty moves are thirty turns: the last line is "30.", as on the play screen.
        assert numbers[-1].shown == f"{record.rows}." == "30."
        heading = rec.find("Move 30 · ")
        assert heading and rec.find(f"decision {last + 1} of {last + 1}"), rec.joined()
    finally:
        app.close()


def test_backgammons_move_list_writes_the_dice_and_the_turn_numbers(tmp_path, monkeypatch):
    app, scene = open_screen(tmp_path, monkeypatch, BACKGAMMON)
    try:
        record = play_record(scene)
        rec = frame(app, scene, 0)
        entries = rec.of_kind("move-entry")
        assert len(entries) > 5
        shown_rows = [r for r in scene.model.rows if r.kind == "move"][:5]
        for row in shown_rows:
            entry = record.entry_from(row.index)
            turn = f"{entry.number}{'.' if entry.side == 0 or not record.row(entry.number - 1)[0] else '…'}"
            text = f"{turn} {record.text(entry)}"
            assert re.match(r"\d+(\.|…) \d\d: ", text), text  # "1. 52: 13/11 13/8"
            assert any(bare(t.text) == text for t in entries), (text, [t.text for t in entries])
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("name", [OTHELLO, BACKGAMMON])
def test_the_line_under_the_board_keeps_every_figure(tmp_path, monkeypatch, name, size):
    app, scene = open_screen(tmp_path, monkeypatch, name, size)
    try:
        rows = scene.model.rows
        errors = [i for i, r in enumerate(rows) if r.kind == "move" and r.move != r.best_move]
        # The longest words the line has to hold: the move played and the best both long.
        index = max(errors, key=lambda i: len(rows[i].move) + len(rows[i].best_move))
        row = rows[index]
        rec = frame(app, scene, index)
        status = rec.of_kind("status")
        assert status, rec.joined()
        for text in status:
            assert not text.cut, text
            assert rec.on_screen(text.rect), text
            assert text.box.colliderect(scene.geometry.status_rect.inflate(0, 8)), text
        said = " · ".join(t.shown for t in status)
        assert f"played {row.move}" in said and f"best {row.best_move}" in said, said
        board = scene.view.status_text(scene.model.shown().state)
        for part in board.split(" · "):
            assert part in said, (part, said)
    finally:
        app.close()


def figure(rec: scene_record.SceneRecord, label: str) -> tuple[float, str]:
    """The value drawn after the panel's ``label`` (its number, and its text)."""
    at = next(i for i, t in enumerate(rec.texts) if t.shown.startswith(label))
    value = rec.texts[at + 1].shown
    return float(NUMBER.search(value).group().replace("−", "-")), value


@pytest.mark.parametrize("name", [OTHELLO, BACKGAMMON])
def test_the_panels_loss_is_best_minus_played_as_written(tmp_path, monkeypatch, name):
    app, scene = open_screen(tmp_path, monkeypatch, name)
    try:
        errors = [i for i, r in enumerate(scene.model.rows)
                  if r.kind == "move" and r.loss > 0 and not r.exact]
        assert errors
        for index in errors:
            row = scene.model.rows[index]
            rec = frame(app, scene, index)
            played, played_text = figure(rec, f"Played {row.move}")
            best, _ = figure(rec, f"Best {row.best_move}")
            loss, loss_text = figure(rec, "Loss")
            places = len(loss_text.split()[0].partition(".")[2])
            assert len(NUMBER.search(played_text).group().partition(".")[2]) == places
            assert round(best - played, places) == pytest.approx(loss), (played, best, loss)
            if row.note:  # the sentence says the same loss
                assert f"gives up {loss_text.split()[0]} " in row.note, (row.note, loss_text)
    finally:
        app.close()


def test_the_charts_value_labels_clear_its_title_and_edges(tmp_path, monkeypatch):
    session = Session(get_kit("tictactoe"))
    for move in ["b2", "a2", "c2"]:  # O's edge reply loses: the chart climbs to +1 for X
        session.play_text(move)
    app = make_app(tmp_path, monkeypatch, size=(1280, 720))
    try:
        app.open_review(session, review_session(session))
        app.step([], 0.02)
        scene = app.scene
        rec = frame(app, scene, 0)
        labels = rec.of_kind("chart-value")
        assert {t.shown for t in labels} >= {"+1", "0"}, [t.shown for t in labels]
        g: ReviewLayout = scene.geometry
        inner = g.chart_rect.inflate(-2 * g.pad, -2 * g.pad)
        for label in labels:
            assert inner.contains(label.box), (label, inner)
            others = [t for t in rec.texts if t is not label and t.box.colliderect(label.box)]
            assert not others, (label, others)
    finally:
        app.close()
