"""Pondering without a window: the AI searches its expected next turn on the human's time; a
hit keeps that search (and saves the time it already had), a miss cancels it and costs the AI
nothing; a hint or the board's values come first."""

from __future__ import annotations

from ai.api import Limits, Progress, Result, Stats
from ai.worker import Finished, Progressed
from game.registry import get_kit
from game.seat import Seat
from play.jobs import Purpose
from play.ponder import PONDER_TIME_FACTOR, pondered_config
from play.setup import search_config
from tests.test_match_controller import match_of

# Kalah's Master searches by time (2 s a move, no depth): the level pondering is for.
GAME = "kalah"


def ai_moved_with_line(first: int, line: tuple[int, ...]) -> tuple:
    """A Kalah match, AI (Master) first, pondering on, after the AI's move ``first`` whose
    search expects the human to answer ``line[0]``."""
    match, worker, clock = match_of((Seat.ai_level("Master"), Seat.human()), GAME)
    match.ai.set_pondering(True)
    match.step(clock.now)
    job_id = worker.submitted[-1][0]
    worker.out = [Finished(job_id, Result(first, 1.0, 9, True, (first, *line),
                                          Stats(nodes=10, time_s=2.0)))]
    match.step(clock.now)
    clock.now += 1.0
    match.step(clock.now)  # plays the move
    assert match.session.moves[-1] == first
    return match, worker, clock


def human_move(match) -> int:
    return match.session.current.legal_moves()[0]


def test_only_a_search_bounded_by_time_alone_is_pondered() -> None:
    master = search_config(get_kit(GAME), Seat.ai_level("Master"))
    config = pondered_config(master)
    assert config is not None and config.limits.depth is None
    assert master is not None and master.limits.time_s is not None
    assert config.limits.time_s == master.limits.time_s * PONDER_TIME_FACTOR
    assert pondered_config(search_config(get_kit(GAME), Seat.ai_level("Advanced"))) is None  # depth 6
    assert pondered_config(search_config(get_kit(GAME), Seat.ai_level("Casual"))) is None
    assert pondered_config(None) is None  # a human seat


def test_the_ai_ponders_the_position_after_the_expected_reply() -> None:
    match, worker, clock = ai_moved_with_line(0, (1, 3))
    expected = 1 if 1 in match.session.current.legal_moves() else None
    assert expected is not None
    match.step(clock.now)
    assert match.jobs.running(Purpose.PONDER)
    _, state, config = worker.submitted[-1]
    assert state.key() == match.session.current.apply(1).key()
    assert config.limits == Limits(time_s=2.0 * PONDER_TIME_FACTOR)
    worker.out = [Progressed(worker.submitted[-1][0], Progress(7, 500, 0.4, 3, 1.0))]
    clock.now += 0.4
    match.step(clock.now)
    status = match.ponder.status()
    assert status is not None and status.startswith("pondering ") and "depth 7" in status


def test_pondering_off_searches_nothing_on_the_humans_time() -> None:
    match, worker, clock = ai_moved_with_line(0, (1, 3))
    match.ai.set_pondering(False)
    before = len(worker.submitted)
    match.step(clock.now)
    assert len(worker.submitted) == before and not match.jobs.busy


def test_a_hit_with_the_levels_time_used_moves_at_once() -> None:
    match, worker, clock = ai_moved_with_line(0, (1, 3))
    match.step(clock.now)
    ponder_id = worker.submitted[-1][0]
    submitted, cancels = len(worker.submitted), worker.cancels
    clock.now += 5.0  # the human thinks longer than the level's 2 s
    assert match.play_move(1)
    # The ponder search is kept as the move search, not cancelled and not searched again:
    # it is told to answer now (the worker's stop keeps the job current).
    assert len(worker.submitted) == submitted
    assert match.jobs.running(Purpose.MOVE) and match.jobs.current.id == ponder_id
    assert worker.cancels == cancels + 1 and match.jobs.cancel_latencies_ms == []
    assert match.ponder.outcome is not None and "Ponder hit" in match.ponder.outcome
    assert "moves at once, 2.0 s sooner" in match.ponder.outcome
    worker.out = [Finished(ponder_id, Result(3, 1.0, 12, True, (3,), Stats(time_s=5.0)))]
    match.step(clock.now)
    assert match.ai.pending is not None and match.ai.pending[1] == 3
    report = match.knowledge.report(Purpose.MOVE)
    assert report is not None and report.finished and report.done_depth == 12


def test_a_hit_early_searches_only_the_time_still_missing() -> None:
    match, worker, clock = ai_moved_with_line(0, (1, 3))
    match.step(clock.now)
    cancels = worker.cancels
    clock.now += 0.5  # half a second of pondering: 1.5 s of the level's 2 s still to go
    match.play_move(1)
    assert worker.cancels == cancels and match.jobs.running(Purpose.MOVE)
    assert "searches 1.5 s more, 0.5 s sooner" in (match.ponder.outcome or "")
    clock.now += 1.4
    match.step(clock.now)
    assert worker.cancels == cancels  # not yet
    clock.now += 0.2
    match.step(clock.now)
    assert worker.cancels == cancels + 1  # the level's time is used: it answers now


def test_a_ponder_that_ended_before_the_hit_is_the_answer() -> None:
    match, worker, clock = ai_moved_with_line(0, (1, 3))
    match.step(clock.now)
    ponder_id = worker.submitted[-1][0]
    worker.out = [Finished(ponder_id, Result(4, 2.0, 30, True, (4,), Stats(time_s=3.0)))]
    clock.now += 3.0
    match.step(clock.now)
    assert not match.jobs.busy and match.ponder.status() is not None  # done, kept
    submitted = len(worker.submitted)
    match.play_move(1)
    assert len(worker.submitted) == submitted
    assert match.ai.pending is not None and match.ai.pending[1] == 4


def test_a_miss_cancels_the_ponder_and_searches_with_the_full_time() -> None:
    match, worker, clock = ai_moved_with_line(0, (1, 3))
    match.step(clock.now)
    ponder_id = worker.submitted[-1][0]
    other = next(m for m in match.session.current.legal_moves() if m != 1)
    clock.now += 1.0
    match.play_move(other)
    assert match.jobs.current is None and ponder_id in match.jobs.cancelled
    assert "Ponder miss" in (match.ponder.outcome or "")
    clock.now += 1.0
    match.step(clock.now)  # the AI's own search of the real position, as without pondering
    _, state, config = worker.submitted[-1]
    assert match.jobs.running(Purpose.MOVE) and state is match.session.current
    assert config.limits == search_config(get_kit(GAME), Seat.ai_level("Master")).limits
    worker.out = [Finished(ponder_id, Result(4, 2.0, 30, True, (4,), Stats()))]
    match.step(clock.now)
    assert match.ai.pending is None  # the cancelled ponder's late answer is never played


def test_the_board_values_come_before_the_ponder() -> None:
    match, worker, clock = ai_moved_with_line(0, (1, 3))
    match.step(clock.now)
    ponder_id = worker.submitted[-1][0]
    match.set_show_values(True)
    match.step(clock.now)
    assert match.jobs.running(Purpose.VALUES) and ponder_id in match.jobs.cancelled
    worker.out = [Finished(worker.submitted[-1][0],
                           Result(1, 0.0, 5, True, (1,), Stats(), ((1, 0.0),), True))]
    match.step(clock.now)
    match.step(clock.now)
    assert match.jobs.running(Purpose.PONDER)  # resumed once the values are in


def test_a_hint_comes_before_the_ponder() -> None:
    match, worker, clock = ai_moved_with_line(0, (1, 3))
    match.step(clock.now)
    ponder_id = worker.submitted[-1][0]
    match.ai.hint()
    assert match.jobs.running(Purpose.HINT) and ponder_id in match.jobs.cancelled
    assert match.ponder.status() is None


def test_no_guess_no_ponder() -> None:
    # The AI's search named no reply (a book move, a one-move line): nothing to ponder.
    match, worker, clock = ai_moved_with_line(0, ())
    submitted = len(worker.submitted)
    match.step(clock.now)
    assert len(worker.submitted) == submitted and match.ponder.status() is None


def test_the_screen_is_woken_to_start_the_ponder_and_not_after_a_position_without_one() -> None:
    match, worker, clock = ai_moved_with_line(0, (1, 3))
    assert match.wake_in(clock.now) == 0.0  # the guess is still to be made
    match.step(clock.now)
    assert match.jobs.running(Purpose.PONDER)
    match2, _, clock2 = ai_moved_with_line(0, ())
    assert match2.wake_in(clock2.now) == 0.0
    match2.step(clock2.now)
    assert match2.wake_in(clock2.now) is None  # asked once: nothing to ponder, sleep


def test_the_ponder_bench_measures_both_runs_and_refuses_a_game_without_a_clock(capsys) -> None:
    import argparse
    import json

    from cli.bench_ponder import run

    assert run(argparse.Namespace(games={"kalah"}, think=0.0, moves=1)) == 0
    figures = json.loads(capsys.readouterr().out.splitlines()[-1])["ponder"]
    assert figures["game"] == "kalah"
    assert [r["pondering"] for r in figures["runs"]] == [False, True]
    assert all(r["replies"] == 1 for r in figures["runs"])
    assert run(argparse.Namespace(games={"tictactoe"}, think=0.0, moves=1)) == 2
    assert "nothing to ponder" in capsys.readouterr().err


def test_a_kept_search_stops_after_a_depth_past_half_the_levels_time() -> None:
    # As the level's own search: it starts no depth past half its time, so a hit is never
    # slower than no ponder.
    from ai.worker import DepthDone

    match, worker, clock = ai_moved_with_line(0, (1, 3))
    match.step(clock.now)
    job_id = worker.submitted[-1][0]
    clock.now += 0.5
    match.play_move(1)
    cancels = worker.cancels
    clock.now += 0.3  # 0.8 s of the level's 2 s: a depth done now is followed by another
    worker.out = [DepthDone(job_id, Result(3, 1.0, 10, True, (3,), Stats(time_s=0.8)))]
    match.step(clock.now)
    assert worker.cancels == cancels
    clock.now += 0.4  # 1.2 s: past half, the next depth would not be started
    worker.out = [DepthDone(job_id, Result(3, 1.0, 11, True, (3,), Stats(time_s=1.2)))]
    match.step(clock.now)
    assert worker.cancels == cancels + 1 and match.jobs.running(Purpose.MOVE)
    clock.now += 1.0
    match.step(clock.now)
    assert worker.cancels == cancels + 1  # not hurried again at the deadline
