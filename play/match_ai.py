"""The AI's side of a match: its searches in the worker, what they found, its pondering.

``MatchAI`` owns the match's ``JobRunner`` traffic, the ``Knowledge`` of the position shown,
the ``Ponder`` and the AI's finished move waiting for its pause. It sees the match through
``MatchHost``: it reads the session and asks for a notice, a pause or a move; it never sets
the match's fields. Every search is of the position shown, and a reply about any other
position is never acted on (``Job.is_about``, ``Job.stale_reason``).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from ai.api import Result, SearchConfig
from ai.worker import Finished, Reply
from game.core import Move, error_line
from game.session import Session
from play.jobs import Job, JobReply, JobRunner, Purpose, failure_text
from play.knowledge import Knowledge
from play.ponder import Ponder, Verdict
from play.rollout import toggle_rollout
from play.setup import hint_text, job_recipe, stakes_advice, why_no_hint
from play.turns import StakesTurns

log = logging.getLogger(__name__)


class MatchHost(Protocol):
    """What the AI sees of its match (the controller is one)."""

    @property
    def session(self) -> Session: ...
    @property
    def paused(self) -> bool: ...
    @property
    def show_values(self) -> bool: ...
    @property
    def stakes_turns(self) -> StakesTurns | None: ...
    def notice(self, text: str, error: bool = False) -> None: ...
    def pause(self) -> None: ...
    def play_move(self, move: Move, by_ai: bool = False) -> bool: ...


class MatchAI:
    """The AI's searches for one match; ``seed`` fixes its random choices (tests)."""

    def __init__(self, host: MatchHost, jobs: JobRunner, clock: Callable[[], float],
                 seed: int | None = None) -> None:
        self.host = host
        self.jobs = jobs
        self.rng = random.Random(seed)
        self.knowledge = Knowledge()
        #: Searching the AI's expected next turn while the human thinks (play.ponder).
        self.ponder = Ponder(clock, lambda state, move: host.session.format_move_text(state, move))
        jobs.on_cancel = self._cancelled
        #: The AI's finished move, waiting for its pause before it is played.
        self.pending: tuple[Job, Move] | None = None

    def new_session(self) -> None:
        """Another game on the board: nothing searched or known about the last one stays."""
        self.jobs.cancel()
        self.knowledge.clear()

    def position_shown(self, verdict: Verdict | None) -> None:
        """The board shows another position: a search of an older one stops (unless it is the
        kept ponder search ``verdict`` hit), and what was known of other positions goes."""
        session = self.host.session
        cur = session.current
        job = self.jobs.current
        kept = verdict is not None and verdict.hit and verdict.job is job
        if job is not None and job.state is not cur and not kept:
            self.jobs.cancel()
        if verdict is None:
            self.ponder.drop()
        self.pending = None
        self.knowledge.show(cur, session.last_decision())

    def thinking(self) -> bool:
        return self.jobs.running(Purpose.MOVE) or self.pending is not None

    # ---- the human's requests -----------------------------------------------------------------
    def why_no_hint(self) -> str | None:
        return why_no_hint(self.host.session, self.host.stakes_turns)

    def hint(self) -> None:
        """The best move for the human: the board values' best when they are known (so the
        hint and the board cannot disagree), else a search; a stakes decision, its advice."""
        why_not = self.why_no_hint()
        session = self.host.session
        if why_not is not None or session.current.current_player() not in (0, 1):
            self.host.notice(why_not or stakes_advice(self.host.stakes_turns))
            return
        if self.knowledge.hint_from_values():
            self.host.notice(hint_text(session, self.knowledge.report(Purpose.HINT),
                                       " — the best of the board values"))
            return
        self.submit(Purpose.HINT)

    def rollout(self) -> None:
        """Roll out the shown position's best moves in the worker; again: stop (play.rollout)."""
        self.host.notice(toggle_rollout(self.jobs, self.host.session, self.knowledge,
                                        self.host.paused))

    def set_pondering(self, on: bool) -> None:
        """Pondering on or off; off stops a ponder search at once."""
        self.ponder.set_enabled(on, self.jobs)

    # ---- searches -----------------------------------------------------------------------------
    def submit(self, purpose: Purpose, config: SearchConfig | None = None) -> None:
        """Start a search of the position shown; a broken AI becomes a notice (and pauses an
        AI turn)."""
        session = self.host.session
        try:
            config, title, noise = job_recipe(session, purpose, self.rng.randrange(2**31),
                                              config)
            job = self.jobs.submit(purpose, session.current, config, title)
        except (ValueError, OSError, RuntimeError) as exc:
            self.jobs.forget()
            if purpose is Purpose.MOVE:
                self.host.pause()
            self.host.notice(f"AI unavailable: {error_line(exc)}", True)
            return
        self.knowledge.start(job, noise)

    def values_wanted(self) -> bool:
        """The board should show values and none are known or coming for this position (a
        ponder search gives way to them)."""
        session = self.host.session
        busy = self.jobs.busy and not self.jobs.running(Purpose.PONDER)
        if not (self.host.show_values and session.is_human_turn) or busy:
            return False
        if session.current.current_player() not in (0, 1):  # a stakes decision
            return False
        report = self.knowledge.report(Purpose.VALUES)
        return report is None or (not report.finished and report.failed is None)

    def human_thinks(self) -> None:
        """The human's turn: the board's values are searched if wanted, else, with the worker
        free, the AI ponders its next turn."""
        if self.values_wanted():
            self.submit(Purpose.VALUES)
        elif not self.jobs.busy and not self.host.paused:
            self.ponder.step(self.jobs, self.host.session, self.knowledge.last_move_search,
                             self.rng.randrange(2**31))

    def play_pending(self) -> None:
        """The AI's found move has waited its pause: it is played."""
        if self.pending is not None:
            job, move = self.pending
            self.pending = None
            self.play_reply(job, move)

    def play_reply(self, job: Job, move: Move) -> bool:
        """Play the AI's move, or drop it with a log line when ``Job.stale_reason`` objects
        (the AI then searches the position on the board afresh)."""
        why = job.stale_reason(move, self.host.session)
        if why is not None:
            log.warning("dropped the AI's move %r from search %d: %s", move, job.id, why)
            return False
        return self.host.play_move(move, by_ai=True)

    # ---- the worker's answers -----------------------------------------------------------------
    def take_answers(self) -> None:
        for answer in self.jobs.poll():
            if answer.job.purpose is Purpose.PONDER:
                self.ponder.take(answer)  # a failed ponder is given up quietly
            else:
                self.ponder.heard(answer, self.jobs)  # a search kept from a hit may stop
                self._take_reply(answer.job, answer.reply)

    def _take_reply(self, job: Job, reply: Reply) -> None:
        self.knowledge.take(JobReply(job, reply))
        failed = failure_text(reply)
        if failed is not None:
            self.host.notice(f"AI error: {failed} — press Space to retry", True)
            if job.purpose is Purpose.MOVE:
                self.host.pause()
        elif isinstance(reply, Finished) and reply.result is not None:
            self._finished(job, reply.result)

    def _finished(self, job: Job, result: Result) -> None:
        if not job.is_about(self.host.session.current):
            return  # never act on a position no longer on the board
        if job.purpose is Purpose.MOVE:
            if result.move is None or result.move not in job.state.legal_moves():
                self.host.notice(f"AI returned no legal move ({result.move!r}); paused", True)
                self.host.pause()
                return
            self.pending = (job, result.move)
        elif job.purpose is Purpose.HINT and result.move is not None:
            self.host.notice(hint_text(self.host.session, self.knowledge.report(Purpose.HINT)))
        elif (job.purpose is Purpose.VALUES and job.config is not None
              and not result.root_values_exact and job.config.exact):
            # An exact solver may prove the best move without valuing the others (the
            # Othello endgame): value them with the full-window search instead.
            self.submit(Purpose.VALUES, replace(job.config, exact=False))

    # ---- pondering (play.ponder) --------------------------------------------------------------
    def _cancelled(self, job: Job) -> None:
        self.knowledge.stopped(job)
        self.ponder.stopped(job)

    def ponder_hit(self, verdict: Verdict) -> None:
        """The human played the move the AI pondered: its search becomes the move search."""
        job = self.ponder.keep(verdict, self.jobs)
        if job is not None:
            report = self.knowledge.start(job, pondered_s=verdict.pondered_s)
            if verdict.finished is not None:
                self._take_reply(job, verdict.finished)
                report.pondered_s = report.elapsed_s  # it ended on the human's time: all of it
