"""Pondering: the AI searches on the human's time.

After the AI has moved, its own search already says what it expects the human to answer: the
second move of its principal variation. While the human thinks, the worker would sit idle, so
a level that searches by time searches the position after that expected answer instead. When
the human plays it (a hit), the search is simply kept: it becomes the move search, and the
time already spent counts against the level's time, so the AI moves at once (having searched
longer and deeper than its time allows) or after only the time still missing. When the human
plays anything else (a miss), the search is cancelled by the same path as any stale search
and the move search starts as it would have without pondering: the ponder used only time
that was the human's.

``Ponder`` owns the guess and the ponder job's live figures; the match controller asks it
what to submit, hands it the ponder job's replies, and asks it to judge each human move.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace

from ai.api import Limits, SearchConfig
from ai.worker import DepthDone, Failed, Finished, Progressed
from game.core import Move, State, error_line
from game.session import Session
from play.jobs import Job, JobReply, JobRunner, Purpose
from play.knowledge import SearchReport
from play.setup import describe_seat, search_config

log = logging.getLogger(__name__)

#: A ponder search stops by itself after this many times the level's time (a human who
#: leaves the board for an hour should not leave a core busy for an hour).
PONDER_TIME_FACTOR = 10.0


def pondered_config(config: SearchConfig | None) -> SearchConfig | None:
    """The search to run while the human thinks, for a seat whose search is ``config``; None
    for a search that is not bounded by time alone (a fixed depth, an exact solver, a level
    without a clock), which pondering would not speed up."""
    if config is None or config.limits.time_s is None or config.limits.depth is not None:
        return None
    return replace(config, limits=Limits(time_s=config.limits.time_s * PONDER_TIME_FACTOR))


def can_ponder(session: Session) -> bool:
    """A human plays an AI whose search is bounded by time alone: pondering would do
    something in this match."""
    seats = session.seats
    return any(seat.is_human for seat in seats) and any(
        pondered_config(search_config(session.kit, seat)) is not None
        for seat in seats if not seat.is_human)


@dataclass(frozen=True)
class Guess:
    """The AI expects ``move`` in ``before``; it would then search ``after`` with ``config``
    (its own search, given ``level_s`` seconds a move)."""

    before: State
    move: Move
    after: State
    config: SearchConfig
    level_s: float
    title: str


def guess_after(session: Session, last: SearchReport | None, seed: int) -> Guess | None:
    """What the AI expects after its own last move ``last`` (the search that chose it): the
    second move of that search's line, if it is legal on the board and leads to a decision of
    an AI seat whose search is bounded by time; None when there is nothing to ponder."""
    cur = session.current
    if last is None or len(last.pv) < 2 or last.pv[0] != last.chosen:
        return None
    move = last.pv[1]
    if session.is_over or move not in cur.legal_moves():
        return None
    after = cur.apply(move)
    player = after.current_player()
    if player not in (0, 1) or session.seats[player].is_human:
        return None
    seat = session.seats[player]
    own = search_config(session.kit, seat, seed)
    config = pondered_config(own)
    if config is None:
        return None
    assert own is not None and own.limits.time_s is not None  # pondered_config checked both
    title = f"{session.game.player_names[player]} · {describe_seat(seat)}"
    return Guess(cur, move, after, config, own.limits.time_s, title)


@dataclass(frozen=True)
class Verdict:
    """A guess judged against the move the human played."""

    hit: bool
    #: The ponder job, to keep as the move search on a hit.
    job: Job | None
    #: The ponder search's final reply, if it ended before the human moved.
    finished: Finished[object] | None
    #: Seconds of the level's time still to search after a hit (0: move at once), of
    #: ``level_s`` in all.
    remaining_s: float
    level_s: float
    text: str
    #: Seconds the ponder search had run when the human moved (on the human's time).
    pondered_s: float = 0.0


class Ponder:
    """The current guess, its job, and what the last guess came to."""

    def __init__(self, clock: Callable[[], float], move_text: Callable[[State, Move], str]
                 ) -> None:
        self.clock = clock
        self.move_text = move_text
        self.enabled = False
        self.guess: Guess | None = None
        self.job: Job | None = None
        self.started = self.ended = 0.0
        self.finished: Finished[object] | None = None
        #: The live figures of the ponder search: depth searched, best answer so far.
        self.depth = 0
        self.best: Move | None = None
        #: What the last judged guess came to, in words (until the next guess starts).
        self.outcome: str | None = None
        #: A guess that cannot run (its search failed): not tried again for this position.
        self.given_up = False
        #: A search kept from a hit: (job id, when its time began, the level's seconds); it
        #: is hurried once it has had the level's time.
        self._kept: tuple[int, float, float] | None = None
        #: The position last found to have nothing to ponder (not asked again every frame).
        self._no_guess_at: object = None

    # ---- driving the worker ---------------------------------------------------------------
    def set_enabled(self, on: bool, jobs: JobRunner) -> None:
        self.enabled = on
        if not on:
            if jobs.running(Purpose.PONDER):
                jobs.cancel()
            self.drop()

    def step(self, jobs: JobRunner, session: Session, last: SearchReport | None,
             seed: int) -> None:
        """The worker is free on the human's turn: guess the human's move after ``last`` (the
        search behind the AI's last move) and search the position it leads to; again if a
        hint or the board's values took the worker meanwhile."""
        if not self.enabled:
            return
        if self.guess is None or self.guess.before.key() != session.current.key():
            guess = guess_after(session, last, seed)
            if guess is None:
                self._no_guess_at = session.current.key()
                return
            self.set_guess(guess)
        guess = self.guess
        if not self.wants_job() or guess is None:
            return
        try:
            job = jobs.submit(Purpose.PONDER, guess.after, guess.config, guess.title)
        except (ValueError, OSError, RuntimeError) as exc:
            jobs.forget()
            self.given_up = True
            log.warning("no pondering: %s", error_line(exc))
            return
        self.started_job(job)

    def keep(self, verdict: Verdict, jobs: JobRunner) -> Job | None:
        """A hit: the ponder job as the move search (None if it is gone). A search still
        running is hurried once the level's time is used, counting the time it had already;
        one that ended is the move search's answer (``verdict.finished``)."""
        if verdict.job is None:
            return None
        if verdict.finished is not None:
            return replace(verdict.job, purpose=Purpose.MOVE)
        if jobs.current is not verdict.job:
            return None
        job = jobs.adopt(Purpose.MOVE)
        if verdict.remaining_s <= 0:
            jobs.hurry()
        elif job is not None:
            self._kept = (job.id, self.clock() - (verdict.level_s - verdict.remaining_s),
                          verdict.level_s)
        return job

    def hurry_if_due(self, now: float, jobs: JobRunner) -> None:
        """Stop a kept search that has had the level's time (it answers with its best)."""
        if self._kept is not None and now >= self._kept[1] + self._kept[2]:
            self._kept = None
            jobs.hurry()

    def heard(self, answer: JobReply, jobs: JobRunner) -> None:
        """A reply of the move search: a kept search that finishes a depth past half the
        level's time stops there, as the level's own search would not start another depth
        (ai.searchbase), so a hit is never slower than no ponder."""
        if self._kept is None or answer.job.id != self._kept[0]:
            return
        job_id, started, level_s = self._kept
        if isinstance(answer.reply, DepthDone) and self.clock() - started > 0.5 * level_s:
            self._kept = None
            jobs.hurry()

    # ---- the guess --------------------------------------------------------------------------
    def set_guess(self, guess: Guess) -> None:
        self.guess, self.job, self.finished = guess, None, None
        self.depth, self.best, self.given_up = 0, None, False
        self.outcome = None

    def drop(self) -> None:
        """Forget the guess without judging it (the board moved on some other way)."""
        self.guess = self.job = self.finished = self._kept = None
        self.depth, self.best, self.given_up = 0, None, False

    def wants_job(self) -> bool:
        """A guess whose search neither runs nor has ended: submit (or resubmit) it."""
        return (self.enabled and self.guess is not None and self.job is None
                and not self.given_up)

    def due(self, shown: State) -> bool:
        """Something to start for ``shown`` on the human's turn: a guess to make or submit."""
        if not self.enabled:
            return False
        if self.guess is None or self.guess.before.key() != shown.key():
            return self._no_guess_at != shown.key()
        return self.wants_job()

    @property
    def running(self) -> bool:
        return self.job is not None and self.finished is None

    def ran_s(self) -> float:
        """Seconds the ponder search has run (until its end, if it ended)."""
        if self.job is None:
            return 0.0
        return (self.ended if self.finished is not None else self.clock()) - self.started

    def started_job(self, job: Job) -> None:
        self.job, self.started = job, self.clock()
        self.depth, self.best = 0, None

    def stopped(self, job: Job) -> None:
        """``job`` was cancelled (a hint or the values pass took the worker): the next free
        frame submits the guess again."""
        if self.running and self.job is not None and job.id == self.job.id:
            self.job = None

    def take(self, answer: JobReply) -> None:
        """A reply of the ponder job: live figures, its end, or its failure."""
        reply = answer.reply
        if not self.running or self.job is None or answer.job.id != self.job.id:
            return
        if isinstance(reply, Progressed) and reply.progress is not None:
            self.depth = reply.progress.depth
            self.best = reply.progress.best_move or self.best
        elif isinstance(reply, DepthDone):
            self.depth, self.best = reply.result.depth, reply.result.move
        elif isinstance(reply, Finished) and reply.result is not None:
            self.finished, self.ended = reply, self.clock()
            self.depth, self.best = reply.result.depth, reply.result.move
        elif isinstance(reply, Failed | Finished):
            self.job, self.given_up = None, True

    # ---- the human's move -------------------------------------------------------------------
    def judge(self, before: State, move: Move, now_shown: State) -> Verdict | None:
        """The human played ``move`` in ``before``: a hit or a miss of the guess; None when
        there was no guess about ``before`` (the guess is forgotten either way)."""
        guess = self.guess
        if guess is None or self.job is None or before.key() != guess.before.key():
            self.drop()  # no guess, or its search never ran: nothing was pondered
            return None
        ran_s = self.ran_s()
        expected = self.move_text(guess.before, guess.move)
        hit = move == guess.move and now_shown.key() == guess.after.key()
        if not hit:
            played = self.move_text(before, move)
            text = (f"Ponder miss: it expected {expected}, you played {played}. Its search "
                    f"starts now with its full {guess.level_s:g} s: nothing lost, the ponder "
                    "used only your time.")
            verdict = Verdict(False, None, None, guess.level_s, guess.level_s, text)
        else:
            remaining = 0.0 if self.finished is not None else guess.level_s - ran_s
            remaining = 0.0 if remaining < 0.05 else remaining
            saved = guess.level_s - remaining
            depth = f", depth {self.depth}" if self.depth else ""
            then = ("it moves at once" if remaining == 0.0
                    else f"it searches {remaining:.1f} s more")
            text = (f"Ponder hit: you played {expected}, as it expected. It had searched "
                    f"{ran_s:.1f} s{depth} on your time: {then}, {saved:.1f} s sooner than "
                    "without pondering.")
            verdict = Verdict(True, self.job, self.finished, remaining, guess.level_s, text,
                              ran_s)
        self.drop()
        self.outcome = verdict.text
        return verdict

    # ---- for the panel ----------------------------------------------------------------------
    def status(self) -> str | None:
        """"pondering c4 … depth 7, e3 so far" while the ponder runs (None otherwise)."""
        guess = self.guess
        if guess is None or self.job is None:
            return None
        expected = self.move_text(guess.before, guess.move)
        ran_s = self.ran_s()
        answer = f", answer {self.move_text(guess.after, self.best)}" if self.best else ""
        state = "done" if self.finished is not None else f"depth {self.depth}"
        return f"pondering {expected} … {state}{answer} ({ran_s:.0f} s)"
