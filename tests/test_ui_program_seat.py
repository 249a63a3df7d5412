"""A program at Kibitz's table in the window: chosen on the start screen, asked on its turn,
its forfeit ending the game (kept in the save), and no process left behind."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import savefile
from game.seat import Seat
from tests.test_ui_support import click, key, make_app, seats
from ui.settings import SeatSetting, Settings

ROOT = Path(__file__).resolve().parents[1]
GREEDY = f"file:{ROOT / 'examples/agents/tictactoe/greedy.py'}"
ILLEGAL = f"file:{ROOT / 'tests/agents/illegal.py'}"


def children() -> set[int]:
    """This process's living children (from /proc: no process outlives its game)."""
    me, found = os.getpid(), set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == me and fields[0] != "Z":
            found.add(int(entry))
    return found


def program_game(tmp_path: Any, monkeypatch: Any, program: str) -> Any:
    app = make_app(tmp_path, monkeypatch, game="tictactoe",
                   seats=seats("human", SeatSetting("program", program=program)))
    app.scene.layout(app.scene.rect)
    app.step([key(pygame.K_RETURN)], 0.016)
    return app


def click_cell(app: Any, square: int) -> None:
    from games.tictactoe.ui.board import TicTacToeView

    scene = app.scene
    app.run_until(lambda: scene.session.is_human_turn, 10)
    app.run_frames(30, 0.02)  # the last move's animation ends
    app.step([click(TicTacToeView.cell_rect(scene.geometry.board_rect, square).center)], 0.02)


def test_a_game_against_an_agent_file_plays_to_its_end(tmp_path: Any, monkeypatch: Any) -> None:
    before = children()
    app = program_game(tmp_path, monkeypatch, GREEDY)
    try:
        scene = app.scene
        assert scene.session.seats[1] == Seat.outside(GREEDY, time_s=1.0)
        click_cell(app, 4)
        assert app.run_until(lambda: scene.session.ply == 2, 15)
        assert scene.match.programs.last is not None  # its answer was played as the AI's
        for _ in range(5):
            if scene.session.is_over:
                break
            free = [m for m in scene.session.current.legal_moves()]
            click_cell(app, free[0])
            app.run_until(lambda: scene.session.is_over or scene.session.is_human_turn, 15)
        assert scene.session.is_over and scene.session.forfeit is None
        assert not app.errors
    finally:
        app.close()
    assert children() <= before


def test_a_forfeit_ends_the_game_and_the_save_keeps_it(tmp_path: Any, monkeypatch: Any) -> None:
    before = children()
    app = program_game(tmp_path, monkeypatch, ILLEGAL)
    try:
        scene = app.scene
        click_cell(app, 0)  # a1: the agent answers a1 again
        assert app.run_until(lambda: scene.session.is_over, 15)
        side, note = scene.session.forfeit
        assert side == 1 and note.startswith("forfeit: ") and note.endswith("at move 2")
        assert "wins — forfeit" in (scene.session.result_text or "")
        assert scene.match.programs.log_path(1) is not None
        app.step([], 0.02)
        assert "O forfeits: illegal move" in scene.message.text  # with its log's path
        assert scene.match.programs.log_path(1) in scene.message.text
        loaded = savefile.load(scene.session.save())
        assert loaded.forfeit == scene.session.forfeit and loaded.is_over
        assert loaded.seats[1] == Seat.outside(ILLEGAL, time_s=1.0)
        app.step([key(pygame.K_g)], 0.02)  # the program's log over the board
        assert type(scene.dialog).__name__ == "ProgramLog"
        app.step([key(pygame.K_ESCAPE)], 0.02)
        assert scene.dialog is None
        assert not app.errors
    finally:
        app.close()
    assert children() <= before


def test_a_program_seat_is_remembered_and_a_damaged_one_is_a_human() -> None:
    s = Settings()
    s.update_seat(1, kind="program", program="cmd:gtp-rhino -l 3")
    back, dropped = Settings.read(json.loads(s.to_json()))
    assert back.seats[1].kind == "program" and back.seats[1].program == "cmd:gtp-rhino -l 3"
    assert not dropped
    bad, dropped = Settings.read({"seats": [{"kind": "program", "program": "rm -rf /"},
                                            {"kind": "program"}]})
    assert [x.kind for x in bad.seats] == ["human", "human"] and dropped


@pytest.mark.parametrize("text", ["program", "program name=agent.py",
                                  "program name='file:a.py' time=never",
                                  "program name='file:a.py' depth=3"])
def test_a_bad_program_seat_is_one_line(text: str) -> None:
    with pytest.raises(ValueError) as err:
        Seat.from_text(text)
    assert "\n" not in str(err.value)


def sweep(app: Any) -> list[str]:
    """What ui.layout_check finds on the screen shown at the sweep's two sizes."""
    from ui import scene_record
    from ui.layout_check import findings

    found = []
    for size in ((1280, 720), (1920, 1080)):
        app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])],
                 0.02)
        with scene_record.recording(app.screen) as record:
            app.step([], 0.02)
        found += [f"{size}: {f}" for f in findings(record)]
    return found


def test_the_program_dialog_sets_the_seat_and_nothing_is_cut(tmp_path: Any,
                                                             monkeypatch: Any) -> None:
    from ui.scenes.program_dialog import ProgramDialog

    app = make_app(tmp_path, monkeypatch, game="tictactoe")
    try:
        menu = app.scene
        menu.layout(menu.rect)
        choice = next(w for w in menu.widgets if getattr(w, "label", "") == "Player B")
        while choice.value != "custom":  # the seat's choices, right to left: Program… is last
            app.step([click((choice.value_rect().right - 4, choice.rect.centery))], 0.02)
            choice = next(w for w in menu.widgets if getattr(w, "label", "") == "Player B")
        app.step([click((choice.value_rect().right - 4, choice.rect.centery))], 0.02)
        assert isinstance(menu.dialog, ProgramDialog)
        assert sweep(app) == []
        app.step([key(pygame.K_a, pygame.KMOD_CTRL), key(pygame.K_BACKSPACE)], 0.02)
        app.step([pygame.event.Event(pygame.TEXTINPUT,
                                     text="examples/agents/tictactoe/greedy.py")], 0.02)
        app.step([key(pygame.K_RETURN)], 0.02)
        seat = app.settings.seats[1]
        assert (seat.kind, seat.program) == ("program",
                                             "file:examples/agents/tictactoe/greedy.py")
        assert menu.dialog is None
        assert sweep(app) == []
        assert not app.errors
    finally:
        app.close()


def test_a_program_thinking_is_shown_and_a_new_game_ends_it(tmp_path: Any,
                                                            monkeypatch: Any) -> None:
    """The sleeper answers once, then sleeps through its time: the panel says it thinks, and
    a new game in the middle closes it with nothing left running."""
    from ui.scenes.program_view import program_lines

    before = children()
    app = program_game(tmp_path, monkeypatch, f"file:{ROOT / 'tests/agents/sleeper.py'}")
    try:
        scene = app.scene
        click_cell(app, 4)
        assert app.run_until(lambda: scene.session.ply == 2, 15)
        free = scene.session.current.legal_moves()
        click_cell(app, free[0])
        assert app.run_until(lambda: scene.match.programs.thinking(scene.session), 5)
        app.run_frames(5, 0.1)
        texts = [line.text for line in program_lines(scene.match.programs, scene.session)]
        assert any(t.startswith("Program sleeper.py is thinking… ") for t in texts), texts
        assert len(children()) > len(before)  # its process is there while it thinks
        app.step([key(pygame.K_n), key(pygame.K_y)], 0.02)
        assert scene.session.ply == 0 and not scene.session.is_over
        assert app.run_until(lambda: children() <= before, 5)
        assert not app.errors
    finally:
        app.close()
    assert children() <= before


@pytest.mark.parametrize("name", ["file:agent.py", "cmd:python3 -c 'print(\"x\")'",
                                  "cmd:engine --dir C:\\games", "file:dossier élève.py"])
def test_a_program_seat_line_reads_back(name: str) -> None:
    for seat in (Seat.outside(name), Seat.outside(name, 2.5)):
        assert Seat.from_text(seat.to_text()) == seat


def test_a_program_closed_before_it_starts_never_starts(tmp_path: Any) -> None:
    """The window may close a program as its first question starts it: it forfeits, and no
    process is left."""
    from game.registry import get_kit
    from play.outside.players import outside_player
    from play.outside.protocol import Forfeit
    from play.outside.spec import parse_spec

    before = children()
    kit = get_kit("tictactoe")
    player = outside_player(kit, parse_spec(GREEDY), tmp_path / "greedy.log")
    player.close()
    with pytest.raises(Forfeit, match="closed before it started"):
        player.choose(kit.rules().initial_state(), 2.0)
    assert children() <= before


def test_a_program_the_game_cannot_seat_is_refused_before_play() -> None:
    """Seats are shared by the games: Othello's GTP engine left on a seat when backgammon is
    chosen is a one-line refusal at Play (the start screen shows it), not a forfeit later."""
    from game.registry import get_kit
    from ui.scenes.play_setup import build_session

    s = Settings()
    s.update_seat(1, kind="program", program="gtp:gtp-rhino -l 1")
    with pytest.raises(ValueError, match="^gtp: is not a player of backgammon"):
        build_session(s, get_kit("backgammon"))
    s.update_seat(1, kind="program", program="gnubg:0 --no-such-option")
    with pytest.raises(ValueError) as refused:
        build_session(s, get_kit("backgammon"))
    assert "\n" not in str(refused.value)


def test_a_program_seat_has_its_time_a_move(tmp_path: Any, monkeypatch: Any) -> None:
    """The start screen offers a program seat's time, and the game's seat gets it (not the
    2 s every program had)."""
    from ui.scenes.play_setup import seat_from_setting

    assert seat_from_setting(SeatSetting("program", program=GREEDY, time_s=5.0)).time_s == 5.0
    app = make_app(tmp_path, monkeypatch, game="tictactoe",
                   seats=seats("human", SeatSetting("program", program=GREEDY, time_s=0.5)))
    try:
        menu = app.scene
        menu.layout(menu.rect)
        labels = [getattr(w, "label", "") for w in menu.widgets]
        row = labels.index("   time a move")
        assert labels[row - 2:row] == ["Player B", "   program"]
        assert menu.widgets[row].value == 0.5
    finally:
        app.close()
