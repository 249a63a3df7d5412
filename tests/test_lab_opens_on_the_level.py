"""The lab opens on the search the level plays: its depth wherever that tree can be recorded,
else a smaller tree whose header names the depth drawn and the move the level plays (issue 41,
item 2: Master's tree said h6 where Master plays another move)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from ai import native, searchbase
from ai.engine import run_search
from ai.kit import get_level, levels_of
from ai.lab import tasks as lab_tasks
from ai.lab.search import lab_config
from ai.lab.tasks import record
from game.core import CHANCE
from game.registry import get_game, get_kit, playable_kits
from games.othello.ai import midgame
from tests.test_ui_support import make_app
from ui import scene_record
from ui.lab import lab_scene
from ui.lab.defaults import defaults_for
from ui.lab.tree_header import played_text

#: The issue's Othello position, Black (X) to move.
ITEM_POSITION = "------------------OOOXO---XXOXOO---XXXO------OO-----O----------- X"


def _decision(game_id: str) -> Any:
    state = get_game(game_id).initial_state()
    while state.current_player() == CHANCE:  # backgammon's first roll
        state = state.apply(state.chance_outcomes()[0][0])
    return state


@pytest.mark.parametrize("game_id", [k.id for k in playable_kits()])
def test_each_level_opens_at_the_depth_it_plays_or_is_lowered_with_its_move_named(
        game_id: str) -> None:
    state = _decision(game_id)
    for level in levels_of(get_kit(game_id)):
        opening = defaults_for(get_kit(game_id), state, level=level.name)
        config = lab_config(get_kit(game_id), level.name, opening.depth, state)
        own = level.config(get_kit(game_id), seed=0)
        # The level's recipe in every switch; only the limit may be the lab's.
        assert replace(config, limits=own.limits) == own, level.name
        if level.depth is not None and opening.depth != level.depth:
            assert opening.depth < level.depth, level.name  # lowered, never raised
    # The weak levels of the issue: drawn at the depth they play, not at 3.
    othello = get_game("othello").parse_position(ITEM_POSITION)
    assert defaults_for(get_kit("othello"), othello, level="Beginner").depth == 1
    assert defaults_for(get_kit("othello"), othello, level="Casual").depth == 2
    assert defaults_for(get_kit("othello"), othello, level="Advanced").depth == 4


def test_a_lowered_tree_names_the_depth_drawn_and_the_levels_move() -> None:
    state = get_game("backgammon").initial_state()  # a middle game: past the opening book
    for ply in range(13):
        outcomes = state.chance_outcomes() if state.current_player() == CHANCE else ()
        state = state.apply(outcomes[ply % len(outcomes)][0] if outcomes
                            else state.legal_moves()[-1])
    assert state.current_player() in (0, 1)
    depth = defaults_for(get_kit("backgammon"), state, level="Master").depth
    assert depth < get_level(get_kit("backgammon"), "Master").depth  # five layers: too big to draw
    recording = record(state, lab_config(get_kit("backgammon"), "Master", depth, state), 20_000,
                       level="Master", force=True)
    played = recording.played
    own = run_search(state, get_level(get_kit("backgammon"), "Master").config(get_kit("backgammon"), seed=0))
    assert played.move == get_game("backgammon").format_move(state, own.move)
    assert played_text(recording) == (f"Drawn at depth {recording.depth} (Master plays at "
                                      f"depth {own.depth}: {played.move})")


@pytest.fixture
def app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    a = make_app(tmp_path, monkeypatch, size=(1280, 720))
    yield a
    a.close()


def _shown_tree(app: Any, level: str) -> tuple[Any, str]:
    state = get_game("othello").parse_position(ITEM_POSITION)
    scene = lab_scene(app, state, get_kit("othello"), "tree", level=level)
    app.switch(scene)
    assert app.run_until(lambda: scene._shown and not scene.jobs.busy, timeout_s=120)
    with scene_record.recording(app.screen) as rec:
        app.step([], 0.02)
    return scene.pane("tree").recording, rec.joined()


class SteadyClock:
    """A clock that ticks a fixed step each time a search reads it: a search on the clock
    then reaches the same depth, and plays the same move, however busy the machine is."""

    def __init__(self, step_s: float) -> None:
        self.now, self.step_s = 0.0, step_s
        self.lock = threading.Lock()

    def perf_counter(self) -> float:
        with self.lock:
            self.now += self.step_s
            return self.now


def test_the_items_position_shows_the_move_master_plays(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Master searches by the clock: a steady clock (each reading 50 ms on) makes its depth,
    and so its move, the same in the lab's run and in this one. The compiled search (issue 46)
    reads the real clock from its watching thread, and whether it is in depends on what ran
    before in this process, so both runs here take the Python search (the same tree)."""
    monkeypatch.setattr(native, "available", lambda: False)
    monkeypatch.setattr(native, "enabled", lambda: False)
    monkeypatch.setattr(midgame.KERNELS, "is_ready", False)
    monkeypatch.setattr(lab_tasks, "_PLAYED", {})  # nothing an earlier test's clock found
    monkeypatch.setattr(searchbase, "time", SteadyClock(0.05))
    state = get_game("othello").parse_position(ITEM_POSITION)
    recording, shown = _shown_tree(app, "Master")
    played = recording.played
    assert played is not None and played.level == "Master" and played.depth > recording.depth
    master = get_level(get_kit("othello"), "Master").config(get_kit("othello"), seed=0)
    plays = get_game("othello").format_move(state, run_search(state, master).move)
    assert played.move == plays
    assert f"Drawn at depth {recording.depth} (Master plays {played.how}: {plays})" in shown
    assert f"at depth {played.depth}" in played.how and "in its 4 s a move" in played.how


@pytest.mark.parametrize("level", ["Beginner", "Casual"])
def test_the_weak_levels_are_drawn_at_their_own_depth(app: Any, level: str) -> None:
    state = get_game("othello").parse_position(ITEM_POSITION)
    recording, shown = _shown_tree(app, level)
    own = get_level(get_kit("othello"), level)
    assert recording.depth == own.depth and "Drawn at" not in shown
    plays = run_search(state, own.config(get_kit("othello"), seed=0))
    assert recording.move == get_game("othello").format_move(state, plays.move)
    assert f"move {recording.move}" in shown


def test_a_recording_of_the_levels_own_search_names_its_move_without_searching_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Master's clock runs once: the recording's first run (as it plays) is its move."""
    monkeypatch.setattr(native, "available", lambda: False)
    monkeypatch.setattr(native, "enabled", lambda: False)
    monkeypatch.setattr(midgame.KERNELS, "is_ready", False)
    monkeypatch.setattr(lab_tasks, "_PLAYED", {})
    monkeypatch.setattr(searchbase, "time", SteadyClock(0.05))

    def searched_again(*_: Any) -> None:
        raise AssertionError("the level's search ran a second time")

    monkeypatch.setattr(lab_tasks, "level_play", searched_again)
    kit = get_kit("othello")
    state = get_game("othello").parse_position(ITEM_POSITION)
    recording = record(state, lab_config(kit, "Master", None), 2000, level="Master", force=True)
    played = recording.played
    assert played is not None and played.level == "Master" and played.depth == recording.depth
    assert "in its 4 s a move" in played.how
    assert played.move in {get_game("othello").format_move(state, m) for m in state.legal_moves()}
    # A depth of the lab's own is not the level's search: its move is searched for apart.
    monkeypatch.setattr(lab_tasks, "level_play", lambda *_: played)
    assert record(state, lab_config(kit, "Master", 1), 2000, level="Master").played is played
