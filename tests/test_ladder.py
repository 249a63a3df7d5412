"""The live ladder: reproducible rungs with honest tallies, the headless ``match --ladder`` and
the screen that fills in as games finish."""

from __future__ import annotations

import pygame
import pytest

import main
from ai.ladder import CSV_HEADER, csv_text, ladder_rungs, run_ladder
from game.registry import get_kit
from tests.test_ui_support import click, key, make_app
from ui import scene_record, theme
from ui.scenes.ladder import LadderScene
from ui.widgets import Choice


def test_rungs_climb_the_levels_and_a_run_is_reproducible() -> None:
    assert ladder_rungs(get_kit("tictactoe")) == [("Casual", "Beginner"), ("Intermediate", "Casual"),
                                         ("Advanced", "Intermediate"), ("Master", "Advanced")]
    heard = []
    first = run_ladder(get_kit("tictactoe"), [("Master", "Beginner")], 6, seed=3, progress=heard.append)
    again = run_ladder(get_kit("tictactoe"), [("Master", "Beginner")], 6, seed=3)
    def tally(figures):  # everything but the clock
        return [(f.wins, f.draws, f.losses, f.upper_side.moves, f.upper_side.nodes,
                 f.lower_side.nodes) for f in figures]

    assert tally(first) == tally(again)
    assert csv_text(first).splitlines()[0].split(",") == CSV_HEADER
    rung = first[0]
    assert rung.games == 6 and rung.losses == 0  # Master never loses tic-tac-toe
    assert rung.upper_side.moves > 0 and rung.upper_side.nodes > rung.lower_side.nodes
    lo, hi = rung.interval
    assert lo <= rung.score <= hi
    games = [u for u in heard if u.kind == "game"]
    assert [u.game for u in games] == list(range(6))
    assert [u.upper_plays for u in games] == [0, 1, 0, 1, 0, 1]  # colours swap in pairs
    assert games[-1].figures[0].games == 6 and games[0].figures[0].games == 1


def test_a_stop_keeps_the_finished_games_only() -> None:
    class StopInSecondGame:
        """Stop is pressed a few checks into the second game (checks, not seconds: the same
        on a busy machine)."""

        def __init__(self) -> None:
            self.first_game: list = []
            self.checks = 0

        def is_set(self) -> bool:
            if self.first_game:
                self.checks += 1
            return self.checks > 2

    stop = StopInSecondGame()

    def heard(update) -> None:
        if update.kind == "game" and not stop.first_game:
            stop.first_game.append(update.figures[0])

    figures = run_ladder(get_kit("tictactoe"), ladder_rungs(get_kit("tictactoe")), 10, seed=1, cancel=stop,
                         progress=heard)
    assert [f.games for f in figures] == [1, 0, 0, 0]
    # the moves of the game cut short count for neither side's time per move
    assert figures[0].upper_side == stop.first_game[0].upper_side
    assert figures[0].lower_side == stop.first_game[0].lower_side
    assert figures[0].upper_side.moves + figures[0].lower_side.moves > 0


def test_match_ladder_prints_the_table_and_writes_csv(tmp_path, capsys) -> None:
    path = tmp_path / "ladder.csv"
    code = main.main(["match", "--game", "tictactoe", "--ladder", "--games", "2", "--seed",
                      "5", "--csv", str(path)])
    out = capsys.readouterr().out
    assert code == 0 and "Master        Advanced" in out
    rows = path.read_text().splitlines()
    assert rows[0].split(",") == CSV_HEADER and len(rows) == 5
    assert main.main(["match", "--game", "tictactoe", "--ladder", "--a", "Master"]) != 0
    assert "both --a and --b" in capsys.readouterr().err
    assert main.main(["match", "--game", "tictactoe", "--a", "Master", "--b", "Casual",
                      "--csv", str(path)]) != 0
    assert "--csv and --png belong to --ladder" in capsys.readouterr().err


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, size=(1280, 720))
    yield a
    a.close()


def test_the_screen_fills_in_and_saves(app, tmp_path) -> None:
    scene = LadderScene(app, get_kit("tictactoe"))
    app.switch(scene)
    app.step([key(pygame.K_RETURN)], 0.016)
    assert scene.jobs.busy
    assert app.run_until(lambda: not scene.jobs.busy, timeout_s=120)
    app.run_frames(2)
    assert [f.games for f in scene.figures] == [20, 20, 20, 20]  # the default, 20 a rung
    assert scene.update_seen is not None and not app.errors
    app.step([key(pygame.K_p)], 0.016)
    app.step([key(pygame.K_x)], 0.016)
    saved = sorted(p.suffix for p in (tmp_path / "saves").iterdir())
    assert saved == [".csv", ".png"]
    app.step([key(pygame.K_ESCAPE)], 0.016)
    assert type(app.scene).__name__ == "MenuScene"


def test_two_levels_mode_and_stop(app) -> None:
    scene = LadderScene(app, get_kit("othello"))
    app.switch(scene)
    scene._set("mode", "two")
    assert scene.rungs() == [("Master", "Advanced")]
    scene._set("level_b", "Master")
    scene.start()
    assert not scene.jobs.busy and "two different levels" in scene.message.text
    scene._set("level_b", "Beginner")
    scene.start()
    assert scene.jobs.busy
    app.step([key(pygame.K_s)], 0.016)
    assert not scene.jobs.busy and "Stopped" in scene.message.text


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_finished_ladder_says_so_and_no_texts_overlap(tmp_path, monkeypatch, size) -> None:
    from ui import scene_record
    from ui.scenes.common import MESSAGE_S

    app = make_app(tmp_path, monkeypatch, size=size)
    try:
        scene = LadderScene(app, get_kit("tictactoe"))
        app.switch(scene)
        scene._set("games", 10)
        app.step([key(pygame.K_RETURN)], 0.016)
        assert app.run_until(lambda: not scene.jobs.busy, timeout_s=120)
        app.run_frames(int(MESSAGE_S * 2 / 0.05) + 1, dt=0.05)  # the message has faded
        assert not scene.message.visible(app.now)
        with scene_record.recording(app.screen) as rec:
            app.step([], 0.02)
        (status,) = rec.of_kind("status")
        assert status.shown == "Ladder finished: 40 games" and rec.on_screen(status.rect)
        texts = [t for t in rec.texts if t.rect[2] > 0]
        for i, a in enumerate(texts):
            for b in texts[i + 1:]:
                assert not a.box.colliderect(b.box), (a, b)
        assert len(rec.of_kind("legend")) == 2  # the cost chart's key, under its title
    finally:
        app.close()


def test_a_running_ladder_holds_its_choices_still(app) -> None:
    """While the games run, a click on a choice neither changes the run nor shows a value the
    run does not use: the choice is drawn dimmed and keeps the value the run reads."""
    scene = LadderScene(app, get_kit("tictactoe"))
    app.switch(scene)
    app.step([key(pygame.K_RETURN)], 0.016)
    assert scene.jobs.busy
    games = next(w for w in scene.widgets if isinstance(w, Choice) and w.label == "Games")
    assert not games.enabled
    right_arrow = (games.value_rect().right - 4, games.value_rect().centery)
    assert games.handle_event(click(right_arrow))  # taken, not acted on
    assert games.value == scene.games
    with scene_record.recording(app.screen) as rec:
        app.step([], 0.016)
    arrows = [t for t in rec.find("›") if games.rect.contains(t.rect)]
    assert arrows and arrows[0].color == theme.color("text_dim")
    scene.stop()
