"""One match in progress, without pygame: the session, whose turn it is, the AI's jobs and what
the AI knows about the position shown.

The play screen draws a ``MatchController`` and turns clicks and keys into its commands; the
controller answers with events (play.events) the screen drains once a frame. Every change of
position goes through ``position_changed``, which cancels a search of another position and
clears what was known about it, so the AI can never play, and the screen never show, a move
computed for a position that is no longer on the board. Game-specific turns beside the moves
(backgammon's cube decisions) come from the game's kit as a ``StakesTurns``.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ai.api import Result, SearchConfig
from ai.worker import Finished, Reply
from game.core import CHANCE, IllegalMoveError, Move, error_line
from game.session import Session
from play.events import MatchEvent, MovePlayed, Notice, PositionShown
from play.jobs import Job, JobReply, JobRunner, Purpose, failure_text
from play.kit import game_play
from play.knowledge import Knowledge
from play.ponder import Ponder, Verdict
from play.rollout import toggle_rollout
from play.setup import hint_text, job_recipe, stakes_advice, why_no_hint
from play.turns import Pace, StakesTurns

log = logging.getLogger(__name__)

#: How long the AI waits after a human's move before playing its own (seconds).
HUMAN_VS_AI_PAUSE_S = 0.25
#: How long the dice wait before they roll by themselves (after any animation).
ROLL_DELAY_S = 0.7


class MatchController:
    """The match and the AI around it; ``clock`` gives the screen's time in seconds."""

    def __init__(self, session: Session, jobs: JobRunner, clock: Callable[[], float],
                 pace: Callable[[], Pace], seed: int | None = None,
                 own_position: bool = False) -> None:
        self.jobs = jobs
        self.clock = clock
        self.pace = pace
        self.rng = random.Random(seed)
        self.knowledge = Knowledge()
        #: Searching the AI's expected next turn while the human thinks (play.ponder).
        self.ponder = Ponder(clock, lambda state, move: self.session.format_move_text(state, move))
        jobs.on_cancel = self._cancelled
        self.paused = False
        #: The board should show every legal move's value (the values pass runs).
        self.show_values = False
        #: The AI's finished move, waiting for its pause before it is played.
        self.pending: tuple[Job, Move] | None = None
        self._events: list[MatchEvent] = []
        self.ai_submit_at = self.ai_apply_at = self.roll_at = 0.0
        self._over_announced = False
        self.stakes_turns: StakesTurns | None = None
        self._stakes_game = ""
        self.set_session(session, own_position)

    # ---- the session ------------------------------------------------------------------------
    def set_session(self, session: Session, own_position: bool = False) -> None:
        """Play ``session`` from now on (a new game, or one loaded or pasted)."""
        self.jobs.cancel()
        self.session = session
        #: The game began from a position the player brought: leaving it asks first.
        self.own_position = own_position
        self.knowledge.clear()
        if self._stakes_game != session.game_id:
            # One per screen's game: it keeps the money score over the games played here.
            make = game_play(session.game_id).stakes_turns
            self.stakes_turns = make(self) if make is not None else None
            self._stakes_game = session.game_id
        self.position_changed(animate=False)

    def position_changed(self, animate: bool = True, verdict: Verdict | None = None) -> None:
        """Everything that must happen whenever the shown position (or its stakes) changes;
        ``verdict``: the human's move judged against the AI's ponder guess."""
        cur = self.session.current
        job = self.jobs.current
        kept = verdict is not None and verdict.hit and verdict.job is job
        if job is not None and job.state is not cur and not kept:
            self.jobs.cancel()
        if verdict is None:
            self.ponder.drop()
        self.pending = None
        self.knowledge.show(cur, self.session.last_decision())
        if self.stakes_turns is not None:
            self.stakes_turns.record_result()
        now, pace = self.clock(), self.pace()
        anim = pace.animation_s if animate else 0.0
        both_ai = all(not s.is_human for s in self.session.seats)
        pause = pace.ai_vs_ai_s if both_ai else HUMAN_VS_AI_PAUSE_S
        self.ai_apply_at = now + anim + pause
        self.ai_submit_at = now + (anim + pause if both_ai else 0.0)
        self.roll_at = now + anim + ROLL_DELAY_S
        self._over_announced = False
        self._events.append(PositionShown(animate))
        if verdict is not None:  # hit or miss, a message: the panel's line lasted 0.5 s
            self.notice(verdict.text)
            if verdict.hit:
                self._ponder_hit(verdict)

    def notice(self, text: str, error: bool = False) -> None:
        self._events.append(Notice(text, error))

    def drain(self) -> list[MatchEvent]:
        """The events since the last call, oldest first."""
        events, self._events = self._events, []
        return events

    @property
    def in_progress(self) -> bool:
        """A game someone would mind losing, not over: a move played (dice are not moves), or
        a position the player brought, even before its first move."""
        if self.session.is_over:
            return False
        return self.own_position or any(
            state.current_player() in (0, 1) for state, _ in self.session.history_since(0))

    def new_game(self, options: dict[str, Any]) -> bool:
        """The same match again from the start (``options``: the new game's, e.g. heaps)."""
        s = self.session
        try:
            fresh = Session(s.game_id, s.options | options, s.seats, stakes=s.fresh_stakes())
        except ValueError as exc:
            self.notice(str(exc), True)
            return False
        self.paused = False
        self.set_session(fresh)
        self.notice("New game")
        return True

    # ---- whose turn ---------------------------------------------------------------------------
    def deciding_side(self) -> int | None:
        """The side whose decision the game waits for (a move, or a stakes decision before
        the roll), None while dice roll by themselves or after the end."""
        player = self.session.current.current_player()
        if player in (0, 1) and not self.session.is_over:
            return player
        return self.stakes_turns.deciding_side() if self.stakes_turns is not None else None

    def ai_to_move(self) -> bool:
        seat = self.session.seat_to_move()
        return seat is not None and not seat.is_human and not self.paused

    def ai_thinking(self) -> bool:
        return self.jobs.running(Purpose.MOVE) or self.pending is not None

    # ---- commands -----------------------------------------------------------------------------
    def play_move(self, move: Move, by_ai: bool = False) -> bool:
        """Play a move on the board; one that is not legal now is refused with a notice."""
        state = self.session.current
        try:
            why_not = self.session.why_no_move()
            if why_not is not None:
                raise IllegalMoveError(f"no move is due now: {why_not}")
            if move not in state.legal_moves():
                raise IllegalMoveError(self.session.format_move_text(state, move))
            self.session.play(move)
        except ValueError as exc:
            log.warning("refused move %r: %s", move, exc)
            self.notice(f"Illegal move: {error_line(exc)}", True)
            return False
        self._events.append(MovePlayed(move, by_ai))
        verdict = None if by_ai else self.ponder.judge(state, move, self.session.current)
        self.position_changed(verdict=verdict)
        return True

    def roll_dice(self) -> None:
        self.session.roll(self.rng)
        self.position_changed()

    def roll_now(self) -> None:
        """A human on roll chose not to double: the dice roll now."""
        self.hurry_roll(0.0)
        self.roll_dice()

    def hurry_roll(self, lead_s: float) -> None:
        """What waits ``lead_s`` after the dice's time is due now (an AI's answer, "Now!")."""
        self.roll_at = self.clock() - lead_s

    def why_no_hint(self) -> str | None:
        return why_no_hint(self.session, self.stakes_turns)

    def hint(self) -> None:
        """The best move for the human: the board values' best when they are known (so the
        hint and the board cannot disagree), else a search; a stakes decision, its advice."""
        why_not = self.why_no_hint()
        if why_not is not None or self.session.current.current_player() not in (0, 1):
            self.notice(why_not or stakes_advice(self.stakes_turns))
            return
        if self.knowledge.hint_from_values():
            self.notice(hint_text(self.session, self.knowledge.report(Purpose.HINT),
                                  " — the best of the board values"))
            return
        self.submit(Purpose.HINT)

    def move_now(self) -> None:
        """Cut the AI's turn short: stop its search and play the best move found so far, or
        skip the AI-vs-AI pause (which comes before the search) and search at once."""
        if not self.ai_to_move():
            self.notice("It is not the AI's turn")
            return
        if self.jobs.running(Purpose.MOVE):
            self.jobs.hurry()  # the job still ends with its final reply and best move
        if self.stakes_turns is not None:
            self.stakes_turns.hurry()  # e.g. a double waiting for the AI's answer
        self.ai_submit_at = self.ai_apply_at = self.clock()

    def rollout(self) -> None:
        """Roll out the shown position's best moves in the worker; again: stop (play.rollout)."""
        self.notice(toggle_rollout(self.jobs, self.session, self.knowledge, self.paused))

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        if not self.paused:
            self.ai_submit_at = min(self.ai_submit_at, self.clock())

    def undo(self) -> None:
        self.jobs.cancel()
        s = self.session
        if not s.can_undo:
            self.notice("Nothing to undo")
            return
        if any(seat.is_human for seat in s.seats):
            if s.undo_to_human() == 0:
                self.notice("Nothing of yours to undo yet")
                return
        else:
            s.undo_decision()
            self.paused = True
            self.notice("Undone; paused — Space resumes")
        self.position_changed(animate=False)

    def redo(self) -> None:
        self.jobs.cancel()
        s = self.session
        if not s.can_redo:
            self.notice("Nothing to redo")
            return
        s.redo_to_human()
        if all(not seat.is_human for seat in s.seats):
            self.paused = True
        self.position_changed(animate=False)

    def stop(self) -> None:
        """The screen goes away: no search keeps running for it."""
        self.jobs.cancel()

    # ---- the AI -------------------------------------------------------------------------------
    def submit(self, purpose: Purpose, config: SearchConfig | None = None) -> None:
        """Start a search of the position shown; a broken AI becomes a notice (and pauses an
        AI turn)."""
        cur = self.session.current
        try:
            config, title, noise = job_recipe(self.session, purpose, self.rng.randrange(2**31),
                                              config)
            job = self.jobs.submit(purpose, cur, config, title)
        except (ValueError, OSError, RuntimeError) as exc:
            self.jobs.forget()
            self.paused = purpose is Purpose.MOVE or self.paused
            self.notice(f"AI unavailable: {error_line(exc)}", True)
            return
        self.knowledge.start(job, noise)

    def values_wanted(self) -> bool:
        """The board should show values and none are known or coming for this position (a
        ponder search gives way to them)."""
        busy = self.jobs.busy and not self.jobs.running(Purpose.PONDER)
        if not (self.show_values and self.session.is_human_turn) or busy:
            return False
        if self.session.current.current_player() not in (0, 1):  # a stakes decision
            return False
        report = self.knowledge.report(Purpose.VALUES)
        return report is None or (not report.finished and report.failed is None)

    def play_reply(self, job: Job, move: Move) -> bool:
        """Play the AI's move, or drop it with a log line when ``Job.stale_reason`` objects
        (the AI then searches the position on the board afresh)."""
        why = job.stale_reason(move, self.session)
        if why is not None:
            log.warning("dropped the AI's move %r from search %d: %s", move, job.id, why)
            return False
        return self.play_move(move, by_ai=True)

    # ---- per frame ----------------------------------------------------------------------------
    def step(self, now: float) -> None:
        """One frame: take the AI's answers, then roll, search or play whatever is due."""
        self._take_answers()
        s = self.session
        if s.is_over:  # the last move, or a dropped double
            if not self._over_announced:
                self._over_announced = True
                self.jobs.cancel()
            return
        if self.paused or (self.stakes_turns is not None and self.stakes_turns.step(now)):
            return
        if s.current.current_player() == CHANCE:
            if now >= self.roll_at:
                self.roll_dice()
            return
        seat = s.seat_to_move()
        if seat is None:
            return
        if seat.is_human:
            if self.values_wanted():
                self.submit(Purpose.VALUES)
            elif not self.jobs.busy and not self.paused:
                self.ponder.step(self.jobs, self.session, self.knowledge.last_move_search,
                                 self.rng.randrange(2**31))
        elif self.pending is not None:
            if now >= self.ai_apply_at:
                job, move = self.pending
                self.pending = None
                self.play_reply(job, move)
        elif self.jobs.running(Purpose.MOVE):
            self.ponder.hurry_if_due(now, self.jobs)
        elif now >= self.ai_submit_at:
            self.submit(Purpose.MOVE)

    def wake_in(self, now: float) -> float | None:
        """Seconds until the match needs a frame though nothing happens (0: every frame;
        None: nothing is due)."""
        if self.jobs.busy or self.knowledge.belief.pending:
            return 0.0  # live figures, or a belief on its way or not yet shown (play.loader)
        if self.paused or self.session.is_over:
            return None
        wake = self.stakes_turns.wake_at() if self.stakes_turns is not None else None
        if wake is not None:
            return None if wake == float("inf") else max(0.0, wake - now)
        if self.session.current.current_player() == CHANCE:
            return max(0.0, self.roll_at - now)
        if self.ai_to_move():
            return max(0.0, (self.ai_apply_at if self.pending else self.ai_submit_at) - now)
        if self.values_wanted():
            return 0.0
        if self.session.is_human_turn and self.ponder.due(self.session.current):
            return 0.0  # the worker is free: the AI ponders its next turn
        return None

    def _take_answers(self) -> None:
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
            self.notice(f"AI error: {failed} — press Space to retry", True)
            if job.purpose is Purpose.MOVE:
                self.paused = True
        elif isinstance(reply, Finished) and reply.result is not None:
            self._finished(job, reply.result)

    def _finished(self, job: Job, result: Result) -> None:
        if not job.is_about(self.session.current):
            return  # never act on a position no longer on the board
        if job.purpose is Purpose.MOVE:
            if result.move is None or result.move not in job.state.legal_moves():
                self.notice(f"AI returned no legal move ({result.move!r}); paused", True)
                self.paused = True
                return
            self.pending = (job, result.move)
        elif job.purpose is Purpose.HINT and result.move is not None:
            self.notice(hint_text(self.session, self.knowledge.report(Purpose.HINT)))
        elif (job.purpose is Purpose.VALUES and job.config is not None
              and not result.root_values_exact and job.config.exact):
            # An exact solver may prove the best move without valuing the others (the
            # Othello endgame): value them with the full-window search instead.
            self.submit(Purpose.VALUES, replace(job.config, exact=False))

    # ---- pondering (play.ponder) --------------------------------------------------------------
    def set_pondering(self, on: bool) -> None:
        """Pondering on or off; off stops a ponder search at once."""
        self.ponder.set_enabled(on, self.jobs)

    def _cancelled(self, job: Job) -> None:
        self.knowledge.stopped(job)
        self.ponder.stopped(job)

    def _ponder_hit(self, verdict: Verdict) -> None:
        """The human played the move the AI pondered: its search becomes the move search."""
        job = self.ponder.keep(verdict, self.jobs)
        if job is not None:
            report = self.knowledge.start(job, pondered_s=verdict.pondered_s)
            if verdict.finished is not None:
                self._take_reply(job, verdict.finished)
                report.pondered_s = report.elapsed_s  # it ended on the human's time: all of it
