"""MCTS's step mode (issue 44): the four phases in order with the right lines of MCTS's
pseudocode lit, checked against the textbook (ai.lab.textbook_mcts): selection takes the child
the textbook's UCB1 takes, backpropagation leaves the N and W the textbook's does, the reward is
the playout's game result."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from ai.kit import profile_for
from ai.lab.search import teaching_config
from ai.lab.tasks import record
from ai.lab.textbook import PSEUDOCODE
from ai.lab.textbook_mcts import PHASES, backpropagate, select_child
from ai.mcts.reward import reward_for
from game.core import TERMINAL
from game.registry import get_kit
from tests.test_ui_support import make_app, mcts_tree_lab
from ui import scene_record
from ui.lab.mcts_stepper import MctsStepper
from ui.layout_check import findings

C = math.sqrt(2)


def _recording(game_id: str) -> Any:
    kit = get_kit(game_id)
    return record(kit.rules().initial_state(), teaching_config(kit, 3, "mcts"), 20_000)


@pytest.mark.parametrize("game_id", ["tictactoe", "othello"])
def test_each_iteration_runs_the_four_phases_in_order_on_the_textbook_lines(
        game_id: str) -> None:
    rec = _recording(game_id)
    phase_of = {line: phase for phase, lines in PHASES for line in lines}
    order = [phase for phase, _ in PHASES]
    names = {name for name, _ in PSEUDOCODE["mcts"] if name}
    assert rec.events and len(rec.events) == len(rec.mcts_steps)
    by_iteration: dict[int, list[str]] = {}
    for ev, step in zip(rec.events, rec.mcts_steps, strict=True):
        assert ev.line in names
        assert phase_of[ev.line] == step.phase
        by_iteration.setdefault(step.iteration, []).append(step.phase)
    assert list(by_iteration) == list(range(1, len(by_iteration) + 1))
    for phases in by_iteration.values():
        ranks = [order.index(p) for p in phases]
        assert ranks == sorted(ranks) and phases[0] == "selection"
        assert phases[-1] == "backpropagation"
    # some iteration compares children by UCB1
    assert any(s.candidates for s in rec.mcts_steps)


def test_selection_backpropagation_and_reward_agree_with_the_textbook() -> None:
    rec = _recording("tictactoe")
    kit = get_kit("tictactoe")
    reward = reward_for(profile_for(kit))
    stepper = MctsStepper(rec.nodes, rec.events, rec.mcts_steps)
    path_stats: list[tuple[int, float, int]] = []
    playout: list[Any] = []
    while not stepper.at_end:
        step = rec.mcts_steps[stepper.position]
        ev = rec.events[stepper.position]
        node = rec.nodes[ev.node]
        if step.candidates:
            parent = node.parent
            assert parent is not None
            n_parent = stepper.node_stats(parent)[0]
            kids = [(c.exploitation * c.n, c.n) for c in step.candidates]
            assert select_child(n_parent, kids, C) == step.chosen
            assert all(math.isclose(c.exploration, C * math.sqrt(math.log(n_parent) / c.n))
                       for c in step.candidates)
        if ev.line == "playout" and "more moves" not in step.text:
            playout.append(ev)
        if ev.line == "reward":
            state = node.state
            for move in _moves(rec, step.iteration):
                state = state.apply(move)
            assert state.current_player() == TERMINAL
            assert ev.value == reward.score(state)  # player 0 moves at the root
            playout.clear()
        if ev.line == "backprop":
            n, w = stepper.node_stats(ev.node)
            assert node.view is not None
            path_stats = [(n, w, node.view)]
        stepper.forward()
        if ev.line == "backprop":
            ((n_after, w_after),) = backpropagate(path_stats, _reward_of(rec, step.iteration))
            assert stepper.node_stats(ev.node) == (n_after, w_after)
    # at the end every node shown has the statistics of those iterations only
    assert stepper.node_stats(0)[0] == max(s.iteration for s in rec.mcts_steps)


def _reward_of(rec: Any, iteration: int) -> float:
    return next(e.value for e, s in zip(rec.events, rec.mcts_steps, strict=True)
                if s.iteration == iteration and e.line == "reward")


def _moves(rec: Any, iteration: int) -> list[Any]:
    """The playout's moves of ``iteration``, read back from its steps' words against the
    rules (each step names its move in notation)."""
    game = get_kit("tictactoe").rules()
    events = [(e, s) for e, s in zip(rec.events, rec.mcts_steps, strict=True)
              if s.iteration == iteration and e.line == "playout"]
    if not events:
        return []
    state = rec.nodes[events[0][0].node].state
    moves = []
    for _, s in events:
        text = s.text.split(": ", 1)[1].split(" (")[0]
        move = game.parse_move(state, text)
        moves.append(move)
        state = state.apply(move)
    return moves


@pytest.mark.parametrize("presentation", [False, True])
def test_step_mode_lights_each_steps_line_on_screen(tmp_path: Any, monkeypatch: Any,
                                                     presentation: bool) -> None:
    app = make_app(tmp_path, monkeypatch, size=(1280, 720), lab_presentation=presentation)
    kit = get_kit("tictactoe")
    try:
        pane = mcts_tree_lab(app)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s",
                                     scancode=0)], 0.02)
        stepper = pane.stepper
        assert isinstance(stepper, MctsStepper)
        texts = dict(PSEUDOCODE["mcts"])
        for _ in range(len(stepper.events)):
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n",
                                         scancode=0)], 0.02)
            with scene_record.recording(app.screen) as frame:
                app.step([], 0.02)
            (panel,) = frame.marks_of("code-panel")
            assert panel["active"] == stepper.line and panel["lit"]
            lit = frame.marks_of("code-lit")
            assert lit and texts[stepper.line].strip().startswith(
                str(lit[0]["text"]).strip()[:12])
            assert findings(frame, presentation) == [], stepper.position
            step = stepper.step
            if step is not None and step.position is not None:  # a playout's move
                (board,) = frame.marks_of("lab-position")
                assert board["position"] == kit.rules().format_position(step.position)
    finally:
        app.close()


def test_the_textbook_uct_finds_the_winning_move_of_small_nim() -> None:
    import random

    from ai.lab.textbook_mcts import mcts

    kit = get_kit("nim")
    game = kit.rules()
    state = game.initial_state(heaps=(5,), max_take=3)  # take 1: leave a multiple of 4
    move = mcts(state, 400, reward_for(profile_for(kit)).score, C, random.Random(1))
    assert game.format_move(state, move) == "1:1"


def test_each_playout_step_holds_the_position_its_moves_reached() -> None:
    """The board beside a playout step shows the game as played out so far: the leaf's
    position with the playout's moves up to this one, ending where the reward was read."""
    rec = _recording("tictactoe")
    game = get_kit("tictactoe").rules()
    playouts = [(ev, step) for ev, step in zip(rec.events, rec.mcts_steps, strict=True)
                if step.phase == "playout" and step.position is not None]
    assert playouts
    for ev, step in playouts:
        start = rec.nodes[ev.node].state
        played = step.position
        assert played is not None and played != start
        assert len([c for c in game.format_position(played) if c in "XO"]) > len(
            [c for c in game.format_position(start) if c in "XO"])
