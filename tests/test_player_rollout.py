"""The player's rollout: asked for on the human's turn with the dice rolled, its table filled in
live from the worker's reports, stopped by asking again (the trials played stay), dropped the
moment the position changes, refused with a reason where it means nothing; and the worker's
task: the strongest level's best moves, rolled out by the game's own engine."""

from __future__ import annotations

from ai.rollouts import RolloutTask, candidates, roll_out
from ai.worker import Finished, Progressed
from game.registry import get_game, get_kit
from game.seat import Seat
from games.backgammon.ui.play import rollout_lines
from play.events import Notice
from play.jobs import Purpose
from tests.test_match_controller import match_of

GAME = get_game("backgammon")
# Red to answer White's opening 3-1 with a 3-1 of his own.
POSITION = "sGfwATDgc/ABMA 31 1"


class Table:
    """The shape of a rollout table as the panel reads it."""

    def __init__(self, trials: int, complete: bool) -> None:
        self.trials, self.complete, self.lines = trials, complete, ()


def rolled_match():
    match, worker, clock = match_of((Seat.human(), Seat.human()), "backgammon")
    session = match.session
    session.play((3, 1))
    session.play(GAME.parse_move(session.current, "8/5 6/5"))
    session.play((3, 1))
    match.position_changed(animate=False)
    match.drain()
    return match, worker, clock


def last_notice(match) -> str:
    notices = [e.text for e in match.drain() if isinstance(e, Notice)]
    return notices[-1] if notices else ""


def test_a_rollout_runs_as_a_task_and_its_reports_fill_the_panel() -> None:
    match, worker, clock = rolled_match()
    match.ai.rollout()
    assert match.jobs.running(Purpose.ROLLOUT)
    job_id, task, _ = worker.submitted[-1]
    assert isinstance(task, RolloutTask) and task.game_id == "backgammon"
    assert task.state is match.session.current and task.trials == 1296
    assert "L again stops" in last_notice(match)
    assert match.knowledge.rollout_running and match.knowledge.rollout is None
    partial = Table(36, False)
    worker.out = [Progressed(job_id, value=partial)]
    match.step(clock.now)
    assert match.knowledge.rollout is partial and match.knowledge.rollout_running
    done = Table(1296, True)
    worker.out = [Finished(job_id, value=done)]
    match.step(clock.now)
    assert match.knowledge.rollout is done and not match.knowledge.rollout_running


def test_asking_again_stops_it_and_keeps_the_trials_played() -> None:
    match, worker, clock = rolled_match()
    match.ai.rollout()
    job_id = worker.submitted[-1][0]
    worker.out = [Progressed(job_id, value=Table(72, False))]
    match.step(clock.now)
    match.ai.rollout()
    assert match.jobs.current is None and "stopped" in last_notice(match)
    assert match.knowledge.rollout.trials == 72 and not match.knowledge.rollout_running
    worker.out = [Finished(job_id, value=Table(108, False))]  # the cancelled job's last word
    match.step(clock.now)
    assert match.knowledge.rollout.trials == 72  # a stale reply changes nothing


def test_a_new_position_drops_the_rollout_and_its_late_reports() -> None:
    match, worker, clock = rolled_match()
    match.ai.rollout()
    job_id = worker.submitted[-1][0]
    move = match.session.current.legal_moves()[0]
    assert match.play_move(move)
    assert match.knowledge.rollout is None and not match.knowledge.rollout_running
    worker.out = [Progressed(job_id, value=Table(36, False))]
    match.step(clock.now)
    assert match.knowledge.rollout is None


def test_a_rollout_is_refused_with_a_reason_where_it_means_nothing() -> None:
    match, _, _ = match_of((Seat.human(), Seat.human()), "backgammon")
    match.ai.rollout()  # the opening roll is still to come
    assert "Roll the dice first" in last_notice(match) and not match.jobs.busy
    othello, _, _ = match_of((Seat.human(), Seat.human()), "othello")
    othello.ai.rollout()
    assert "games of dice" in last_notice(othello) and not othello.jobs.busy


def test_the_task_rolls_out_the_strongest_levels_best_moves() -> None:
    state = GAME.parse_position(POSITION)
    best = candidates(get_kit("backgammon"), state, 3)
    assert len(best) == 3 and all(m in state.legal_moves() for m in best)
    reports = []
    table = roll_out(get_kit("backgammon"), state, trials=2, count=3, truncate=2,
                     progress=reports.append)
    assert table.trials == 2 and table.complete and reports
    assert {line.move for line in table.lines} == set(best)


def test_the_panel_says_how_far_the_rollout_got_and_reads_differences() -> None:
    state = GAME.parse_position(POSITION)
    table = roll_out(get_kit("backgammon"), state, trials=2, count=2, truncate=2)
    name = lambda m: GAME.format_move(state, m)  # noqa: E731
    texts = [line.text for line in rollout_lines(table, False, name)]
    assert texts[0] == "Rollout: 2 of 1,296 trials a move"
    assert name(table.lines[0].move) in texts and name(table.lines[1].move) in texts
    running = [line.text for line in rollout_lines(table, True, name)]
    assert "running… L stops" in running
    assert [line.text for line in rollout_lines(None, True, name)] == ["Rollout: starting…"]
