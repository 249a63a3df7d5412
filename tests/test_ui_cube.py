"""The doubling cube on the play screen: the start screen's option, a human's Double / Take /
Drop, the AI's offers and answers from the network, and the result at the cube's value."""

from __future__ import annotations

from contextlib import contextmanager

import pygame
from test_ui_support import drawn_text, key, make_app, seats, start_game

from games.backgammon.cube import Cube

#: Positions before the roll (no dice), found with the network's cube advice:
WHITE_DOUBLE_TAKE = "u20DECDM3Q0GAA"  # White on roll: double / take (0.71 wins, 0.07 gammons)
WHITE_DOUBLE_PASS = "7fhBEEDNfBIgBQ"  # White on roll: double / pass
RED_DOUBLE_PASS = "wu+BADhS58EBCQ 1"  # Red on roll: double / pass


@contextmanager
def cube_game(tmp_path, monkeypatch, position: str, cube: str = "on", red: str = "Advanced"):
    """White (a human) against ``red`` with the cube, from ``position`` (pasted)."""
    app = make_app(tmp_path, monkeypatch, size=(1100, 720), game="backgammon",
                   seats=seats("human", red), bg_cube=cube, animations=False)
    try:
        scene = start_game(app)
        assert scene.session.start_stakes == Cube(jacoby=cube == "jacoby")
        assert scene.files.set_position_text(position)
        app.step([], 0.02)
        yield app, scene
    finally:
        app.close()


def command(scene, name):
    return next(c for c in scene.commands.items if c.name == name)


def test_start_screen_offers_the_cube_and_a_cubeless_game_has_no_cube_commands(
        tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, game="backgammon", seats=seats("human", "human"))
    try:
        rows = [w for w in app.scene.widgets if getattr(w, "label", "") == "Doubling cube"]
        assert len(rows) == 1
        scene = start_game(app)
        assert scene.session.stakes is None
        assert not any(c.name == "Double" for c in scene.commands.items)
    finally:
        app.close()
    with cube_game(tmp_path, monkeypatch, WHITE_DOUBLE_TAKE, cube="jacoby") as (app, scene):
        assert scene.session.stakes == Cube(jacoby=True)
        assert any(b.command.name == "Double" for b in scene.geometry.buttons)


def test_a_human_double_is_taken_by_the_ai_who_then_owns_the_cube(tmp_path, monkeypatch):
    with cube_game(tmp_path, monkeypatch, WHITE_DOUBLE_TAKE) as (app, scene):
        app.run_frames(40, 0.05)  # two seconds: the dice wait for White's cube decision
        assert scene.session.current.dice is None
        assert command(scene, "Double").enabled() and command(scene, "Roll").enabled()
        assert not command(scene, "Take").enabled()
        assert any("Double (O) or Roll (Enter)" in t for t in drawn_text(app, monkeypatch))
        app.step([key(pygame.K_o)], 0.02)
        assert scene.session.stakes.offered_by == 0
        assert scene.match.stakes_turns.turn_text().startswith("White doubles to 2")
        assert app.run_until(lambda: scene.session.stakes.offered_by is None, timeout_s=10)
        assert scene.session.stakes == Cube(value=2, owner=1)  # Red took, and owns it
        assert "Red takes" in scene.message.text
        assert not command(scene, "Double").enabled()
        assert command(scene, "Double").why_not() == (
            "Red owns the cube: only the cube's owner may redouble")
        assert app.run_until(lambda: scene.session.current.dice is not None, timeout_s=10)
        cube_moves = [m for m in scene.session.moves_text() if m in ("double", "take", "drop")]
        assert cube_moves == ["double", "take"]  # both decisions are in the game's record
        app.step([], 0.02)
        assert scene.moves_view.lines()[0] == "1. Doubles  Takes"  # as records write them
        # The cube is in the save: loaded back, Red still owns it at 2.
        path = tmp_path / "cube.kibitz.txt"
        assert scene.files.save_to(path)
        assert "cube: on" in path.read_text()
        assert scene.files.load_file(path)
        assert app.scene.session.stakes == Cube(value=2, owner=1)
        assert app.errors == []


def test_a_human_double_dropped_by_the_ai_ends_the_game_at_the_cube_value(
        tmp_path, monkeypatch):
    with cube_game(tmp_path, monkeypatch, WHITE_DOUBLE_PASS) as (app, scene):
        app.step([key(pygame.K_o)], 0.02)
        app.step([key(pygame.K_m)], 0.02)  # Now!: the AI answers without its pause
        app.step([], 0.02)
        assert scene.session.is_over
        assert scene.session.result_text == "Red drops the cube: White wins 1 point"
        assert scene.match.stakes_turns.score() == (1, -1)
        assert scene.session.current.dice is None  # no roll after the game ended
        app.run_frames(30, 0.05)
        assert scene.session.current.dice is None
        assert any("Red drops the cube" in t for t in drawn_text(app, monkeypatch))
        assert app.errors == []


def test_the_ai_doubles_and_a_human_drop_loses_at_the_cube_value(tmp_path, monkeypatch):
    with cube_game(tmp_path, monkeypatch, RED_DOUBLE_PASS) as (app, scene):
        assert app.run_until(lambda: scene.session.stakes.offered_by == 1, timeout_s=10)
        assert "Red doubles to 2" in scene.message.text
        app.run_frames(30, 0.05)  # the double waits for White's answer
        assert scene.session.stakes.offered_by == 1 and scene.session.current.dice is None
        assert command(scene, "Take").enabled() and command(scene, "Drop").enabled()
        assert not command(scene, "Double").enabled()
        assert any("Take (A) or Drop (P)" in t for t in drawn_text(app, monkeypatch))
        app.step([key(pygame.K_p)], 0.02)
        assert scene.session.is_over
        assert scene.session.result_text == "White drops the cube: Red wins 1 point"
        assert scene.match.stakes_turns.score() == (-1, 1)
        texts = drawn_text(app, monkeypatch)
        assert "Money score, 1 game" in texts and "White \u22121 · Red +1" in texts
        assert not any(t.startswith("Network, for") for t in texts)  # the game is over
        app.step([key(pygame.K_u)], 0.02)  # the drop taken back: it no longer counts
        assert not scene.session.is_over and scene.match.stakes_turns.score() is None
        app.step([key(pygame.K_p)], 0.02)
        assert scene.match.stakes_turns.score() == (-1, 1)
        app.step([key(pygame.K_n)], 0.02)  # a new game: the score stays, the cube is fresh
        assert scene.session.stakes == Cube() and scene.match.stakes_turns.score() == (-1, 1)
        assert app.errors == []


def test_a_take_turns_the_cube_and_the_owner_may_redouble(tmp_path, monkeypatch):
    with cube_game(tmp_path, monkeypatch, RED_DOUBLE_PASS) as (app, scene):
        assert app.run_until(lambda: scene.session.stakes.offered_by == 1, timeout_s=10)
        app.step([key(pygame.K_a)], 0.02)
        assert scene.session.stakes == Cube(value=2, owner=0)
        assert "White takes: the cube is at 2" in scene.message.text
        assert app.run_until(lambda: scene.session.current.dice is not None, timeout_s=10)
        # Red, who no longer owns the cube, cannot double again; Double says so for White
        # only at the start of White's own turn.
        assert not command(scene, "Double").enabled()
        assert app.errors == []


def test_double_is_refused_with_a_reason_when_not_on_roll(tmp_path, monkeypatch):
    with cube_game(tmp_path, monkeypatch, RED_DOUBLE_PASS, red="human") as (app, scene):
        # Red (a human here) is on roll: White may not double.
        assert scene.session.current.to_move == 1
        app.step([key(pygame.K_RETURN)], 0.02)  # Red rolls without doubling
        assert scene.session.current.dice is not None
        assert not command(scene, "Double").enabled()
        app.step([key(pygame.K_o)], 0.02)
        assert scene.message.text == "A double comes before the roll, at the start of your turn"
        assert scene.session.stakes == Cube()


def test_the_cube_choice_is_remembered_and_a_foreign_value_falls_back_to_off():
    from ui.settings import Settings

    assert Settings.from_dict({"bg_cube": "jacoby"}).bg_cube == "jacoby"
    assert Settings.read({"bg_cube": "always"}) == (Settings(), ["bg_cube"])
    assert '"bg_cube": "on"' in Settings.with_values(bg_cube="on").to_json()
