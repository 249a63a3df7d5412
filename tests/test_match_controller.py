"""The match controller without a window: commands in, typed events out, and the one rule that
no answer about a position that left the board is ever played or shown."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from ai.api import Progress, Result, Stats
from ai.worker import DepthDone, Failed, Finished, Progressed, Reply
from game.registry import get_kit
from game.seat import Seat
from game.session import Session
from play.controller import MatchController
from play.events import MovePlayed, Notice, PositionShown
from play.jobs import JobRunner, Purpose
from play.turns import Pace

ROOT = Path(__file__).resolve().parent.parent


class FakeWorker:
    """The worker's interface; the test writes its replies."""

    def __init__(self) -> None:
        self.submitted: list[tuple[int, Any, Any]] = []
        self.cancels = 0
        self.out: list[Reply] = []

    def submit(self, state: Any, config: Any) -> int:
        self.submitted.append((len(self.submitted) + 1, state, config))
        return len(self.submitted)

    def submit_task(self, task: Any) -> int:
        return self.submit(task, None)

    def cancel(self) -> None:
        self.cancels += 1

    def poll(self) -> list[Reply]:
        out, self.out = self.out, []
        return out


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def match_of(seats: tuple[Seat, Seat], game: str = "tictactoe") -> tuple[MatchController,
                                                                          FakeWorker, Clock]:
    worker, clock = FakeWorker(), Clock()
    jobs = JobRunner(lambda: worker, lambda: True)  # type: ignore[arg-type, return-value]
    match = MatchController(Session(get_kit(game), None, seats), jobs, clock,
                            lambda: Pace(0.0, 0.0), seed=1)
    return match, worker, clock


def answer(move: Any, score: float = 0.0, depth: int = 3) -> Result:
    return Result(move, score, depth, True, (move,), Stats(nodes=100, time_s=0.1))


def test_a_new_match_says_its_position_is_shown() -> None:
    match, _, _ = match_of((Seat.human(), Seat.human()))
    assert match.drain() == [PositionShown(False)]
    assert match.drain() == []


def test_a_human_move_is_played_and_told_and_an_illegal_one_refused() -> None:
    match, _, _ = match_of((Seat.human(), Seat.human()))
    match.drain()
    assert match.play_move(4)
    assert match.drain() == [MovePlayed(4, False), PositionShown(True)]
    assert not match.play_move(4)  # taken
    (event,) = match.drain()
    assert isinstance(event, Notice) and event.error and event.text.startswith("Illegal move")
    assert match.session.ply == 1


def test_the_ai_searches_then_plays_after_its_pause() -> None:
    match, worker, clock = match_of((Seat.ai_level("Casual"), Seat.human()))
    match.step(clock.now)
    assert len(worker.submitted) == 1 and match.jobs.running(Purpose.MOVE)
    job_id, state, config = worker.submitted[0]
    assert state is match.session.current and config.game_id == "tictactoe"
    worker.out = [Progressed(job_id, Progress(1, 10, 0.01, 4, 1.0)),
                  DepthDone(job_id, answer(4, depth=1)), Finished(job_id, answer(4))]
    match.step(clock.now)
    assert match.ai.pending is not None and match.session.ply == 0  # waits for its pause
    report = match.knowledge.report(Purpose.MOVE)
    assert report is not None and report.finished and report.chosen == 4
    clock.now += 1.0
    match.step(clock.now)
    assert match.session.ply == 1 and match.session.moves[-1] == 4
    assert MovePlayed(4, True) in match.drain()


def test_a_reply_for_a_position_taken_back_is_never_played() -> None:
    match, worker, clock = match_of((Seat.human(), Seat.ai_level("Casual")))
    match.play_move(0)
    match.step(clock.now)
    job_id = worker.submitted[-1][0]
    match.history.undo()  # the human takes the move back while the AI thinks
    assert match.jobs.current is None and worker.cancels >= 1
    worker.out = [Finished(job_id, answer(4))]
    clock.now += 5
    match.step(clock.now)
    assert match.session.ply == 0 and match.ai.pending is None
    assert match.jobs.stale_replies == 1
    assert match.knowledge.report(Purpose.MOVE) is None


def test_a_failed_search_pauses_the_ai_and_says_why() -> None:
    match, worker, clock = match_of((Seat.ai_level("Casual"), Seat.human()))
    match.step(clock.now)
    worker.out = [Failed(worker.submitted[-1][0], "the search process stopped")]
    match.drain()
    match.step(clock.now)
    assert match.paused
    notices = [e for e in match.drain() if isinstance(e, Notice)]
    assert notices and notices[-1].error and "the search process stopped" in notices[-1].text


def test_values_are_searched_on_a_human_turn_only_when_wanted() -> None:
    match, worker, clock = match_of((Seat.human(), Seat.human()))
    match.step(clock.now)
    assert worker.submitted == []
    match.set_show_values(True)
    match.step(clock.now)
    assert match.jobs.running(Purpose.VALUES)
    assert worker.submitted[-1][2].exact_root_values


def test_the_controller_never_loads_pygame() -> None:
    code = ("import sys, play.controller, play.jobs, play.knowledge, play.setup\n"
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"
